/**
 * What a clerk counts as a closed receiving order "received with a discrepancy", read from the
 * service's raw answers, written here apart from the desk's own code so tests compare the desk with
 * the service rather than with itself: any item counted otherwise than expected, or (every count equal)
 * a box that received an item under another lot or expiry day than its ordered line.
 */
export interface RawQuantity {
  expected_quantity: number | null;
  received_quantity: number | null;
}
export interface RawBoxLine {
  inventory_id: number;
  quantity: number;
  received_quantity: number;
  lot_number: string | null;
  lot_date: string | null;
}

export const countDiffers = (quantities: readonly RawQuantity[] | null) =>
  (quantities ?? []).some((q) => (q.received_quantity ?? 0) !== (q.expected_quantity ?? 0));

export const lotReceivedOtherwise = (boxes: readonly { box_items: readonly RawBoxLine[] }[]) =>
  boxes.some((box) =>
    box.box_items.some(
      (came) =>
        came.quantity === 0 &&
        came.received_quantity > 0 &&
        box.box_items.some(
          (named) =>
            named.inventory_id === came.inventory_id &&
            named.quantity > 0 &&
            ((named.lot_number ?? '') !== (came.lot_number ?? '') || named.lot_date?.slice(0, 10) !== came.lot_date?.slice(0, 10)),
        ),
    ),
  );
