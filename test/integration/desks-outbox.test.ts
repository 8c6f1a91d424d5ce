import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate, openStore, sharedOutbox, type OutboxScope, type SharedOutbox, type SharedOutboxEntry } from '../../areas/desks/core/index.js';
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

/**
 * The service's side: every request that would have gone out, per idempotency key, and which desk sent
 * it. The store's own round trips interleave the two desks; the service adds no delay of its own.
 */
function service() {
  return {
    sends: new Map<string, number>(),
    by: new Map<string, string>(),
    /** Calls to the store that failed and were made again (while it restarted). */
    storeErrors: 0,
    send(key: string, deskId: string) {
      this.sends.set(key, (this.sends.get(key) ?? 0) + 1);
      this.by.set(key, deskId);
    },
  };
}
type Service = ReturnType<typeof service>;

/** A call to the store, made again until it answers (a desk waits out a restart the same way). */
const retried = <T>(svc: Service, call: () => Promise<T>): Promise<T> =>
  vi.waitFor(
    async () => {
      try {
        return await call();
      } catch (error) {
        svc.storeErrors++;
        throw error;
      }
    },
    { timeout: 20_000, interval: 50 },
  );

/** The next entry this desk claims, or null once nothing is left to send (another desk's claim may first have to run out). */
const nextClaim = (outbox: SharedOutbox, deskId: string, leaseMs: number, svc: Service): Promise<SharedOutboxEntry | null> =>
  vi.waitFor(
    async () => {
      const entry = await retried(svc, () => outbox.claimNext(deskId, leaseMs));
      if (entry || (await retried(svc, () => outbox.pending())) === 0) return entry;
      throw new Error('entries are left, none free to claim yet');
    },
    { timeout: 20_000, interval: 50 },
  );

/**
 * A desk's sending loop: claim, send, mark sent, until nothing is left to send anywhere. A "sent" that
 * did not reach the store (it restarted) is written again, since the claim is still this desk's.
 */
async function sendAll(outbox: SharedOutbox, deskId: string, svc: Service, leaseMs = 5000) {
  for (;;) {
    const entry = await nextClaim(outbox, deskId, leaseMs, svc);
    if (!entry) return;
    svc.send(entry.idempotencyKey, deskId);
    expect(await retried(svc, () => outbox.markSent(entry.id, deskId))).toBe(true);
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
    await Promise.all([sendAll(a!, 'desk-a', svc), sendAll(b!, 'desk-b', svc)]);
    expect([...svc.sends.values()]).toEqual(Array(40).fill(1));
    expect(svc.sends.size).toBe(40);
    // Both desks took part: the claims really were taken side by side.
    expect(new Set(svc.by.values())).toEqual(new Set(['desk-a', 'desk-b']));
    expect(await a!.pending()).toBe(0);
  });

  it('finishes the work through a server restart, sending nothing twice', async () => {
    const scope = { account: 'acct-restart', environment: 'production' };
    const [a, b] = await desks(scope, 'A', 'B');
    for (let i = 1; i <= 40; i++) await a!.enqueue({ idempotencyKey: `R-${i}`, kind: 'return.create', body: { i } });
    const svc = service();
    const work = Promise.all([sendAll(a!, 'desk-a', svc, 2000), sendAll(b!, 'desk-b', svc, 2000)]);
    await vi.waitFor(() => expect(svc.sends.size).toBeGreaterThanOrEqual(12), { timeout: 20_000, interval: 5 });
    await server.restart();
    await work;
    // The restart did cut the desks off mid-way, and they came back to it.
    expect(svc.storeErrors).toBeGreaterThan(0);
    expect(svc.sends.size).toBe(40);
    expect([...svc.sends.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect(await a!.pending()).toBe(0);
  }, 60_000);

  it('lets another desk take a claim whose lease ran out, and refuses the first desk\'s "sent"', async () => {
    const [a, b] = await desks({ account: 'acct-lease', environment: 'production' }, 'A', 'B');
    const { id } = await a!.enqueue({ idempotencyKey: 'R-late', kind: 'return.create', body: {} });
    const claimed = await a!.claimNext('desk-a', 1000);
    expect(claimed).toMatchObject({ id, state: 'sending', claimedBy: 'desk-a', attempts: 1 });
    // While the lease runs, nobody else gets it.
    expect(await b!.claimNext('desk-b', 5000)).toBeNull();
    // Once it has run out, the other desk does.
    const taken = await vi.waitFor(
      async () => {
        const entry = await b!.claimNext('desk-b', 5000);
        expect(entry).not.toBeNull();
        return entry;
      },
      { timeout: 5000, interval: 50 },
    );
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
