import { z } from 'zod';
import { DateTime } from './common.js';

/** Spec 2.11 and API notes, Lot exclusions (2026-07). */
export const LotExclusion = z.object({
  id: z.number().int(),
  inventory_id: z.number().int(),
  lot_number: z.string(),
  lot_date: DateTime.nullable(),
  is_deleted: z.boolean(),
  created_timestamp: DateTime,
  deleted_timestamp: DateTime.nullable(),
});
export type LotExclusion = z.infer<typeof LotExclusion>;

export const LotExclusionList = z.object({
  inventory_id: z.number().int(),
  inventory_name: z.string(),
  inventory_sku: z.string(),
  lot_exclusions: z.array(LotExclusion),
});

/** Body of create, :delete and /restore: lot_number plus one of inventory_id or sku. */
export const LotExclusionRequest = z
  .object({
    lot_number: z.string().min(1),
    inventory_id: z.number().int().nullable().optional(),
    sku: z.string().min(1).nullable().optional(),
    lot_date: DateTime.nullable().optional(),
  })
  .refine((b) => (b.inventory_id ?? null) !== null || (b.sku ?? null) !== null, {
    message: 'one of inventory_id or sku must be provided',
    path: ['inventory_id'],
  });

/** Spec 4.9: the restore (and :delete) answer. */
export const LotExclusionState = z.object({
  inventory_id: z.number().int(),
  lot_number: z.string(),
  lot_date: DateTime.nullable(),
  is_deleted: z.boolean(),
  deleted_timestamp: DateTime.nullable(),
});
export type LotExclusionList = z.infer<typeof LotExclusionList>;
export type LotExclusionState = z.infer<typeof LotExclusionState>;
