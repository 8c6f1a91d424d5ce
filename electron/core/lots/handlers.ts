import { AppErrorException } from '../../../shared/errors.js';
import { appError } from '../words.js';
import type { lotChannels } from '../../../shared/ipc/lots.js';
import type { LotExclusion, LotExclusionState } from '../../../shared/schemas/lots.js';
import type { ApiClient } from '../api/api-client.js';
import type { InventoryDesk } from '../inventory/index.js';
import type { HandlersFor } from '../ipc/registry.js';
import { heldLotChanged, readExclusions } from './held.js';
import { excludeLot, removeLotExclusion, restoreLotExclusion, type LotRef } from './resources.js';

export interface LotHandlerDeps {
  /** The offline item cache: the item's lots (where, expiry) are shown beside its exclusions. */
  desk: InventoryDesk;
  api: () => ApiClient;
  /** The session's write channel (lot exclusions are writes), or null. */
  channelId: () => number | null;
}

export function lotHandlers(deps: LotHandlerDeps): HandlersFor<typeof lotChannels> {
  const { desk } = deps;
  return {
    'lotExclusion.candidates': async () => {
      const index = await desk.ready();
      const items = [];
      // Lot-tracked items, and any item the cache holds lots of: only these can have a lot excluded.
      for (const item of index.items())
        if (item.flags.lot || item.lots.length > 0) items.push({ inventoryId: item.inventoryId, sku: item.sku, name: item.name });
      return { items, freshness: desk.freshness() };
    },
    'lotExclusion.list': async ({ inventoryId }, call) => {
      const list = await readExclusions(deps.api(), inventoryId, call.signal);
      const item = await desk.findItem(inventoryId);
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
        lots: item ? await desk.itemLots(item, active) : [],
        freshness: desk.freshness(),
      };
    },
    'lotExclusion.exclude': async (input, call) => {
      const lot = lotRef(input);
      const made = await explained('exclude', lot, () => excludeLot(deps.api(), lot, deps.channelId(), call.signal));
      heldLotChanged(deps.api(), made.inventory_id, made.lot_number, !made.is_deleted);
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
      return change(deps.api(), await explained('delete', lot, () => removeLotExclusion(deps.api(), lot, deps.channelId(), call.signal)));
    },
    'lotExclusion.restore': async (input, call) => {
      const lot = lotRef(input);
      return change(deps.api(), await explained('restore', lot, () => restoreLotExclusion(deps.api(), lot, deps.channelId(), call.signal)));
    },
  };
}

function lotRef(input: { inventoryId: number; lotNumber: string; lotDate?: string | null | undefined }): LotRef {
  return { inventory_id: input.inventoryId, lot_number: input.lotNumber, ...(input.lotDate !== undefined ? { lot_date: input.lotDate } : {}) };
}

function change(api: ApiClient, state: LotExclusionState) {
  heldLotChanged(api, state.inventory_id, state.lot_number, !state.is_deleted);
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
