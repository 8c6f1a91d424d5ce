import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { listLotExclusions } from './resources.js';

/** An item's lots with an active exclusion, as last read, and when (ms since epoch). */
export interface HeldExclusions {
  active: ReadonlySet<string>;
  readAt: number;
}

/**
 * The exclusions this account's desk has read, per item, so that an item opens with them and no view
 * asks the service again for what it was told moments ago. The service lists exclusions only per item
 * (API notes, Lot exclusions), so one item's list is the smallest read; writes made here update it.
 * Kept per API client, which is one environment's and one session's.
 */
const heldByClient = new WeakMap<ApiClient, Map<number, HeldExclusions>>();

function heldFor(api: ApiClient): Map<number, HeldExclusions> {
  let held = heldByClient.get(api);
  if (!held) heldByClient.set(api, (held = new Map<number, HeldExclusions>()));
  return held;
}

/** What is held for the item, or null when nothing is. */
export function heldExclusions(api: ApiClient, inventoryId: number): HeldExclusions | null {
  return heldFor(api).get(inventoryId) ?? null;
}

/** Reads the item's exclusions from the service (one request) and holds the answer. */
export async function readExclusions(api: ApiClient, inventoryId: number, signal?: AbortSignal) {
  const list = await listLotExclusions(api, { inventoryId }, signal);
  holdExclusions(api, inventoryId, list.lot_exclusions);
  return list;
}

/** Holds an item's exclusions as the service listed them (active and deleted alike). */
export function holdExclusions(api: ApiClient, inventoryId: number, exclusions: readonly { lot_number: string; is_deleted: boolean }[]): void {
  heldFor(api).set(inventoryId, { active: new Set(exclusions.filter((e) => !e.is_deleted).map((e) => e.lot_number)), readAt: Date.now() });
}

/** A write changed one lot's state: the held copy follows it, so the next open shows the change without a read. */
export function heldLotChanged(api: ApiClient, inventoryId: number, lotNumber: string, excluded: boolean): void {
  const held = heldFor(api).get(inventoryId);
  if (!held) return;
  const active = new Set(held.active);
  if (excluded) active.add(lotNumber);
  else active.delete(lotNumber);
  heldFor(api).set(inventoryId, { active, readAt: held.readAt });
}
