import { z } from 'zod';
import { CenterRef } from './center.js';
import { Said } from '../errors.js';
import { DateTime } from './common.js';

/**
 * The returns outbox as the renderer sees it. Main owns the entries; the renderer
 * shows them and may ask to retry or take one back into the drafts.
 *
 * States:
 * - queued: will be sent as soon as the service can be reached;
 * - sending: on its way now;
 * - waiting: the service cannot be reached or is failing; sent again automatically (nextAttemptAt);
 * - held: needs something of the user first (sign in, choose the write channel); sent automatically after;
 * - failed: the service refused it for a reason no retry fixes by itself (say, a missing scope);
 *   `outbox.retry` or `outbox.discard` (back to drafts);
 * - sent: the service holds the return (returnId); kept in the list until the app restarts.
 * A return the service refuses with field errors (422) does not stay here: it goes back to the drafts
 * with the messages on its lines (`outbox.returned`).
 */
export const OutboxState = z.enum(['queued', 'sending', 'waiting', 'held', 'failed', 'sent']);
export type OutboxState = z.infer<typeof OutboxState>;

export const OutboxEntryView = z.object({
  /** The entry's id: the id of the draft it came from. */
  id: z.string(),
  /** create: a new return; update: changes to return `returnId` (AwaitingArrival only). */
  operation: z.enum(['create', 'update']),
  referenceId: z.string(),
  trackingNumber: z.string().nullable(),
  fulfillmentCenter: CenterRef,
  lineCount: z.number().int(),
  unitCount: z.number().int(),
  state: OutboxState,
  /**
   * Why it waits, is held or failed, as whole sentences with their message ids, said in the clerk's
   * language: an error's own sentence is one of them, the service's own words one more ("The service
   * said: …"), as they came; an entry saved before the desk kept them says its English as recorded.
   * Null: nothing to say.
   */
  said: z.array(Said).nullable(),
  /** An earlier attempt may have reached the service: the next one first asks whether the return exists. */
  outcomeUnknown: z.boolean(),
  attempts: z.number().int(),
  queuedAt: DateTime,
  lastAttemptAt: DateTime.nullable(),
  nextAttemptAt: DateTime.nullable(),
  sentAt: DateTime.nullable(),
  /** The return on the service: once sent (create), or the one being changed (update). */
  returnId: z.number().int().nullable(),
});
export type OutboxEntryView = z.infer<typeof OutboxEntryView>;

/** For the status bar's outbox slot. */
export const OutboxStatus = z.object({
  /** Entries not yet sent (queued, sending, waiting, held, failed). */
  pending: z.number().int(),
  failed: z.number().int(),
  /** Why nothing is moving, when nothing is, as whole sentences said in the clerk's language; null: it moves. */
  waitingSaid: z.array(Said).nullable(),
});
export type OutboxStatus = z.infer<typeof OutboxStatus>;
