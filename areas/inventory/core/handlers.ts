import type { LookupAnswer, ScanReading, inventoryChannels } from '../common/ipc.js';
import type { CachedItem } from '../../../shared/schemas/inventory-cache.js';
import { parseGs1 } from '../../../shared/scan/gs1.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import type { HandlersFor } from '../../../electron/core/ipc/registry.js';
import type { CacheIndex } from './cache-index.js';
import { deskCenters } from './centers.js';
import type { InventoryDesk } from './inventory-desk.js';
import { lookupOnline } from './online-lookup.js';
import { assemble } from './records.js';
import { heldExclusions, readExclusions } from '../../lots/core/index.js';
import type { AccountMirror } from '../../../electron/core/mirror/index.js';
import { inLane } from '../../../electron/core/api/request-budget.js';
import { cachedItem, findItem, itemLots } from './items.js';
import { getInventoryLevel, getItemLocations, getItemLots } from './resources.js';

export interface InventoryHandlerDeps {
  desk: InventoryDesk;
  api: () => ApiClient;
  /** The account mirror: every lot-tracked item's exclusions as last read (this desk's writes included). */
  mirror: AccountMirror;
}

/** An item's lots with an active exclusion as the desk holds them: the mirror's copy, else the last read of this session; null: none. */
async function heldActive(deps: InventoryHandlerDeps, inventoryId: number): Promise<{ active: Set<string>; readAt: number } | null> {
  const mirrored = await deps.mirror.lotItem(inventoryId);
  if (mirrored) return { active: new Set(mirrored.exclusions.filter((e) => !e.is_deleted).map((e) => e.lot_number)), readAt: Date.parse(mirrored.readAt) };
  const held = heldExclusions(deps.api(), inventoryId);
  return held ? { active: new Set(held.active), readAt: held.readAt } : null;
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
    'inventory.item': async ({ inventoryId, live }, call) => {
      const index = await desk.ready();
      const cached = cachedItem(index, inventoryId, desk.freshness());
      if (!live) {
        // At once, from what the desk holds: the cache's quantities and the exclusions last read.
        const held = await heldActive(deps, inventoryId);
        return {
          item: cached,
          centers: index.centers,
          lots: itemLots(cached, index, held ? held.active : null),
          freshness: desk.freshness(),
          readAt: null,
        };
      }
      // What can have moved since the sync, read behind every clerk's call (the background lane
      // leaves the budget's reserve alone), so it never delays the clerk's next open.
      const [excluded, levels] = await inLane('background', () =>
        Promise.all([exclusionsIfOnline(deps, cached, call.signal), levelsIfOnline(deps, cached, call.signal)]),
      );
      const item = levels ? { ...cached, ...levels } : cached;
      return {
        item,
        centers: index.centers,
        lots: itemLots(item, index, excluded),
        freshness: desk.freshness(),
        readAt: levels ? new Date().toISOString() : null,
      };
    },
    'inventory.centers': async (_input, call) => ({ items: await deskCenters(await desk.ready(), deps.api(), call.signal) }),
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

/** How long exclusions read for an item this session are shown without asking again (changes made here update them at once). */
const EXCLUSIONS_HELD_MS = 5 * 60_000;

/**
 * The lot numbers with an active exclusion: the account mirror's (it walks every lot-tracked item in
 * the background) or as read within EXCLUSIONS_HELD_MS, else read (one request, kept in the mirror);
 * none to ask about for an item that has no lots. Null when the service cannot be asked now.
 */
async function exclusionsIfOnline(deps: InventoryHandlerDeps, item: CachedItem, signal: AbortSignal): Promise<Set<string> | null> {
  if (await deps.mirror.lotItem(item.inventoryId)) return (await heldActive(deps, item.inventoryId))!.active;
  const held = heldExclusions(deps.api(), item.inventoryId);
  if (held && Date.now() - held.readAt < EXCLUSIONS_HELD_MS) return new Set(held.active);
  if (!item.flags.lot && item.lots.length === 0) return new Set();
  if (deps.desk.freshness().connectivity === 'offline') return held ? new Set(held.active) : null;
  try {
    const list = await readExclusions(deps.api(), item.inventoryId, AbortSignal.any([signal, AbortSignal.timeout(EXCLUSION_LOOKUP_MS)]));
    await deps.mirror.holdLotList(list);
    return new Set(list.lot_exclusions.filter((e) => !e.is_deleted).map((e) => e.lot_number));
  } catch {
    return held ? new Set(held.active) : null;
  }
}

/**
 * The item's own quantities read from the service when online, as the sync's records put them: totals
 * and per center (two requests), and per lot (a third) only for an item that can have lots. Null
 * offline or when the service does not answer in time.
 */
async function levelsIfOnline(deps: InventoryHandlerDeps, item: CachedItem, signal: AbortSignal): Promise<Pick<CachedItem, 'levels' | 'lots'> | null> {
  const { inventoryId } = item;
  const hasLots = item.flags.lot || item.lots.length > 0;
  if (deps.desk.freshness().connectivity === 'offline') return null;
  const within = AbortSignal.any([signal, AbortSignal.timeout(EXCLUSION_LOOKUP_MS)]);
  try {
    const api = deps.api();
    const [total, locations, lots] = await Promise.all([
      getInventoryLevel(api, inventoryId, within),
      getItemLocations(api, inventoryId, within),
      hasLots ? getItemLots(api, inventoryId, within) : null,
    ]);
    const [record] = assemble([{ inventory_id: inventoryId }], [total], [locations], lots ? [lots] : [], new Map());
    return record ? { levels: record.levels, lots: record.lots } : null;
  } catch {
    return null;
  }
}
