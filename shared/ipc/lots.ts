import { z } from 'zod';
import { DateTime } from '../schemas/common.js';
import { NoInput } from './define.js';
import { Freshness, InventoryId, ItemLot } from './inventory.js';

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

export const lotChannels = {
  'lotExclusion.candidates': { input: NoInput, output: LotCandidates },
  'lotExclusion.list': { input: z.object({ inventoryId: InventoryId }).strict(), output: LotExclusionsAnswer },
  'lotExclusion.exclude': { input: LotRefInput, output: LotExclusionChange },
  'lotExclusion.delete': { input: LotRefInput, output: LotExclusionChange },
  'lotExclusion.restore': { input: LotRefInput, output: LotExclusionChange },
} as const;
