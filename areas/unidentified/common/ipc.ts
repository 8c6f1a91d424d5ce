import { Said } from '../../../shared/errors.js';
import { z } from 'zod';
import { ReceivingStatus } from '../../../shared/schemas/receiving.js';
import { CenterId } from '../../../shared/schemas/center.js';
import { AttachmentImageType, UnidentifiedReceivingOrder } from '../../../shared/schemas/uro.js';

const Id = z.number().int().positive().max(2147483647);

/** The list's tabs: the service's `isCompleted` (true means linked to a WRO). */
export const ReceiptTab = z.enum(['unlinked', 'linked']);
export type ReceiptTab = z.infer<typeof ReceiptTab>;

/** What a search or a scan may hold: a barcode or tracking barcode, as printed (no control characters). */
const Code = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\p{Cc}]*$/u, 'A barcode cannot contain control characters.');

/** How far a search read (the service cannot filter receipts by code, so main reads the pages itself). */
export const SearchReach = z.object({
  pagesRead: z.number().int().min(0),
  /** False when the bound was reached before the last page: older receipts were not searched. */
  complete: z.boolean(),
});

/** Why a WRO is offered for a receipt, strongest first. */
export const CandidateReason = z.enum(['tracking', 'id', 'purchase-order', 'same-center', 'near-date']);
export type CandidateReason = z.infer<typeof CandidateReason>;

export const WroCandidate = z.object({
  id: Id,
  status: ReceivingStatus,
  purchaseOrderNumber: z.string().nullable(),
  /** timezone: the center's own, in which its times are shown. */
  fulfillmentCenter: z.object({ id: z.number().int(), name: z.string().nullable(), timezone: z.string().nullable() }).nullable(),
  expectedArrival: z.string().nullable(),
  /** Box tracking numbers of this WRO that matched the receipt's tracking barcode or the query. */
  matchedTracking: z.array(z.string()),
  reasons: z.array(CandidateReason),
  /** Why the service would refuse this link (a closed WRO), in words; null when it can take it. */
  refusal: Said.nullable(),
});
export type WroCandidate = z.infer<typeof WroCandidate>;

/** Unidentified receiving orders (2026-07; API notes). */
export const unidentifiedChannels = {
  'unidentified.list': {
    input: z
      .object({
        tab: ReceiptTab,
        page: z.number().int().min(1).max(100_000),
        q: Code.optional(),
      })
      .strict(),
    output: z.object({
      items: z.array(UnidentifiedReceivingOrder),
      page: z.number().int().min(1),
      hasNext: z.boolean(),
      /** Present for a search: how many of the service's pages were read for it. */
      search: SearchReach.nullable(),
    }),
  },
  'unidentified.get': {
    input: z.object({ id: Id }).strict(),
    output: UnidentifiedReceivingOrder,
  },
  /** An attachment image, fetched by main with the token; a data: URL the CSP's img-src allows. */
  'unidentified.attachment': {
    input: z.object({ id: Id, attachmentId: Id }).strict(),
    output: z.object({
      contentType: AttachmentImageType,
      bytes: z.number().int().min(1),
      dataUrl: z.string().regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/),
    }),
  },
  /** WROs to link a receipt to: suggestions with no query, matches of an id, PO or tracking number with one. */
  'unidentified.candidates': {
    input: z
      .object({
        id: Id,
        query: Code.optional(),
        fc: CenterId.optional(),
      })
      .strict(),
    output: z.object({
      candidates: z.array(WroCandidate),
      /** Box tracking numbers are read per WRO: how many open WROs had theirs checked, of how many. */
      trackingChecked: z.object({
        orders: z.number().int().min(0),
        openOrders: z.number().int().min(0),
      }),
    }),
  },
  'unidentified.link': {
    input: z.object({ id: Id, wroId: Id }).strict(),
    output: UnidentifiedReceivingOrder,
  },
  /** Scan resolver: receipts whose barcode or tracking barcode is exactly this code, both tabs. */
  /**
   * Receipts whose barcode or tracking barcode is the code (`how: 'exact'`, a scan) or holds it
   * (`contains`, the palette): from the account mirror (the unlinked ones and the 200 newest linked)
   * when it is fresh, else the service's pages, bounded.
   */
  'unidentified.byCode': {
    input: z.object({ code: Code, how: z.enum(['exact', 'contains']).optional() }).strict(),
    output: z.object({
      items: z.array(UnidentifiedReceivingOrder),
      search: SearchReach,
    }),
  },
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const unidentifiedIpc = { id: 'unidentified', channels: unidentifiedChannels } as const;
