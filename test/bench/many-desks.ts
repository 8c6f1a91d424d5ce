import pg from 'pg';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';
import { postgresAvailability, startPostgres, type TestPostgres } from '../support/postgres.js';
import { storeSettings } from '../support/shared-store.js';
import { createTestCore, type TestCore } from '../support/test-core.js';
import { summarize } from './stats.js';

/**
 * Several desks of one account (the same user, a token each) on one service, with and without the
 * PostgreSQL store they can share: what the inventory sync costs of the service's request window for
 * 1 and 4 desks (the first sync, and an idle hour), and how long a change the syncing desk commits to
 * the store takes to reach the other desks' caches.
 *
 * The idle hour is four cycles of the background refresh at its default interval (15 minutes): before
 * each, the emulator's clock moves 15 minutes on (boxes arrive and stock moves, as in a quarter of an
 * hour), then every desk starts the refresh its timer would start (`inventory.syncStart`, refresh: the
 * same path as the timer's; a follower reads the store and asks the service nothing). The account
 * mirror is off, as it is in every test core: it is not shared yet (screenCosts has its own figures).
 */
const ITEMS = Number(process.env.BENCH_MANY_DESKS_ITEMS ?? 10_000);
/** Rounds of the lag: the syncing desk refreshes after the service's stock moved, the others follow. */
const LAG_ROUNDS = Number(process.env.BENCH_MANY_DESKS_LAG_ROUNDS ?? 10);
/**
 * The service's time between lag rounds: in a quarter of an hour the emulator's stock seldom moves, so
 * most refreshes would change the sync's times alone; in an hour most change a few items.
 */
const LAG_ROUND_S = Number(process.env.BENCH_MANY_DESKS_LAG_ROUND_S ?? 3600);
const REFRESHES_AN_HOUR = 4;
const QUARTER_HOUR_S = 15 * 60;
/** The sync's requests: the inventory lists, the products, the centers, the history. */
const SYNC_PATH = /^\/\d{4}-\d\d\/(?:inventory|inventory-level|product|fulfillment-center)(?:[/:]|$)/;
const API_PATH = /^\/\d{4}-\d\d\//;

interface Desk {
  t: TestCore;
  grant: string;
  token: string;
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`many desks: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function benchManyDesks(): Promise<Record<string, unknown>> {
  const postgres = postgresAvailability();
  if (!postgres.available) {
    process.stderr.write(`bench manyDesks: skipped: ${postgres.reason}\n`);
    return { skipped: postgres.reason };
  }
  const [server, emulator] = await Promise.all([startPostgres(), startEmulator({ port: 0, dataDir: null, inventoryItems: ITEMS })]);
  try {
    const results: Record<string, unknown> = {
      description: `${ITEMS.toLocaleString('en')} items, the service's limit on (150 a minute, one window for the user's tokens); requests counted in the emulator's log per desk's token`,
      items: ITEMS,
    };
    for (const [count, shared] of [
      [1, false],
      [4, false],
      [1, true],
      [4, true],
    ] as const)
      results[`desks${count}${shared ? 'SharingStore' : 'Alone'}`] = await scenario(emulator, server, count, shared);
    return results;
  } finally {
    await emulator.close();
    await server.stop();
  }
}

async function scenario(emulator: RunningEmulator, server: TestPostgres, count: number, shared: boolean): Promise<Record<string, unknown>> {
  // Each scenario starts as a warehouse's first morning would: an empty store, the window unspent.
  await clearStore(server);
  await emulator.control.setRateLimit({ enabled: true });
  const desks: Desk[] = [];
  try {
    for (let i = 0; i < count; i++) desks.push(await openDesk(emulator, server, `Desk ${i + 1}`, shared));
    const perDesk = async (since: number) => {
      const sync = desks.map(() => 0);
      const all = desks.map(() => 0);
      for (const r of await emulator.control.requests(since)) {
        const i = desks.findIndex((d) => d.grant === r.grant);
        if (i < 0 || !API_PATH.test(r.path)) continue;
        all[i]! += 1;
        if (SYNC_PATH.test(r.path)) sync[i]! += 1;
      }
      return { sync, all };
    };

    // The first sync: every desk signed in at once, until every cache holds every item.
    let seq = await lastSeq(emulator);
    const started = performance.now();
    await Promise.all(desks.map((d) => signIn(d)));
    await until('every first sync', async () => (await Promise.all(desks.map((d) => d.t.core.inventory.ready()))).every((c) => c.size >= ITEMS));
    await until('every desk idle', () => desks.every((d) => d.t.core.inventory.status().state === 'idle'));
    const firstSyncMs = Math.round(performance.now() - started);
    const first = await perDesk(seq);

    // The idle hour.
    seq = await lastSeq(emulator);
    const lags: Lag[] = [];
    const rows: number[] = [];
    const leader = shared && count > 1 ? desks.find((d) => d.t.logs.some((l) => l.includes('this desk syncs for the desks sharing the store'))) : undefined;
    const watch = leader ? await watchCommits(server) : null;
    try {
      for (let cycle = 0; cycle < REFRESHES_AN_HOUR; cycle++) {
        await emulator.control.advance(QUARTER_HOUR_S);
        const followed = leader ? followersCaughtUp(desks, leader, watch!, lags, rows) : null;
        await Promise.all(desks.map((d) => refresh(d)));
        await followed;
      }
      const hour = await perDesk(seq);

      // The lag alone: the syncing desk refreshes, the others are told by the store.
      if (leader)
        for (let round = 0; round < LAG_ROUNDS; round++) {
          await emulator.control.advance(LAG_ROUND_S);
          const followed = followersCaughtUp(desks, leader, watch!, lags, rows);
          await refresh(leader);
          await followed;
        }
      const sum = (n: number[]) => n.reduce((a, b) => a + b, 0);
      return {
        firstSync: { requests: sum(first.sync), requestsPerDesk: first.sync, msUntilEveryCacheFull: firstSyncMs },
        idleHour: { requests: sum(hour.sync), requestsPerDesk: hour.sync, allApiRequests: sum(hour.all) },
        ...(leader
          ? {
              followerLagMs: {
                description:
                  "the store's commit (its NOTIFY heard by a listener of the bench's own) to a following desk's status saying the new sync time, its cache already answering with it",
                target: 'median and p95 < 1000',
                ...summarize(lags.map((l) => l.ms)),
                changes: rows.length,
                // A change of items makes a follower build its cache anew; one of the sync's times alone does not.
                withItems: lagsWhere(lags, (n) => n > 0),
                timesAlone: lagsWhere(lags, (n) => n === 0),
              },
            }
          : {}),
      };
    } finally {
      await watch?.end();
    }
  } finally {
    for (const d of desks) await d.t.dispose();
  }
}

async function clearStore(server: TestPostgres): Promise<void> {
  const client = new pg.Client({ ...server.config, user: server.config.role });
  await client.connect();
  try {
    // The first scenario runs before any desk made the schema.
    await client.query(
      "DO $$ BEGIN IF to_regclass('sync_rows') IS NOT NULL THEN DELETE FROM sync_rows; DELETE FROM sync_sets; DELETE FROM sync_state; END IF; END $$",
    );
  } finally {
    await client.end();
  }
}

async function openDesk(emulator: RunningEmulator, server: TestPostgres, name: string, shared: boolean): Promise<Desk> {
  const pat = await emulator.control.createPat(name);
  const t = await createTestCore({ inventoryRefreshMs: 0 });
  const ok = <T>(r: { ok: boolean; value?: unknown; error?: { message: string } }): T => {
    if (!r.ok) throw new Error(`many desks: ${r.error?.message}`);
    return r.value as T;
  };
  const env = ok<{ id: string }>(await t.core.dispatch('environments.save', { name: 'Desk service', apiBaseUrl: emulator.url, authUrl: null, clientId: null }));
  ok(await t.core.dispatch('environments.activate', { id: env.id }));
  if (shared) ok(await t.core.dispatch('desks.store.save', storeSettings(server, name)));
  return { t, grant: pat.id, token: pat.token };
}

async function signIn(d: Desk): Promise<void> {
  const r = await d.t.core.dispatch('auth.signInWithToken', { token: d.token });
  if (!r.ok) throw new Error(`many desks: sign-in: ${r.error.message}`);
}

async function lastSeq(emulator: RunningEmulator): Promise<number> {
  return (await emulator.control.requests()).at(-1)?.seq ?? 0;
}

/** A refresh as the desk's timer starts it, waited for to its end. */
async function refresh(d: Desk): Promise<void> {
  const ended = d.t.events.filter((e) => e.event === 'inventory.syncStatus' && (e.payload as { state: string }).state === 'idle').length;
  const r = await d.t.core.dispatch('inventory.syncStart', { mode: 'refresh' });
  if (!r.ok) throw new Error(`many desks: refresh: ${r.error.message}`);
  const status = await d.t.inventorySyncsEnded(ended + 1, 10 * 60_000);
  if (status.lastError) throw new Error(`many desks: refresh failed: ${status.lastError.message}`);
}

interface Commits {
  next(): Promise<{ at: number; counter: number }>;
  rowsAt(counter: number): Promise<number>;
  end(): Promise<void>;
}

/** A listener of the bench's own on the store's notices: it hears a change when it commits. */
async function watchCommits(server: TestPostgres): Promise<Commits> {
  const client = new pg.Client({ ...server.config, user: server.config.role });
  await client.connect();
  const heard: { at: number; counter: number }[] = [];
  const waiting: ((n: { at: number; counter: number }) => void)[] = [];
  client.on('notification', (n) => {
    const notice = { at: performance.now(), counter: (JSON.parse(n.payload ?? '{}') as { counter: number }).counter };
    const wake = waiting.shift();
    if (wake) wake(notice);
    else heard.push(notice);
  });
  await client.query('LISTEN dockdesk_sync');
  return {
    next: () => {
      const early = heard.shift();
      return early ? Promise.resolve(early) : new Promise((resolve) => waiting.push(resolve));
    },
    rowsAt: async (counter) => Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM sync_rows WHERE changed_at = $1', [counter])).rows[0]!.n),
    end: () => client.end(),
  };
}

/**
 * Resolves once every other desk's cache holds the syncing desk's next commit: each sample is the time
 * from the commit being heard to that desk's status (emitted once its cache is swapped) saying the
 * leader's new sync time.
 */
async function followersCaughtUp(desks: Desk[], leader: Desk, commits: Commits, lags: Lag[], rows: number[]): Promise<void> {
  const levels = (t: TestCore) => t.core.inventory.status().freshness.parts.levels;
  const followers = desks.filter((d) => d !== leader);
  const before = levels(leader.t);
  const reached = followers.map((d) => {
    const was = levels(d.t);
    // Only what the desk says from now on: its earlier statuses name earlier syncs.
    const said = new Set(d.t.events.map((e) => e.payload));
    return d.t
      .waitForEvent(
        'inventory.syncStatus',
        (p) => !said.has(p) && p.state === 'idle' && p.freshness.parts.levels !== was && p.freshness.parts.levels !== before,
        10 * 60_000,
      )
      .then(() => performance.now());
  });
  const commit = await commits.next();
  const times = await Promise.all(reached);
  const changed = await commits.rowsAt(commit.counter);
  for (const [i, at] of times.entries()) {
    const now = levels(followers[i]!.t);
    if (now !== levels(leader.t)) throw new Error(`many desks: a follower holds the sync of ${now}, the leader ${levels(leader.t)}`);
    lags.push({ ms: at - commit.at, rows: changed });
  }
  rows.push(changed);
}

interface Lag {
  ms: number;
  /** The items the change carried. */
  rows: number;
}

function lagsWhere(lags: Lag[], rows: (n: number) => boolean): Record<string, unknown> {
  const some = lags.filter((l) => rows(l.rows));
  if (some.length === 0) return { runs: 0 };
  const { median, p95, max } = summarize(some.map((l) => l.ms));
  return { runs: some.length, median, p95, max, itemsPerChange: [...new Set(some.map((l) => l.rows))].sort((a, b) => a - b) };
}
