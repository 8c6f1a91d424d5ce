import { AppErrorException } from '../../../shared/errors.js';
import type { ResolvedItem } from '../../receiving/common/ipc.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { findOnService } from './online-lookup.js';
import { getInventoryItem, listInventory } from './resources.js';

/**
 * The one item resolver on the service: a typed or scanned code (SKU, inventory id, any barcode) to
 * the one item it names, or null. Forms that add items by code (a receiving order's lines) use it, so
 * every area matches a code the same way as the cache's online lookup does.
 */
export async function resolveItem(api: ApiClient, code: string, signal: AbortSignal): Promise<ResolvedItem | null> {
  const asItem = (
    i: { inventory_id: number; sku?: string | null; name?: string | null; is_lot?: boolean },
    matched: ResolvedItem['matched'],
  ): ResolvedItem => ({
    inventory_id: i.inventory_id,
    sku: i.sku ?? String(i.inventory_id),
    name: i.name ?? null,
    is_lot: i.is_lot ?? false,
    matched,
  });
  // SearchBy matches an inventory id exactly or an SKU/name in part (API notes); the exact hit wins.
  const page = await listInventory(api, { searchBy: code, pageSize: 50 }, null, signal);
  const folded = code.toLowerCase();
  const bySku = page.items.find((i) => (i.sku ?? '').toLowerCase() === folded);
  if (bySku) return asItem(bySku, 'sku');
  if (/^\d{1,10}$/.test(code) && Number(code) <= 2147483647) {
    const byId = await orNull(getInventoryItem(api, Number(code), signal));
    if (byId) return asItem(byId, 'inventory_id');
  }
  // Barcodes (any GTIN length, the variants' barcodes) are not what SearchBy reads: the product
  // list is, as for the inventory cache's online lookup, which matches them the cache's way.
  const found = await findOnService(api, code, signal);
  if (found.length !== 1) return null;
  const { item, matchedBy } = found[0]!;
  const matched = matchedBy.includes('sku') ? 'sku' : matchedBy.includes('inventoryId') ? 'inventory_id' : 'barcode';
  return { inventory_id: item.inventoryId, sku: item.sku || String(item.inventoryId), name: item.name || null, is_lot: item.flags.lot, matched };
}

async function orNull<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppErrorException && error.appError.code === 'not_found') return null;
    throw error;
  }
}
