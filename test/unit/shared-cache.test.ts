import { describe, expect, it } from 'vitest';
import { materialize, toColumns, type CacheColumns } from '../../areas/inventory/core/cache-format.js';
import { applyChanges, cacheRows, changedRows, metaOf } from '../../areas/inventory/core/shared-cache.js';
import type { CachedItem } from '../../shared/schemas/inventory-cache.js';

/**
 * The item cache as the desks sharing a store hold it there: a leader's generation turned into the
 * rows that changed, and a follower's cache rebuilt from its own plus those rows, must be the
 * leader's generation, item for item.
 */
const SYNCED = { items: '2026-11-21T10:00:00.000Z', levels: '2026-11-21T10:05:00.000Z', lots: '2026-11-21T10:05:00.000Z', codes: '2026-11-21T10:04:00.000Z' };
const CENTERS = [{ id: 1, name: 'East', timeZone: 'America/New_York' }];

function item(id: number, name: string, onHand = 5): CachedItem {
  return {
    inventoryId: id,
    sku: `SKU-${id}`,
    name,
    flags: { lot: id % 2 === 0, digital: false, bundle: false, case: false, active: true, hazmat: false },
    dimensions: null,
    weight: { value: 1.5, unit: 'lb' },
    codes: { inventoryBarcode: `B${id}`, variantId: id * 10, gtin: null, upc: null, barcodes: [`X${id}`], returnPreference: null },
    levels: [{ fcId: 1, onHand, committed: 0, fulfillable: onHand, sellable: onHand, awaiting: 0, backordered: 0, exception: 0, internalTransfer: 0 }],
    lots: id % 2 === 0 ? [{ lotNumber: `L${id}`, expiresAt: '2027-01-01T00:00:00.000Z', fcId: 1, onHand, fulfillable: onHand }] : [],
  };
}

function columns(items: CachedItem[], syncedAt = SYNCED): CacheColumns {
  return toColumns({ items, centers: CENTERS, syncedAt });
}

function itemsOf(c: CacheColumns): CachedItem[] {
  return Array.from({ length: c.count }, (_, i) => materialize(c, i)).sort((a, b) => a.inventoryId - b.inventoryId);
}

const position = { lineage: '00000000-0000-4000-8000-000000000001', counter: 4 };

describe('the item cache as the store holds it', () => {
  const before = columns([item(1, 'Apple'), item(2, 'Banana'), item(3, 'Cherry'), item(4, 'Date')]);
  const later = { ...SYNCED, levels: '2026-11-21T11:05:00.000Z', lots: '2026-11-21T11:05:00.000Z' };
  const after = columns([item(1, 'Apple'), item(2, 'Banana', 9), item(4, 'Date'), item(5, 'Elderberry')], later);

  it('a new generation gives the items new or changed, and those gone as removals; nothing else', () => {
    const rows = changedRows(before, after);
    expect(rows.map((r) => [r.key, r.body === null ? 'removed' : (JSON.parse(r.body) as CachedItem).name]).sort()).toEqual([
      ['2', 'Banana'],
      ['3', 'removed'],
      ['5', 'Elderberry'],
    ]);
    expect(changedRows(after, after)).toEqual([]);
  });

  it("a follower's cache plus the rows is the leader's generation, with its centers and times", () => {
    const changes = { to: { ...position, counter: 5 }, format: 1, meta: metaOf(after), whole: false, rows: changedRows(before, after) };
    const applied = applyChanges(before, changes);
    expect(itemsOf(applied)).toEqual(itemsOf(after));
    expect(applied.syncedAt).toEqual(later);
    expect(applied.centers).toEqual(CENTERS);
  });

  it('the whole set replaces whatever the desk held', () => {
    const stranger = columns([item(9, 'Zucchini')]);
    const applied = applyChanges(stranger, { to: position, format: 1, meta: metaOf(after), whole: true, rows: cacheRows(after) });
    expect(itemsOf(applied)).toEqual(itemsOf(after));
  });

  it('a change of the meta alone (no rows) keeps the items and takes the new times', () => {
    const applied = applyChanges(before, { to: position, format: 1, meta: metaOf(columns([], later)), whole: false, rows: [] });
    expect(itemsOf(applied)).toEqual(itemsOf(before));
    expect(applied.syncedAt).toEqual(later);
  });

  it('a row that does not fit the schema, or holds another item than its key, is refused', () => {
    const meta = metaOf(after);
    expect(() => applyChanges(before, { to: position, format: 1, meta, whole: false, rows: [{ key: '7', body: '{"inventoryId":7}' }] })).toThrow();
    const body = JSON.stringify(item(8, 'Fig'));
    expect(() => applyChanges(before, { to: position, format: 1, meta, whole: false, rows: [{ key: '7', body }] })).toThrow(/holds item 8/);
  });
});
