import { describe, expect, it } from 'vitest';
import type { TodayWro } from '../../areas/today/common/ipc';
import { generateData, DEFAULTS } from '../../emulator/data/generate';
import { discrepanciesStale, receivingRows, summarize, whenOf, type TodaySnapshot } from '../../areas/today/core/tiles';

const now = new Date(2026, 10, 23, 9, 30);
const at = (day: number, hour: number) => new Date(2026, 10, day, hour).toISOString();
const wro = (id: number, status: TodayWro['status'], expected: string, center = 1): TodayWro => ({
  id,
  purchaseOrderNumber: `PO-${id}`,
  status,
  center: { id: center, name: `Center ${center}` },
  expectedArrival: expected,
  lastUpdated: expected,
  units: 1,
});
const fresh = { asOf: now.toISOString(), refreshing: false, offline: false, problem: null };

describe('Today tiles', () => {
  it('sorts receiving orders by the desk day: today (to midnight), overdue (before today), arrived and not completed', () => {
    expect(whenOf(wro(1, 'Awaiting', at(23, 0)), now)).toBe('today');
    expect(whenOf(wro(1, 'Awaiting', at(23, 23)), now)).toBe('today');
    expect(whenOf(wro(1, 'Awaiting', at(24, 0)), now)).toBeNull();
    expect(whenOf(wro(1, 'Awaiting', at(22, 23)), now)).toBe('overdue');
    expect(whenOf(wro(1, 'Arrived', at(20, 8)), now)).toBe('arrived');
    expect(whenOf(wro(1, 'Processing', at(20, 8)), now)).toBe('arrived');
    expect(whenOf(wro(1, 'Completed', at(20, 8)), now)).toBeNull();
  });

  it("counts an order's today on its center's clock, whatever the desk's zone", () => {
    const inZone = (timeZone: string, expected: string): TodayWro => ({ ...wro(1, 'Awaiting', expected), center: { id: 1, name: 'Dock', timeZone } });
    // 06:00 UTC on the 25th: 22:00 on the 24th in Los Angeles, 01:00 on the 25th in New York.
    const early = new Date('2026-11-25T06:00:00Z');
    expect(whenOf(inZone('America/Los_Angeles', '2026-11-25T05:50:00Z'), early)).toBe('today');
    expect(whenOf(inZone('America/Los_Angeles', '2026-11-24T07:50:00Z'), early)).toBe('overdue');
    expect(whenOf(inZone('America/Los_Angeles', '2026-11-25T08:10:00Z'), early)).toBeNull();
    expect(whenOf(inZone('America/New_York', '2026-11-25T04:30:00Z'), early)).toBe('overdue');
    expect(whenOf(inZone('America/New_York', '2026-11-25T05:10:00Z'), early)).toBe('today');
  });

  it("reads a return's times in its center's zone, which the center's receiving orders carry and the return does not", () => {
    const snapshot: TodaySnapshot = {
      asOf: now.toISOString(),
      wros: [{ ...wro(1, 'Awaiting', at(25, 9)), center: { id: 1, name: 'Dock', timeZone: 'America/Chicago' } }],
      receipts: [],
      returns: [
        { id: 7, referenceId: 'RMA-7', customerName: null, trackingNumber: null, center: { id: 1, name: null }, created: at(22, 9) },
        { id: 8, referenceId: 'RMA-8', customerName: null, trackingNumber: null, center: { id: 2, name: 'Elsewhere' }, created: at(22, 10) },
      ],
      discrepancies: null,
    };
    const summary = summarize(snapshot, [], null, fresh, now);
    expect(summary.returnsAwaiting.rows.map((r) => r.center)).toEqual([
      { id: 1, name: 'Dock', timeZone: 'America/Chicago' },
      // A center no order names: its zone stays unknown (the desk's is said, named).
      { id: 2, name: 'Elsewhere' },
    ]);
  });

  it('counts per center, most urgent rows first, at most five', () => {
    const snapshot: TodaySnapshot = {
      asOf: now.toISOString(),
      wros: [
        wro(1, 'Awaiting', at(21, 9)),
        wro(2, 'Awaiting', at(15, 9)),
        wro(3, 'Awaiting', at(22, 9), 2),
        ...[4, 5, 6, 7, 8, 9].map((id) => wro(id, 'Awaiting', at(23, 10 + id))),
      ],
      receipts: [],
      returns: [],
      discrepancies: null,
    };
    expect(receivingRows(snapshot, 'overdue', null, now).map((w) => w.id)).toEqual([2, 1, 3]);
    expect(receivingRows(snapshot, 'overdue', 1, now).map((w) => w.id)).toEqual([2, 1]);
    const summary = summarize(snapshot, [], null, fresh, now);
    expect(summary.expectedToday.count).toBe(6);
    expect(summary.expectedToday.rows.map((w) => w.id)).toEqual([4, 5, 6, 7, 8]);
    expect(summary.centers.map((c) => c.name)).toEqual(['Center 1', 'Center 2']);
  });

  it('reads the discrepancy list again only when an order left the open lists, the day moved on, or the clerk asked', () => {
    const period = { from: '2026-10-24', to: '2026-11-23' };
    const open = [wro(1, 'Arrived', at(20, 8)), wro(2, 'Processing', at(21, 8))];
    const held: TodaySnapshot = { asOf: now.toISOString(), wros: open, receipts: [], returns: [], discrepancies: { ...period, rows: [] } };
    // Nothing closed since: the last answer stands.
    expect(discrepanciesStale(held, open, period, false)).toBe(false);
    // A new order on its way changes nothing the list counts.
    expect(discrepanciesStale(held, [...open, wro(3, 'Awaiting', at(24, 8))], period, false)).toBe(false);
    // Order 2 is gone from the open statuses: it closed (or was cancelled), so the list may have a row more.
    expect(discrepanciesStale(held, [open[0]!], period, false)).toBe(true);
    expect(discrepanciesStale(held, open, { from: '2026-10-25', to: '2026-11-24' }, false)).toBe(true);
    expect(discrepanciesStale(held, open, period, true)).toBe(true);
    expect(discrepanciesStale({ ...held, discrepancies: null }, open, period, false)).toBe(true);
    expect(discrepanciesStale(null, open, period, false)).toBe(true);
  });

  it('counts the orders received with a discrepancy per center, largest difference first, with their period', () => {
    const row = (orderId: number, center: number, size: number) => ({
      orderId,
      purchaseOrderNumber: `PO-${orderId}`,
      status: 'Completed' as const,
      center: { id: center, name: `Center ${center}`, timeZone: null },
      insertDate: at(10, 9),
      lastUpdated: at(12, 9),
      expected: 10,
      received: 10 - size,
      short: size,
      over: 0,
      size,
      items: 1,
      otherLot: null,
    });
    const snapshot: TodaySnapshot = {
      asOf: now.toISOString(),
      wros: [],
      receipts: [],
      returns: [],
      discrepancies: { from: '2026-10-24', to: '2026-11-23', rows: [row(7, 1, 9), row(8, 2, 4), row(9, 1, 2)] },
    };
    const all = summarize(snapshot, [], null, fresh, now).discrepancies;
    expect([all.count, all.rows.map((r) => r.orderId), all.from, all.to]).toEqual([3, [7, 8, 9], '2026-10-24', '2026-11-23']);
    expect(summarize(snapshot, [], 2, fresh, now).discrepancies.rows.map((r) => r.orderId)).toEqual([8]);
    expect(summarize(null, [], null, fresh, now).discrepancies).toEqual({ count: 0, rows: [], from: null, to: null });
  });

  it('counts nothing from a desk that never read the lists', () => {
    const summary = summarize(null, [], 3, { ...fresh, asOf: null }, now);
    expect([summary.overdue.count, summary.unlinked.count, summary.returnsAwaiting.count]).toEqual([0, 0, 0]);
  });
});

describe("the emulator's day", () => {
  it('has orders expected today and overdue, arrived ones, expiring and expired lots with exclusions; the ones on their way move on the clock', () => {
    const seedNow = new Date();
    const data = generateData({ ...DEFAULTS, now: seedNow });
    // Each order's today is its center's, as the desk counts it (the seeded "today" is the center's day, not the test machine's).
    const rows = data.receivingOrders.map((o) => ({
      ...wro(o.id, o.status, o.expected_arrival_date),
      center: { id: o.fulfillment_center.id, name: o.fulfillment_center.name, timeZone: o.fulfillment_center.timezone },
      moving: o.moving,
    }));
    const when = (w: TodayWro) => whenOf(w, seedNow);
    expect(rows.filter((w) => when(w) === 'today').length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((w) => when(w) === 'overdue').length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((w) => when(w) === 'arrived').length).toBeGreaterThanOrEqual(1);
    // The ones still on their way today move on the clock.
    expect(rows.filter((w) => when(w) === 'today' && w.moving).length).toBeGreaterThanOrEqual(2);
    const lots = data.inventory.flatMap((i) => i.lots.map((l) => ({ item: i.inventory_id, ...l })));
    const excluded = (l: (typeof lots)[number]) => data.lotExclusions.some((e) => e.is_deleted && e.inventory_id === l.item && e.lot_number === l.lot_number);
    const t = seedNow.getTime();
    const expired = lots.filter((l) => Date.parse(l.expiration_date!) < t);
    const soon = lots.filter((l) => Date.parse(l.expiration_date!) >= t && Date.parse(l.expiration_date!) < t + 30 * 86_400_000);
    expect(expired.some(excluded) && expired.some((l) => !excluded(l))).toBe(true);
    expect(soon.some(excluded) && soon.some((l) => !excluded(l))).toBe(true);
    expect(data.uros.filter((u) => u.linked_wro_id === null).length).toBeGreaterThan(0);
  });

  it('leaves an empty warehouse empty', () => {
    expect(generateData({ ...DEFAULTS, receivingOrders: 0, now: new Date() }).receivingOrders).toEqual([]);
  });
});
