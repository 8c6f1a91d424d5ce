import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmulatorClient } from '../support/emulator-client.js';
import { callCore, createTestCore, emulatorControl, signIn } from '../support/test-core.js';

/**
 * Keeping the offline cache current, against the real emulator inside a real core: a
 * refresh reads only the products changed since the last sync, the background refresh runs by
 * itself while signed in, and an answer from a cache older than 30 minutes says it is stale.
 */
type Core = Awaited<ReturnType<typeof createTestCore>>;
const ITEMS = 1500; // several 250-product pages in a full read

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const c of cleanups.splice(0).reverse()) await c();
});

const call = callCore;

function syncEnds(t: Core): number {
  return t.events.filter((e) => e.event === 'inventory.syncStatus' && (e.payload as { state: string }).state === 'idle').length;
}

async function waitSyncEnds(t: Core, count: number, timeoutMs = 60_000): Promise<void> {
  await vi.waitFor(
    () => {
      if (syncEnds(t) < count) throw new Error(`fewer than ${count} syncs ended; events: ${t.events.map((e) => e.event).join(', ')}`);
    },
    { timeout: timeoutMs, interval: 25 },
  );
}

async function syncedCore(options: Parameters<typeof createTestCore>[0] = {}) {
  const t = await createTestCore({ localEmulator: { inventoryItems: ITEMS }, ...options });
  cleanups.push(() => t.dispose());
  await signIn(t);
  await waitSyncEnds(t, 1);
  return t;
}

/** A product added on the service the way any integration adds one. */
async function addProduct(t: Core, sku: string, gtin: string) {
  const { token } = (await emulatorControl(t, 'POST', '/pats', { name: 'refresh-test' })) as { token: string };
  const api = new EmulatorClient(t.core.emulator.url, token);
  const created = await api.call('POST', '/2025-07/product', { body: { name: `Added ${sku}`, variants: [{ name: `Added ${sku}`, sku, gtin }] } });
  expect(created.status, created.text).toBe(201);
}

/** The emulator's request log since `since`: paths of the product list reads. */
async function productListReads(t: Core, since: number): Promise<number> {
  const { items } = (await emulatorControl(t, 'GET', `/requests?since=${since}`)) as { items: Array<{ method: string; path: string }> };
  return items.filter((r) => r.method === 'GET' && /^\/[\w.-]+\/product$/.test(r.path)).length;
}

async function logLength(t: Core): Promise<number> {
  const { items } = (await emulatorControl(t, 'GET', '/requests?since=0')) as { items: unknown[] };
  return items.length;
}

describe('inventory cache: keeping current', () => {
  it('a refresh reads only the products changed since the last sync, and finds a product added meanwhile by SKU and GTIN', async () => {
    const t = await syncedCore();
    expect((await call(t, 'inventory.lookup', { code: 'ADDED-SKU-1' })).matches).toEqual([]);

    await addProduct(t, 'ADDED-SKU-1', '09506000134376');
    const before = await logLength(t);
    await call(t, 'inventory.syncStart', { mode: 'full' });
    await waitSyncEnds(t, 2);
    const fullReads = await productListReads(t, before);

    const mid = await logLength(t);
    await addProduct(t, 'ADDED-SKU-2', '09506000134383');
    await call(t, 'inventory.syncStart', { mode: 'refresh' });
    await waitSyncEnds(t, 3);
    const refreshReads = await productListReads(t, mid);

    // A full read walks every product page (250 a page); the refresh asks for what changed since, one page.
    expect(fullReads).toBe(Math.ceil((await t.core.emulator.control.data('products')).length / 250));
    expect(fullReads).toBeGreaterThan(1);
    expect(refreshReads).toBe(1);
    for (const code of ['ADDED-SKU-2', '09506000134383', '9506000134383']) {
      const answer = await call(t, 'inventory.lookup', { code });
      expect(
        answer.matches.map((m) => m.item.sku),
        code,
      ).toEqual(['ADDED-SKU-2']);
    }
    // What the earlier sync knew is still there after the refresh.
    expect((await call(t, 'inventory.lookup', { code: '09506000134376' })).matches.map((m) => m.item.sku)).toEqual(['ADDED-SKU-1']);
  });

  it("a refresh re-reads only the items the history says moved, and their quantities are the service's again", async () => {
    const t = await syncedCore();
    const { token } = (await emulatorControl(t, 'POST', '/pats', { name: 'history-test' })) as { token: string };
    const api = new EmulatorClient(t.core.emulator.url, token);
    // Two days pass on the service: receiving orders arrive and are stowed, moving stock.
    const since = new Date(Date.now() - 60_000).toISOString();
    await emulatorControl(t, 'POST', '/clock/advance', { seconds: 2 * 86_400 });
    const centers = await api.get<{ id: number }[]>('/2026-07/fulfillment-center');
    const moved = new Set<number>();
    for (const center of centers) {
      const page = await api.call('POST', '/2026-01/inventory/history:query', { body: { facility_id: center.id, start_date: since } });
      for (const e of (page.body as { data: { inventory_id: number }[] }).data) moved.add(e.inventory_id);
    }
    expect(moved.size, 'the emulator moved no stock in two days').toBeGreaterThan(0);

    const before = await logLength(t);
    await call(t, 'inventory.syncStart', { mode: 'refresh' });
    await waitSyncEnds(t, 2);
    const { items } = (await emulatorControl(t, 'GET', `/requests?since=${before}`)) as { items: Array<{ path: string; status: number }> };
    // Two days expired the access token: the first calls are refused once (401) and sent again after a token refresh.
    const sent = items.filter((r) => r.path.match(/^\/\d{4}-\d\d\//) && r.status !== 401);
    // The history (a page per center), the products changed (one page), and each of the four lists once for the moved items.
    expect(sent.filter((r) => r.path.endsWith('/inventory/history:query')).length).toBe(centers.length);
    expect(sent.filter((r) => /\/inventory(-level(\/locations|\/lots)?)?$/.test(r.path)).length).toBe(4 * Math.ceil(moved.size / 200));
    expect(sent.length).toBeLessThanOrEqual(centers.length + 1 + 4 * Math.ceil(moved.size / 200));

    for (const id of [...moved].slice(0, 5)) {
      const service = await api.get<{ total_on_hand_quantity: number }>(`/2026-07/inventory-level/${id}`);
      const cached = (await call(t, 'inventory.lookup', { code: String(id) })).matches.find((m) => m.item.inventoryId === id)!.item;
      const onHand = cached.levels.some((l) => l.fcId === 0)
        ? cached.levels.find((l) => l.fcId === 0)!.onHand
        : cached.levels.reduce((sum, l) => sum + l.onHand, 0);
      expect(onHand, `on hand of item ${id}`).toBe(service.total_on_hand_quantity);
    }
    expect((await call(t, 'inventory.syncStatus', {})).itemCount).toBe(ITEMS);
  });

  it('an item read live shows its quantities as the service has them now, before any sync, and opens from the cache at once', async () => {
    const t = await syncedCore();
    const { token } = (await emulatorControl(t, 'POST', '/pats', { name: 'item-test' })) as { token: string };
    const api = new EmulatorClient(t.core.emulator.url, token);
    const since = new Date(Date.now() - 60_000).toISOString();
    await emulatorControl(t, 'POST', '/clock/advance', { seconds: 2 * 86_400 });
    const centers = await api.get<{ id: number }[]>('/2026-07/fulfillment-center');
    const moved: number[] = [];
    for (const center of centers) {
      const page = await api.call('POST', '/2026-01/inventory/history:query', { body: { facility_id: center.id, start_date: since } });
      for (const e of (page.body as { data: { inventory_id: number }[] }).data) moved.push(e.inventory_id);
    }
    const onHand = (levels: { fcId: number; onHand: number }[]) =>
      levels.some((l) => l.fcId === 0) ? levels.find((l) => l.fcId === 0)!.onHand : levels.reduce((sum, l) => sum + l.onHand, 0);
    let differed = 0;
    for (const id of [...new Set(moved)].slice(0, 5)) {
      const service = await api.get<{ total_on_hand_quantity: number }>(`/2026-07/inventory-level/${id}`);
      const cached = (await call(t, 'inventory.lookup', { code: String(id) })).matches.find((m) => m.item.inventoryId === id)!.item;
      // Opening shows what the desk holds; the live read (once the clerk stays) brings the service's figures.
      const opened = await call(t, 'inventory.item', { inventoryId: id });
      expect(opened.readAt).toBeNull();
      expect(onHand(opened.item.levels), `item ${id} opened`).toBe(onHand(cached.levels));
      const live = await call(t, 'inventory.item', { inventoryId: id, live: true });
      expect(live.readAt).not.toBeNull();
      expect(onHand(live.item.levels), `item ${id}`).toBe(service.total_on_hand_quantity);
      if (onHand(cached.levels) !== service.total_on_hand_quantity) differed++;
    }
    // The cache itself still has the last sync's figures: the detail read them anew.
    expect(differed).toBeGreaterThan(0);
  });

  it('a full pass the connection interrupted goes on from the last page read, and completes', async () => {
    const t = await syncedCore();
    const before = await logLength(t);
    const pagesOf = async (since: number) => {
      const { items } = (await emulatorControl(t, 'GET', `/requests?since=${since}`)) as { items: Array<{ path: string; status: number }> };
      return items.filter((r) => /\/(inventory|inventory-level|inventory-level\/locations|inventory-level\/lots|product)$/.test(r.path) && r.status === 200)
        .length;
    };
    // Slow answers, so the service can fail half-way through: after the first pages, every answer is a 503.
    await emulatorControl(t, 'PUT', '/faults', { latencyMs: 250 });
    const progressBefore = t.events.length;
    await call(t, 'inventory.syncStart', { mode: 'full' });
    await vi.waitFor(
      () => {
        const paged = t.events
          .slice(progressBefore)
          .some(
            (e) =>
              e.event === 'inventory.syncProgress' &&
              (e.payload as { phase: string; done: number }).phase === 'items' &&
              (e.payload as { done: number }).done >= 1000,
          );
        if (!paged) throw new Error('no page of the full pass arrived');
      },
      { timeout: 30_000, interval: 20 },
    );
    await emulatorControl(t, 'PUT', '/faults', { errorRate: 1 });
    const failed = await t.inventorySyncsEnded(2, 60_000);
    expect(failed.lastError?.retryable).toBe(true);
    await emulatorControl(t, 'DELETE', '/faults');
    const firstTry = await pagesOf(before);
    expect(firstTry).toBeGreaterThan(0);

    const mid = await logLength(t);
    await call(t, 'inventory.syncStart', { mode: 'full' });
    const done = await t.inventorySyncsEnded(3, 60_000);
    expect(done.lastError).toBeNull();
    expect(done.itemCount).toBe(ITEMS);
    // Together the two tries read each page once: the second did not start over.
    const whole = Math.ceil(ITEMS / 1000) * 4 + Math.ceil((await t.core.emulator.control.data('products')).length / 250);
    expect(firstTry + (await pagesOf(mid))).toBe(whole);
    expect(t.logs.some((l) => l.includes('going on from where the interrupted full pass stopped'))).toBe(true);
  });

  it('while signed in, the background refresh runs by itself and picks up a new product', async () => {
    const t = await syncedCore({ inventoryRefreshMs: 1_500 });
    await addProduct(t, 'ADDED-SKU-3', '09506000134390');
    // The timer may have begun a refresh before the product was there: the one after it began after.
    await waitSyncEnds(t, syncEnds(t) + 2, 30_000);
    const answer = await call(t, 'inventory.lookup', { code: 'ADDED-SKU-3' });
    expect(answer.matches.map((m) => m.item.sku)).toEqual(['ADDED-SKU-3']);
  });

  it('an answer from a cache synced more than 30 minutes ago is marked stale', async () => {
    const t = await syncedCore();
    const sku = (await call(t, 'inventory.search', { q: 'a', offset: 0, limit: 1 })).hits[0]!.item.sku;
    expect((await call(t, 'inventory.lookup', { code: sku })).freshness.stale).toBe(false);

    // Only the wall clock moves (timers and I/O stay real).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60 * 1000);
    const old = await call(t, 'inventory.lookup', { code: sku });
    expect(old.matches).toHaveLength(1);
    expect(old.freshness.stale).toBe(true);
  });
});
