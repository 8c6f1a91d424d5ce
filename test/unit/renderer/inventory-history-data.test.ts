import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { englishMessages } from '../../../renderer/src/i18n/catalogs';
import { wordsOf } from '../../../renderer/src/i18n/useT';
import type { HistoryRow } from '../../../areas/history/common/ipc';
import { chartSeries, endOnHand, eventLines, historyCsv, historyQuery, localStamp, MAX_CHART_SERIES } from '../../../areas/history/ui/historyData';

const move = (facilityId: number, quantityChange: number, lotNumber: string | null = null) => ({
  side: quantityChange >= 0 ? ('increment' as const) : ('decrement' as const),
  facilityId,
  locationId: facilityId * 1000 + 1,
  lotNumber,
  expiresAt: null,
  quantityChange,
  committedChange: 0,
});
const event = (eventId: number, at: string, movements: HistoryRow['movements'], extra: Partial<HistoryRow> = {}): HistoryRow => ({
  eventId,
  inventoryId: 100,
  at,
  category: 'InventoryAdjusted',
  serviceOrderId: null,
  references: [],
  movements,
  quantityChange: movements.reduce((s, m) => s + m.quantityChange, 0),
  ...extra,
});

/** The desk's English words, as the view has them (the catalogs' own messages). */
const { t } = wordsOf(createIntl({ locale: 'en', messages: englishMessages }));

describe('history query from the form', () => {
  it('a range of exactly 90 calendar days is sent; 91 is refused in words before sending', () => {
    const ok = historyQuery(t, { fc: 3, inventoryIds: [], from: '2026-01-01', to: '2026-03-31' });
    expect(ok).toMatchObject({ ok: true, days: 90 });
    const tooLong = historyQuery(t, { fc: 3, inventoryIds: [], from: '2026-01-01', to: '2026-04-01' });
    expect(tooLong).toEqual({ ok: false, message: expect.stringContaining('covers 91 days') });
  });

  it('needs a center and both days; a reversed range says so', () => {
    expect(historyQuery(t, { fc: undefined, inventoryIds: [], from: '2026-01-01', to: '2026-01-02' })).toMatchObject({
      ok: false,
      message: /fulfillment center/,
    });
    expect(historyQuery(t, { fc: 3, inventoryIds: [], from: undefined, to: '2026-01-02' })).toMatchObject({ ok: false, message: /both days/ });
    expect(historyQuery(t, { fc: 3, inventoryIds: [], from: '2026-02-02', to: '2026-01-02' })).toMatchObject({
      ok: false,
      message: /starts .* after it ends/,
    });
  });
});

describe('on-hand running sum', () => {
  it('sums only the queried center’s movements, in time order, whatever order the rows came in', () => {
    const rows = [
      event(3, '2026-05-03T10:00:00Z', [move(3, -4, 'L1')]),
      event(1, '2026-05-01T10:00:00Z', [move(3, 10, 'L1')], { category: 'InventoryReceived', references: [{ key: 'WRO', value: '77' }] }),
      // A transfer: out of center 3, into center 4; only its center-3 side counts here.
      event(2, '2026-05-02T10:00:00Z', [move(3, -2), move(4, 2)], { category: 'InventoryFacilityUpdated' }),
    ];
    const lines = eventLines(t, rows, 3);
    expect(lines.map((l) => [l.eventId, l.change, l.onHand])).toEqual([
      [1, 10, 10],
      [2, -2, 8],
      [3, -4, 4],
    ]);
    expect(lines[0]).toMatchObject({ reference: 'WRO 77', lot: 'L1', location: '3001' });
  });

  it('the chart has one point per moment, the last event of it winning', () => {
    const lines = eventLines(
      t,
      [event(1, '2026-05-01T10:00:00Z', [move(3, 5)]), event(2, '2026-05-01T10:00:00Z', [move(3, 1)]), event(3, '2026-05-02T00:00:00Z', [move(3, -6)])],
      3,
    );
    expect(chartSeries(lines)).toEqual({
      x: [Date.parse('2026-05-01T10:00:00Z') / 1000, Date.parse('2026-05-02T00:00:00Z') / 1000],
      lines: [{ inventoryId: 100, y: [6, 0] }],
      lineIndex: [1, 2],
      omitted: 0,
    });
    // Drawn to now: the last value carries on to the given moment.
    const now = Date.parse('2026-05-09T00:00:00Z');
    expect(chartSeries(lines, { untilMs: now }).x.at(-1)).toBe(now / 1000);
    expect(chartSeries(lines, { untilMs: now }).lines[0]!.y.at(-1)).toBe(0);
  });

  it('two SKUs are two running sums and two lines, never one; one summed line only when merged is asked for', () => {
    const lines = eventLines(
      t,
      [
        event(1, '2026-05-01T10:00:00Z', [move(3, 10)]),
        event(2, '2026-05-02T10:00:00Z', [move(3, 4)], { inventoryId: 200 }),
        event(3, '2026-05-03T10:00:00Z', [move(3, -3)]),
        event(4, '2026-05-04T10:00:00Z', [move(3, -1)], { inventoryId: 200 }),
      ],
      3,
    );
    expect(lines.map((l) => [l.inventoryId, l.onHand])).toEqual([
      [100, 10],
      [200, 4],
      [100, 7],
      [200, 3],
    ]);
    expect([...endOnHand(lines)]).toEqual([
      [100, 7],
      [200, 3],
    ]);
    const apart = chartSeries(lines);
    expect(apart.lines).toEqual([
      { inventoryId: 100, y: [10, 10, 7, 7] },
      // Nothing is known of 200 before its first event in the range: no point, not a zero.
      { inventoryId: 200, y: [null, 4, 4, 3] },
    ]);
    expect(chartSeries(lines, { merged: true }).lines).toEqual([{ inventoryId: null, y: [10, 14, 11, 10] }]);
  });

  it('draws at most MAX_CHART_SERIES items, those with the most events, and says how many it left out', () => {
    const events = Array.from({ length: MAX_CHART_SERIES + 2 }, (_, i) =>
      Array.from({ length: i + 1 }, (_, k) => event(i * 100 + k, `2026-05-0${1 + (k % 9)}T10:00:00Z`, [move(3, 1)], { inventoryId: 1000 + i })),
    ).flat();
    const series = chartSeries(eventLines(t, events, 3));
    expect(series.lines.map((l) => l.inventoryId)).toEqual(Array.from({ length: MAX_CHART_SERIES }, (_, i) => 1002 + i));
    expect(series.omitted).toBe(2);
  });
});

describe('CSV (RFC 4180)', () => {
  it('quotes fields with a comma, quote or line break, doubles quotes, ends records with CRLF', () => {
    const csv = historyCsv(
      t,
      eventLines(t, [event(1, '2026-05-01T10:00:00Z', [move(3, 5, 'L,1')], { references: [{ key: 'Note', value: 'a "b"' }] })], 3),
      new Map([[100, { sku: 'SKU-1', name: 'Tea, green' }]]),
    );
    expect(csv).toBe(
      `Time (local),SKU,Item,Inventory id,Category,Reference,Lot,Location,Quantity change,On hand after\r\n${localStamp(Date.parse('2026-05-01T10:00:00Z'))},SKU-1,"Tea, green",100,Count adjusted,"Note a ""b""","L,1",3001,5,5\r\n`,
    );
  });

  it('writes times in the local zone, as the desk shows them', () => {
    const at = new Date(2026, 4, 1, 9, 5, 7).getTime();
    expect(localStamp(at)).toBe('2026-05-01 09:05:07');
  });
});
