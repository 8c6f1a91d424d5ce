import { describe, expect, it } from 'vitest';
import { toColumns } from '../../electron/core/inventory/cache-format.js';
import { toColumnsInWorker } from '../../electron/core/inventory/columns-in-worker.js';
import type { CachedItem, InventoryCacheSnapshot } from '../../shared/schemas/inventory-cache.js';

const SYNCED = { items: '2026-11-21T10:00:00.000Z', levels: '2026-11-21T10:00:00.000Z', lots: '2026-11-21T10:00:00.000Z', codes: null };

function item(id: number, sku: string, name: string): CachedItem {
  return {
    inventoryId: id,
    sku,
    name,
    flags: { lot: true, digital: false, bundle: false, case: false, active: true, hazmat: false },
    dimensions: { length: 10, width: 5, height: 2, unit: 'in' },
    weight: { value: 12, unit: 'oz' },
    codes: { inventoryBarcode: '0036000291452', variantId: id + 1, gtin: null, upc: '012345678905', barcodes: ['BOX-7'] },
    levels: [{ fcId: 11, onHand: 120, committed: 20, fulfillable: 95, sellable: 90, awaiting: 40, backordered: 3, exception: 5, internalTransfer: 2 }],
    lots: [{ lotNumber: 'L-A1', expiresAt: null, fcId: 11, onHand: 70, fulfillable: 70 }],
  };
}

const snapshot: InventoryCacheSnapshot = {
  items: [item(20002, 'MUG-01', 'Mug'), item(20001, 'TEA-01', 'Green tea')],
  centers: [{ id: 11, name: 'Reno' }],
  syncedAt: SYNCED,
};

describe('toColumnsInWorker', () => {
  it('takes a snapshot that is still being fetched and answers what toColumns answers', async () => {
    const later = new Promise<InventoryCacheSnapshot>((resolve) => setTimeout(() => resolve(snapshot), 50));
    const logs: string[] = [];
    const columns = await toColumnsInWorker(later, (line) => logs.push(line));
    expect(columns).toEqual(toColumns(snapshot));
    expect(logs).toEqual([]); // converted in the worker, not inline
  });

  it('a snapshot that fails rejects with its own error', async () => {
    const failed = new Promise<InventoryCacheSnapshot>((_, reject) => setTimeout(() => reject(new Error('sync failed half-way')), 50));
    await expect(toColumnsInWorker(failed)).rejects.toThrow('sync failed half-way');
  });
});
