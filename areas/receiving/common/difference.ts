import { expiryDay } from '../../../shared/time/expiry.js';

/**
 * What one receiving order received against what it expected, computed in one place for every view
 * that says it (Today's tile, the receiving list's marker, the order's page, the discrepancy report
 * and its CSV), so a clerk reads the same counts everywhere:
 * - short and over are counted item by item (all of an item's lots together): 21 of lot A ordered, 15
 *   of lot B received is 6 short, not 21 short and 15 over;
 * - units that came under another lot or expiry than the order named are counted apart, from the
 *   boxes (the order's own quantities do not say lots), and null where the boxes were not read.
 *
 * How the warehouse records a lot received under another lot or expiry: the box keeps the ordered line
 * (received short of it) and carries a line of its own for what came, expected 0.
 */
/** One item's count on an order (the order's `inventory_quantities`, or its boxes' lines summed). */
export interface ItemCount {
  inventoryId: number;
  expected: number;
  received: number;
}

export interface Difference {
  /** Units short, item by item. */
  short: number;
  /** Units over, item by item. */
  over: number;
  /** Units received under another lot or expiry than ordered; null when the boxes were not read. */
  otherLot: number | null;
}

export interface ItemDifference extends ItemCount, Difference {
  otherLot: number;
}

/** A box's line as this module reads it (absent counts as none). */
export interface BoxLine {
  inventory_id: number;
  quantity?: number | null;
  received_quantity?: number | null;
  lot_number?: string | null;
  lot_date?: string | null;
}

/** A line a box received that the order did not name (expected 0), set against the line the box named for that item. */
export interface OtherLotLine<L extends BoxLine> {
  ordered: L;
  received: L;
  units: number;
}

/** The lines of one box received under another lot or expiry than the box's ordered line for that item. */
export function otherLotLines<L extends BoxLine>(lines: readonly L[]): OtherLotLine<L>[] {
  return lines
    .filter((l) => (l.quantity ?? 0) === 0 && (l.received_quantity ?? 0) > 0)
    .flatMap((came) => {
      const ordered = lines.find((l) => l.inventory_id === came.inventory_id && (l.quantity ?? 0) > 0);
      if (!ordered) return [];
      const sameLot = (ordered.lot_number ?? '') === (came.lot_number ?? '') && expiryDay(ordered.lot_date) === expiryDay(came.lot_date);
      return sameLot ? [] : [{ ordered, received: came, units: came.received_quantity ?? 0 }];
    });
}

/** Units an order's boxes received under another lot or expiry, by item. */
export function otherLotUnits(boxes: readonly { box_items?: readonly BoxLine[] | null }[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const box of boxes)
    for (const line of otherLotLines(box.box_items ?? [])) units.set(line.received.inventory_id, (units.get(line.received.inventory_id) ?? 0) + line.units);
  return units;
}

/** Each item's difference: short or over of its count, and the units it received under another lot (0 where none or not read). */
export function itemDifferences(counts: readonly ItemCount[], otherLot: ReadonlyMap<number, number> | null = null): ItemDifference[] {
  const byItem = new Map<number, ItemCount>();
  for (const c of counts) {
    const known = byItem.get(c.inventoryId);
    byItem.set(c.inventoryId, known ? { ...known, expected: known.expected + c.expected, received: known.received + c.received } : { ...c });
  }
  return [...byItem.values()].map((c) => ({
    ...c,
    short: Math.max(0, c.expected - c.received),
    over: Math.max(0, c.received - c.expected),
    otherLot: otherLot?.get(c.inventoryId) ?? 0,
  }));
}

/** The order's difference in total: units short and over item by item, and units under another lot (null: boxes not read). */
export function orderDifference(counts: readonly ItemCount[], otherLot: ReadonlyMap<number, number> | null): Difference {
  const items = itemDifferences(counts, otherLot);
  return {
    short: items.reduce((n, i) => n + i.short, 0),
    over: items.reduce((n, i) => n + i.over, 0),
    otherLot: otherLot === null ? null : items.reduce((n, i) => n + i.otherLot, 0) + unlistedOtherLot(items, otherLot),
  };
}

/** Units under another lot of items the counts do not hold (a box's own line only): still part of the order's total. */
function unlistedOtherLot(items: readonly ItemCount[], otherLot: ReadonlyMap<number, number>): number {
  const listed = new Set(items.map((i) => i.inventoryId));
  let n = 0;
  for (const [id, units] of otherLot) if (!listed.has(id)) n += units;
  return n;
}

/** Whether the difference is worth a clerk's look: anything short, over or under another lot. */
export const differs = (d: Difference): boolean => d.short + d.over + (d.otherLot ?? 0) > 0;

/** The order's own per-item quantities as counts. */
export const countsOf = (quantities: readonly { inventory_id: number; expected_quantity?: number | null; received_quantity?: number | null }[]): ItemCount[] =>
  quantities.map((q) => ({ inventoryId: q.inventory_id, expected: q.expected_quantity ?? 0, received: q.received_quantity ?? 0 }));
