import { parseGs1 } from '../../../shared/scan/gs1.js';
import type { ResolvedItem } from '../common/ipc.js';
import type { InventoryDesk } from '../../inventory/core/index.js';
import type { ItemNames } from './discrepancies.js';
import type { LotItems } from './discrepancy-list.js';

/** One item of the desk's offline cache by its inventory id (no request); undefined when the cache does not hold it. */
async function cachedItems(inventory: InventoryDesk) {
  const index = await inventory.ready();
  return (id: number) => index.lookup(String(id)).matches.find((m) => m.matchedBy.includes('inventoryId'))?.item;
}

/** Items' names and SKUs from the offline cache, for the discrepancy report. */
export function cachedItemNames(inventory: InventoryDesk): () => Promise<ItemNames> {
  return async () => {
    const item = await cachedItems(inventory);
    return (id) => {
      const found = item(id);
      return found ? { name: found.name, sku: found.sku } : null;
    };
  };
}

/** Which items are lot-tracked, from the offline cache, for the discrepancy list. */
export function cachedLotItems(inventory: InventoryDesk): () => Promise<LotItems> {
  return async () => {
    const item = await cachedItems(inventory);
    return (id) => item(id)?.flags.lot;
  };
}

/**
 * A typed or scanned code to the one item the offline cache names by it (no request): an SKU, an
 * inventory id, a barcode (GTINs compared as GTIN-14), or a GS1 element string by its GTIN. Null when
 * the cache names none, or more than one: the service decides those.
 */
export function cachedItemByCode(inventory: InventoryDesk): (code: string) => Promise<ResolvedItem | null> {
  return async (code) => {
    const index = await inventory.ready();
    let matches = index.lookup(code.trim()).matches;
    if (matches.length === 0) {
      const gs1 = parseGs1(code.trim());
      if (gs1.ok && gs1.gtin14) matches = index.lookup(gs1.gtin14).matches;
    }
    if (matches.length !== 1) return null;
    const { item, matchedBy } = matches[0]!;
    const matched = matchedBy.includes('sku') ? 'sku' : matchedBy.includes('inventoryId') ? 'inventory_id' : 'barcode';
    return { inventory_id: item.inventoryId, sku: item.sku || String(item.inventoryId), name: item.name || null, is_lot: item.flags.lot, matched };
  };
}
