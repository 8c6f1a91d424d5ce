import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callCore, createTestCore, emulatorControl, type TestCore } from '../support/test-core.js';

/**
 * Every view's center field and filter, and the zone an order's times are read in, come from one
 * channel that answers from what the desk holds: the centers the inventory cache's full pass read,
 * with their names and zones. Before that pass has run the service's list is read once for the
 * session. The emulator's request limit is on, as the service has it.
 */
let t: TestCore;
type Logged = { method: string; path: string };
type EmulatorCenter = { id: number; name: string | null; timezone: string | null };

/** The service's fulfillment-center reads in the emulator's log. */
const centerReads = async () =>
  ((await emulatorControl(t, 'GET', '/requests')) as { items: Logged[] }).items.filter((r) => r.path.split('?')[0] === '/2026-07/fulfillment-center').length;

beforeAll(async () => {
  t = await createTestCore({ localEmulator: { inventoryItems: 600, receivingOrders: 4 }, inventoryRefreshMs: 0 });
}, 60_000);
afterAll(async () => {
  await emulatorControl(t, 'DELETE', '/faults').catch(() => {});
  await t?.dispose();
});

describe('the fulfillment centers', () => {
  it('are read from the service once a session until the cache holds them, then from the cache with no request', async () => {
    const { items: served } = (await emulatorControl(t, 'GET', '/data/fulfillmentCenters')) as { items: EmulatorCenter[] };
    const expected = served.map((c) => ({ id: c.id, name: c.name, timeZone: c.timezone })).sort((a, b) => a.id - b.id);
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.every((c) => c.timeZone)).toBe(true);

    // Signed in, the first full pass stopped before it finished: the cache holds no centers yet.
    await emulatorControl(t, 'PUT', '/faults', { latencyMs: 400 });
    const { token } = (await emulatorControl(t, 'POST', '/pats', { name: 'centers' })) as { token: string };
    await callCore(t, 'auth.signInWithToken', { token });
    // 600 items are three pages of products: the pass is still reading when the first page is in.
    await t.waitForEvent('inventory.syncProgress', (p) => p.done > 0, 20_000);
    await callCore(t, 'inventory.syncCancel', {});
    await t.inventorySyncsEnded(1);
    await emulatorControl(t, 'DELETE', '/faults');
    await emulatorControl(t, 'DELETE', '/requests');

    const first = await callCore(t, 'inventory.centers', {});
    expect([...first.items].sort((a, b) => a.id - b.id)).toEqual(expected);
    expect(await centerReads()).toBe(1);
    const again = await callCore(t, 'inventory.centers', {});
    expect(again.items).toEqual(first.items);
    expect(await centerReads(), 'the list read moments ago serves').toBe(1);

    // A full pass reads them with the items. A new session (signed out and in again) holds nothing
    // read by the last one: its lists come from the cache, with no request.
    await callCore(t, 'inventory.syncStart', { mode: 'full' });
    await t.inventorySyncsEnded(2);
    await callCore(t, 'auth.signOut', {});
    await callCore(t, 'auth.signInWithToken', { token });
    await emulatorControl(t, 'DELETE', '/requests');
    const cached = await callCore(t, 'inventory.centers', {});
    expect([...cached.items].sort((a, b) => a.id - b.id)).toEqual(expected);
    expect(await centerReads()).toBe(0);
  }, 120_000);
});
