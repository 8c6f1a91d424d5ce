import { z } from 'zod';
import { PageInfo } from '../schemas/common.js';
import { Distributions, FulfillmentCenter, ReceivingBox, ReceivingOrder, ReceivingStatus } from '../schemas/receiving.js';
import { WroForm } from '../schemas/wro-form.js';

const Id = z.number().int().positive().max(2147483647);
/** A day as the date fields give it (YYYY-MM-DD); ranges are whole days, both ends included. */
const Day = z.iso.date();

/** The columns the WRO list sorts by. The service sorts newest first only; other orders are made in main. */
export const ReceivingSortField = z.enum(['insert_date', 'expected_arrival_date', 'id', 'status', 'purchase_order_number']);
export type ReceivingSortField = z.infer<typeof ReceivingSortField>;
export const ReceivingSort = z.object({ field: ReceivingSortField, direction: z.enum(['asc', 'desc']) }).strict();
export type ReceivingSort = z.infer<typeof ReceivingSort>;
export const DEFAULT_RECEIVING_SORT: ReceivingSort = { field: 'insert_date', direction: 'desc' };

/** The list's filters, as kept in the address and remembered per environment. */
export const ReceivingFilters = z
  .object({
    statuses: z.array(ReceivingStatus).max(11).optional(),
    fulfillmentCenterIds: z.array(Id).max(50).optional(),
    /** Orders with exactly this purchase order number (the service filters by a comma-separated list, so no commas). */
    purchaseOrderNumber: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[^,]*$/, 'A purchase order number cannot contain a comma.')
      .optional(),
    insertedFrom: Day.optional(),
    insertedTo: Day.optional(),
    completedFrom: Day.optional(),
    completedTo: Day.optional(),
    /**
     * Expected to arrive on these days, each order on its center's own calendar (as Today counts
     * "expected today"). The service has no such filter: main filters every order the other filters match.
     */
    expectedFrom: Day.optional(),
    expectedTo: Day.optional(),
    /** true: marked as synced with an outside system; false: not marked. */
    externalSync: z.boolean().optional(),
  })
  .strict();
export type ReceivingFilters = z.infer<typeof ReceivingFilters>;

/** Where a quick find or a scan found an order: by its id, its PO, a box's id or a box's tracking number. */
export const ReceivingMatch = z.object({
  order: ReceivingOrder,
  via: z.enum(['id', 'purchase_order_number', 'box_id', 'tracking_number']),
  boxId: Id.nullable(),
});
export type ReceivingMatch = z.infer<typeof ReceivingMatch>;

export const ReceivingDetail = z.object({
  order: ReceivingOrder,
  /** False when the boxes and distributions were not asked for (both then empty). */
  contents: z.boolean(),
  boxes: z.array(ReceivingBox),
  /** Null when the service has no distributions for this order. */
  distributions: Distributions.nullable(),
  /** Whether the service would accept a cancel now, and if not, why (in words). */
  cancel: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
});
export type ReceivingDetail = z.infer<typeof ReceivingDetail>;

export const ResolvedItem = z.object({
  inventory_id: Id,
  sku: z.string(),
  name: z.string().nullable(),
  is_lot: z.boolean(),
  matched: z.enum(['inventory_id', 'sku', 'barcode']),
});
export type ResolvedItem = z.infer<typeof ResolvedItem>;

/** Warehouse receiving orders (spec 4.5; API notes, Receiving). */
export const receivingChannels = {
  'receiving.list': {
    input: z
      .object({
        page: z.number().int().min(1).max(2147483647),
        limit: z.number().int().min(1).max(250),
        ...ReceivingFilters.shape,
        sort: ReceivingSort.optional(),
        /** Quick find: a WRO id, a PO number or a box tracking number (or box id). Filters still apply. */
        find: z.string().trim().min(1).max(100).optional(),
      })
      .strict(),
    output: z.object({ items: z.array(ReceivingOrder), pageInfo: PageInfo, matches: z.array(ReceivingMatch).optional() }),
  },
  'receiving.get': {
    input: z.object({ id: Id }).strict(),
    output: ReceivingOrder,
  },
  /** The order with its boxes, distributions and whether it can be cancelled. */
  /**
   * An order's page. `contents: false` answers with the order alone (one request, none when it was
   * read moments ago) and no boxes or distributions; the page reads them when the clerk stays or asks.
   */
  'receiving.detail': {
    input: z.object({ id: Id, contents: z.boolean().default(true) }).strict(),
    output: ReceivingDetail,
  },
  /**
   * A scanned or typed code's orders, for the kinds of code it can be (shared/scan/plan.ts): by id and
   * by PO number at once, then by a box (its id or tracking number). One call, so the cheap answers
   * decide how far the costly box search goes (ReceivingDesk.lookup).
   */
  'receiving.lookup': {
    input: z
      .object({
        code: z.string().trim().min(1).max(100),
        kinds: z
          .array(z.enum(['record-id', 'purchase-order', 'box-tracking']))
          .min(1)
          .max(3),
      })
      .strict(),
    output: z.object({ matches: z.array(ReceivingMatch) }),
  },
  'receiving.fulfillmentCenters': {
    input: z.object({}).strict(),
    output: z.array(FulfillmentCenter),
  },
  'receiving.setExternalSync': {
    input: z.object({ id: Id, isExternalSync: z.boolean() }).strict(),
    output: ReceivingOrder,
  },
  /** Cancels an Awaiting order; any other status is refused with the reason, nothing sent. */
  'receiving.cancel': {
    input: z.object({ id: Id }).strict(),
    output: ReceivingOrder,
  },
  /**
   * The box labels PDF, fetched by main with the user's token. The bytes come back base64 so the page
   * can show them in the browser's PDF viewer or save them; the token never leaves main.
   */
  'receiving.labels': {
    input: z.object({ id: Id }).strict(),
    output: z.object({ fileName: z.string(), contentType: z.literal('application/pdf'), base64: z.string() }),
  },
  /**
   * Box labels in the shell's own viewer window or straight to the system print dialog (Electron),
   * fetched by main like `receiving.labels`. `shown: false`: this shell has no such window (the
   * browser host), and the page uses the browser's own PDF viewer with the bytes from `receiving.labels`.
   */
  'receiving.showLabels': {
    input: z.object({ id: Id, mode: z.enum(['view', 'print']) }).strict(),
    output: z.object({ shown: z.boolean() }),
  },
  /** An SKU, barcode or inventory id typed or scanned into the create form. */
  'receiving.resolveItem': {
    input: z.object({ code: z.string().trim().min(1).max(200) }).strict(),
    output: z.object({ item: ResolvedItem.nullable() }),
  },
  /**
   * Creates an order from the form. `draftId` names the draft; `pendingSince` is set when an earlier
   * submit of this draft got no answer: main then looks for the order that submit created before
   * sending anything (see create-reconcile.ts).
   */
  'receiving.create': {
    input: z
      .object({
        draftId: z.string().min(8).max(64),
        form: WroForm,
        pendingSince: z.iso.datetime({ offset: true }).optional(),
      })
      .strict(),
    output: z.object({ order: ReceivingOrder, reconciled: z.boolean() }),
  },
} as const;
