import { describe, expect, it } from 'vitest';
import { CacheIndex } from '../../areas/inventory/core/cache-index.js';
import { SnapshotAssembler, type SnapshotMeta } from '../../areas/inventory/core/snapshot-assembler.js';

/**
 * The sync's assembler (run in a worker thread during a sync): page texts in, cache columns out. The
 * pages are shaped like the service's cursor lists; what comes out is read back through a CacheIndex,
 * as the desk reads it.
 */
const page = (items: unknown[], next: string | null = null) => JSON.stringify({ items, next, prev: null, first: null, last: null });
const item = (id: number, sku: string, barcode: string | null = null) => ({
  inventory_id: id,
  name: `Item ${sku}`,
  sku,
  barcode,
  is_lot: false,
  is_case: false,
});
const meta = (previousCodes: SnapshotMeta['previousCodes'] = null): SnapshotMeta => ({
  centers: [{ id: 8, name: 'Moreno Valley (CA)' }],
  syncedAt: { items: '2026-11-22T10:00:00.000Z', levels: '2026-11-22T10:00:00.000Z', lots: '2026-11-22T10:00:00.000Z', codes: '2026-11-22T09:59:00.000Z' },
  previousCodes,
});

describe('the sync assembler', () => {
  it('answers each page with its next link and count, and builds columns that find items by every code', () => {
    const a = new SnapshotAssembler();
    expect(a.addPage('items', page([item(1, 'MUG-1', '4006381333931')], '/2026-07/inventory?cursor=2'))).toEqual({
      ok: true,
      value: { next: '/2026-07/inventory?cursor=2', count: 1 },
    });
    expect(a.addPage('items', page([item(2, 'CUP-2')]))).toEqual({ ok: true, value: { next: null, count: 1 } });
    a.addPage('locations', page([{ inventory_id: 1, locations: [{ location_id: 8, on_hand_quantity: 7, fulfillable_quantity: 5, committed_quantity: 2 }] }]));
    a.addPage('totals', page([{ inventory_id: 1, total_on_hand_quantity: 7, total_sellable_quantity: 5, total_backordered_quantity: 1 }]));
    a.addPage('lots', page([{ inventory_id: 2, lots: [] }]));
    a.addPage(
      'products',
      page([
        {
          id: 70,
          variants: [
            {
              id: 80,
              sku: 'CUP-2',
              gtin: '0036000291452',
              upc: '',
              barcodes: [{ value: 'CUP-BOX-9' }],
              inventory: { inventory_id: 2 },
              return_preferences: { instructions: '', primary_action: { id: 3, name: 'Dispose' }, backup_action: { id: 2, name: 'Quarantine' } },
            },
          ],
        },
      ]),
    );
    const index = new CacheIndex(a.finish(meta()));

    expect(index.size).toBe(2);
    expect(index.centers).toEqual([{ id: 8, name: 'Moreno Valley (CA)' }]);
    expect(index.syncedAt.codes).toBe('2026-11-22T09:59:00.000Z');
    // The UPC-A form of the variant's GTIN, and its other barcode.
    expect(index.lookup('036000291452').matches.map((m) => m.item.inventoryId)).toEqual([2]);
    expect(index.lookup('CUP-BOX-9').matches.map((m) => m.item.inventoryId)).toEqual([2]);
    const mug = index.lookup('4006381333931').matches[0]!.item;
    expect(mug.sku).toBe('MUG-1');
    // One center: the item's sellable and backordered are that center's.
    expect(mug.levels).toEqual([
      { fcId: 8, onHand: 7, committed: 2, fulfillable: 5, sellable: 5, awaiting: 0, backordered: 1, exception: 0, internalTransfer: 0 },
    ]);
    expect(index.lookup('CUP-2').matches[0]!.item.codes).toEqual({
      inventoryBarcode: null,
      variantId: 80,
      gtin: '0036000291452',
      upc: null,
      barcodes: ['CUP-BOX-9'],
      // What a return's Default line will do, known offline; blank instructions are none.
      returnPreference: { primaryAction: 'Dispose', backupAction: 'Quarantine', instructions: null },
    });
    // An item whose variant names no preference has none (the desk's default applies).
    expect(index.lookup('MUG-1').matches[0]!.item.codes.returnPreference).toBeNull();
  });

  it('says a body cut off mid-way is not JSON, and keeps nothing of it', () => {
    const a = new SnapshotAssembler();
    const whole = page([item(1, 'MUG-1')]);
    expect(a.addPage('items', whole.slice(0, whole.length - 9))).toEqual({ ok: false, reason: 'not-json' });
    expect(new CacheIndex(a.finish(meta())).size).toBe(0);
  });

  it('names the first field that does not fit the published shape', () => {
    const a = new SnapshotAssembler();
    const verdict = a.addPage('totals', page([{ inventory_id: 1 }, { inventory_id: 'two' }]));
    expect(verdict).toMatchObject({ ok: false, reason: 'unexpected', path: 'items.1.inventory_id' });
  });

  it('a refresh keeps the codes of products that did not change, and takes the new ones of those that did', () => {
    const a = new SnapshotAssembler();
    a.addPage('items', page([item(1, 'MUG-1'), item(2, 'CUP-2')]));
    a.addPage('products', page([{ id: 70, variants: [{ id: 80, sku: 'CUP-2', gtin: '4006381333931', inventory: { inventory_id: 2 } }] }]));
    const kept = new Map([
      [1, { variantId: 81, gtin: '0036000291452', upc: null, barcodes: ['MUG-OLD'], returnPreference: null }],
      [2, { variantId: 80, gtin: '96385074', upc: null, barcodes: [], returnPreference: null }],
    ]);
    const index = new CacheIndex(a.finish(meta(kept)));
    expect(index.lookup('MUG-OLD').matches.map((m) => m.item.inventoryId)).toEqual([1]);
    expect(index.lookup('4006381333931').matches.map((m) => m.item.inventoryId)).toEqual([2]);
    expect(index.lookup('96385074').matches).toEqual([]);
  });
});
