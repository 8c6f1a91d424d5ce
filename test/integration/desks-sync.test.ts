import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CachedItem } from '../../shared/schemas/inventory-cache.js';
import { postgresAvailability, startPostgres, type TestPostgres } from '../support/postgres.js';
import { StoppableService, value, type TestCore } from '../support/returns-desk.js';
import { storeSettings, stopDesks } from '../support/shared-store.js';
import { createTestCore } from '../support/test-core.js';

/**
 * One inventory sync for the desks sharing a store, against a standalone emulator over HTTP (its
 * request limit on, every desk the same user with a token of its own) and a real PostgreSQL server:
 * the desk holding the sync lease syncs, the others follow the store into their own caches, and when
 * the syncing desk is killed mid-sync another takes over and goes on from the pages it read.
 */
const ITEMS = 2000;
const postgres = postgresAvailability();
if (!postgres.available) console.log(`desks-sync: skipped: ${postgres.reason}`);
let server: TestPostgres;
let service: StoppableService;
const cores: TestCore[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!postgres.available) return;
  [server, service] = await Promise.all([startPostgres(), StoppableService.start({ inventoryItems: ITEMS })]);
}, 90_000);
afterAll(() => stopDesks({ children, cores, service, server }));

/** The sync's requests: the inventory lists, the products, the centers, the history. */
const SYNC_PATH = /^\/2026-07\/(?:inventory|inventory-level|product|fulfillment-center)(?:[/:]|$)/;

/** How many of the sync's requests each grant (each desk's token) sent, as the service's own log has them. */
async function syncRequests(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const r of await service.emulator!.control.requests())
    if (r.grant && SYNC_PATH.test(r.path) && r.fault === null) counts.set(r.grant, (counts.get(r.grant) ?? 0) + 1);
  return counts;
}

/**
 * A desk of its own data folder, signed in to the service with a token of its own (the same user, so
 * the same request window); sharing the store first when `shared`, as a desk set up once and started.
 */
async function desk(name: string, shared: boolean, signedIn = true): Promise<{ t: TestCore; grant: string; signIn: () => Promise<void> }> {
  const pat = await service.emulator!.control.createPat(name);
  const t = await createTestCore({ inventoryRefreshMs: 0 });
  cores.push(t);
  const env = value<'environments.save'>(
    await t.core.dispatch('environments.save', { name: 'Desk service', apiBaseUrl: service.url, authUrl: null, clientId: null }),
  );
  value(await t.core.dispatch('environments.activate', { id: env.id }));
  if (shared) expect(value<'desks.store.save'>(await t.core.dispatch('desks.store.save', storeSettings(server, name))).state).toBe('connected');
  const signIn = async () => {
    value(await t.core.dispatch('auth.signInWithToken', { token: pat.token }));
  };
  if (signedIn) await signIn();
  return { t, grant: pat.id, signIn };
}

/** The desk's cache, every item in inventory id order. */
async function cacheOf(t: TestCore): Promise<CachedItem[]> {
  return [...(await t.core.inventory.ready()).items()].sort((a, b) => a.inventoryId - b.inventoryId);
}

/** The service's items (its own records, read without spending the window the desks share). */
async function serviceItems(): Promise<{ inventory_id: number; name: string }[]> {
  return (await service.emulator!.control.data('inventory')).map((i) => ({ inventory_id: i.inventory_id, name: i.name }));
}

async function whenCached(t: TestCore, count: number, timeout = 60_000): Promise<void> {
  await vi.waitFor(async () => expect((await t.core.inventory.ready()).size).toBe(count), { timeout, interval: 100 });
}

function disposeAll(): Promise<unknown> {
  return Promise.all(cores.splice(0).map((t) => t.dispose()));
}

describe.skipIf(!postgres.available)('one inventory sync for the desks sharing a store', () => {
  it("three desks sharing a store: the first sync costs one desk's requests, and every cache ends as a desk alone syncs it; a change reaches every desk as that change alone", async () => {
    const count = (await serviceItems()).length;
    // What one desk alone spends on its first sync, and what it ends with.
    const alone = await desk('Desk alone', false);
    await whenCached(alone.t, count);
    const reference = await cacheOf(alone.t);

    const desks = [await desk('Desk A', true), await desk('Desk B', true), await desk('Desk C', true)];
    for (const d of desks) await whenCached(d.t, count);
    const requests = await syncRequests();
    const one = requests.get(alone.grant) ?? 0;
    const each = desks.map((d) => requests.get(d.grant) ?? 0);
    console.log(`desks-sync: first sync, requests of one desk alone ${one}; of the three desks sharing the store ${each.join(', ')}`);
    expect(one).toBeGreaterThan(10);
    expect(each.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(Math.ceil(one * 1.05));
    expect(each.filter((n) => n > 0)).toHaveLength(1);
    for (const d of desks) expect(await cacheOf(d.t)).toEqual(reference);

    // The leader syncs again after the service changed one item: the others get that item, through the store alone.
    const leader = desks[each.findIndex((n) => n > 0)]!;
    const record = (await service.emulator!.control.data('inventory'))[7]!;
    await service.emulator!.control.replace('inventory', { ...record, name: `${record.name} (renamed)` });
    value(await leader.t.core.dispatch('inventory.syncStart', { mode: 'full' }));
    for (const d of desks)
      await vi.waitFor(async () => expect((await cacheOf(d.t)).find((i) => i.inventoryId === record.inventory_id)?.name).toBe(`${record.name} (renamed)`), {
        timeout: 30_000,
        interval: 100,
      });
    const store = new pg.Client({ ...server.config, user: server.config.role });
    await store.connect();
    try {
      const { rows } = await store.query<{ n: string }>('SELECT count(*) AS n FROM sync_rows WHERE changed_at = (SELECT max(change_counter) FROM sync_state)');
      expect(Number(rows[0]!.n), 'rows the second sync wrote').toBe(1);
    } finally {
      await store.end();
    }
    const after = (await syncRequests()).get(desks.find((d) => d !== leader)!.grant) ?? 0;
    expect(after, 'a follower asks the service nothing').toBe(0);
    const caches = await Promise.all(desks.map((d) => cacheOf(d.t)));
    expect(caches[1]).toEqual(caches[0]);
    expect(caches[2]).toEqual(caches[0]);
    await disposeAll();
  }, 120_000);

  it('the syncing desk killed mid-sync (SIGKILL): another desk takes the lease within 30 s and goes on from the pages the killed desk read, no page asked for twice, and every cache is complete', async () => {
    // Two desks sharing the store, not signed in yet: they take no part until they are.
    const desks = [await desk('Desk Q', true, false), await desk('Desk R', true, false)];
    // A new store history: this account's set is synced from the start again.
    const store = new pg.Client({ ...server.config, user: server.config.role });
    await store.connect();
    const keptPages = async () => Number((await store.query<{ n: string }>('SELECT count(*) AS n FROM sync_pass_pages')).rows[0]!.n);
    const log = service.emulator!.control;
    // Where the log starts for this test: the first test's sync asked for the same pages.
    const since = (await log.requests()).at(-1)?.seq ?? 0;
    try {
      await store.query('DELETE FROM sync_passes; DELETE FROM sync_rows; DELETE FROM sync_sets; DELETE FROM sync_state');
      // A slow service (the products alone are eight pages one after another), so the desk is killed with its sync under way.
      await service.control('PUT', '/faults', { latencyMs: 800, latencyMaxMs: 1200, seed: 71 });
      const pat = await log.createPat('Desk K');
      const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-desk-'));
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/sync-desk-process.ts'], {
        env: { ...process.env, DOCKDESK_DESK: JSON.stringify({ dataDir, serviceUrl: service.url, token: pat.token, store: storeSettings(server, 'Desk K') }) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      const lines: string[] = [];
      const heard: (() => void)[] = [];
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        for (const wake of heard.splice(0)) wake();
      });
      const whenLine = async (test: (line: string) => boolean) => {
        while (!lines.some(test)) await new Promise<void>((resolve) => heard.push(resolve));
      };
      await whenLine((line) => line === 'leader');

      // Signed in while the killed desk leads: they follow the store.
      await Promise.all(desks.map((d) => d.signIn()));
      await vi.waitFor(async () => expect(await keptPages()).toBeGreaterThanOrEqual(4), { timeout: 30_000, interval: 50 });
      const leads = (t: TestCore) => t.logs.some((line) => line.includes('this desk syncs for the desks sharing the store'));
      expect(
        desks.filter((d) => leads(d.t)),
        'desks leading while the killed desk still did',
      ).toEqual([]);
      // The desk is killed with requests under way that the service has not answered: from now on it
      // answers none for a minute (an answer the desk never got is not a page it read). Those asked
      // before wait at most 1.2 s; once each of them is answered and kept, nothing read is lost with the desk.
      await service.control('PUT', '/faults', { latencyMs: 60_000 });
      const heldFrom = Date.now();
      const answeredTo = async (grant: string) =>
        (await log.requests(since)).filter((r) => r.grant === grant && SYNC_PATH.test(r.path) && r.fault === null).length;
      await vi.waitFor(
        async () => {
          expect(Date.now() - heldFrom).toBeGreaterThan(1200);
          expect(await keptPages()).toBe(await answeredTo(pat.id));
        },
        { timeout: 30_000, interval: 100 },
      );
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      const killedAt = Date.now();
      await service.control('PUT', '/faults', { latencyMs: 0, latencyMaxMs: 0 });
      const { rows: published } = await store.query('SELECT 1 FROM sync_sets');
      expect(published, 'what the killed desk published: nothing, its pass was not complete').toEqual([]);
      const read = await keptPages();
      expect(read, 'pages the killed desk read and kept in the store').toBeGreaterThan(0);

      await vi.waitFor(() => expect(desks.some((d) => leads(d.t))).toBe(true), { timeout: 30_000, interval: 100 });
      const tookOver = Date.now() - killedAt;
      console.log(`desks-sync: another desk took the lease ${tookOver} ms after the syncing desk was killed, with ${read} pages kept`);
      expect(tookOver).toBeLessThan(30_000);

      const items = await serviceItems();
      for (const d of desks) await whenCached(d.t, items.length, 90_000);
      const caches = await Promise.all(desks.map((d) => cacheOf(d.t)));
      expect(caches[1]).toEqual(caches[0]);
      expect(caches[0]!.map((i) => [i.inventoryId, i.name])).toEqual(
        items.sort((a, b) => a.inventory_id - b.inventory_id).map((i) => [i.inventory_id, i.name]),
      );
      expect((await store.query('SELECT 1 FROM sync_passes')).rows, 'the pass, once published, is no longer kept').toEqual([]);

      // Every page of the pass, whichever desk asked for it, was answered once.
      const answered = new Map<string, number>();
      for (const r of await log.requests(since))
        if (r.grant && SYNC_PATH.test(r.path) && r.fault === null) answered.set(`${r.path}?${r.query}`, (answered.get(`${r.path}?${r.query}`) ?? 0) + 1);
      const twice = [...answered].filter(([, n]) => n > 1);
      const requests = await syncRequests();
      const spent = desks.map((d) => requests.get(d.grant) ?? 0);
      console.log(`desks-sync: after the takeover, requests of the two desks ${spent.join(', ')}; of the killed desk ${requests.get(pat.id) ?? 0}`);
      expect(twice, 'pages asked for twice').toEqual([]);
      expect(spent.filter((n) => n > 0)).toHaveLength(1);
      expect(spent.reduce((a, b) => a + b, 0)).toBe(answered.size - read);
    } finally {
      await service.control('PUT', '/faults', { latencyMs: 0, latencyMaxMs: 0 });
      await store.end();
      await disposeAll();
    }
  }, 150_000);
});
