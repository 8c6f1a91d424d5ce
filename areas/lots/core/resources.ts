import type { LotExclusion, LotExclusionList, LotExclusionState } from '../../../shared/schemas/lots.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { needsChannel, withSignal } from '../../../electron/core/api/resources.js';

/** Lot exclusions (2026-07): listed per item, made, deleted and restored; writes need a channel. */

export async function listLotExclusions(api: ApiClient, item: { inventoryId: number } | { sku: string }, signal?: AbortSignal): Promise<LotExclusionList> {
  const query = 'inventoryId' in item ? { inventory_id: item.inventoryId } : { sku: item.sku };
  return (await api.call('lotExclusion.list', { query, ...withSignal(signal) })).data;
}

export interface LotRef {
  lot_number: string;
  inventory_id?: number;
  sku?: string;
  lot_date?: string | null;
}

export async function excludeLot(api: ApiClient, lot: LotRef, channelId: number | null, signal?: AbortSignal): Promise<LotExclusion> {
  const channel = needsChannel(channelId, 'Excluding a lot');
  return (await api.call('lotExclusion.create', { body: lot, channelId: channel, ...withSignal(signal) })).data;
}

export async function removeLotExclusion(api: ApiClient, lot: LotRef, channelId: number | null, signal?: AbortSignal): Promise<LotExclusionState> {
  const channel = needsChannel(channelId, 'Removing a lot exclusion');
  return (await api.call('lotExclusion.delete', { body: lot, channelId: channel, ...withSignal(signal) })).data;
}

export async function restoreLotExclusion(api: ApiClient, lot: LotRef, channelId: number | null, signal?: AbortSignal): Promise<LotExclusionState> {
  const channel = needsChannel(channelId, 'Restoring a lot exclusion');
  return (await api.call('lotExclusion.restore', { body: lot, channelId: channel, ...withSignal(signal) })).data;
}
