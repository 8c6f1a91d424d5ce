import { describe, expect, it } from 'vitest';
import type { InForceRow } from '../../areas/lots/common/ipc.js';
import { filterRows, inForceRows } from '../../areas/lots/ui/inForce.js';

const row = (id: number, inventoryId: number, sku: string, name: string, lotNumber: string, createdAt: string): InForceRow => ({
  id,
  inventoryId,
  sku,
  name,
  lotNumber,
  lotDate: null,
  createdAt,
});

describe('exclusions in force', () => {
  const rows = [
    row(10, 1, 'TEA-1', 'Green tea', 'L-OLD', '2026-05-01T00:00:00Z'),
    row(20, 2, 'SOAP-2', 'Olive soap', 'B7', '2026-05-09T00:00:00Z'),
    row(21, 3, 'AB-3', 'Apple', 'C1', '2026-05-09T00:00:00Z'),
  ];

  it('puts the newest first, and rows made at the same moment by SKU', () => {
    expect(inForceRows(rows).map((r) => r.id)).toEqual([21, 20, 10]);
  });

  it('filters by item name, SKU or lot, ignoring case; an empty filter keeps every row', () => {
    const sorted = inForceRows(rows);
    expect(filterRows(sorted, '  ').map((r) => r.id)).toEqual([21, 20, 10]);
    expect(filterRows(sorted, 'tea').map((r) => r.id)).toEqual([10]);
    expect(filterRows(sorted, 'soap-2').map((r) => r.id)).toEqual([20]);
    expect(filterRows(sorted, 'l-old').map((r) => r.id)).toEqual([10]);
    expect(filterRows(sorted, 'nothing')).toEqual([]);
  });
});
