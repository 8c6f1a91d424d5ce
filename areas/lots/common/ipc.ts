import { z } from 'zod';
import { DateTime } from '../../../shared/schemas/common.js';
import { NoInput } from '../../../shared/ipc/define.js';
import { Freshness, InventoryId, ItemLot } from '../../inventory/common/ipc.js';

/**
 * Lot exclusions: an item's exclusions as the service keeps them (listed, made, deleted, restored),
 * shown beside the item's lots from the inventory cache. Writes need the session's channel.
 */

export const LotExclusionRow = z.object({
  id: z.number().int(),
  lotNumber: z.string(),
  lotDate: DateTime.nullable(),
  createdAt: DateTime,
  deletedAt: DateTime.nullable(),
});
export const LotExclusionsAnswer = z.object({
  inventoryId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  active: z.array(LotExclusionRow),
  deleted: z.array(LotExclusionRow),
  /** The item's lots from the cache (expiry, where), so excluded and not-yet-excluded lots show together. */
  lots: z.array(ItemLot),
  freshness: Freshness,
  /** When the item's exclusions were read from the service (the account mirror's copy, or just now). */
  exclusionsAsOf: DateTime,
  /** Since when the service has not answered (null: it answers). */
  offlineSince: DateTime.nullable(),
});
export type LotExclusionsAnswer = z.infer<typeof LotExclusionsAnswer>;

const LotRefInput = z.object({ inventoryId: InventoryId, lotNumber: z.string().trim().min(1).max(100), lotDate: DateTime.nullable().optional() }).strict();

export const LotExclusionChange = z.object({
  inventoryId: z.number().int(),
  lotNumber: z.string(),
  lotDate: DateTime.nullable(),
  isDeleted: z.boolean(),
  deletedAt: DateTime.nullable(),
});

/**
 * The items that can have lot exclusions, from the inventory cache (no request): the service lists
 * exclusions only per item, so the list of every exclusion in force asks for these one by one.
 */
export const LotCandidates = z.object({
  items: z.array(z.object({ inventoryId: z.number().int(), sku: z.string(), name: z.string() })),
  freshness: Freshness,
});
export type LotCandidates = z.infer<typeof LotCandidates>;

/** One exclusion in force, with its item by name and SKU. */
export const InForceRow = z.object({
  id: z.number().int(),
  inventoryId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  lotNumber: z.string(),
  lotDate: DateTime.nullable(),
  createdAt: DateTime,
});
export type InForceRow = z.infer<typeof InForceRow>;

/**
 * Every exclusion in force, from the account mirror (no request): the service lists exclusions per
 * item only, so the desk keeps every lot-tracked item's and walks them in the background.
 */
export const ExclusionsInForce = z.object({
  rows: z.array(InForceRow),
  /** Lot-tracked items whose exclusions the mirror holds, of `items` in the cache (fewer: its first pass is under way). */
  itemsRead: z.number().int().min(0),
  items: z.number().int().min(0),
  /** The exclusions are as of this time: the item read longest ago (null: none read yet). */
  asOf: DateTime.nullable(),
  offlineSince: DateTime.nullable(),
});
export type ExclusionsInForce = z.infer<typeof ExclusionsInForce>;

export const lotChannels = {
  'lotExclusion.candidates': { input: NoInput, output: LotCandidates },
  'lotExclusion.inForce': { input: NoInput, output: ExclusionsInForce },
  /** fresh: read the service now (the view's Refresh); otherwise the mirror's copy where it has one. */
  'lotExclusion.list': { input: z.object({ inventoryId: InventoryId, fresh: z.boolean().optional() }).strict(), output: LotExclusionsAnswer },
  'lotExclusion.exclude': { input: LotRefInput, output: LotExclusionChange },
  'lotExclusion.delete': { input: LotRefInput, output: LotExclusionChange },
  'lotExclusion.restore': { input: LotRefInput, output: LotExclusionChange },
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const lotsIpc = { id: 'lots', channels: lotChannels } as const;
