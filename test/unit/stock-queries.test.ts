import { describe, expect, it } from 'vitest';
import { toColumns } from '../../areas/inventory/core/cache-format.js';
import { StockIndex } from '../../areas/stock/core/stock-index.js';
import {
  expiringQuery,
  itemPositions,
  itemRows,
  itemsQuery,
  lotPositions,
  lotRows,
  summarize,
  type ExclusionLookup,
} from '../../areas/stock/core/stock-queries.js';
import { StockItemsInput, type StockItemsInput as ItemsInput } from '../../areas/stock/common/ipc.js';
import type { CachedItem, CachedLevel } from '../../shared/schemas/inventory-cache.js';

/**
 * The stock area's questions over a small cache whose answers can be counted by hand: which lots are
 * expiring or expired (today in the user's zone, a lot usable through its expiry day), which items
 * are at zero or low stock, and the browser's filters and sorts in both directions.
 */
const TODAY = '2026-11-23';

function level(fcId: number, onHand: number, fulfillable: number, extra: Partial<CachedLevel> = {}): CachedLevel {
  return {
    fcId,
    onHand,
    committed: onHand - fulfillable,
    fulfillable,
    sellable: fulfillable,
    awaiting: 0,
    backordered: 0,
    exception: 0,
    internalTransfer: 0,
    ...extra,
  };
}

function item(id: number, name: string, extra: Omit<Partial<CachedItem>, 'flags'> & { flags?: Partial<CachedItem['flags']> } = {}): CachedItem {
  const { flags, ...rest } = extra;
  return {
    inventoryId: id,
    sku: `SKU-${id}`,
    name,
    flags: { lot: false, digital: false, bundle: false, case: false, active: true, hazmat: false, ...flags },
    dimensions: null,
    weight: null,
    codes: { inventoryBarcode: null, variantId: null, gtin: null, upc: null, barcodes: [], returnPreference: null },
    levels: [],
    lots: [],
    ...rest,
  };
}

const lot = (lotNumber: string, expiresAt: string | null, fcId: number, onHand: number) => ({ lotNumber, expiresAt, fcId, onHand, fulfillable: onHand });

const items: CachedItem[] = [
  item(1, 'Apricot jam', {
    flags: { lot: true },
    levels: [level(3, 30, 30)],
    lots: [lot('A-TODAY', '2026-11-23T00:00:00Z', 3, 10), lot('A-5', '2026-11-28T00:00:00Z', 3, 20), lot('A-EMPTY', '2026-11-24T00:00:00Z', 3, 0)],
  }),
  item(2, 'Basil pesto', {
    flags: { lot: true },
    // At two centers: the cache keeps each center's row and the totals row (fcId 0).
    levels: [level(3, 5, 0), level(7, 8, 4), level(0, 13, 4)],
    lots: [lot('B-OLD', '2026-11-20T00:00:00Z', 3, 5), lot('B-31', '2026-12-24T00:00:00Z', 7, 8), lot('B-BAD', 'not a date', 7, 1)],
  }),
  item(3, 'Cocoa nibs', { levels: [level(7, 50, 50)] }),
  item(4, 'Download code', { flags: { digital: true } }),
  item(5, 'Dried figs', { flags: { lot: true }, levels: [level(3, 9, 9)], lots: [lot('D-GONE', '2026-11-22T00:00:00Z', 3, 9)] }),
  item(6, 'Gift box', { flags: { bundle: true } }),
  item(7, 'Elderflower cordial', { levels: [level(3, 2, 2)] }),
];

const index = new StockIndex(
  toColumns({
    items,
    centers: [
      { id: 3, name: 'Wilkes-Barre (PA)' },
      { id: 7, name: 'Reno (NV)' },
    ],
    syncedAt: { items: null, levels: null, lots: null, codes: null },
  }),
);
const nothingKnown: ExclusionLookup = () => null;

function lots(show: 'expiring' | 'expired', days: number, center: number | null = null, excluded: ExclusionLookup = nothingKnown) {
  return lotRows(index, lotPositions(index, expiringQuery({ show, days, fc: center ?? undefined }, TODAY), excluded), TODAY, excluded).map(
    (r) => `${r.lotNumber} ${r.daysLeft}`,
  );
}

/** The browser's rows for a channel input, as main answers it. */
function browse(input: Partial<ItemsInput>) {
  const { offset, limit, ...search } = StockItemsInput.parse(input);
  const query = itemsQuery(search);
  return itemRows(index, itemPositions(index, query), offset, limit, query.center);
}

describe('expiring stock', () => {
  it('lists lots expiring today through the window, soonest first, leaving out empty lots and unreadable dates', () => {
    expect(lots('expiring', 30)).toEqual(['A-TODAY 0', 'A-5 5']);
    expect(lots('expiring', 31)).toEqual(['A-TODAY 0', 'A-5 5', 'B-31 31']);
    expect(lots('expiring', 0)).toEqual(['A-TODAY 0']);
    expect(lots('expiring', 31, 7)).toEqual(['B-31 31']);
  });

  it('lists expired lots longest expired first, without those known to be excluded', () => {
    expect(lots('expired', 30)).toEqual(['B-OLD -3', 'D-GONE -1']);
    const excluded: ExclusionLookup = (id, lotNumber) => (id === 2 ? lotNumber === 'B-OLD' : null);
    expect(lots('expired', 30, null, excluded)).toEqual(['D-GONE -1']);
  });

  it('rows carry the item, the center by name and what is known of the exclusion', () => {
    const excluded: ExclusionLookup = (id, lotNumber) => (id === 1 ? lotNumber === 'A-5' : null);
    const rows = lotRows(index, lotPositions(index, { show: 'expiring', days: 30, center: 3, today: TODAY }, excluded), TODAY, excluded);
    expect(rows[1]).toEqual({
      inventoryId: 1,
      name: 'Apricot jam',
      sku: 'SKU-1',
      lotNumber: 'A-5',
      center: { id: 3, name: 'Wilkes-Barre (PA)' },
      onHand: 20,
      fulfillable: 20,
      expiresAt: '2026-11-28T00:00:00Z',
      expiryDay: '2026-11-28',
      daysLeft: 5,
      excluded: true,
    });
    expect(rows[0]!.excluded).toBe(false);
    expect(lots('expiring', 30, null, () => null)).toHaveLength(2);
  });
});

describe('the summary for Today', () => {
  it('counts what each list shows, with the most urgent rows', () => {
    const s = summarize(index, { center: null, withinDays: 30, lowThreshold: 5, today: TODAY }, nothingKnown);
    expect(s.expiring.count).toBe(2);
    expect(s.expiring.rows.map((r) => r.lotNumber)).toEqual(['A-TODAY', 'A-5']);
    expect(s.expiredNotExcluded.rows.map((r) => r.lotNumber)).toEqual(['B-OLD', 'D-GONE']);
    // Digital items and bundles have no stock of their own: neither zero nor low.
    expect(s.zero).toEqual({ count: 0, rows: [] });
    expect(s.low.rows.map((r) => [r.name, r.fulfillable])).toEqual([
      ['Elderflower cordial', 2],
      ['Basil pesto', 4],
    ]);
    const at3 = summarize(index, { center: 3, withinDays: 30, lowThreshold: 5, today: TODAY }, nothingKnown);
    expect(at3.zero.rows.map((r) => r.name)).toEqual(['Basil pesto']);
    expect(at3.low.rows.map((r) => r.name)).toEqual(['Elderflower cordial']);
    expect(summarize(index, { center: null, withinDays: 30, lowThreshold: 0, today: TODAY }, nothingKnown).low.count).toBe(0);
  });
});

describe('the inventory browser', () => {
  it('shows every item by name with its totals; at a center only the items stocked there, with that center’s numbers', () => {
    expect(browse({}).map((r) => r.name)).toEqual(items.map((i) => i.name).sort((a, b) => a.localeCompare(b)));
    expect(browse({ fc: 7 }).map((r) => [r.name, r.onHand, r.fulfillable, r.lots])).toEqual([
      ['Basil pesto', 8, 4, 2],
      ['Cocoa nibs', 50, 50, 0],
    ]);
    expect(browse({}).find((r) => r.inventoryId === 2)).toMatchObject({ onHand: 13, fulfillable: 4, committed: 9, lots: 3 });
  });

  it('filters by kind, lot items, zero and low stock, and text in name or SKU', () => {
    expect(browse({ kind: 'digital' }).map((r) => r.inventoryId)).toEqual([4]);
    expect(browse({ kind: 'bundle' }).map((r) => r.inventoryId)).toEqual([6]);
    expect(browse({ kind: 'physical' })).toHaveLength(5);
    expect(browse({ lots: true }).map((r) => r.inventoryId)).toEqual([1, 2, 5]);
    expect(browse({ stock: 'low', threshold: 5 }).map((r) => r.inventoryId)).toEqual([2, 7]);
    expect(browse({ stock: 'zero', fc: 3 }).map((r) => r.inventoryId)).toEqual([2]);
    expect(browse({ q: 'ÉLDER' }).map((r) => r.inventoryId)).toEqual([7]);
    expect(browse({ q: 'sku-3' }).map((r) => r.inventoryId)).toEqual([3]);
  });

  it('sorts by any column both ways, equal values staying in name order', () => {
    const physical = { kind: 'physical' } as const;
    expect(browse({ ...physical, sort: 'onHand', dir: 'desc' }).map((r) => r.onHand)).toEqual([50, 30, 13, 9, 2]);
    expect(browse({ ...physical, sort: 'fulfillable', dir: 'asc' }).map((r) => r.fulfillable)).toEqual([2, 4, 9, 30, 50]);
    expect(
      browse({ sort: 'onHand', dir: 'desc' })
        .slice(-2)
        .map((r) => r.name),
    ).toEqual(['Download code', 'Gift box']);
    expect(
      browse({ sort: 'onHand', dir: 'asc' })
        .slice(0, 2)
        .map((r) => r.name),
    ).toEqual(['Download code', 'Gift box']);
    expect(browse({ sort: 'name', dir: 'desc' })[0]!.name).toBe('Gift box');
    expect(browse({ sort: 'sku', dir: 'desc' }).map((r) => r.sku)[0]).toBe('SKU-7');
    expect(browse({ sort: 'lots', dir: 'desc' })[0]!.name).toBe('Basil pesto');
    expect(browse({ offset: 2, limit: 2 }).map((r) => r.name)).toEqual(['Cocoa nibs', 'Download code']);
  });
});
