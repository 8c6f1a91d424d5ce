import { describe, expect, it } from 'vitest';
import { shapeWro } from '../../emulator/api/receiving.js';
import { generateData } from '../../emulator/data/generate.js';
import { discrepancyCsv, discrepancyRow, orderDiscrepancies, sortDiscrepancyRows } from '../../areas/receiving/core/discrepancies.js';
import { otherLotUnits } from '../../areas/receiving/common/difference.js';
import { englishWords, wordsFor } from '../../electron/core/words.js';
import type { ReceivingBox, ReceivingOrder } from '../../shared/schemas/receiving.js';

/** The seeded warehouse holds every discrepancy case, and main's computation names each as the service shows it. */
describe('receiving discrepancies of the seeded data', () => {
  const data = generateData({ seed: 20261121, inventoryItems: 240, receivingOrders: 64, now: new Date('2026-11-21T09:30:00Z') });
  const sku = new Map(data.inventory.map((i) => [i.inventory_id, i.sku]));
  const read = data.receivingOrders.map((w) => {
    const order = shapeWro(w, '2026-07') as ReceivingOrder;
    for (const q of order.inventory_quantities ?? []) q.sku = sku.get(q.inventory_id) ?? '';
    const boxes = w.boxes.map(({ arrive_at: _at, ...box }) => box) as ReceivingBox[];
    return { order, discrepancies: orderDiscrepancies(order, boxes, () => null) };
  });
  const closed = read.filter((r) => r.discrepancies.closed);

  it('has a closed order received over, one short, one under another expiry and one without a box', () => {
    expect(closed.some((r) => r.discrepancies.lines.some((l) => l.mark === 'over' && l.expected > 0))).toBe(true);
    expect(closed.some((r) => r.discrepancies.lines.some((l) => l.mark === 'short'))).toBe(true);
    expect(closed.some((r) => r.discrepancies.lotDifferences.length > 0)).toBe(true);
    const missing = closed.find((r) => r.discrepancies.missingBoxes.length > 0);
    expect(missing?.discrepancies.status).toBe('Incomplete');
  });

  it('lists the closed orders whose count differs, largest first, from the order list alone', () => {
    const rows = sortDiscrepancyRows(closed.map((r) => discrepancyRow(r.order)).filter((r) => r !== null));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.map((r) => r.size)).toEqual([...rows.map((r) => r.size)].sort((a, b) => b - a));
    for (const row of rows) {
      const d = closed.find((r) => r.order.id === row.orderId)!.discrepancies;
      // The list counts from the order's own quantities, the report from its boxes: the same counts.
      expect([row.short, row.over]).toEqual([d.totals.short, d.totals.over]);
    }
  });

  it('exports every line, box and lot difference as CSV rows under one header', () => {
    for (const { discrepancies: d } of closed) {
      const lines = discrepancyCsv(d, englishWords).trimEnd().split('\r\n');
      expect(lines).toHaveLength(1 + d.lines.length + d.missingBoxes.length + d.lotDifferences.length);
    }
  });

  it('writes its headings, sections and marks in the clerk’s language; names and numbers as they are', () => {
    const { discrepancies: d } = closed.find((r) => r.discrepancies.lines.some((l) => l.mark === 'short'))!;
    const [head, ...rows] = discrepancyCsv(d, wordsFor('system', ['de-DE']))
      .trimEnd()
      .split('\r\n');
    expect(head).toBe(
      'Abschnitt,Wareneingang,Bestellnummer,Center,Artikel,SKU,Charge,MHD,Karton,Sendungsnummer,Erwartet,Eingegangen,Eingelagert,Differenz,Kennzeichen,Eingegangene Charge,Eingegangenes MHD,Eingegangen am',
    );
    const short = d.lines.find((l) => l.mark === 'short')!;
    expect(rows).toContainEqual(expect.stringMatching(new RegExp(`^Artikel,${d.orderId},.*,${short.sku},.*,${short.difference},zu wenig,,,$`)));
  });
});

/** The delivery a clerk met: 21 of lot A ordered, 15 came under lot B (another expiry too). */
describe('one delivery received short and under another lot', () => {
  const order = {
    id: 501,
    status: 'Completed',
    purchase_order_number: 'PO-SWAP',
    insert_date: '2026-11-20T10:00:00Z',
    fulfillment_center: { id: 3, name: 'Reno', timezone: 'America/Los_Angeles' },
    inventory_quantities: [
      { inventory_id: 7, sku: 'TEA-GRN-0100', expected_quantity: 21, received_quantity: 15, stowed_quantity: 15 },
      { inventory_id: 8, sku: 'MUG-BLK-0001', expected_quantity: 4, received_quantity: 4, stowed_quantity: 4 },
    ],
  } as unknown as ReceivingOrder;
  const boxes = [
    {
      box_id: 91,
      box_number: 1,
      box_status: 'Completed',
      received_date: '2026-11-21T16:00:00Z',
      box_items: [
        { inventory_id: 7, quantity: 21, received_quantity: 0, stowed_quantity: 0, lot_number: 'A-1', lot_date: '2027-03-01T00:00:00Z' },
        { inventory_id: 7, quantity: 0, received_quantity: 15, stowed_quantity: 15, lot_number: 'B-2', lot_date: '2027-05-01T00:00:00Z' },
        { inventory_id: 8, quantity: 4, received_quantity: 4, stowed_quantity: 4, lot_number: null, lot_date: null },
      ],
    },
  ] as unknown as ReceivingBox[];

  it('is 6 short and 15 under another lot in the report, not 21 short and 15 over; the differing line first', () => {
    const d = orderDiscrepancies(order, boxes, () => null);
    expect(d.totals).toMatchObject({ expected: 25, received: 19, short: 6, over: 0, otherLot: 15 });
    expect(d.lines.map((l) => [l.sku, l.short, l.over, l.otherLot])).toEqual([
      ['TEA-GRN-0100', 6, 0, 15],
      ['MUG-BLK-0001', 0, 0, 0],
    ]);
    expect(d.lines[0]!.lots).toEqual([{ lotNumber: 'A-1', lotDate: '2027-03-01' }]);
    expect(d.lotDifferences).toEqual([expect.objectContaining({ orderedLot: 'A-1', receivedLot: 'B-2', receivedExpiry: '2027-05-01', quantity: 15 })]);
  });

  it('is the same counts on the discrepancy list (and Today) once the boxes are read, and short only before', () => {
    expect(discrepancyRow(order, otherLotUnits(boxes))).toMatchObject({ short: 6, over: 0, otherLot: 15, size: 21, items: 1 });
    expect(discrepancyRow(order, null)).toMatchObject({ short: 6, over: 0, otherLot: null, size: 6 });
  });

  it('a lot swap with every count equal is still a row: the units under another lot', () => {
    const even = {
      ...order,
      inventory_quantities: [{ inventory_id: 7, sku: 'TEA-GRN-0100', expected_quantity: 15, received_quantity: 15 }],
    } as unknown as ReceivingOrder;
    const swapped = [{ ...boxes[0]!, box_items: [{ ...boxes[0]!.box_items![0]!, quantity: 15 }, boxes[0]!.box_items![1]!] }] as ReceivingBox[];
    expect(discrepancyRow(even, otherLotUnits(swapped))).toMatchObject({ short: 0, over: 0, otherLot: 15, size: 15 });
    expect(discrepancyRow(even, new Map())).toBeNull();
  });
});
