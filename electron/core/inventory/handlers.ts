import { appError, AppErrorException } from '../../../shared/errors.js';
import type { HistoryInput, HistoryRow, ItemLot, LookupAnswer, ScanReading, inventoryChannels } from '../../../shared/ipc/inventory.js';
import type { CachedItem } from '../../../shared/schemas/inventory-cache.js';
import type { InventoryEvent, QuantityMovement } from '../../../shared/schemas/inventory.js';
import type { LotExclusion, LotExclusionState } from '../../../shared/schemas/lots.js';
import { parseGs1 } from '../../../shared/scan/gs1.js';
import type { EventName, EventPayload } from '../../../shared/ipc/contract.js';
import type { ApiClient } from '../api/api-client.js';
import { linkedPages } from '../api/paging.js';
import type { HandlersFor } from '../ipc/registry.js';
import type { CacheIndex } from './cache-index.js';
import type { InventoryDesk } from './inventory-desk.js';
import { lookupOnline } from './online-lookup.js';
import { assemble } from './records.js';
import {
  excludeLot,
  getInventoryLevel,
  getItemLocations,
  getItemLots,
  listLotExclusions,
  queryHistory,
  removeLotExclusion,
  restoreLotExclusion,
  type LotRef,
} from './resources.js';

export interface InventoryHandlerDeps {
  desk: InventoryDesk;
  api: () => ApiClient;
  /** The session's write channel (lot exclusions are writes), or null. */
  channelId: () => number | null;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
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
      const cached = cachedItem(await desk.ready(), inventoryId, desk);
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
    'inventory.history': async (input, call) => history(deps, input, call.signal),
    'lotExclusion.list': async ({ inventoryId }, call) => {
      const list = await listLotExclusions(deps.api(), { inventoryId }, call.signal);
      const index = await desk.ready();
      const item = findItem(index, inventoryId);
      const row = (e: LotExclusion) => ({
        id: e.id,
        lotNumber: e.lot_number,
        lotDate: e.lot_date,
        createdAt: e.created_timestamp,
        deletedAt: e.deleted_timestamp,
      });
      const active = new Set(list.lot_exclusions.filter((e) => !e.is_deleted).map((e) => e.lot_number));
      return {
        inventoryId: list.inventory_id,
        name: list.inventory_name,
        sku: list.inventory_sku,
        active: list.lot_exclusions.filter((e) => !e.is_deleted).map(row),
        deleted: list.lot_exclusions.filter((e) => e.is_deleted).map(row),
        lots: item ? itemLots(item, index, active) : [],
        freshness: desk.freshness(),
      };
    },
    'lotExclusion.exclude': async (input, call) => {
      const lot = lotRef(input);
      const made = await explained('exclude', lot, () => excludeLot(deps.api(), lot, deps.channelId(), call.signal));
      return {
        inventoryId: made.inventory_id,
        lotNumber: made.lot_number,
        lotDate: made.lot_date,
        isDeleted: made.is_deleted,
        deletedAt: made.deleted_timestamp,
      };
    },
    'lotExclusion.delete': async (input, call) => {
      const lot = lotRef(input);
      return change(await explained('delete', lot, () => removeLotExclusion(deps.api(), lot, deps.channelId(), call.signal)));
    },
    'lotExclusion.restore': async (input, call) => {
      const lot = lotRef(input);
      return change(await explained('restore', lot, () => restoreLotExclusion(deps.api(), lot, deps.channelId(), call.signal)));
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

function findItem(index: CacheIndex, inventoryId: number): CachedItem | null {
  return index.lookup(String(inventoryId)).matches.find((m) => m.matchedBy.includes('inventoryId'))?.item ?? null;
}

function cachedItem(index: CacheIndex, inventoryId: number, desk: InventoryDesk): CachedItem {
  const item = findItem(index, inventoryId);
  if (item) return item;
  const { syncedAt } = desk.freshness();
  throw appError(
    'not_found',
    syncedAt
      ? `Item ${inventoryId} is not in the inventory cache (synced ${syncedAt}). Sync again if it was added since.`
      : `Item ${inventoryId} cannot be shown: the inventory cache is empty until the first sync completes.`,
  );
}

function itemLots(item: CachedItem, index: CacheIndex, excluded: Set<string> | null): ItemLot[] {
  const names = new Map(index.centers.map((c) => [c.id, c.name]));
  return item.lots.map((lot) => ({
    ...lot,
    fcName: names.get(lot.fcId) ?? null,
    exclusion: excluded === null ? 'unknown' : excluded.has(lot.lotNumber) ? 'excluded' : 'not-excluded',
  }));
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

// ------------------------------------------------------------------ history

async function history(deps: InventoryHandlerDeps, input: HistoryInput, signal: AbortSignal) {
  const query = {
    facility_id: input.fcId,
    inventory_ids: input.inventoryIds ?? null,
    event_category: input.category ?? null,
    start_date: input.from,
    end_date: input.to,
  };
  const api = deps.api();
  const events: HistoryRow[] = [];
  let pages = 0;
  for await (const page of linkedPages(
    () => queryHistory(api, query, null, signal),
    (next) => queryHistory(api, query, next, signal),
    signal,
  )) {
    pages++;
    for (const event of page) events.push(historyRow(event));
    deps.emit('inventory.historyProgress', { progressId: input.progressId ?? null, pages, events: events.length });
  }
  return { events, pages };
}

function historyRow(e: InventoryEvent): HistoryRow {
  const movements = (
    [
      ['increment', e.increment],
      ['decrement', e.decrement],
    ] as const
  )
    .filter((pair): pair is readonly ['increment' | 'decrement', QuantityMovement] => pair[1] != null)
    .map(([side, m]) => ({
      side,
      facilityId: m.facility_id ?? 0,
      locationId: m.location_id ?? 0,
      lotNumber: m.lot_number ?? null,
      expiresAt: m.expiration_date ?? null,
      quantityChange: m.quantity_change ?? 0,
      committedChange: m.committed_quantity_change ?? 0,
    }));
  return {
    eventId: e.inventory_audit_event_id,
    inventoryId: e.inventory_id,
    at: e.event_datetime,
    category: e.event_category ?? null,
    serviceOrderId: e.service_order_id ?? null,
    references: (e.additional_reference ?? []).map((r) => ({ key: r.key ?? null, value: r.value ?? null })),
    movements,
    quantityChange: movements.reduce((sum, m) => sum + m.quantityChange, 0),
  };
}

// ------------------------------------------------------------------ lot exclusions

function lotRef(input: { inventoryId: number; lotNumber: string; lotDate?: string | null | undefined }): LotRef {
  return { inventory_id: input.inventoryId, lot_number: input.lotNumber, ...(input.lotDate !== undefined ? { lot_date: input.lotDate } : {}) };
}

function change(state: LotExclusionState) {
  return {
    inventoryId: state.inventory_id,
    lotNumber: state.lot_number,
    lotDate: state.lot_date,
    isDeleted: state.is_deleted,
    deletedAt: state.deleted_timestamp,
  };
}

/** The service's refusals of spec 4.9, said in words for the desk (the service's own text kept after them). */
async function explained<T>(action: 'exclude' | 'delete' | 'restore', lot: LotRef, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof AppErrorException)) throw error;
    const what = `lot ${lot.lot_number} of item ${lot.inventory_id}`;
    const said = error.appError.message;
    if (error.appError.code === 'conflict') {
      // Spec 4.9: an exclusion (or a restore) of a lot that is already excluded.
      throw new AppErrorException({
        ...error.appError,
        message: `Lot ${lot.lot_number} of item ${lot.inventory_id} is already excluded; nothing was changed. (${said})`,
      });
    }
    if (error.appError.code === 'not_found') {
      const message =
        action === 'exclude'
          ? `The service does not know ${what}: check the item and the lot number. Nothing was changed. (${said})`
          : action === 'delete'
            ? `${capital(what)} has no active exclusion to delete; it may have been deleted already. Reload the list. (${said})`
            : `${capital(what)} has no deleted exclusion to restore. Reload the list. (${said})`;
      throw new AppErrorException({ ...error.appError, message });
    }
    throw error;
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
