import { describe, expect, it, vi } from 'vitest';
import type { ChannelOutput } from '../../shared/ipc/contract.js';
import { InventoryPage } from '../../shared/schemas/inventory.js';
import { startSyncAssembler, type SyncAssembler } from '../../areas/inventory/core/sync-in-worker.js';
import type { SyncStream } from '../../areas/inventory/core/snapshot-assembler.js';
import { createTestCore, emulatorControl, signIn } from '../support/test-core.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

/**
 * The inventory sync reads its pages' text in this thread and parses, checks and assembles them in a
 * worker thread (sync-in-worker.ts). Against the real emulator: the sync uses the worker; a worker
 * that dies mid-sync costs a rerun in the main thread, never a failed sync; bodies cut off mid-JSON
 * are asked for again; and the client's handling of what a decoder says.
 */
type Core = Awaited<ReturnType<typeof createTestCore>>;
const ITEMS = 1500; // two pages of each inventory list, several of products

const cleanups = cleanupsAfterEach();

async function core(options: Parameters<typeof createTestCore>[0] = {}): Promise<Core> {
  const t = await createTestCore({ localEmulator: { inventoryItems: ITEMS, rateLimit: { enabled: false } }, requestBudgetPerMinute: 100_000, ...options });
  cleanups.push(() => t.dispose());
  return t;
}

async function lookupSku(t: Core, sku: string): Promise<number> {
  const r = await t.core.dispatch('inventory.lookup', { code: sku });
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as ChannelOutput<'inventory.lookup'>).matches.length;
}

async function firstSku(t: Core): Promise<string> {
  const r = await t.core.dispatch('inventory.search', { q: '-', offset: 0, limit: 1 });
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as ChannelOutput<'inventory.search'>).hits[0]!.item.sku;
}

describe('inventory sync: pages assembled in a worker thread', () => {
  it('a sync assembles in a worker thread and ends with every item', async () => {
    const where: string[] = [];
    const t = await core({
      startSyncAssembler: async (o) => {
        const a = await startSyncAssembler(o);
        where.push(a.where);
        return a;
      },
    });
    await signIn(t);
    const status = await t.inventorySyncsEnded(1);
    expect(status.lastError).toBeNull();
    expect(status.itemCount).toBe(ITEMS);
    expect(where).toEqual(['worker']);
    expect(await lookupSku(t, await firstSku(t))).toBe(1);
    // Each announced state has a higher revision, and a read afterwards carries the last.
    const announced = t.events.filter((e) => e.event === 'inventory.syncStatus').map((e) => e.payload as ChannelOutput<'inventory.syncStatus'>);
    expect(announced.map((a) => a.state)).toEqual(['running', 'idle']);
    expect(announced[1]!.revision).toBeGreaterThan(announced[0]!.revision);
    const read = await t.core.dispatch('inventory.syncStatus', {});
    expect(read.ok && (read.value as ChannelOutput<'inventory.syncStatus'>).revision).toBe(announced[1]!.revision);
  });

  it('a worker that dies mid-sync: the sync runs again in the main thread, ends with every item, and says so in the log; later syncs stay there', async () => {
    const where: string[] = [];
    let crashed = false;
    const t = await core({
      startSyncAssembler: async (o) => {
        const real = await startSyncAssembler(o);
        where.push(real.where);
        if (real.where !== 'worker' || crashed) return real;
        crashed = true;
        let pages = 0;
        // The third page goes to the worker under a stream it does not know: it throws, uncaught, and the thread dies.
        const dying: SyncAssembler = {
          where: real.where,
          page: (stream, text) => real.page(++pages === 3 ? ('no-such-stream' as SyncStream) : stream, text),
          finish: (meta) => real.finish(meta),
          close: () => real.close(),
        };
        return dying;
      },
    });
    await signIn(t);
    const status = await t.inventorySyncsEnded(1);
    expect(status.lastError).toBeNull();
    expect(status.itemCount).toBe(ITEMS);
    expect(where).toEqual(['worker', 'inline']);
    expect(t.logs.some((l) => /worker thread stopped .*assembling in the main thread/.test(l))).toBe(true);

    const started = await t.core.dispatch('inventory.syncStart', { mode: 'full' });
    expect(started.ok).toBe(true);
    expect((await t.inventorySyncsEnded(2)).itemCount).toBe(ITEMS);
    expect(where).toEqual(['worker', 'inline', 'inline']);
  });

  it('bodies cut off mid-JSON are asked for again: the sync under 10% malformed answers ends with every item', async () => {
    const t = await core();
    await emulatorControl(t, 'PUT', '/faults', { malformedRate: 0.1, seed: 5 });
    await signIn(t);
    const status = await t.inventorySyncsEnded(1);
    expect(status.lastError).toBeNull();
    expect(status.itemCount).toBe(ITEMS);
    const { items } = (await emulatorControl(t, 'GET', '/requests?since=0')) as { items: Array<{ fault?: string | null }> };
    expect(items.filter((r) => r.fault === 'malformed').length).toBeGreaterThan(0);
  });
});

describe('inventory sync: the worker kept between syncs', () => {
  const items = (...ids: number[]) =>
    JSON.stringify({ items: ids.map((id) => ({ inventory_id: id, name: `Item ${id}`, sku: `SKU-${id}`, is_lot: false, is_case: false })), next: null });
  const at = '2026-11-24T10:00:00.000Z';
  const meta = { centers: [], syncedAt: { items: at, levels: at, lots: at, codes: at }, previousCodes: null };
  const ids = (a: { columns: { inventoryId: Float64Array } }) => [...a.columns.inventoryId].sort((x, y) => x - y);

  it('a worker whose sync ended serves the next one, which holds its own items and none of the last', async () => {
    const first = await startSyncAssembler();
    expect(first.where).toBe('worker');
    expect(await first.page('items', items(1, 2))).toMatchObject({ ok: true });
    expect(ids(await first.finish(meta))).toEqual([1, 2]);
    first.close();

    const second = await startSyncAssembler();
    expect(second.thread).toBe(first.thread);
    expect(await second.page('items', items(3))).toMatchObject({ ok: true });
    expect(ids(await second.finish(meta))).toEqual([3]);
    second.close();
  });

  it('a sync closed with a page still unanswered does not hand its worker on', async () => {
    const cut = await startSyncAssembler();
    void cut.page('items', items(4));
    cut.close();
    const next = await startSyncAssembler();
    expect(next.where).toBe('worker');
    expect(next.thread).not.toBe(cut.thread);
    expect(await next.page('items', items(5))).toMatchObject({ ok: true });
    expect(ids(await next.finish(meta))).toEqual([5]);
    next.close();
  });
});

describe('inventory sync: each list read one page ahead', () => {
  const LIST_PATHS: Record<SyncStream, RegExp> = {
    items: /^\/[\w.-]+\/inventory$/,
    totals: /^\/[\w.-]+\/inventory-level$/,
    locations: /^\/[\w.-]+\/inventory-level\/locations$/,
    lots: /^\/[\w.-]+\/inventory-level\/lots$/,
    products: /^\/[\w.-]+\/product$/,
  };
  const STREAMS = Object.keys(LIST_PATHS) as SyncStream[];
  const readsOf = async (t: Core, stream: SyncStream) =>
    ((await emulatorControl(t, 'GET', '/requests?since=0')) as { items: Array<{ method: string; path: string }> }).items.filter(
      (r) => r.method === 'GET' && LIST_PATHS[stream].test(r.path),
    ).length;

  /**
   * The real assembler, with the pages it is given counted per list. `link` decides what the sync hears
   * of each early link; `hold` runs before a page's verdict is answered.
   */
  function watched(options: { link?: (stream: SyncStream, link: string) => string; hold?: (stream: SyncStream, page: number) => Promise<void> }) {
    const pages: Partial<Record<SyncStream, number>> = {};
    /** Bodies the desk has read in full (it asks for their buffer then), of any list. */
    const bodies = { count: 0 };
    const start = async (o: Parameters<typeof startSyncAssembler>[0]): Promise<SyncAssembler> => {
      const real = await startSyncAssembler(o);
      return {
        where: real.where,
        ...(real.bodyBuffer
          ? {
              bodyBuffer: (size: number) => {
                bodies.count++;
                return real.bodyBuffer!(size);
              },
            }
          : {}),
        page: async (stream, body, onNext) => {
          const page = (pages[stream] = (pages[stream] ?? 0) + 1);
          const verdict = await real.page(stream, body, onNext && ((link) => onNext(options.link ? options.link(stream, link) : link)));
          await options.hold?.(stream, page);
          return verdict;
        },
        finish: (meta) => real.finish(meta),
        close: () => real.close(),
      };
    };
    return { pages, bodies, start };
  }

  it('the next page is asked for while this one is still being checked, and no page is read twice', async () => {
    const box: { t?: Core } = {};
    let servedAhead = false;
    const w = watched({
      // The first product page's verdict waits (up to 10 s) for the service to have served the second.
      hold: async (stream, page) => {
        if (stream !== 'products' || page !== 1) return;
        await vi
          .waitFor(async () => expect(await readsOf(box.t!, 'products')).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 20 })
          .then(() => (servedAhead = true))
          .catch(() => {}); // not served: the sync goes on, and the test says so below
      },
    });
    const t = (box.t = await core({ startSyncAssembler: w.start }));
    await signIn(t);
    const status = await t.inventorySyncsEnded(1);
    expect(status.lastError).toBeNull();
    expect(status.itemCount).toBe(ITEMS);
    expect(servedAhead).toBe(true);
    expect(w.pages.products).toBeGreaterThan(2);
    for (const stream of STREAMS) expect({ stream, reads: await readsOf(t, stream) }).toEqual({ stream, reads: w.pages[stream] });
  });

  it('an early link the page does not confirm: that page is dropped, unassembled, and the list costs at most one read more', async () => {
    // Every early link is made wrong (a page size of 1 the cursor never asked for); in a second sync, none.
    let wrong = true;
    const box: { t?: Core } = {};
    const w = watched({
      link: (_stream, link) => (wrong ? `${link}${link.includes('?') ? '&' : '?'}PageSize=1` : link),
      // Each list's first verdict waits until the page read on its wrong link has been served, so
      // that page is here, waiting to be assembled, when it is dropped.
      hold: async (stream, page) => {
        if (!wrong || page !== 1) return;
        await vi.waitFor(async () => expect(await readsOf(box.t!, stream)).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 20 }).catch(() => {});
        // Its body read in full: every list's first page and the page ahead of it are at the desk.
        await vi.waitFor(() => expect(w.bodies.count).toBeGreaterThanOrEqual(2 * STREAMS.length), { timeout: 10_000, interval: 10 }).catch(() => {});
      },
    });
    const t = (box.t = await core({ startSyncAssembler: w.start }));
    await signIn(t);
    const status = await t.inventorySyncsEnded(1);
    expect(status.lastError).toBeNull();
    expect(status.itemCount).toBe(ITEMS);
    expect(await lookupSku(t, await firstSku(t))).toBe(1);
    const given = { ...w.pages };
    const reads = Object.fromEntries(await Promise.all(STREAMS.map(async (stream) => [stream, await readsOf(t, stream)] as const)));

    wrong = false;
    for (const stream of STREAMS) delete w.pages[stream];
    expect((await t.core.dispatch('inventory.syncStart', { mode: 'full' })).ok).toBe(true);
    expect((await t.inventorySyncsEnded(2)).itemCount).toBe(ITEMS);
    expect(w.pages.products).toBeGreaterThan(2);
    for (const stream of STREAMS) {
      // The pages the assembler was given are the list's own (as in a sync with right links); its
      // reads are those and at most one dropped.
      expect({ stream, given: given[stream] }).toEqual({ stream, given: w.pages[stream] });
      expect(reads[stream]).toBeLessThanOrEqual(w.pages[stream]! + 1);
    }
  });
});

describe('ApiClient.callDecoded: what the decoder says', () => {
  async function signedIn(): Promise<Core> {
    const t = await core();
    await signIn(t);
    await t.inventorySyncsEnded(1);
    return t;
  }
  const inventoryReads = async (t: Core, since: number) =>
    ((await emulatorControl(t, 'GET', `/requests?since=${since}`)) as { items: Array<{ method: string; path: string }> }).items.filter(
      (r) => r.method === 'GET' && /^\/[\w.-]+\/inventory$/.test(r.path),
    ).length;
  const logLength = async (t: Core) => ((await emulatorControl(t, 'GET', '/requests?since=0')) as { items: unknown[] }).items.length;

  it('not JSON: the page is asked for again, and after the last attempt the call fails saying so', async () => {
    const t = await signedIn();
    const api = t.core.environments.active.api;
    const since = await logLength(t);
    let decoded = 0;
    const answer = await api.callDecoded('inventory.list', {
      query: { PageSize: 5 },
      decode: async (text) => (++decoded === 1 ? { ok: false, reason: 'not-json' } : { ok: true, value: InventoryPage.parse(JSON.parse(text)).items.length }),
    });
    expect(answer.data).toBe(5);
    expect(await inventoryReads(t, since)).toBe(2);

    const again = await logLength(t);
    const failure = await api
      .callDecoded('inventory.list', { query: { PageSize: 5 }, decode: async () => ({ ok: false, reason: 'not-json' }) })
      .catch((e: unknown) => e);
    expect((failure as { appError: { code: string; message: string } }).appError).toMatchObject({
      code: 'bad_response',
      said: { id: 'errors.api.notJson' },
      detail: 'GET /2026-07/inventory answered with a body that is not JSON',
    });
    expect(await inventoryReads(t, again)).toBe(4);
  });

  it('a body that does not fit: fails at once, naming the endpoint and the field', async () => {
    const t = await signedIn();
    const api = t.core.environments.active.api;
    const since = await logLength(t);
    const failure = await api
      .callDecoded('inventory.list', {
        query: { PageSize: 5 },
        decode: async () => ({ ok: false, reason: 'unexpected', path: 'items.3.sku', message: 'expected string' }),
      })
      .catch((e: unknown) => e);
    expect((failure as { appError: { code: string; detail: string } }).appError).toMatchObject({
      code: 'bad_response',
      detail: 'GET /2026-07/inventory sent an unexpected response: field "items.3.sku": expected string.',
    });
    expect(await inventoryReads(t, since)).toBe(1);
  });
});
