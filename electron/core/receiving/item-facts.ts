import type { InventoryDesk } from '../inventory/index.js';
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
