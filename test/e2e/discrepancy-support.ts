import type { EmulatorControl } from '../../emulator/control-client.js';
import type { StoredWro } from '../../emulator/data/model.js';

/**
 * Receipts the warehouse makes on seeded orders, through the emulator's control API: the discrepancy
 * views' tests and screenshots read what they leave. Orders still awaiting their boxes are used, so
 * the counts other views read of closed orders stay as seeded.
 */
export interface Received {
  short: StoredWro;
  /** Units short on the short order's first line. */
  shortBy: number;
  over: StoredWro;
  otherExpiry: StoredWro | null;
  missingBox: StoredWro;
}

const awaiting = (orders: StoredWro[]) => orders.filter((w) => w.status === 'Awaiting' && w.boxes.length > 0 && w.boxes[0]!.box_items.length > 0);

/** One order received short by 2 on its first box's first line, the rest as ordered. */
export async function receiveShort(control: EmulatorControl, wro: StoredWro): Promise<number> {
  const line = wro.boxes[0]!.box_items[0]!;
  await control.receive(wro.id, {
    boxes: wro.boxes.map((b, i) => ({
      boxId: b.box_id,
      lines: i === 0 ? [{ inventoryId: line.inventory_id, lotNumber: line.lot_number, received: line.quantity - 2 }] : [],
    })),
  });
  return 2;
}

/** Every case at once on four seeded orders: short, over (part stowed), a lot under another expiry (when one has a lot), a box never received. */
export async function receiveEveryCase(control: EmulatorControl): Promise<Received> {
  const orders = awaiting(await control.data('receivingOrders'));
  const lotted = orders.find((w) => w.boxes[0]!.box_items[0]!.lot_number !== null) ?? null;
  const multiBox = orders.find((w) => w.boxes.length >= 2 && w !== lotted)!;
  const [short, over] = orders.filter((w) => w !== lotted && w !== multiBox);
  const shortBy = await receiveShort(control, short!);
  const overLine = over!.boxes[0]!.box_items[0]!;
  await control.receive(over!.id, {
    boxes: over!.boxes.map((b, i) => ({
      boxId: b.box_id,
      lines:
        i === 0 ? [{ inventoryId: overLine.inventory_id, lotNumber: overLine.lot_number, received: overLine.quantity + 5, stowed: overLine.quantity }] : [],
    })),
  });
  if (lotted) {
    const line = lotted.boxes[0]!.box_items[0]!;
    await control.receive(lotted.id, {
      boxes: lotted.boxes.map((b, i) => ({
        boxId: b.box_id,
        lines: i === 0 ? [{ inventoryId: line.inventory_id, lotNumber: line.lot_number, received: line.quantity, receivedExpiry: '2031-01-31' }] : [],
      })),
    });
  }
  await control.receive(multiBox.id, { boxes: multiBox.boxes.map((b, i) => ({ boxId: b.box_id, received: i !== multiBox.boxes.length - 1 })) });
  return { short: short!, shortBy, over: over!, otherExpiry: lotted, missingBox: multiBox };
}
