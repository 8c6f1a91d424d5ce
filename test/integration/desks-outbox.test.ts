import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openStore, sharedOutbox, type OutboxScope, type SharedOutbox } from '../../areas/desks/core/index.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { postgresAvailability, startPostgres, type TestPostgres } from '../support/postgres.js';

/**
 * The outbox the desks of one account share, on a real PostgreSQL server started for this file: two
 * desks (two pools, as two processes would have) send the same entries at once, through a server
 * restart, and a claim whose lease ran out passes to the other desk.
 */
const postgres = postgresAvailability();
let server: TestPostgres;
const cleanups = cleanupsAfterEach();

beforeAll(async () => {
  if (!postgres.available) return;
  server = await startPostgres();
  const pool = await desk('migrator');
  expect((await migrate(pool)).ok).toBe(true);
  await pool.end();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

async function desk(deskName: string): Promise<pg.Pool> {
  const { host, port, database, role, password } = server.config;
  const opened = await openStore({ host, port, database, role }, password, { deskName });
  if (!opened.ok) throw new Error(`store did not open: ${opened.problem.kind} ${opened.problem.detail}`);
  return opened.pool;
}

async function desks(scope: OutboxScope, ...names: string[]): Promise<SharedOutbox[]> {
  const pools = await Promise.all(names.map(desk));
  for (const pool of pools) cleanups.push(() => pool.end());
  return pools.map((pool) => sharedOutbox(pool, scope));
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The service's side: what reached it, per idempotency key. `sends` counts every request that would
 * have gone out; `held` is what the service keeps (a second create with a held key would be refused).
 */
function service() {
  const sends = new Map<string, number>();
  const by = new Map<string, string>();
  return {
    sends,
    by,
    /** Calls to the store that failed and were tried again (while it restarted). */
    storeErrors: 0,
    async send(key: string, deskId: string) {
      sends.set(key, (sends.get(key) ?? 0) + 1);
      by.set(key, deskId);
      await pause(2 + Math.random() * 8);
    },
  };
}

/**
 * A desk's sending loop: claim, send, mark sent, until nothing is left to send anywhere. A store that
 * does not answer (restarting) is tried again shortly, as the desk will; a "sent" that did not reach
 * the store is written again, since the claim is still this desk's.
 */
async function sendAll(outbox: SharedOutbox, deskId: string, svc: ReturnType<typeof service>, remaining: () => Promise<number>, leaseMs = 5000) {
  for (;;) {
    let entry;
    try {
      entry = await outbox.claimNext(deskId, leaseMs);
    } catch {
      svc.storeErrors++;
      await pause(100);
      continue;
    }
    if (!entry) {
      const left = await remaining().catch(() => -1);
      if (left === 0) return;
      await pause(100);
      continue;
    }
    await svc.send(entry.idempotencyKey, deskId);
    for (;;) {
      try {
        expect(await outbox.markSent(entry.id, deskId)).toBe(true);
        break;
      } catch (error) {
        if (error instanceof Error && error.name === 'AssertionError') throw error;
        svc.storeErrors++;
        await pause(100);
      }
    }
  }
}

describe.skipIf(!postgres.available)('the shared outbox (a real PostgreSQL)', () => {
  it('keeps one entry per idempotency key, and says when it was already there', async () => {
    const [a, b] = await desks({ account: 'acct-keys', environment: 'production' }, 'A', 'B');
    const first = await a!.enqueue({ idempotencyKey: 'R-1', kind: 'return.create', body: { reference_id: 'R-1' } });
    expect(first.created).toBe(true);
    const again = await b!.enqueue({ idempotencyKey: 'R-1', kind: 'return.create', body: { reference_id: 'R-1', other: true } });
    expect(again).toEqual({ id: first.id, created: false });
    expect((await a!.get(first.id))?.body).toEqual({ reference_id: 'R-1' });
    // The same key under another account is another entry.
    const [c] = await desks({ account: 'acct-other', environment: 'production' }, 'C');
    expect((await c!.enqueue({ idempotencyKey: 'R-1', kind: 'return.create', body: {} })).created).toBe(true);
    expect(await c!.claimNext('C', 1000)).toMatchObject({ account: 'acct-other', idempotencyKey: 'R-1' });
  });

  it('sends each of 40 entries exactly once when two desks send at the same time', async () => {
    const scope = { account: 'acct-40', environment: 'production' };
    const [a, b] = await desks(scope, 'A', 'B');
    for (let i = 1; i <= 40; i++) await (i % 2 ? a! : b!).enqueue({ idempotencyKey: `R-${i}`, kind: 'return.create', body: { i } });
    const svc = service();
    const [count] = await desks(scope, 'counter');
    const remaining = () => count!.pending();
    await Promise.all([sendAll(a!, 'desk-a', svc, remaining), sendAll(b!, 'desk-b', svc, remaining)]);
    expect([...svc.sends.values()]).toEqual(Array(40).fill(1));
    expect(svc.sends.size).toBe(40);
    // Both desks took part: the claims really were taken side by side.
    expect(new Set(svc.by.values())).toEqual(new Set(['desk-a', 'desk-b']));
    expect(await count!.pending()).toBe(0);
  });

  it('finishes the work through a server restart, sending nothing twice', async () => {
    const scope = { account: 'acct-restart', environment: 'production' };
    const [a, b] = await desks(scope, 'A', 'B');
    for (let i = 1; i <= 40; i++) await a!.enqueue({ idempotencyKey: `R-${i}`, kind: 'return.create', body: { i } });
    const svc = service();
    const [count] = await desks(scope, 'counter');
    const remaining = () => count!.pending();
    const work = Promise.all([sendAll(a!, 'desk-a', svc, remaining, 2000), sendAll(b!, 'desk-b', svc, remaining, 2000)]);
    while (svc.sends.size < 12) await pause(10);
    await server.restart();
    await work;
    // The restart did cut the desks off mid-way, and they came back to it.
    expect(svc.storeErrors).toBeGreaterThan(0);
    expect(svc.sends.size).toBe(40);
    expect([...svc.sends.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect(await count!.pending()).toBe(0);
  }, 60_000);

  it('lets another desk take a claim whose lease ran out, and refuses the first desk\'s "sent"', async () => {
    const [a, b] = await desks({ account: 'acct-lease', environment: 'production' }, 'A', 'B');
    const { id } = await a!.enqueue({ idempotencyKey: 'R-late', kind: 'return.create', body: {} });
    const claimed = await a!.claimNext('desk-a', 300);
    expect(claimed).toMatchObject({ id, state: 'sending', claimedBy: 'desk-a', attempts: 1 });
    // While the lease runs, nobody else gets it.
    expect(await b!.claimNext('desk-b', 5000)).toBeNull();
    await pause(400);
    const taken = await b!.claimNext('desk-b', 5000);
    expect(taken).toMatchObject({ id, state: 'sending', claimedBy: 'desk-b', attempts: 2 });
    expect(await a!.markSent(id, 'desk-a')).toBe(false);
    expect(await a!.release(id, 'desk-a')).toBe(false);
    expect(await a!.markRefused(id, 'desk-a', { said: 'late' })).toBe(false);
    expect(await b!.markSent(id, 'desk-b')).toBe(true);
    const sentAt = (await a!.get(id))?.sentAt;
    // Said again by the desk that sent it (its first answer lost): still true, and the time it was sent stays.
    expect(await b!.markSent(id, 'desk-b')).toBe(true);
    expect((await a!.get(id))?.sentAt).toEqual(sentAt);
    expect(await a!.get(id)).toMatchObject({ state: 'sent', claimedBy: 'desk-b', claimedUntil: null });
    expect((await a!.get(id))?.sentAt).toBeInstanceOf(Date);
    // Sent is final: no desk claims it again.
    expect(await a!.claimNext('desk-a', 300)).toBeNull();
  });

  it('puts a released entry back for any desk, and keeps a refused one with its reason', async () => {
    const [a, b] = await desks({ account: 'acct-release', environment: 'production' }, 'A', 'B');
    const { id } = await a!.enqueue({ idempotencyKey: 'R-back', kind: 'return.create', body: {} });
    await a!.claimNext('desk-a', 5000);
    expect(await a!.release(id, 'desk-a', { reason: 'offline' })).toBe(true);
    expect(await a!.get(id)).toMatchObject({ state: 'waiting', claimedBy: null, claimedUntil: null, lastError: { reason: 'offline' } });
    expect(await b!.claimNext('desk-b', 5000)).toMatchObject({ id, claimedBy: 'desk-b', attempts: 2 });
    expect(await b!.markRefused(id, 'desk-b', { status: 422, field: 'tracking_number' })).toBe(true);
    expect(await b!.get(id)).toMatchObject({ state: 'refused', lastError: { status: 422, field: 'tracking_number' } });
    expect(await a!.claimNext('desk-a', 5000)).toBeNull();
  });
});
