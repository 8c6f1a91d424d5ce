import { z } from 'zod';
import { Said } from '../../../shared/errors.js';
import { CenterId, CenterRef } from '../../../shared/schemas/center.js';
import { DraftId, DraftRecord } from '../../../shared/schemas/drafts.js';
import { OutboxEntryView, OutboxStatus } from '../../../shared/schemas/outbox.js';
import { ReturnOrderContext } from '../../../shared/schemas/return-draft.js';
import { ReturnRecord, ReturnStatus } from '../../../shared/schemas/returns.js';
import { NoInput } from '../../../shared/ipc/define.js';

/**
 * Returns: submitting an intake draft through the outbox in main, the outbox itself, the
 * returns list and detail, cancel and change (AwaitingArrival only, spec 3), the look-ups the scan
 * resolvers use, the order look-up for the original shipment, and the desk's default center.
 *
 * Drafts themselves are saved with `drafts.save` (kind 'return-intake', shared/ipc/drafts.ts). The
 * rules of spec 4.8 are checked in areas/returns/common/rules.ts: the renderer may run them as the user
 * types; `returns.submit` runs them again and refuses with fieldErrors keyed by draft path
 * (`trackingNumber`, `lines.2.quantity`, ...).
 */

const Id = z.number().int().positive().max(2147483647);

/**
 * The returns list as its address says it, which is also the list channel's input (with its cursor):
 * #/returns?status=AwaitingArrival&fc=12&from=2026-11-01&to=2026-11-20&q=1Z999&dir=asc&page=2.
 * Status is one value because the service filters by one (API notes, Returns). `q` is a reference id
 * or a tracking number, matched exactly as the service does. `dir` orders by creation date, the only
 * order the service offers. Main alone turns it into the service's query
 * (areas/returns/core/list-query.ts); the view reads it leniently (app/search.ts, `lenient`).
 */
export const ReturnsListSearch = z.object({
  status: ReturnStatus.optional(),
  fc: CenterId.optional(),
  /** Created on these days (the clerk's days), both included. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  q: z.string().trim().min(1).max(100).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  /** The page the list shows; the channel pages by cursor instead. */
  page: z.number().int().min(1).max(100_000).optional(),
});
export type ReturnsListSearch = z.infer<typeof ReturnsListSearch>;

/**
 * A return's original shipment as a clerk knows it: the order's reference (printed on the packing
 * slip), the store's order number and the tracking number; the ids stay for hover.
 */
export const OriginalShipment = z.object({
  id: z.number().int(),
  orderId: z.number().int().nullable(),
  orderReference: z.string().nullable(),
  storeOrderId: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
});
export type OriginalShipment = z.infer<typeof OriginalShipment>;

/** A return with what the desk may do with it now. */
export const ReturnDetail = z.object({
  record: ReturnRecord,
  /**
   * Spec 3: only a return awaiting arrival may be changed or cancelled. `reason` says why not
   * otherwise: already cancelled, the warehouse has the box (arrived, processing, completed), or a
   * status the desk does not know; the desk words it in the clerk's language.
   */
  changeable: z.object({ allowed: z.boolean(), reason: z.enum(['cancelled', 'withWarehouse', 'otherStatus']).nullable() }),
});
export type ReturnDetail = z.infer<typeof ReturnDetail>;

export const returnChannels = {
  /**
   * Checks the draft (spec 4.8), fixes its reference id, and moves it into the outbox: the draft
   * leaves the drafts list and the entry is sent at once when online. Answers the entry. Refused
   * (validation, fieldErrors by draft path) when a rule fails; then nothing moves.
   */
  'returns.submit': { input: z.object({ draftId: DraftId }).strict(), output: OutboxEntryView },
  /**
   * Spec 4.8 rule 6 ("Next box"): submits this draft as `returns.submit` does and starts a new draft
   * with the same order, original shipment and fulfillment center (new reference id, no tracking,
   * no lines).
   */
  'returns.nextBox': { input: z.object({ draftId: DraftId }).strict(), output: z.object({ submitted: OutboxEntryView, draft: DraftRecord }) },

  'outbox.list': { input: NoInput, output: z.object({ entries: z.array(OutboxEntryView), status: OutboxStatus }) },
  /** Sends a waiting, held or failed entry now. */
  'outbox.retry': { input: z.object({ id: z.string().min(1).max(64) }).strict(), output: OutboxEntryView },
  /**
   * Takes an entry that is not being sent back into the drafts (to change it or throw it away there).
   * Its reference id stays fixed, so a later submit still first asks whether an earlier attempt landed.
   */
  'outbox.discard': { input: z.object({ id: z.string().min(1).max(64) }).strict(), output: z.object({ draft: DraftRecord }) },

  /**
   * One page of the published list: `cursor` null for the first page, else a `next` link exactly as
   * given. With `q`: every return it finds, on one page (`next` null).
   */
  'returns.list': {
    input: z
      .object({
        ...ReturnsListSearch.omit({ page: true }).shape,
        limit: z.number().int().min(1).max(250).default(50),
        cursor: z.string().max(4096).nullable().default(null),
      })
      .strict(),
    output: z.object({ items: z.array(ReturnRecord), next: z.string().nullable() }),
  },
  /** Items with actions requested and taken, and the status history. */
  'returns.get': { input: z.object({ id: Id }).strict(), output: ReturnDetail },
  /** Cancels a return awaiting arrival; refused (conflict) with the reason otherwise. Answers the return as it now is. */
  'returns.cancel': { input: z.object({ id: Id }).strict(), output: ReturnDetail },
  /**
   * Opens a return awaiting arrival for changes: a return-intake draft filled from it (its
   * `editOf` set, reference id fixed). Submitting that draft sends the change (PUT) through the outbox.
   */
  'returns.edit': { input: z.object({ id: Id }).strict(), output: DraftRecord },
  /**
   * For the scan resolvers and the palette: returns with this reference id, or this tracking number,
   * or the return with this id (none when there is no such return).
   */
  'returns.lookup': {
    input: z.union([
      z.object({ referenceId: z.string().min(1).max(50) }).strict(),
      z.object({ trackingNumber: z.string().min(1).max(100) }).strict(),
      z.object({ id: Id }).strict(),
    ]),
    output: z.object({ items: z.array(ReturnRecord) }),
  },
  /**
   * The order a box came back from, by the reference on its packing slip (the order list's
   * ReferenceIds filter), or by the order id when the scan is a number. Needs the service.
   */
  'returns.findOrder': {
    input: z.object({ reference: z.string().trim().min(1).max(400) }).strict(),
    output: z.object({ orders: z.array(ReturnOrderContext) }),
  },
  /** A return's original shipment (its `original_shipment_id`), read from the shipment itself. Needs the service. */
  'returns.originalShipment': { input: z.object({ id: Id }).strict(), output: OriginalShipment },
  /** The account's fulfillment centers, for the intake's center picker. */
  /** The centers, each with its time zone (IANA, as the service gives it): a return's times are read in its center's. */
  /** The Settings entry: the center new returns start with, per environment. */
  'returns.settings.get': { input: NoInput, output: z.object({ defaultFulfillmentCenter: CenterRef.nullable() }) },
  'returns.settings.set': {
    input: z.object({ defaultFulfillmentCenter: CenterRef.nullable() }).strict(),
    output: z.object({ defaultFulfillmentCenter: CenterRef.nullable() }),
  },
} as const;

export const returnEvents = {
  /** The outbox's counts changed (the status bar's slot). */
  'outbox.changed': OutboxStatus,
  /** A return reached the service. `queued`: it had waited (offline, signed out): worth a notification. */
  'outbox.sent': z.object({
    id: z.string(),
    referenceId: z.string(),
    returnId: z.number().int(),
    operation: z.enum(['create', 'update']),
    queued: z.boolean(),
  }),
  /**
   * The service refused a return with field errors; it is a draft again, with the messages on its lines.
   * `said`: why, as whole sentences for the clerk's language.
   */
  'outbox.returned': z.object({ id: z.string(), draftId: z.string(), referenceId: z.string(), said: z.array(Said).min(1) }),
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const returnsIpc = { id: 'returns', channels: returnChannels, events: returnEvents } as const;
