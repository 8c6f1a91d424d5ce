import { describe, expect, it } from 'vitest';
import { ReturnDraft } from '../../shared/schemas/return-draft.js';
import { createIntl } from 'react-intl';
import { readCatalog } from '../../build/i18n-catalogs.js';
import type { Translate } from '../../renderer/src/i18n/useT.js';
import { applyItemScan } from '../../areas/returns/ui/intake/lines.js';
import { GS } from '../../shared/scan/gs1.js';
import { callCore, createTestCore, emulatorControl, signIn } from '../support/test-core.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { englishOfSaid } from '../../electron/core/words.js';

// The intake's words in English, from the catalog itself (this tier has no renderer build to serve it parsed).
const intl = createIntl({ locale: 'en', messages: readCatalog('en') });
const english = ((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)) as Translate;

/**
 * An item scan resolves through the inventory cache, with the service as the
 * fallback (`inventory.lookup` with `online: 'fallback'`). A real core against the real emulator over
 * HTTP: a cache still loading, an item created on the service after the sync, a GS1 scan of a GTIN
 * the cache does not know, the service gone, and a digital item found online.
 */
type Core = Awaited<ReturnType<typeof createTestCore>>;

const cleanups = cleanupsAfterEach();

const call = callCore;

async function syncedCore(items = 300) {
  const t = await createTestCore({ localEmulator: { inventoryItems: items } });
  cleanups.push(() => t.dispose());
  await signIn(t);
  await t.inventorySyncsEnded(1);
  return t;
}

/** Creates a product on the emulator through its public API (as a merchant's other tool would), after the desk's sync. */
async function createProduct(t: Core, variant: Record<string, unknown>): Promise<number> {
  const { token } = (await emulatorControl(t, 'POST', '/pats', { name: 'fallback-test' })) as { token: string };
  const res = await fetch(`${t.core.emulator.url}/2025-07/product`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: String(variant.name), variants: [variant] }),
  });
  expect(res.status).toBe(201);
  const product = (await res.json()) as { variants: { inventory: { inventory_id: number } }[] };
  return product.variants[0]!.inventory.inventory_id;
}

describe('inventory lookup: the service as the fallback of the cache', () => {
  it('with the cache still loading, a scanned SKU is resolved on the service and says so; without the fallback it is not', async () => {
    const t = await createTestCore({ localEmulator: { inventoryItems: 3000 } });
    cleanups.push(() => t.dispose());
    const seeded = (await t.core.emulator.control.data('inventory')).find((i) => !i.is_lot && !i.is_digital && !i.is_bundle)!;
    // Slow answers keep the first sync running (several product pages in a row) while the item is scanned.
    await emulatorControl(t, 'PUT', '/faults', { latencyMs: 300 });
    await signIn(t);
    await t.waitForEvent('inventory.syncProgress', (p) => p.phase === 'items' && p.done > 0, 20_000);

    const cacheOnly = await call(t, 'inventory.lookup', { code: seeded.sku });
    expect(cacheOnly).toMatchObject({ matches: [], source: 'cache', online: null, freshness: { syncedAt: null, syncing: true } });

    const answer = await call(t, 'inventory.lookup', { code: seeded.sku, online: 'fallback' });
    expect(answer.source).toBe('service');
    expect(answer.online?.outcome).toBe('found');
    expect(englishOfSaid(answer.online!.said)).toBe('Found on the service; the item cache is still loading.');
    expect(answer.matches).toHaveLength(1);
    expect(answer.matches[0]).toMatchObject({
      matchedBy: ['sku'],
      item: {
        inventoryId: seeded.inventory_id,
        sku: seeded.sku,
        name: seeded.name,
        flags: { lot: false, digital: false, bundle: false },
        codes: { returnPreference: { primaryAction: seeded.default_return_action } },
      },
    });
    expect(answer.freshness.syncedAt).toBeNull();
    await emulatorControl(t, 'DELETE', '/faults');
    await t.inventorySyncsEnded(1);
  });

  it('an item created on the service after the sync is found online by SKU and by barcode; an unknown code is not found anywhere', async () => {
    const t = await syncedCore();
    const inventoryId = await createProduct(t, { name: 'Fallback mug', sku: 'FALLBACK-MUG-1', barcodes: [{ value: 'MUG-BARCODE-77' }] });

    const bySku = await call(t, 'inventory.lookup', { code: 'fallback-mug-1', online: 'fallback' });
    expect(bySku).toMatchObject({ source: 'service', online: { outcome: 'found' } });
    expect(englishOfSaid(bySku.online!.said)).toBe('Found on the service; the item cache does not have it yet.');
    expect(bySku.matches.map((m) => [m.item.inventoryId, m.item.sku, m.matchedBy])).toEqual([[inventoryId, 'FALLBACK-MUG-1', ['sku']]]);
    expect(bySku.freshness.syncedAt).not.toBeNull();

    const byBarcode = await call(t, 'inventory.lookup', { code: 'MUG-BARCODE-77', online: 'fallback' });
    expect(byBarcode.matches.map((m) => m.item.inventoryId)).toEqual([inventoryId]);
    expect(byBarcode.matches[0]!.matchedBy).toContain('barcode');

    // The cache itself still does not have it: the fallback does not pretend it synced.
    expect((await call(t, 'inventory.lookup', { code: 'FALLBACK-MUG-1' })).matches).toEqual([]);

    const unknown = await call(t, 'inventory.lookup', { code: 'NO-SUCH-SKU-404', online: 'fallback' });
    expect(unknown).toMatchObject({ matches: [], source: 'cache', online: { outcome: 'not-found' } });
    expect(englishOfSaid(unknown.online!.said)).toBe('No item matches NO-SUCH-SKU-404: it is not in the item cache, and the service does not know it either.');
  });

  it('a GS1 scan whose GTIN the cache does not know is resolved online with its lot and expiry kept', async () => {
    const t = await syncedCore();
    // The service stores the GTIN as EAN-13; the scan carries it as GTIN-14 (AI 01).
    const inventoryId = await createProduct(t, { name: 'Fallback vitamins', sku: 'FALLBACK-VIT-1', gtin: '4006381333931', lot_information: { is_lot: true } });
    const code = `]C1010400638133393110LOT-88${GS}17280630`;

    const answer = await call(t, 'inventory.lookup', { code, online: 'fallback' });
    expect(answer.scan).toEqual({ form: 'element-string', gtin14: '04006381333931', lot: 'LOT-88', expiry: '2028-06-30' });
    expect(answer.lookedUp).toBe('04006381333931');
    expect(answer.source).toBe('service');
    expect(answer.matches).toHaveLength(1);
    expect(answer.matches[0]).toMatchObject({ matchedBy: ['gtin'], item: { inventoryId, sku: 'FALLBACK-VIT-1', flags: { lot: true } } });
  });

  it('with the service gone, a code the cache does not have is refused as not cached and not reachable; the cache still answers what it has', async () => {
    const t = await syncedCore();
    const cached = (await call(t, 'inventory.search', { q: 'a', offset: 0, limit: 1 })).hits[0]!.item;
    await t.core.emulator.close();

    // The first call finds the service gone (connection refused, after the client's retries).
    const first = await call(t, 'inventory.lookup', { code: 'NOT-CACHED-9', online: 'fallback' });
    expect(first).toMatchObject({ matches: [], source: 'cache', online: { outcome: 'unreachable' } });
    expect(englishOfSaid(first.online!.said)).toBe('NOT-CACHED-9 is not in the item cache, and the service cannot be reached to look it up.');

    // Now known offline: refused at once, without a request.
    const started = Date.now();
    const second = await call(t, 'inventory.lookup', { code: 'NOT-CACHED-10', online: 'fallback' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(second.freshness.connectivity).toBe('offline');
    expect(second.online?.outcome).toBe('unreachable');
    expect(englishOfSaid(second.online!.said)).toBe('NOT-CACHED-10 is not in the item cache, and the service cannot be reached to look it up.');
    // The clerk reads it in the desk's language: German here.
    const german = createIntl({ locale: 'de', messages: readCatalog('de') });
    expect(second.online!.said.map((s) => german.formatMessage({ id: s.id }, s.values)).join(' ')).toBe(
      'NOT-CACHED-10 ist nicht im Artikel-Cache, und der Dienst ist nicht erreichbar, um danach zu suchen.',
    );

    const hit = await call(t, 'inventory.lookup', { code: cached.sku, online: 'fallback' });
    expect(hit).toMatchObject({ source: 'cache', online: null });
    expect(hit.matches[0]!.item.inventoryId).toBe(cached.inventoryId);
  });

  it('a digital item found online carries its flag, and the intake rules still refuse it', async () => {
    const t = await syncedCore();
    const inventoryId = await createProduct(t, { name: 'Fallback e-book', sku: 'FALLBACK-EBOOK-1', is_digital: true });

    const answer = await call(t, 'inventory.lookup', { code: 'FALLBACK-EBOOK-1', online: 'fallback' });
    expect(answer.source).toBe('service');
    const item = answer.matches[0]!.item;
    expect(item).toMatchObject({ inventoryId, flags: { digital: true } });
    // The intake's own step for a scanned item (the view runs the same code).
    expect(applyItemScan(english, ReturnDraft.parse({}), item, answer.scan)).toEqual({
      verdict: 'refused',
      message: 'Fallback e-book (FALLBACK-EBOOK-1) is a digital item: digital items are never shipped, so they cannot come back in a return.',
    });
  });
});
