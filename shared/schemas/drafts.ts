import { z } from 'zod';
import { DateTime } from './common.js';
import { ReturnDraft } from './return-draft.js';
import { WroForm } from './wro-form.js';

/**
 * The kinds of draft the draft store keeps, each with the schema its value must pass on every save
 * and on every load. Add a kind here (and nowhere else) to give a new workspace drafts.
 */

/** Drafts per environment and account: a desk has a handful open; more is a leak, refused clearly. */
export const DRAFT_MAX_COUNT = 200;

/**
 * Receiving desk (WRO create): the form as typed, and `pendingSince` when a submit of it was sent and
 * no answer came back (main then looks for the order that submit made before sending again, after a
 * restart too: create-reconcile.ts).
 */
export const WroCreateDraft = z.object({ form: WroForm, pendingSince: z.iso.datetime({ offset: true }).nullable() }).strict();
export type WroCreateDraft = z.infer<typeof WroCreateDraft>;

export const DRAFT_KINDS = {
  'return-intake': ReturnDraft,
  'wro-create': WroCreateDraft,
} as const;

export const DraftKind = z.enum(Object.keys(DRAFT_KINDS) as [keyof typeof DRAFT_KINDS, ...(keyof typeof DRAFT_KINDS)[]]);
export type DraftKind = z.infer<typeof DraftKind>;

/**
 * The largest draft value the store accepts, as JSON, by kind: far above a real one, far below a
 * problem. A receiving order from a supplier's file is about 170 bytes a line: 4 MiB keeps more than
 * 20,000 lines (a 2,000-line file is 330 kB); a return is a few kilobytes.
 */
export const DRAFT_MAX_BYTES: Record<DraftKind, number> = { 'return-intake': 256 * 1024, 'wro-create': 4 * 1024 * 1024 };

export const DraftId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'A draft id is 8-64 letters, digits or hyphens.');

/** One stored draft. `value` has passed its kind's schema. */
export const DraftRecord = z.object({
  id: DraftId,
  kind: DraftKind,
  value: z.unknown(),
  createdAt: DateTime,
  updatedAt: DateTime,
  /** Grows by one on every save; a save may name the revision it is based on to refuse a stale overwrite. */
  revision: z.number().int().min(1),
});
export type DraftRecord = z.infer<typeof DraftRecord>;

/** A draft in a list: no value, so the list stays small however big the drafts are. */
export const DraftSummary = DraftRecord.omit({ value: true }).extend({ title: z.string() });
export type DraftSummary = z.infer<typeof DraftSummary>;

/** Parses a value for its kind; throws a ZodError naming the field. */
export function parseDraftValue(kind: DraftKind, value: unknown): unknown {
  return DRAFT_KINDS[kind].parse(value);
}
