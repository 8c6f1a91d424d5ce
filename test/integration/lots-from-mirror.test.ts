import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { apiRequestsSince, callCore as call, createTestCore, emulatorControl, lastRequestSeq, signIn, type TestCore } from '../support/test-core.js';

/**
 * Lot exclusions answered from the account mirror, the limit on as the service publishes it (150 a
 * minute), counted in the emulator's request log: the view of every exclusion in force and an item's
 * lots open at no request once the mirror is warm; an exclude or a delete is its own request plus at
 * most the item's one live read (what the view asks after it), never a refresh of the whole cache;
 * the view says as of when, and offline since when.
 */
const cleanups = cleanupsAfterEach();

async function warmCore(): Promise<TestCore> {
  const t = await createTestCore({ localEmulator: { rateLimit: { enabled: true, perMinute: 150 } }, mirror: { auto: false, refreshMs: 0, paceMs: 0 } });
  cleanups.push(() => t.dispose());
  await signIn(t);
  await t.inventorySyncsEnded(1, 120_000);
  await t.core.mirror.refresh();
  return t;
}

async function costOf(t: TestCore, work: () => Promise<unknown>) {
  const from = await lastRequestSeq(t);
  await work();
  return apiRequestsSince(t, from);
}

describe('lot exclusions from the account mirror', () => {
  it('opens every exclusion in force and an item at no request, and a lot change costs its own request and the item’s one refresh', async () => {
    const t = await warmCore();
    const seeded = ((await emulatorControl(t, 'GET', '/data/lotExclusions')) as { items: { inventory_id: number; lot_number: string; is_deleted: boolean }[] })
      .items;
    const active = seeded.filter((x) => !x.is_deleted);

    let inForce!: Awaited<ReturnType<typeof call<'lotExclusion.inForce'>>>;
    const open = await costOf(t, async () => {
      inForce = await call(t, 'lotExclusion.inForce', {});
    });
    expect(open).toEqual([]);
    expect(inForce.itemsRead).toBe(inForce.items);
    expect(inForce.asOf).not.toBeNull();
    expect(inForce.offlineSince).toBeNull();
    expect(inForce.rows.map((r) => `${r.inventoryId}/${r.lotNumber}`).sort()).toEqual(active.map((x) => `${x.inventory_id}/${x.lot_number}`).sort());

    // An item with a lot not excluded: excluded, then its exclusion deleted, as the view does it.
    const inventory = (
      (await emulatorControl(t, 'GET', '/data/inventory')) as { items: { inventory_id: number; is_lot: boolean; lots: { lot_number: string }[] }[] }
    ).items;
    const item = inventory.find(
      (i) => i.is_lot && i.lots.some((l) => !active.some((x) => x.inventory_id === i.inventory_id && x.lot_number === l.lot_number)),
    )!;
    const lot = {
      inventoryId: item.inventory_id,
      lotNumber: item.lots.find((l) => !active.some((x) => x.inventory_id === item.inventory_id && x.lot_number === l.lot_number))!.lot_number,
    };
    expect(await costOf(t, () => call(t, 'lotExclusion.list', { inventoryId: lot.inventoryId }))).toEqual([]);

    const afterChange = async () => {
      const list = await call(t, 'lotExclusion.list', { inventoryId: lot.inventoryId });
      const all = await call(t, 'lotExclusion.inForce', {});
      await call(t, 'inventory.item', { inventoryId: lot.inventoryId, live: true });
      return { list, all };
    };
    let seen!: Awaited<ReturnType<typeof afterChange>>;
    const exclude = await costOf(t, async () => {
      await call(t, 'lotExclusion.exclude', lot);
      seen = await afterChange();
    });
    expect(exclude.filter((r) => r.method === 'POST' && r.path === '/2026-07/lot-exclusion')).toHaveLength(1);
    // The rest is the item's one refresh (its level, places and lots: the item page's live read), its exclusions from the mirror.
    expect(exclude.filter((r) => r.method === 'GET').every((r) => r.path.startsWith(`/2026-07/inventory-level/${lot.inventoryId}`))).toBe(true);
    expect(exclude.length).toBeLessThanOrEqual(4);
    expect(exclude.some((r) => r.path.endsWith('/inventory') || r.path.endsWith('/inventory-level'))).toBe(false);
    expect(seen.list.active.map((e) => e.lotNumber)).toContain(lot.lotNumber);
    expect(seen.all.rows.some((r) => r.inventoryId === lot.inventoryId && r.lotNumber === lot.lotNumber)).toBe(true);

    const remove = await costOf(t, async () => {
      await call(t, 'lotExclusion.delete', lot);
      seen = await afterChange();
    });
    expect(remove.filter((r) => r.method === 'POST' && r.path === '/2026-07/lot-exclusion:delete')).toHaveLength(1);
    expect(remove.filter((r) => r.method === 'GET').every((r) => r.path.startsWith(`/2026-07/inventory-level/${lot.inventoryId}`))).toBe(true);
    expect(remove.length).toBeLessThanOrEqual(4);
    expect(seen.list.active.map((e) => e.lotNumber)).not.toContain(lot.lotNumber);
    expect(seen.list.deleted.map((e) => e.lotNumber)).toContain(lot.lotNumber);
    expect(seen.all.rows.some((r) => r.inventoryId === lot.inventoryId && r.lotNumber === lot.lotNumber)).toBe(false);

    // Refresh on the item's page asks the service (one request) and the mirror keeps its answer.
    const refreshed = await costOf(t, () => call(t, 'lotExclusion.list', { inventoryId: lot.inventoryId, fresh: true }));
    expect(refreshed.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /2026-07/lot-exclusion']);
  }, 240_000);

  it('says since when the service has been away, and still answers from the mirror', async () => {
    const t = await warmCore();
    await t.core.emulator.close();
    // A clerk's read finds the service gone.
    await t.core.dispatch('receiving.list', { page: 1, limit: 10 });
    await t.waitForEvent('connectivity.changed', (s) => s === 'offline', 30_000);
    const inForce = await call(t, 'lotExclusion.inForce', {});
    expect(inForce.offlineSince).not.toBeNull();
    expect(inForce.itemsRead).toBe(inForce.items);
  }, 240_000);
});
