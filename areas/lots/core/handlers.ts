import { AppErrorException } from '../../../shared/errors.js';
import { appError } from '../../../electron/core/words.js';
import type { lotChannels } from '../common/ipc.js';
import type { LotExclusion, LotExclusionState } from '../../../shared/schemas/lots.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import type { InventoryDesk } from '../../inventory/core/index.js';
import type { HandlersFor } from '../../../electron/core/ipc/registry.js';
import type { AccountMirror, MirrorLotItem } from '../../../electron/core/mirror/index.js';
import { heldLotChanged, readExclusions } from './held.js';
import { excludeLot, removeLotExclusion, restoreLotExclusion, type LotRef } from './resources.js';
import { answerDone, answerRefused, isRefusal, type JournalService } from '../../journal/core/index.js';
import type { JournalWhat } from '../../journal/common/entry.js';

export interface LotHandlerDeps {
  /** The offline item cache: the item's lots (where, expiry) are shown beside its exclusions. */
  desk: InventoryDesk;
  api: () => ApiClient;
  /** The session's write channel (lot exclusions are writes), or null. */
  channelId: () => number | null;
  /** Every lot-tracked item's exclusions as last read: the views answer from it, writes update it. */
  mirror: AccountMirror;
  /** The desk's journal: each exclusion made, deleted or restored, with the service's answer. */
  journal?: Pick<JournalService, 'record'>;
}

const exclusionRow = (e: LotExclusion) => ({
  id: e.id,
  lotNumber: e.lot_number,
  lotDate: e.lot_date,
  createdAt: e.created_timestamp,
  deletedAt: e.deleted_timestamp,
});

export function lotHandlers(deps: LotHandlerDeps): HandlersFor<typeof lotChannels> {
  const { desk } = deps;
  return {
    'lotExclusion.candidates': () => candidates(desk),
    'lotExclusion.inForce': () => exclusionsInForce(deps),
    'lotExclusion.list': async ({ inventoryId, fresh }, call) => {
      const list = await itemExclusions(deps, inventoryId, fresh === true, call.signal);
      const item = await desk.findItem(inventoryId);
      const active = new Set(list.exclusions.filter((e) => !e.is_deleted).map((e) => e.lot_number));
      return {
        inventoryId: list.inventoryId,
        name: list.name,
        sku: list.sku,
        active: list.exclusions.filter((e) => !e.is_deleted).map(exclusionRow),
        deleted: list.exclusions.filter((e) => e.is_deleted).map(exclusionRow),
        lots: item ? await desk.itemLots(item, active) : [],
        freshness: desk.freshness(),
        exclusionsAsOf: list.readAt,
        offlineSince: deps.mirror.freshness().offlineSince,
      };
    },
    'lotExclusion.exclude': async (input, call) => {
      const lot = lotRef(input);
      const made = await journalled(deps, 'exclude', lot, () => excludeLot(deps.api(), lot, deps.channelId(), call.signal));
      heldLotChanged(deps.api(), made.inventory_id, made.lot_number, !made.is_deleted);
      await deps.mirror.lotChanged(made, made);
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
      return change(deps, await journalled(deps, 'delete', lot, () => removeLotExclusion(deps.api(), lot, deps.channelId(), call.signal)));
    },
    'lotExclusion.restore': async (input, call) => {
      const lot = lotRef(input);
      return change(deps, await journalled(deps, 'restore', lot, () => restoreLotExclusion(deps.api(), lot, deps.channelId(), call.signal)));
    },
  };
}

function lotRef(input: { inventoryId: number; lotNumber: string; lotDate?: string | null | undefined }): LotRef {
  return { inventory_id: input.inventoryId, lot_number: input.lotNumber, ...(input.lotDate !== undefined ? { lot_date: input.lotDate } : {}) };
}

/** Every exclusion in force, from the mirror (no request); while its first pass is not done, a pass is started. */
async function exclusionsInForce(deps: LotHandlerDeps) {
  const held = await deps.mirror.lotItems();
  const { items } = await candidates(deps.desk);
  const rows = held.flatMap((item) =>
    item.exclusions
      .filter((e) => !e.is_deleted)
      .map((e) => ({
        id: e.id,
        inventoryId: item.inventoryId,
        sku: item.sku,
        name: item.name,
        lotNumber: e.lot_number,
        lotDate: e.lot_date,
        createdAt: e.created_timestamp,
      })),
  );
  const freshness = deps.mirror.freshness();
  // Until the mirror's first pass has read every item, it is filling (in the background lane, paced).
  if (held.length < items.length && !freshness.refreshing && !freshness.offlineSince) void deps.mirror.refresh();
  return { rows, itemsRead: held.length, items: items.length, asOf: oldestRead(held), offlineSince: freshness.offlineSince };
}

/** An item's exclusions: the mirror's copy unless the clerk asked for the service's word (Refresh) or the mirror has none yet. */
async function itemExclusions(deps: LotHandlerDeps, inventoryId: number, fresh: boolean, signal: AbortSignal): Promise<MirrorLotItem> {
  const held = fresh ? null : await deps.mirror.lotItem(inventoryId);
  if (held) return held;
  const read = await readExclusions(deps.api(), inventoryId, signal);
  await deps.mirror.holdLotList(read);
  return (await deps.mirror.lotItem(inventoryId))!;
}

/** Lot-tracked items, and any item the cache holds lots of: only these can have a lot excluded (the cache: no request). */
async function candidates(desk: InventoryDesk) {
  const index = await desk.ready();
  const items = [];
  for (const item of index.items()) if (item.flags.lot || item.lots.length > 0) items.push({ inventoryId: item.inventoryId, sku: item.sku, name: item.name });
  return { items, freshness: desk.freshness() };
}

/** The exclusions are as of the item read longest ago. */
function oldestRead(items: readonly MirrorLotItem[]): string | null {
  let oldest: string | null = null;
  for (const item of items) if (oldest === null || item.readAt < oldest) oldest = item.readAt;
  return oldest;
}

/** The service's answer to a delete or restore: the held copies follow it, so the next open shows it without a read. */
async function change(deps: LotHandlerDeps, state: LotExclusionState) {
  heldLotChanged(deps.api(), state.inventory_id, state.lot_number, !state.is_deleted);
  await deps.mirror.lotChanged(state);
  return {
    inventoryId: state.inventory_id,
    lotNumber: state.lot_number,
    lotDate: state.lot_date,
    isDeleted: state.is_deleted,
    deletedAt: state.deleted_timestamp,
  };
}

/** The service's refusals of spec 4.9, said in words for the desk (the service's own text kept after them). */
/**
 * A write to a lot's exclusion, explained (below) and recorded in the desk's journal with the
 * service's answer: deleting an exclusion restores the lot to use; excluding it, or restoring a
 * deleted exclusion, takes it out of use.
 */
async function journalled<T extends LotExclusionState | LotExclusion>(
  deps: Pick<LotHandlerDeps, 'journal'>,
  action: 'exclude' | 'delete' | 'restore',
  lot: LotRef,
  call: () => Promise<T>,
): Promise<T> {
  const what: JournalWhat = {
    kind: action === 'delete' ? 'lot.restored' : 'lot.excluded',
    record: { kind: 'lot', id: `${lot.inventory_id ?? lot.sku ?? ''}:${lot.lot_number}`, reference: lot.lot_number },
    details: { action, inventoryId: lot.inventory_id ?? null, lotNumber: lot.lot_number, lotDate: lot.lot_date ?? null },
  };
  try {
    const made = await explained(action, lot, call);
    await deps.journal?.record({ what, answer: answerDone('id' in made ? made.id : null) });
    return made;
  } catch (error) {
    if (isRefusal(error)) await deps.journal?.record({ what, answer: answerRefused(error) });
    throw error;
  }
}

async function explained<T>(action: 'exclude' | 'delete' | 'restore', lot: LotRef, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof AppErrorException)) throw error;
    // The service's own words stay with the error (serviceMessage), shown beside the desk's.
    const { code, said: _said, message: _message, ...kept } = error.appError;
    const values = { lot: lot.lot_number, item: lot.inventory_id ?? '' };
    if (code === 'conflict') {
      // Spec 4.9: an exclusion (or a restore) of a lot that is already excluded.
      throw appError(code, 'errors.lots.alreadyExcluded', values, kept);
    }
    if (code === 'not_found') {
      throw action === 'exclude'
        ? appError(code, 'errors.lots.unknown', values, kept)
        : action === 'delete'
          ? appError(code, 'errors.lots.noActiveExclusion', values, kept)
          : appError(code, 'errors.lots.noDeletedExclusion', values, kept);
    }
    throw error;
  }
}
