import { z } from 'zod';
import { LotExclusion } from '../../../shared/schemas/lots.js';
import { ReceivingBox, ReceivingOrder } from '../../../shared/schemas/receiving.js';
import { ReturnRecord } from '../../../shared/schemas/returns.js';
import { UnidentifiedReceivingOrder } from '../../../shared/schemas/uro.js';

/**
 * What the account mirror keeps on disk: the service's records as it sent them (read again with the
 * same schemas on load), and when each part was last read. Kept whole rather than reduced to what
 * today's screens show, so that a screen added later answers from it without a new file format.
 */

/** An order's boxes as last read: their ids and tracking numbers, with the order's last_updated_date then. */
export const MirrorBox = z.object({ boxId: z.number().int(), boxNumber: z.number().int().nullable(), tracking: z.string().nullable() });
export type MirrorBox = z.infer<typeof MirrorBox>;

export const MirrorBoxes = z.object({
  readAt: z.string(),
  orderUpdated: z.string().nullable(),
  boxes: z.array(MirrorBox),
  /**
   * The boxes whole, as the service sent them (their lines and counts): an order's page opens on them
   * at once and reads the service behind. Absent in a file written before they were kept.
   */
  whole: z.array(ReceivingBox).optional(),
  /**
   * The order as its page read it with these boxes, kept even before a pass has read every order, so
   * what is made of it later (a claim pack) is made offline too. Look-ups never read it.
   */
  order: ReceivingOrder.optional(),
});
export type MirrorBoxes = z.infer<typeof MirrorBoxes>;

/** One item's lot exclusions (active and deleted alike) as last read, with the item's name and SKU. */
export const MirrorLotItem = z.object({
  inventoryId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  readAt: z.string(),
  exclusions: z.array(LotExclusion),
});
export type MirrorLotItem = z.infer<typeof MirrorLotItem>;

export const MirrorState = z.object({
  /** When each part was last read whole (null: never). */
  receivingAt: z.string().nullable(),
  returnsAt: z.string().nullable(),
  receiptsAt: z.string().nullable(),
  orders: z.array(ReceivingOrder),
  /** By order id (as a string: JSON keys). */
  boxes: z.record(z.string(), MirrorBoxes),
  returns: z.array(ReturnRecord),
  /** The receipts not yet linked to an order (the service lists them apart: isCompleted=false). */
  receipts: z.array(UnidentifiedReceivingOrder),
  /** The newest linked receipts (LINKED_RECEIPT_PAGES pages): a scan of a receipt's label finds what became of it. */
  linkedReceipts: z.array(UnidentifiedReceivingOrder).default([]),
  /** By inventory id; every lot-tracked item of the item cache once the first pass is done. */
  lots: z.record(z.string(), MirrorLotItem),
});
export type MirrorState = z.infer<typeof MirrorState>;

export function emptyMirror(): MirrorState {
  return { receivingAt: null, returnsAt: null, receiptsAt: null, orders: [], boxes: {}, returns: [], receipts: [], linkedReceipts: [], lots: {} };
}
