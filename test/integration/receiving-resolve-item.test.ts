import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequestsSince, createTestCore, lastRequestSeq, signIn } from '../support/test-core.js';

/**
 * A box item in the create form is found by its SKU, its barcode or its inventory
 * id, typed or scanned, through the real core against the real emulator.
 */
let t: Awaited<ReturnType<typeof createTestCore>>;

beforeAll(async () => {
  t = await createTestCore();
  await signIn(t);
});
afterAll(async () => {
  await t.dispose();
});

async function resolve(code: string) {
  const r = await t.core.dispatch('receiving.resolveItem', { code });
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as { item: { inventory_id: number; sku: string; matched: string } | null }).item;
}

describe('receiving: the create form resolves an item by any of its codes', () => {
  it('finds an item by SKU (any case), by barcode and by inventory id, and says which matched; an unknown code is none', async () => {
    const item = (await t.core.emulator.control.data('inventory')).find((i) => i.is_active && /^\d{8,14}$/.test(i.barcode) && i.sku)!;
    expect(await resolve(item.sku.toLowerCase())).toMatchObject({ inventory_id: item.inventory_id, sku: item.sku, matched: 'sku' });
    expect(await resolve(item.barcode)).toMatchObject({ inventory_id: item.inventory_id, matched: 'barcode' });
    expect(await resolve(String(item.inventory_id))).toMatchObject({ inventory_id: item.inventory_id, matched: 'inventory_id' });
    expect(await resolve('NO-SUCH-ITEM-4711')).toBeNull();
  });

  it('once the item cache holds the item, its SKU, barcode, GTIN-14 or a GS1 label scanned into a box cost no request', async () => {
    await t.inventorySyncsEnded(1);
    const inventory = await t.core.emulator.control.data('inventory');
    const item = inventory.find(
      (i) => i.is_active && /^\d{12,13}$/.test(i.barcode) && i.sku && inventory.filter((o) => o.barcode === i.barcode || o.sku === i.sku).length === 1,
    )!;
    const gtin14 = item.barcode.padStart(14, '0');
    const since = await lastRequestSeq(t);
    for (const code of [item.sku, item.barcode, gtin14, `01${gtin14}17271231`, `01${gtin14}10LOT-7\x1d17271231`]) {
      expect(await resolve(code), code).toMatchObject({ inventory_id: item.inventory_id });
    }
    expect(await apiRequestsSince(t, since)).toEqual([]);
    // A code the cache does not name still asks the service.
    expect(await resolve('NO-SUCH-ITEM-4712')).toBeNull();
    expect((await apiRequestsSince(t, since)).length).toBeGreaterThan(0);
  });
});
