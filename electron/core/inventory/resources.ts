import type {
  HistoryQuery,
  InventoryEvent,
  InventoryItem,
  InventoryLevel,
  InventoryLevelWithLocations,
  InventoryLevelWithLots,
} from '../../../shared/schemas/inventory.js';
import type { ProductCodes } from '../../../shared/schemas/products.js';
import type { LotExclusion, LotExclusionList, LotExclusionState } from '../../../shared/schemas/lots.js';
import type { ApiClient } from '../api/api-client.js';
import { collect, linkedPages, type LinkedPage } from '../api/paging.js';
import { cursorList, needsChannel, withSignal } from '../api/resources.js';
import { RESPONSES } from '../api/responses.js';

/** Inventory: items, quantities (per center, per lot), history, and (2026-07) lot exclusions. */

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
  return cursorList((o) => api.call('inventory.list', { schema: RESPONSES['inventory.list'], ...o, ...withSignal(signal) }), inventoryQuery(query), follow);
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
  return (await api.call('inventory.get', { schema: RESPONSES['inventory.get'], params: { inventoryId }, ...withSignal(signal) })).data;
}

export async function getInventoryLevel(api: ApiClient, inventoryId: number, signal?: AbortSignal): Promise<InventoryLevel> {
  return (await api.call('inventoryLevel.get', { schema: RESPONSES['inventoryLevel.get'], params: { inventoryId }, ...withSignal(signal) })).data;
}

export async function getItemLocations(api: ApiClient, inventoryId: number, signal?: AbortSignal): Promise<InventoryLevelWithLocations> {
  return (await api.call('inventoryLevel.itemLocations', { schema: RESPONSES['inventoryLevel.itemLocations'], params: { inventoryId }, ...withSignal(signal) }))
    .data;
}

export async function getItemLots(api: ApiClient, inventoryId: number, signal?: AbortSignal): Promise<InventoryLevelWithLots> {
  return (await api.call('inventoryLevel.itemLots', { schema: RESPONSES['inventoryLevel.itemLots'], params: { inventoryId }, ...withSignal(signal) })).data;
}

/**
 * One page of inventory history (250 events, oldest first). `follow` is a link from an earlier page:
 * the query is sent again, as given, to that URL.
 */
export async function queryHistory(api: ApiClient, query: HistoryQuery, follow?: string | null, signal?: AbortSignal): Promise<LinkedPage<InventoryEvent>> {
  const { data } = await api.call('inventory.history', {
    schema: RESPONSES['inventory.history'],
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

// ------------------------------------------------------------------ lot exclusions (2026-07)

export async function listLotExclusions(api: ApiClient, item: { inventoryId: number } | { sku: string }, signal?: AbortSignal): Promise<LotExclusionList> {
  const query = 'inventoryId' in item ? { inventory_id: item.inventoryId } : { sku: item.sku };
  return (await api.call('lotExclusion.list', { schema: RESPONSES['lotExclusion.list'], query, ...withSignal(signal) })).data;
}

export interface LotRef {
  lot_number: string;
  inventory_id?: number;
  sku?: string;
  lot_date?: string | null;
}

export async function excludeLot(api: ApiClient, lot: LotRef, channelId: number | null, signal?: AbortSignal): Promise<LotExclusion> {
  const channel = needsChannel(channelId, 'Excluding a lot');
  return (await api.call('lotExclusion.create', { schema: RESPONSES['lotExclusion.create'], body: lot, channelId: channel, ...withSignal(signal) })).data;
}

export async function removeLotExclusion(api: ApiClient, lot: LotRef, channelId: number | null, signal?: AbortSignal): Promise<LotExclusionState> {
  const channel = needsChannel(channelId, 'Removing a lot exclusion');
  return (await api.call('lotExclusion.delete', { schema: RESPONSES['lotExclusion.delete'], body: lot, channelId: channel, ...withSignal(signal) })).data;
}

export async function restoreLotExclusion(api: ApiClient, lot: LotRef, channelId: number | null, signal?: AbortSignal): Promise<LotExclusionState> {
  const channel = needsChannel(channelId, 'Restoring a lot exclusion');
  return (await api.call('lotExclusion.restore', { schema: RESPONSES['lotExclusion.restore'], body: lot, channelId: channel, ...withSignal(signal) })).data;
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
    schema: RESPONSES['product.list'],
    ...(follow ? { follow } : { query: productQuery(query) }),
    ...withSignal(signal),
  });
  return { items: data.items ?? [], next: data.next ?? null };
}
