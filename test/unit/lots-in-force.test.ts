import { describe, expect, it } from 'vitest';
import type { LotExclusionsAnswer } from '../../shared/ipc/lots.js';
import { filterRows, inForceRows } from '../../renderer/src/workspaces/lots/inForce.js';

const answer = (inventoryId: number, sku: string, name: string, rows: { id: number; lot: string; at: string; deleted?: boolean }[]): LotExclusionsAnswer => {
  const row = (r: (typeof rows)[number]) => ({
    id: r.id,
    lotNumber: r.lot,
    lotDate: null,
    createdAt: r.at,
    deletedAt: r.deleted ? '2026-06-01T00:00:00Z' : null,
  });
  return {
    inventoryId,
    sku,
    name,
    active: rows.filter((r) => !r.deleted).map(row),
    deleted: rows.filter((r) => r.deleted).map(row),
    lots: [],
    freshness: { syncedAt: null, stale: false, offline: false } as unknown as LotExclusionsAnswer['freshness'],
  };
};

describe('exclusions in force', () => {
  const answers = [
    answer(1, 'TEA-1', 'Green tea', [
      { id: 10, lot: 'L-OLD', at: '2026-05-01T00:00:00Z' },
      { id: 11, lot: 'L-GONE', at: '2026-05-02T00:00:00Z', deleted: true },
    ]),
    undefined, // an item not answered yet
    answer(2, 'SOAP-2', 'Olive soap', [{ id: 20, lot: 'B7', at: '2026-05-09T00:00:00Z' }]),
  ];

  it('lists only active exclusions, each with its item’s name and SKU, the newest first', () => {
    expect(inForceRows(answers)).toEqual([
      { id: 20, inventoryId: 2, sku: 'SOAP-2', name: 'Olive soap', lotNumber: 'B7', lotDate: null, createdAt: '2026-05-09T00:00:00Z' },
      { id: 10, inventoryId: 1, sku: 'TEA-1', name: 'Green tea', lotNumber: 'L-OLD', lotDate: null, createdAt: '2026-05-01T00:00:00Z' },
    ]);
  });

  it('filters by item name, SKU or lot, ignoring case; an empty filter keeps every row', () => {
    const rows = inForceRows(answers);
    expect(filterRows(rows, '  ').map((r) => r.id)).toEqual([20, 10]);
    expect(filterRows(rows, 'tea').map((r) => r.id)).toEqual([10]);
    expect(filterRows(rows, 'soap-2').map((r) => r.id)).toEqual([20]);
    expect(filterRows(rows, 'l-old').map((r) => r.id)).toEqual([10]);
    expect(filterRows(rows, 'nothing')).toEqual([]);
  });
});
