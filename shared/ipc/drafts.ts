import { z } from 'zod';
import { DraftId, DraftKind, DraftRecord, DraftSummary } from '../schemas/drafts.js';

/**
 * Drafts (return intake's and the receiving desk's WRO drafts): saved continuously while the user
 * types, kept per environment and account, surviving a crash, a restart or a closed window.
 * `value` is checked against its kind's schema (shared/schemas/drafts.ts) on every save.
 */
export const draftChannels = {
  /** Summaries, newest first; `problems` names any bad drafts file found (and set aside) this run. */
  'drafts.list': {
    input: z.object({ kind: DraftKind.optional() }).strict(),
    output: z.object({ items: z.array(DraftSummary), problems: z.array(z.string()) }),
  },
  /** One draft with its value; not_found when it was submitted or discarded. */
  'drafts.get': { input: z.object({ id: DraftId }).strict(), output: DraftRecord },
  /**
   * Creates (no `id`) or replaces a draft's value; answers the stored record, including what main
   * filled in (a new return's reference id and default fulfillment center). Resolves once on disk.
   * `baseRevision`: refuse (conflict) if another window saved since this one read the draft.
   */
  'drafts.save': {
    input: z.object({ id: DraftId.optional(), kind: DraftKind, value: z.unknown(), baseRevision: z.number().int().min(1).optional() }).strict(),
    output: DraftRecord,
  },
  'drafts.discard': { input: z.object({ id: DraftId }).strict(), output: z.object({ discarded: z.boolean() }) },
} as const;

export const draftEvents = {
  /** Main changed drafts on its own (a refused return came back, a submit took one): lists should refresh. */
  'drafts.changed': z.object({ ids: z.array(z.string()), reason: z.enum(['returned', 'submitted', 'discarded', 'created']) }),
} as const;
