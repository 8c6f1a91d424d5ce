import { describe, expect, it } from 'vitest';
import { shapeWro } from '../../emulator/api/receiving.js';
import { generateData } from '../../emulator/data/generate.js';
import { discrepancyCsv, discrepancyRow, orderDiscrepancies, sortDiscrepancyRows } from '../../electron/core/receiving/discrepancies.js';
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
      // Per item the list and the order agree; by lot the order may say more (another expiry evens out per item).
      expect(row.short - row.over).toBe(d.totals.short - d.totals.over);
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
