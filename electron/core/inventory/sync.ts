import type { SyncProgress } from '../../../shared/ipc/inventory.js';
import type { CachedCenter, CachedItem, CachedItemCodes, CachedLevel, CachedLot, InventoryCacheSnapshot } from '../../../shared/schemas/inventory-cache.js';
import type { InventoryItem, InventoryLevel, InventoryLevelWithLocations, InventoryLevelWithLots } from '../../../shared/schemas/inventory.js';
import type { ProductCodes } from '../../../shared/schemas/products.js';
import type { ApiClient } from '../api/api-client.js';
import { linkedPages, type LinkedPage } from '../api/paging.js';
import { listFulfillmentCenters } from '../api/resources.js';
import type { CacheIndex } from './cache-index.js';
import { listInventory, listInventoryLevels, listLevelsByLocation, listLevelsByLot, listProducts, type InventoryQuery } from './resources.js';

/**
 * Fetches everything the offline cache holds (issue 10, point 1) and assembles the snapshot. Nothing
 * is written here: the caller writes a new generation only once this returns, so a sync that fails
 * or is cancelled half-way leaves the previous cache as it was.
 *
 * Five streams run side by side, each through the ApiClient (its retries and its request budget),
 * each following its cursor links: the inventory list, the quantities per item (`/inventory-level`),
 * per fulfillment center (`/inventory-level/locations`) and per lot (`/inventory-level/lots`), 1,000
 * a page, and the product list (250 a page, its most) for the variants' GTIN, UPC and barcodes.
 *
 * What is incremental: only the codes. The product list filters on `LastUpdatedTimestamp`, so a
 * 'refresh' asks for products changed since the last code sync (less SKEW_MARGIN_MS for clocks that
 * disagree) and keeps the other items' codes from the current cache. The inventory and level lists
 * have no such filter, so every sync reads them whole (quantities change all day anyway).
 *
 * Per-center quantities: the service publishes on hand, committed, fulfillable, awaiting and internal
 * transfer per center, but sellable, backordered and exception only per item. Levels therefore hold
 * one row per center with the published numbers and, for an item stocked at one center only, the
 * item's sellable, backordered and exception (they can only be there); at several centers those three
 * are 0 per center (sellable: fulfillable) and the row with fcId TOTAL_FC_ID carries the item's totals.
 */
export const TOTAL_FC_ID = 0;
const PAGE_SIZE = 1000;
const PRODUCT_PAGE_SIZE = 250;
const SKEW_MARGIN_MS = 5 * 60 * 1000;

export interface FetchOptions {
  mode: 'full' | 'refresh';
  /** The cache in use: a refresh keeps its codes for products that did not change. */
  previous: CacheIndex | null;
  signal: AbortSignal;
  onProgress: (progress: SyncProgress) => void;
  now?: () => Date;
}

export async function fetchInventorySnapshot(api: ApiClient, options: FetchOptions): Promise<InventoryCacheSnapshot> {
  const { signal, onProgress } = options;
  const now = options.now ?? (() => new Date());
  const previousCodesAt = options.previous?.syncedAt.codes ?? null;
  const incremental = options.mode === 'refresh' && previousCodesAt !== null && options.previous !== null && options.previous.size > 0;
  const startedAt = now().toISOString();
  // A failing stream must stop the others at once rather than let them spend the request budget.
  const inner = new AbortController();
  const stop = () => inner.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  const cursorStream = async <T>(
    phase: SyncProgress['phase'],
    list: (q: InventoryQuery, next: string | null, s: AbortSignal) => Promise<LinkedPage<T>>,
  ): Promise<T[]> => {
    const all: T[] = [];
    onProgress({ phase, done: 0, total: null });
    for await (const items of linkedPages(
      () => list({ pageSize: PAGE_SIZE }, null, inner.signal),
      (next) => list({}, next, inner.signal),
      inner.signal,
    )) {
      for (const item of items) all.push(item);
      onProgress({ phase, done: all.length, total: null });
    }
    return all;
  };
  const guarded = <T>(p: Promise<T>) =>
    p.catch((error: unknown) => {
      inner.abort(error);
      throw error;
    });
  try {
    const updatedSince = incremental ? new Date(Date.parse(previousCodesAt) - SKEW_MARGIN_MS).toISOString() : undefined;
    const products = guarded(
      cursorStream('codes', (q, next, s) => listProducts(api, { pageSize: PRODUCT_PAGE_SIZE, ...(updatedSince ? { updatedSince } : {}) }, next, s)),
    );
    const [centers, items, totals, locations, lots, changedProducts] = await Promise.all([
      guarded(listFulfillmentCenters(api, inner.signal)),
      guarded(cursorStream('items', (q, next, s) => listInventory(api, q, next, s))),
      guarded(cursorStream('levels', (q, next, s) => listInventoryLevels(api, q, next, s))),
      guarded(cursorStream('levels', (q, next, s) => listLevelsByLocation(api, q, next, s))),
      guarded(cursorStream('lots', (q, next, s) => listLevelsByLot(api, q, next, s))),
      products,
    ]);
    signal.throwIfAborted();
    const codes = codesByInventoryId(changedProducts, incremental ? options.previous : null);
    const syncedAt = now().toISOString();
    return {
      items: assemble(items, totals, locations, lots, codes),
      centers: centers.map((c): CachedCenter => ({ id: c.id, name: c.name ?? `Center ${c.id}` })),
      syncedAt: { items: syncedAt, levels: syncedAt, lots: syncedAt, codes: startedAt },
    };
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/** The variant codes per inventory id: from the products fetched, else (refresh) from the cache in use. Also for the online lookup. */
export function codesByInventoryId(products: ProductCodes[], previous: CacheIndex | null): Map<number, Omit<CachedItemCodes, 'inventoryBarcode'>> {
  const codes = new Map<number, Omit<CachedItemCodes, 'inventoryBarcode'>>();
  if (previous) {
    for (const item of previous.items()) {
      const { inventoryBarcode: _, ...rest } = item.codes;
      codes.set(item.inventoryId, rest);
    }
  }
  for (const product of products) {
    for (const v of product.variants ?? []) {
      const inventoryId = v.inventory?.inventory_id;
      if (inventoryId == null) continue;
      const barcodes = (v.barcodes ?? []).map((b) => b.value).filter((b): b is string => typeof b === 'string' && b.trim() !== '');
      codes.set(inventoryId, { variantId: v.id ?? null, gtin: blankToNull(v.gtin), upc: blankToNull(v.upc), barcodes });
    }
  }
  return codes;
}

/** A quantity the published shape may leave out counts as 0. */
function q(value: number | null | undefined): number {
  return value ?? 0;
}

function blankToNull(value: string | null | undefined): string | null {
  return value == null || value.trim() === '' ? null : value;
}

/** Cache records from the service's lists: the one place that decides an item's flags, levels, lots and codes (the online lookup uses it too). */
export function assemble(
  items: InventoryItem[],
  totals: InventoryLevel[],
  locations: InventoryLevelWithLocations[],
  lots: InventoryLevelWithLots[],
  codes: Map<number, Omit<CachedItemCodes, 'inventoryBarcode'>>,
): CachedItem[] {
  const totalsById = new Map(totals.map((t) => [t.inventory_id, t]));
  const locationsById = new Map(locations.map((l) => [l.inventory_id, l.locations ?? []]));
  const lotsById = new Map(lots.map((l) => [l.inventory_id, l.lots ?? []]));
  const seen = new Set<number>();
  const out: CachedItem[] = [];
  for (const it of items) {
    // A cursor list read while items change may show one twice; the first is kept.
    if (seen.has(it.inventory_id)) continue;
    seen.add(it.inventory_id);
    const total = totalsById.get(it.inventory_id);
    const at = locationsById.get(it.inventory_id) ?? [];
    const levels: CachedLevel[] = at.map((l) => {
      const single = at.length === 1 && total;
      return {
        fcId: q(l.location_id),
        onHand: q(l.on_hand_quantity),
        committed: q(l.committed_quantity),
        fulfillable: q(l.fulfillable_quantity),
        sellable: single ? q(total.total_sellable_quantity) : q(l.fulfillable_quantity),
        awaiting: q(l.awaiting_quantity),
        backordered: single ? q(total.total_backordered_quantity) : 0,
        exception: single ? q(total.total_exception_quantity) : 0,
        internalTransfer: q(l.internal_transfer_quantity),
      };
    });
    if (total && at.length !== 1) {
      levels.push({
        fcId: TOTAL_FC_ID,
        onHand: q(total.total_on_hand_quantity),
        committed: q(total.total_committed_quantity),
        fulfillable: q(total.total_fulfillable_quantity),
        sellable: q(total.total_sellable_quantity),
        awaiting: q(total.total_awaiting_quantity),
        backordered: q(total.total_backordered_quantity),
        exception: q(total.total_exception_quantity),
        internalTransfer: q(total.total_internal_transfer_quantity),
      });
    }
    const itemLots: CachedLot[] = [];
    for (const lot of lotsById.get(it.inventory_id) ?? []) {
      if (!lot.lot_number) continue;
      for (const l of lot.locations ?? []) {
        itemLots.push({
          lotNumber: lot.lot_number,
          expiresAt: lot.lot_date ?? null,
          fcId: q(l.location_id),
          onHand: q(l.on_hand_quantity),
          fulfillable: q(l.fulfillable_quantity),
        });
      }
    }
    const variant = it.variant;
    const code = codes.get(it.inventory_id);
    out.push({
      inventoryId: it.inventory_id,
      sku: it.sku ?? '',
      name: it.name ?? '',
      flags: {
        lot: it.is_lot ?? false,
        digital: variant?.is_digital ?? false,
        bundle: variant?.is_bundle ?? false,
        case: it.is_case ?? false,
        active: variant?.is_active ?? true,
        hazmat: variant?.hazmat?.is_hazmat ?? false,
      },
      dimensions: it.dimensions
        ? { length: it.dimensions.length ?? 0, width: it.dimensions.width ?? 0, height: it.dimensions.height ?? 0, unit: it.dimensions.unit ?? '' }
        : null,
      weight: it.weight ? { value: it.weight.value ?? 0, unit: it.weight.unit ?? '' } : null,
      codes: {
        inventoryBarcode: blankToNull(it.barcode),
        variantId: code?.variantId ?? null,
        gtin: code?.gtin ?? null,
        upc: code?.upc ?? null,
        barcodes: code?.barcodes ?? [],
      },
      levels,
      lots: itemLots,
    });
  }
  return out;
}
