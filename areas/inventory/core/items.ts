import { appError } from '../../../electron/core/words.js';
import type { Freshness, ItemLot } from '../common/ipc.js';
import type { CachedItem } from '../../../shared/schemas/inventory-cache.js';
import type { CacheIndex } from './cache-index.js';

/** Items of the offline cache by inventory id, and their lots as the desk shows them (center names, exclusion mark). */

export function findItem(index: CacheIndex, inventoryId: number): CachedItem | null {
  return index.lookup(String(inventoryId)).matches.find((m) => m.matchedBy.includes('inventoryId'))?.item ?? null;
}

export function cachedItem(index: CacheIndex, inventoryId: number, freshness: Freshness): CachedItem {
  const item = findItem(index, inventoryId);
  if (item) return item;
  const { syncedAt } = freshness;
  throw syncedAt
    ? appError('not_found', 'errors.inventory.notCached', { id: inventoryId, synced: syncedAt })
    : appError('not_found', 'errors.inventory.cacheEmpty', { id: inventoryId });
}

export function itemLots(item: CachedItem, index: CacheIndex, excluded: Set<string> | null): ItemLot[] {
  const names = new Map(index.centers.map((c) => [c.id, c.name]));
  return item.lots.map(({ fcId, ...lot }) => ({
    ...lot,
    center: { id: fcId, name: names.get(fcId) ?? null },
    exclusion: excluded === null ? 'unknown' : excluded.has(lot.lotNumber) ? 'excluded' : 'not-excluded',
  }));
}
