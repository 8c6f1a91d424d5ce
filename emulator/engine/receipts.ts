import { z } from 'zod';
import type { StoredBox, StoredBoxItem, StoredWro } from '../data/model.js';

/**
 * A receipt as the warehouse makes it, for the control API (POST /__emulator/receiving/{id}/receive)
 * and the seeded data: which boxes came, and per line what was counted, stowed, and under which lot
 * and expiry. What the service then shows follows from it, as on the service: the ordered line keeps
 * its quantity and gets what was counted against it; units counted under another lot or expiry (or of
 * an item the box did not name) become a line of their own, expected 0; a box that never came stays
 * Awaiting with nothing received.
 */
export const ReceiptLine = z
  .object({
    inventoryId: z.number().int(),
    /** Which ordered line of the item (when the box has several lots of it); absent: the item's first line. */
    lotNumber: z.string().nullable().optional(),
    received: z.number().int().min(0),
    /** Absent: everything received is stowed. */
    stowed: z.number().int().min(0).optional(),
    /** The lot and expiry on the units that came, when they differ from the line's. */
    receivedLotNumber: z.string().nullable().optional(),
    receivedExpiry: z.iso.date().nullable().optional(),
  })
  .strict()
  .refine((l) => l.stowed === undefined || l.stowed <= l.received, { message: 'stowed cannot exceed received', path: ['stowed'] });
export type ReceiptLine = z.infer<typeof ReceiptLine>;

export const Receipt = z
  .object({
    boxes: z
      .array(
        z
          .object({
            boxId: z.number().int(),
            /** false: the box never came (it stays Awaiting and no longer moves on the clock). */
            received: z.boolean().default(true),
            /** Lines counted otherwise than expected; a line not named is counted and stowed as ordered. */
            lines: z.array(ReceiptLine).max(1000).default([]),
          })
          .strict(),
      )
      .min(1)
      .max(500),
    /** true (default): the warehouse closes the order: Completed, or Incomplete when a box never came. */
    close: z.boolean().default(true),
  })
  .strict();
export type Receipt = z.infer<typeof Receipt>;

/** What a receipt moved, for the engine's inventory, history and webhooks. */
export interface ReceiptMove {
  item: StoredBoxItem;
  /** Units newly counted into stock on this line (may be negative when a count is corrected down). */
  received: number;
  /** Units of the order's expectation this line no longer awaits. */
  awaited: number;
}

/** Why a receipt cannot apply to this order, in words; null when it can. */
export function receiptProblem(wro: StoredWro, receipt: Receipt): string | null {
  if (wro.status === 'Cancelled') return `Receiving order ${wro.id} is cancelled.`;
  for (const b of receipt.boxes) {
    const box = wro.boxes.find((x) => x.box_id === b.boxId);
    if (!box) return `Receiving order ${wro.id} has no box ${b.boxId}.`;
    for (const line of b.lines) {
      const named = box.box_items.some((i) => i.inventory_id === line.inventoryId && (line.lotNumber === undefined || i.lot_number === line.lotNumber));
      if (!named && line.lotNumber !== undefined) return `Box ${b.boxId} has no line of item ${line.inventoryId} with lot ${line.lotNumber}.`;
    }
  }
  return null;
}

/** Applies one box's count: every line's received and stowed quantity, extra lines for what came otherwise. */
export function countBox(box: StoredBox, lines: readonly ReceiptLine[], at: string): ReceiptMove[] {
  const moves: ReceiptMove[] = [];
  const ordered = box.box_items.filter((i) => i.quantity > 0);
  const counted = new Map<StoredBoxItem, { received: number; stowed: number }>();
  const add = (item: StoredBoxItem, received: number, stowed: number) => {
    const c = counted.get(item) ?? { received: 0, stowed: 0 };
    counted.set(item, { received: c.received + received, stowed: c.stowed + stowed });
  };
  for (const line of lines) {
    const target = ordered.find((i) => i.inventory_id === line.inventoryId && (line.lotNumber === undefined || i.lot_number === line.lotNumber));
    const lot = line.receivedLotNumber !== undefined ? line.receivedLotNumber : (target?.lot_number ?? null);
    const expiry = line.receivedExpiry !== undefined ? (line.receivedExpiry ? `${line.receivedExpiry}T00:00:00Z` : null) : (target?.lot_date ?? null);
    const same = target && lot === target.lot_number && (expiry ?? '').slice(0, 10) === (target.lot_date ?? '').slice(0, 10);
    const into = same ? target : extraLine(box, line.inventoryId, lot, expiry);
    add(into, line.received, line.stowed ?? line.received);
    // The ordered line was counted: what came under another lot is not counted against it.
    if (target && !same) add(target, 0, 0);
  }
  for (const item of ordered) if (!counted.has(item)) add(item, item.quantity, item.quantity);
  for (const [item, c] of counted) {
    const wasReceived = item.received_quantity;
    item.received_quantity = c.received;
    item.stowed_quantity = c.stowed;
    moves.push({ item, received: c.received - wasReceived, awaited: box.received_date === null ? item.quantity : 0 });
  }
  box.arrived_date ??= at;
  box.counting_started_date ??= at;
  box.received_date ??= at;
  box.arrive_at = null;
  box.box_status = box.box_items.every((i) => i.stowed_quantity === i.received_quantity) ? 'Completed' : 'Stowing';
  return moves;
}

/** The box's line for units that came under this lot and expiry (expected 0), made when there is none. */
function extraLine(box: StoredBox, inventoryId: number, lot: string | null, expiry: string | null): StoredBoxItem {
  const found = box.box_items.find(
    (i) => i.quantity === 0 && i.inventory_id === inventoryId && i.lot_number === lot && (i.lot_date ?? '').slice(0, 10) === (expiry ?? '').slice(0, 10),
  );
  if (found) return found;
  const line: StoredBoxItem = { inventory_id: inventoryId, quantity: 0, received_quantity: 0, stowed_quantity: 0, lot_number: lot, lot_date: expiry };
  box.box_items.push(line);
  return line;
}

/** A box that never came: nothing received, and the clock no longer brings it. */
export function boxNeverCame(box: StoredBox): void {
  box.arrive_at = null;
  box.box_status = 'Awaiting';
  box.arrived_date = null;
  box.received_date = null;
  box.counting_started_date = null;
  for (const item of box.box_items) {
    item.received_quantity = 0;
    item.stowed_quantity = 0;
  }
}
