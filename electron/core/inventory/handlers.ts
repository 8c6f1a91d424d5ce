import type { LookupAnswer, ScanReading, inventoryChannels } from '../../../shared/ipc/inventory.js';
import type { CachedItem } from '../../../shared/schemas/inventory-cache.js';
import { parseGs1 } from '../../../shared/scan/gs1.js';
import type { ApiClient } from '../api/api-client.js';
import type { HandlersFor } from '../ipc/registry.js';
import type { CacheIndex } from './cache-index.js';
import type { InventoryDesk } from './inventory-desk.js';
import { lookupOnline } from './online-lookup.js';
import { assemble } from './records.js';
import { listLotExclusions } from '../lots/index.js';
import { cachedItem, findItem, itemLots } from './items.js';
import { getInventoryLevel, getItemLocations, getItemLots } from './resources.js';

export interface InventoryHandlerDeps {
  desk: InventoryDesk;
  api: () => ApiClient;
}

/** How long the item detail waits for the lots' exclusion state before showing it as unknown. */
const EXCLUSION_LOOKUP_MS = 3000;

export function inventoryHandlers(deps: InventoryHandlerDeps): HandlersFor<typeof inventoryChannels> {
  const { desk } = deps;
  return {
    'inventory.lookup': async ({ code, online }, call) => {
      const answer = lookup(await desk.ready(), code, desk);
      if (answer.matches.length > 0 || online !== 'fallback') return answer;
      return lookupOnline(deps.api(), answer, desk.freshness(), call.signal);
    },
    'inventory.names': async ({ inventoryIds }) => {
      const index = await desk.ready();
      return [...new Set(inventoryIds)].flatMap((id) => {
        const item = findItem(index, id);
        return item ? [{ inventoryId: id, sku: item.sku, name: item.name }] : [];
      });
    },
    'inventory.search': async (query) => ({ ...(await desk.ready()).search(query), freshness: desk.freshness() }),
    'inventory.item': async ({ inventoryId }, call) => {
      const cached = cachedItem(await desk.ready(), inventoryId, desk.freshness());
      const [excluded, levels] = await Promise.all([exclusionsIfOnline(deps, inventoryId, call.signal), levelsIfOnline(deps, inventoryId, call.signal)]);
      // Opened online, the item shows its quantities as the service has them now, not as of the last sync.
      const item = levels ? { ...cached, ...levels } : cached;
      return { item, centers: (await desk.ready()).centers, lots: itemLots(item, await desk.ready(), excluded), freshness: desk.freshness() };
    },
    'inventory.syncStart': async ({ mode }) => {
      await desk.ready();
      return desk.start(mode);
    },
    'inventory.syncCancel': async () => desk.cancel(),
    'inventory.syncStatus': async () => {
      await desk.ready();
      return desk.status();
    },
  };
}

// ------------------------------------------------------------------ lookup

/**
 * The cache's answer (the online fallback, when asked for, starts from its miss: online-lookup.ts).
 * The code as typed first (inventory id, SKU, barcode, any GTIN form); when that finds nothing, the
 * code read as GS1 (element string with FNC1 as GS, bracketed, Digital Link) and its GTIN looked up.
 * In that order because a numeric SKU could look like a GTIN, while no stored code is an element string.
 */
export function lookup(index: CacheIndex, code: string, desk: InventoryDesk): LookupAnswer {
  const typed = index.lookup(code);
  const cache = { source: 'cache', online: null } as const;
  if (typed.matches.length > 0) return { code, lookedUp: code.trim(), scan: null, matches: typed.matches, ...cache, freshness: desk.freshness() };
  const gs1 = parseGs1(code.trim());
  if (gs1.ok && gs1.gtin14 && gs1.form !== 'gtin') {
    const scan: ScanReading = { form: gs1.form, gtin14: gs1.gtin14, lot: gs1.lot ?? null, expiry: gs1.expiry ?? null };
    return { code, lookedUp: gs1.gtin14, scan, matches: index.lookup(gs1.gtin14).matches, ...cache, freshness: desk.freshness() };
  }
  return { code, lookedUp: code.trim(), scan: null, matches: [], ...cache, freshness: desk.freshness() };
}

/** The lot numbers with an active exclusion, or null when the service cannot be asked now. */
async function exclusionsIfOnline(deps: InventoryHandlerDeps, inventoryId: number, signal: AbortSignal): Promise<Set<string> | null> {
  if (deps.desk.freshness().connectivity === 'offline') return null;
  try {
    const list = await listLotExclusions(deps.api(), { inventoryId }, AbortSignal.any([signal, AbortSignal.timeout(EXCLUSION_LOOKUP_MS)]));
    return new Set(list.lot_exclusions.filter((e) => !e.is_deleted).map((e) => e.lot_number));
  } catch {
    return null;
  }
}

/**
 * The item's own quantities (totals, per center, per lot: three requests) read from the service when
 * online, as the sync's records put them; null offline or when the service does not answer in time.
 */
async function levelsIfOnline(deps: InventoryHandlerDeps, inventoryId: number, signal: AbortSignal): Promise<Pick<CachedItem, 'levels' | 'lots'> | null> {
  if (deps.desk.freshness().connectivity === 'offline') return null;
  const within = AbortSignal.any([signal, AbortSignal.timeout(EXCLUSION_LOOKUP_MS)]);
  try {
    const api = deps.api();
    const [total, locations, lots] = await Promise.all([
      getInventoryLevel(api, inventoryId, within),
      getItemLocations(api, inventoryId, within),
      getItemLots(api, inventoryId, within),
    ]);
    const [record] = assemble([{ inventory_id: inventoryId }], [total], [locations], [lots], new Map());
    return record ? { levels: record.levels, lots: record.lots } : null;
  } catch {
    return null;
  }
}
