import type {
  HistoryQuery,
  InventoryEvent,
  InventoryItem,
  InventoryLevel,
  InventoryLevelWithLocations,
  InventoryLevelWithLots,
} from '../../../shared/schemas/inventory.js';
import type { ProductCodes } from '../../../shared/schemas/products.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { collect, linkedPages, type LinkedPage } from '../../../electron/core/api/paging.js';
import { cursorList, withSignal } from '../../../electron/core/api/resources.js';

/** Inventory: items, quantities (per center, per lot) and history (lot exclusions: ../lots/resources.ts). */

export interface InventoryQuery {
  searchBy?: string;
  inventoryIds?: number[];
  isActive?: boolean;
  isDigital?: boolean;
  /** A field name; `-` in front for descending. */
  sortBy?: string;
  pageSize?: number;
}

export function inventoryQuery(q: InventoryQuery) {
  return {
    SearchBy: q.searchBy,
    InventoryIds: q.inventoryIds?.join(','),
    IsActive: q.isActive,
    IsDigital: q.isDigital,
    SortBy: q.sortBy,
    PageSize: q.pageSize,
  };
}

export function listInventory(api: ApiClient, query: InventoryQuery, follow?: string | null, signal?: AbortSignal): Promise<LinkedPage<InventoryItem>> {
  return cursorList((o) => api.call('inventory.list', { ...o, ...withSignal(signal) }), inventoryQuery(query), follow);
}

/** Every inventory item, following the cursor links (1,000 a page). */
export function listAllInventory(api: ApiClient, signal?: AbortSignal): Promise<InventoryItem[]> {
  return collect(
    linkedPages(
      () => listInventory(api, { pageSize: 1000 }, null, signal),
      (next) => listInventory(api, {}, next, signal),
      signal,
    ),
  );
}

export async function getInventoryItem(api: ApiClient, inventoryId: number, signal?: AbortSignal): Promise<InventoryItem> {
  return (await api.call('inventory.get', { params: { inventoryId }, ...withSignal(signal) })).data;
}

export async function getInventoryLevel(api: ApiClient, inventoryId: number, signal?: AbortSignal): Promise<InventoryLevel> {
  return (await api.call('inventoryLevel.get', { params: { inventoryId }, ...withSignal(signal) })).data;
}

export async function getItemLocations(api: ApiClient, inventoryId: number, signal?: AbortSignal): Promise<InventoryLevelWithLocations> {
  return (await api.call('inventoryLevel.itemLocations', { params: { inventoryId }, ...withSignal(signal) })).data;
}

export async function getItemLots(api: ApiClient, inventoryId: number, signal?: AbortSignal): Promise<InventoryLevelWithLots> {
  return (await api.call('inventoryLevel.itemLots', { params: { inventoryId }, ...withSignal(signal) })).data;
}

/**
 * One page of inventory history (250 events, oldest first). `follow` is a link from an earlier page:
 * the query is sent again, as given, to that URL.
 */
export async function queryHistory(api: ApiClient, query: HistoryQuery, follow?: string | null, signal?: AbortSignal): Promise<LinkedPage<InventoryEvent>> {
  const { data } = await api.call('inventory.history', {
    body: query,
    ...(follow ? { follow } : {}),
    ...withSignal(signal),
  });
  return { items: data.data, next: data.next ?? null };
}

/** Every event of a query, following the links. */
export function queryAllHistory(api: ApiClient, query: HistoryQuery, signal?: AbortSignal): Promise<InventoryEvent[]> {
  return collect(
    linkedPages(
      () => queryHistory(api, query, null, signal),
      (next) => queryHistory(api, query, next, signal),
      signal,
    ),
  );
}

// ------------------------------------------------------------------ product list (the variants' codes)

export interface ProductQuery {
  pageSize?: number;
  /** LastUpdatedTimestamp: products updated since. */
  updatedSince?: string;
  /** Products with a variant whose barcode, GTIN or UPC is one of these (`Barcodes`, comma-separated; a value with a comma goes alone as `Barcode`). */
  barcodes?: string[];
  /** Products with a variant of this SKU. */
  sku?: string;
  /** Products with the variant of this inventory id. */
  inventoryId?: number;
}

export function productQuery(q: ProductQuery) {
  const barcodes = q.barcodes ?? [];
  const listable = barcodes.every((b) => !b.includes(','));
  return {
    PageSize: q.pageSize,
    LastUpdatedTimestamp: q.updatedSince,
    Barcodes: barcodes.length > 0 && listable ? barcodes.join(',') : undefined,
    Barcode: barcodes.length > 0 && !listable ? barcodes[0] : undefined,
    SKU: q.sku,
    InventoryId: q.inventoryId,
  };
}

/** One page of the product list (cursor links), filtered as `query` says. */
export async function listProducts(api: ApiClient, query: ProductQuery, follow?: string | null, signal?: AbortSignal): Promise<LinkedPage<ProductCodes>> {
  const { data } = await api.call('product.list', {
    ...(follow ? { follow } : { query: productQuery(query) }),
    ...withSignal(signal),
  });
  return { items: data.items ?? [], next: data.next ?? null };
}
