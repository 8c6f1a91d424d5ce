import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDiscrepancies } from '../../areas/receiving/common/ipc.js';
import { emptyWroForm, emptyWroItem, type WroForm } from '../../shared/schemas/wro-form.js';
import { csvCenterTime } from '../../areas/receiving/core/discrepancies.js';
import { parseSheet } from '../../areas/receiving/core/import/index.js';
import { EmulatorClient } from '../support/emulator-client.js';
import { apiRequestsSince, callCore, createTestCore, emulatorControl, lastRequestSeq, signIn, type TestCore } from '../support/test-core.js';

/**
 * Discrepancies through the real core against the real emulator: each case the warehouse can make
 * (short, over, stowed in part, a lot received under another expiry, a box never received) made with
 * the emulator's control API, then read as the order's discrepancies, its CSV and the list across orders.
 */
let t: TestCore;
let api: EmulatorClient;
type Inv = { inventory_id: number; sku: string; name: string; is_lot: boolean; variant: { is_bundle: boolean; is_digital: boolean; is_active: boolean } };
let plain: Inv;
let lot: Inv;
let fcId: number;
const run = Date.now().toString(36).slice(-5).toUpperCase();

function localIn(hours: number): string {
  const d = new Date(Date.now() + hours * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
function today(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** Three boxes: 5 of the plain item; 3 of the lot item (lot L-42, expiring 2027-03-01); 4 more of the plain item. */
function threeBoxForm(po: string): WroForm {
  const form = emptyWroForm();
  form.fulfillment_center.id = fcId;
  form.expected_arrival_date = localIn(48);
  form.purchase_order_number = po;
  const plainLine = (quantity: number) => ({ ...emptyWroItem(), code: plain.sku, inventory_id: plain.inventory_id, sku: plain.sku, quantity });
  form.boxes = [
    { tracking_number: `1Z${po}A`, box_items: [plainLine(5)] },
    {
      tracking_number: `1Z${po}B`,
      box_items: [{ ...emptyWroItem(), code: lot.sku, sku: lot.sku, is_lot: true, quantity: 3, lot_number: 'L-42', lot_date: '2027-03-01' }],
    },
    { tracking_number: `1Z${po}C`, box_items: [plainLine(4)] },
  ];
  return form;
}

/** An order made through the desk, and its boxes' ids by box number. */
async function newOrder(tag: string): Promise<{ id: number; boxes: number[] }> {
  const { order } = await callCore(t, 'receiving.create', { draftId: `discrep-${run}-${tag}`, form: threeBoxForm(`D${run}${tag}`) });
  // Read behind the desk's back: the desk's view of the order is read after the warehouse counted.
  const boxes = await api.get<{ box_id: number; box_number: number }[]>(`/2026-07/receiving/${order.id}/boxes`);
  return { id: order.id, boxes: boxes.sort((a, b) => a.box_number - b.box_number).map((b) => b.box_id) };
}

async function receive(id: number, body: unknown): Promise<void> {
  const answer = (await emulatorControl(t, 'POST', `/receiving/${id}/receive`, body)) as { id?: number; detail?: string };
  if (answer?.id !== id) throw new Error(`receive ${id}: ${JSON.stringify(answer)}`);
}

const lineOf = (d: OrderDiscrepancies, inventoryId: number) => d.lines.find((l) => l.inventoryId === inventoryId)!;

/** The CSV's rows as cells, read as a spreadsheet reads them (the import's own reader). */
const csvRows = async (text: string) => {
  const sheet = await parseSheet(text);
  return [sheet.headers, ...sheet.rows.map((r) => r.cells)];
};

let short: { id: number; boxes: number[] };
let over: { id: number; boxes: number[] };
let otherExpiry: { id: number; boxes: number[] };
let missing: { id: number; boxes: number[] };

beforeAll(async () => {
  t = await createTestCore();
  await signIn(t);
  const pat = (await emulatorControl(t, 'POST', '/pats', { name: 'receiving-discrepancies' })) as { token: string };
  api = new EmulatorClient(t.core.emulator.url, pat.token);
  const { items } = await api.get<{ items: Inv[] }>('/2026-07/inventory?PageSize=500');
  const usable = items.filter((i) => !i.variant.is_bundle && !i.variant.is_digital && i.sku);
  plain = usable.find((i) => !i.is_lot)!;
  lot = usable.find((i) => i.is_lot)!;
  fcId = (await callCore(t, 'inventory.centers', {})).items[0]!.id;
  // Names come from the item cache: its first sync must have ended.
  await t.inventorySyncsEnded(1, 120_000);
  [short, over, otherExpiry, missing] = [await newOrder('S'), await newOrder('O'), await newOrder('L'), await newOrder('M')];
  // Short: box 1 counted 3 of 5 (2 short).
  await receive(short.id, { boxes: short.boxes.map((boxId, i) => ({ boxId, lines: i === 0 ? [{ inventoryId: plain.inventory_id, received: 3 }] : [] })) });
  // Over: box 3 counted 8 of 4 (4 over), 6 of them stowed so far.
  await receive(over.id, {
    boxes: over.boxes.map((boxId, i) => ({ boxId, lines: i === 2 ? [{ inventoryId: plain.inventory_id, received: 8, stowed: 6 }] : [] })),
  });
  // Another expiry: box 2's 3 units of lot L-42 came expiring 2027-06-01.
  await receive(otherExpiry.id, {
    boxes: otherExpiry.boxes.map((boxId, i) => ({
      boxId,
      lines: i === 1 ? [{ inventoryId: lot.inventory_id, lotNumber: 'L-42', received: 3, receivedExpiry: '2027-06-01' }] : [],
    })),
  });
  // A box never received: box 3 (4 units) never came; the order is closed Incomplete.
  await receive(missing.id, { boxes: missing.boxes.map((boxId, i) => ({ boxId, received: i !== 2 })) });
}, 180_000);
afterAll(async () => t?.dispose());

describe("an order's discrepancies", () => {
  it('a short receipt: the item 2 short, the other lines even, the order closed', async () => {
    const d = await callCore(t, 'receiving.discrepancies', { id: short.id });
    expect(d.closed).toBe(true);
    expect(d.status).toBe('Completed');
    const line = lineOf(d, plain.inventory_id);
    expect(line).toMatchObject({ expected: 9, received: 7, stowed: 7, difference: -2, mark: 'short', sku: plain.sku, name: plain.name });
    expect(lineOf(d, lot.inventory_id)).toMatchObject({
      expected: 3,
      received: 3,
      difference: 0,
      mark: 'even',
      lots: [{ lotNumber: 'L-42', lotDate: '2027-03-01' }],
    });
    expect(d.totals).toMatchObject({ expected: 12, received: 10, short: 2, over: 0, otherLot: 0 });
    // The line that differs comes first.
    expect(d.lines[0]!.inventoryId).toBe(plain.inventory_id);
    expect(d.missingBoxes).toEqual([]);
    expect(d.lotDifferences).toEqual([]);
  });

  it('an over receipt: 4 over, stowed as far as the warehouse got', async () => {
    const d = await callCore(t, 'receiving.discrepancies', { id: over.id });
    expect(lineOf(d, plain.inventory_id)).toMatchObject({ expected: 9, received: 13, stowed: 11, difference: 4, mark: 'over' });
    expect(d.totals).toMatchObject({ short: 0, over: 4 });
  });

  it('a lot received under another expiry: the item neither short nor over, its 3 units under another lot, and the difference named', async () => {
    const d = await callCore(t, 'receiving.discrepancies', { id: otherExpiry.id });
    expect(lineOf(d, lot.inventory_id)).toMatchObject({ expected: 3, received: 3, short: 0, over: 0, otherLot: 3, mark: 'even' });
    expect(d.totals).toMatchObject({ short: 0, over: 0, otherLot: 3 });
    expect(d.lines[0]!.inventoryId).toBe(lot.inventory_id);
    expect(d.lotDifferences).toHaveLength(1);
    expect(d.lotDifferences[0]).toMatchObject({
      boxNumber: 2,
      inventoryId: lot.inventory_id,
      orderedLot: 'L-42',
      orderedExpiry: '2027-03-01',
      receivedLot: 'L-42',
      receivedExpiry: '2027-06-01',
      quantity: 3,
    });
  });

  it('a box never received: listed with its units, the order Incomplete and short by them', async () => {
    const d = await callCore(t, 'receiving.discrepancies', { id: missing.id });
    expect(d.status).toBe('Incomplete');
    expect(d.missingBoxes).toEqual([expect.objectContaining({ boxId: missing.boxes[2], boxNumber: 3, expected: 4, status: 'Awaiting' })]);
    expect(lineOf(d, plain.inventory_id)).toMatchObject({ expected: 9, received: 5, difference: -4, mark: 'short' });
  });

  it('the CSV export says what the discrepancies say: every line, box and lot difference, names, SKUs and the time in the center zone', async () => {
    for (const order of [short, over, otherExpiry, missing]) {
      const d = await callCore(t, 'receiving.discrepancies', { id: order.id });
      const csv = await callCore(t, 'receiving.discrepancyCsv', { id: order.id });
      expect(csv.fileName).toBe(`wro-${order.id}-discrepancies.csv`);
      const [head, ...rows] = await csvRows(csv.text);
      const col = (name: string) => head!.indexOf(name);
      const items = rows.filter((r) => r[0] === 'Item');
      expect(items).toHaveLength(d.lines.length);
      for (const [i, l] of d.lines.entries()) {
        const r = items[i]!;
        expect([r[col('Item')], r[col('SKU')], r[col('Lot')], r[col('Expiry')]]).toEqual([
          l.name ?? '',
          l.sku ?? '',
          l.lots.map((x) => x.lotNumber ?? '').join('; '),
          l.lots.map((x) => x.lotDate ?? '').join('; '),
        ]);
        expect([r[col('Expected')], r[col('Received')], r[col('Stowed')], r[col('Difference')]].map(Number)).toEqual([
          l.expected,
          l.received,
          l.stowed,
          l.difference,
        ]);
        expect(r[col('Mark')]).toBe(l.mark === 'even' ? '' : l.mark);
      }
      expect(rows.filter((r) => r[0] === 'Box not received').map((r) => Number(r[col('Box')]))).toEqual(d.missingBoxes.map((b) => b.boxNumber));
      const lots = rows.filter((r) => r[0] === 'Lot or expiry differs');
      expect(lots.map((r) => [r[col('Received expiry')], r[col('Received at')]])).toEqual(
        d.lotDifferences.map((x) => [x.receivedExpiry, csvCenterTime(x.receivedAt, d.center.timeZone)]),
      );
    }
    const lots = (await csvRows((await callCore(t, 'receiving.discrepancyCsv', { id: otherExpiry.id })).text)).filter((r) => r[0] === 'Lot or expiry differs');
    expect(lots[0]![lots[0]!.length - 1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d \S+$/);
  });
});

describe('the discrepancy list', () => {
  it('holds each closed order whose received differs, largest first, counted as its report counts it; boxes the desk holds are not read again', async () => {
    const since = await lastRequestSeq(t);
    const list = await callCore(t, 'receiving.discrepancyList', { from: today(), to: today(), fc: fcId });
    const requests = (await apiRequestsSince(t, since)).map((r) => `${r.method} ${r.path}`);
    // Our orders hold a lot item, and each report above read its boxes: the list reads none of them.
    expect(requests[0]).toBe('GET /2026-07/receiving');
    for (const id of [short.id, over.id, otherExpiry.id, missing.id]) expect(requests).not.toContain(`GET /2026-07/receiving/${id}/boxes`);
    expect(list.requests).toBe(requests.length);
    const ours = list.rows.filter((r) => [short.id, over.id, otherExpiry.id, missing.id].includes(r.orderId));
    expect(ours.map((r) => [r.orderId, r.short, r.over, r.otherLot, r.size])).toEqual([
      [missing.id, 4, 0, 0, 4],
      [over.id, 0, 4, 0, 4],
      [otherExpiry.id, 0, 0, 3, 3],
      [short.id, 2, 0, 0, 2],
    ]);
    for (const row of ours) {
      const d = await callCore(t, 'receiving.discrepancies', { id: row.orderId });
      expect([row.short, row.over, row.otherLot]).toEqual([d.totals.short, d.totals.over, d.totals.otherLot]);
    }
    // Largest first throughout, and only closed orders that differ in count or in lot.
    expect(list.rows.map((r) => r.size)).toEqual([...list.rows.map((r) => r.size)].sort((a, b) => b - a));
    expect(list.rows.every((r) => r.size > 0 && ['Completed', 'Incomplete'].includes(r.status))).toBe(true);
  });

  it('a delivery short and under another lot: its boxes read once by the list, the same counts as its report; the list again costs only its own request', async () => {
    const swap = await newOrder('X');
    // Box 2: 2 of the 3 units of lot L-42 came, expiring 2027-06-01 instead of 2027-03-01.
    await receive(swap.id, {
      boxes: swap.boxes.map((boxId, i) => ({
        boxId,
        lines: i === 1 ? [{ inventoryId: lot.inventory_id, lotNumber: 'L-42', received: 2, receivedExpiry: '2027-06-01' }] : [],
      })),
    });
    let since = await lastRequestSeq(t);
    const first = await callCore(t, 'receiving.discrepancyList', { from: today(), to: today(), fc: fcId });
    const requests = (await apiRequestsSince(t, since)).map((r) => `${r.method} ${r.path}`);
    expect(requests.filter((r) => r === `GET /2026-07/receiving/${swap.id}/boxes`)).toHaveLength(1);
    expect(first.rows.find((r) => r.orderId === swap.id)).toMatchObject({ short: 1, over: 0, otherLot: 2, size: 3, items: 1 });
    since = await lastRequestSeq(t);
    const again = await callCore(t, 'receiving.discrepancyList', { from: today(), to: today(), fc: fcId });
    expect((await apiRequestsSince(t, since)).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /2026-07/receiving']);
    expect(again.requests).toBe(1);
    const d = await callCore(t, 'receiving.discrepancies', { id: swap.id });
    expect(d.totals).toMatchObject({ short: 1, over: 0, otherLot: 2 });
    // The receiving list marks it with the same units under another lot, from the boxes the desk holds.
    const page = await callCore(t, 'receiving.list', { page: 1, limit: 50, q: String(swap.id) });
    expect(page.otherLot?.[swap.id]).toBe(2);
  });
});
