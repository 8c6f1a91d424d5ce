import { describe, expect, it } from 'vitest';
import type { LookupAnswer, SyncStatus } from '../../areas/inventory/common/ipc.js';
import type { CachedItem, SearchHit } from '../../shared/schemas/inventory-cache.js';
import { laterStatus, resultRows, syncFraction } from '../../areas/inventory/ui/model.js';

/** The Inventory workspace's own decisions: which rows the search shows, and how far the sync bar is. */

const item = (inventoryId: number, sku: string): CachedItem => ({
  inventoryId,
  sku,
  name: `Item ${sku}`,
  flags: { lot: false, digital: false, bundle: false, case: false, active: true, hazmat: false },
  dimensions: null,
  weight: null,
  codes: { inventoryBarcode: null, variantId: null, gtin: null, upc: null, barcodes: [], returnPreference: null },
  levels: [],
  lots: [],
});
const hit = (i: CachedItem, rank: SearchHit['rank']): SearchHit => ({ item: i, rank, field: 'sku' });

describe('inventory results', () => {
  it('lists the items a code names first, then the ranked search hits, each item once', () => {
    const a = item(1, 'A-1');
    const b = item(2, 'B-2');
    const c = item(3, 'C-3');
    const lookup = { matches: [{ item: b, matchedBy: ['gtin', 'barcode'] }] } as unknown as LookupAnswer;
    const rows = resultRows(lookup, [hit(a, 'exact'), hit(b, 'prefix'), hit(c, 'substring')]);
    expect(rows.map((r) => [r.item.inventoryId, r.why])).toEqual([
      [2, 'code'],
      [1, 'exact'],
      [3, 'substring'],
    ]);
    expect(rows[0]!.matchedBy).toEqual(['gtin', 'barcode']);
  });

  it('without a code match the search order stands', () => {
    expect(resultRows(undefined, [hit(item(5, 'X'), 'prefix')]).map((r) => r.why)).toEqual(['prefix']);
  });
});

describe('sync progress bar', () => {
  it('a first sync (no cache to measure against) has no value: the bar is indeterminate', () => {
    expect(syncFraction({ items: { phase: 'items', done: 1000, total: null } }, 0)).toBeNull();
  });

  it('measures items and product codes read against the previous cache size, never past 90 % before saving', () => {
    expect(syncFraction({}, 2000)).toBe(0);
    expect(syncFraction({ items: { phase: 'items', done: 1000, total: null } }, 2000)).toBeCloseTo(0.225);
    const read = syncFraction({ items: { phase: 'items', done: 5000, total: null }, codes: { phase: 'codes', done: 5000, total: null } }, 2000);
    expect(read).toBeCloseTo(0.9);
  });

  it('saving fills the last 10 %', () => {
    expect(syncFraction({ writing: { phase: 'writing', done: 0, total: 2000 } }, 2000)).toBeCloseTo(0.9);
    expect(syncFraction({ writing: { phase: 'writing', done: 2000, total: 2000 } }, 2000)).toBeCloseTo(1);
  });
});

describe('sync status held by the renderer', () => {
  const status = (revision: number, state: SyncStatus['state'], done = 0): SyncStatus => ({
    revision,
    state,
    mode: state === 'idle' ? null : 'full',
    phase: state === 'idle' ? null : 'items',
    done,
    total: null,
    itemCount: 240,
    lastCompletedAt: null,
    lastError: null,
    cacheProblem: null,
    freshness: {
      syncedAt: null,
      parts: { items: null, levels: null, lots: null, codes: null },
      connectivity: 'online',
      stale: true,
      syncing: state !== 'idle',
    },
  });

  it('a read answered after the event that ended the sync does not bring the running sync back', () => {
    const ended = status(1_700_000_000_002, 'idle');
    const readSentBefore = status(1_700_000_000_001, 'running');
    expect(laterStatus(ended, readSentBefore)).toBe(ended);
  });

  it('takes what arrives when it is as new or newer: progress of the same state, and any later state', () => {
    const held = status(1_700_000_000_001, 'running', 10);
    const progressed = status(1_700_000_000_001, 'running', 500);
    expect(laterStatus(held, progressed)).toBe(progressed);
    const ended = status(1_700_000_000_002, 'idle');
    expect(laterStatus(held, ended)).toBe(ended);
    expect(laterStatus(undefined, held)).toBe(held);
  });
});
