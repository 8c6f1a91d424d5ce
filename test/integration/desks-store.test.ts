import { createServer } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  announce,
  desksAt,
  holdSyncLease,
  leave,
  listenPresence,
  migrate,
  migrations,
  openStore,
  registerDesk,
  syncLeaseKey,
} from '../../areas/desks/core/index.js';
import type { PresenceChange } from '../../areas/desks/common/store.js';
import { keepPassPage, takePass, type PassTerms } from '../../areas/desks/core/shared-passes.js';
import { publishSet, readSetChanges } from '../../areas/desks/core/shared-sets.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { createDatabase, postgresAvailability, startPostgres, type TestPostgres, type TestPostgresConfig } from '../support/postgres.js';

/**
 * The store several desks share, against a real PostgreSQL server started for this file: opening it
 * (and why it fails), the migrations when desks start together, the one sync lease, presence.
 */
const postgres = postgresAvailability();
let server: TestPostgres;
const cleanups = cleanupsAfterEach();

beforeAll(async () => {
  if (postgres.available) server = await startPostgres();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const connectionOf = (c: TestPostgresConfig) => ({ host: c.host, port: c.port, database: c.database, role: c.role });

/** A desk's pool on the store, closed after the test. */
async function desk(deskName: string, config: TestPostgresConfig = server.config): Promise<pg.Pool> {
  const opened = await openStore(connectionOf(config), config.password, { deskName });
  if (!opened.ok) throw new Error(`store did not open: ${opened.problem.kind} ${opened.problem.detail}`);
  cleanups.push(() => opened.pool.end());
  return opened.pool;
}

describe.skipIf(!postgres.available)('the shared store (a real PostgreSQL)', () => {
  describe('opening it', () => {
    it("connects with the desk's name on its connections", async () => {
      const pool = await desk('Receiving 2');
      const { rows } = await pool.query<{ name: string }>('SELECT current_setting($1) AS name', ['application_name']);
      expect(rows[0]!.name).toBe('dockdesk Receiving 2');
      const timeout = await pool.query<{ value: string }>('SELECT current_setting($1) AS value', ['statement_timeout']);
      expect(timeout.rows[0]!.value).toBe('10s');
    });

    it('says the password was refused, without the password', async () => {
      const wrong = 'not-the-password-4711';
      const opened = await openStore(connectionOf(server.config), wrong, { deskName: 'A' });
      expect(opened.ok).toBe(false);
      if (opened.ok) return;
      expect(opened.problem.kind).toBe('authFailed');
      expect(JSON.stringify(opened.problem)).not.toContain(wrong);
    });

    it('says an unknown role is refused the same way', async () => {
      const opened = await openStore({ ...connectionOf(server.config), role: 'nobody_here' }, server.config.password, { deskName: 'A' });
      expect(opened.ok ? 'ok' : opened.problem.kind).toBe('authFailed');
    });

    it('says the database is missing', async () => {
      const opened = await openStore({ ...connectionOf(server.config), database: 'no_such_store' }, server.config.password, { deskName: 'A' });
      expect(opened.ok ? 'ok' : opened.problem.kind).toBe('databaseMissing');
    });

    it('says a store nobody answers at is unreachable', async () => {
      const closed = await new Promise<number>((resolve) => {
        const s = createServer();
        s.listen(0, '127.0.0.1', () => {
          const port = (s.address() as { port: number }).port;
          s.close(() => resolve(port));
        });
      });
      const opened = await openStore({ ...connectionOf(server.config), port: closed }, server.config.password, { deskName: 'A' });
      expect(opened.ok ? 'ok' : opened.problem.kind).toBe('unreachable');
    });
  });

  describe('migrations', () => {
    it('are applied once when two desks start at the same moment', async () => {
      const config = await createDatabase(server, 'race');
      const [a, b] = [await desk('A', config), await desk('B', config)];
      const results = await Promise.all([migrate(a), migrate(b)]);
      const applied = results.map((r) => (r.ok ? r.applied : null));
      const every = migrations.map((_, i) => i + 1);
      expect(applied).toContainEqual(every);
      expect(applied).toContainEqual([]);
      const { rows } = await a.query<{ version: number }>('SELECT version FROM dockdesk_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(every);
      const tables = await a.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
      expect(tables.rows.map((r) => r.name)).toEqual([
        'desks',
        'dockdesk_migrations',
        'journal',
        'outbox',
        'presence',
        'sync_pass_pages',
        'sync_passes',
        'sync_rows',
        'sync_sets',
        'sync_state',
      ]);
      expect(await migrate(b)).toEqual({ ok: true, applied: [], version: migrations.length });
    });

    it('applies only the new ones to a store at an older version, and leaves a newer store alone', async () => {
      const config = await createDatabase(server, 'versions');
      const pool = await desk('A', config);
      const known = migrations.length;
      expect(await migrate(pool, migrations.slice(0, 1))).toEqual({ ok: true, applied: [1], version: 1 });
      expect(await migrate(pool)).toEqual({ ok: true, applied: migrations.slice(1).map((_, i) => i + 2), version: known });
      const next = [...migrations, 'CREATE TABLE later (id integer)'];
      expect(await migrate(pool, next)).toEqual({ ok: true, applied: [known + 1], version: known + 1 });
      // An older desk meets the store a newer one migrated: it says so and changes nothing.
      expect(await migrate(pool)).toEqual({ ok: false, storeVersion: known + 1, known });
    });

    it('leave nothing behind when one fails', async () => {
      const config = await createDatabase(server, 'broken');
      const pool = await desk('A', config);
      await expect(migrate(pool, [...migrations, 'CREATE TABLE oops (id no_such_type)'])).rejects.toThrow(/no_such_type/);
      const { rows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'");
      expect(rows[0]!.n).toBe('0');
    });
  });

  describe('the sync lease', () => {
    it('is held by one desk at a time, per account and environment', async () => {
      const [a, b] = [await desk('A'), await desk('B')];
      const lease = await holdSyncLease(a, 'acct-1', 'production');
      expect(lease).not.toBeNull();
      expect(await holdSyncLease(b, 'acct-1', 'production')).toBeNull();
      const other = await holdSyncLease(b, 'acct-1', 'sandbox');
      expect(other).not.toBeNull();
      await other!.release();
      await lease!.release();
      expect(await lease!.ended).toBe('released');
      const taken = await holdSyncLease(b, 'acct-1', 'production');
      expect(taken).not.toBeNull();
      await taken!.release();
    });

    it("passes to another desk when the holder's connection is killed", async () => {
      const [a, b, admin] = [await desk('A'), await desk('B'), await desk('admin')];
      const lease = await holdSyncLease(a, 'acct-2', 'production');
      expect(lease).not.toBeNull();
      expect(await holdSyncLease(b, 'acct-2', 'production')).toBeNull();
      // The holder's backend, found by its lock, is ended as a killed or vanished desk's would be.
      const holder = await admin.query<{ pid: number }>("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = ($1::integer)::oid AND granted", [
        syncLeaseKey('acct-2', 'production'),
      ]);
      expect(holder.rows).toHaveLength(1);
      await admin.query('SELECT pg_terminate_backend($1)', [holder.rows[0]!.pid]);
      expect(await lease!.ended).toBe('lost');
      const taken = await vi.waitFor(
        async () => {
          const lease = await holdSyncLease(b, 'acct-2', 'production');
          expect(lease).not.toBeNull();
          return lease!;
        },
        { timeout: 5000, interval: 50 },
      );
      await taken.release();
    });
  });

  describe("the syncing desk's pass, kept page by page", () => {
    const scope = { account: 'acct-p', environment: 'production' };
    const terms: PassTerms = { format: 1, meta: '{"startedAt":"2026-11-29T12:00:00.000Z"}', maxAgeMs: 60_000 };
    const page = (seq: number) => ({
      stream: 'items',
      seq,
      link: seq === 0 ? null : `/items?cursor=${seq}`,
      next: `/items?cursor=${seq + 1}`,
      body: Buffer.from(`{"page":${seq}}`),
    });

    it('is written only under the lease, gone on with by the desk that takes the lease next, never read by the desks that follow, and ended when it is published', async () => {
      const config = await createDatabase(server, 'passes');
      const [a, b] = [await desk('A', config), await desk('B', config)];
      expect((await migrate(a)).ok).toBe(true);
      const leaseA = (await holdSyncLease(a, scope.account, scope.environment))!;
      // A desk without the lease neither begins a pass nor keeps a page in one.
      const { rows: own } = await b.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(await takePass(b, scope, 'inventory', 'desk-b', own[0]!.pid, terms)).toBeNull();

      const begun = (await takePass(a, scope, 'inventory', 'desk-a', leaseA.pid, terms))!;
      expect(begun).toMatchObject({ resumed: false, pages: [] });
      expect(await keepPassPage(a, scope, 'inventory', leaseA.pid, begun.pass, page(0))).toBe(true);
      expect(await keepPassPage(a, scope, 'inventory', leaseA.pid, begun.pass, page(1))).toBe(true);
      expect(await keepPassPage(b, scope, 'inventory', own[0]!.pid, begun.pass, page(2)), 'a page kept without the lease').toBe(false);
      expect(await readSetChanges(b, scope, 'inventory', null), 'what a following desk reads of a pass under way').toBeNull();

      // The leader is gone; the next goes on with its pass, and the one gone can keep nothing more in it.
      await leaseA.release();
      const leaseB = (await holdSyncLease(b, scope.account, scope.environment))!;
      const taken = (await takePass(b, scope, 'inventory', 'desk-b', leaseB.pid, terms))!;
      expect(taken).toMatchObject({ pass: begun.pass, resumed: true, meta: terms.meta });
      expect(taken.pages.map((p) => ({ ...p, body: Buffer.from(p.body).toString() }))).toEqual(
        [page(0), page(1)].map((p) => ({ ...p, body: p.body.toString() })),
      );
      expect(await keepPassPage(a, scope, 'inventory', leaseA.pid, begun.pass, page(2))).toBe(false);

      // Published with the pass: the set is the store's, the pass is over.
      const published = await publishSet(b, scope, 'inventory', 'desk-b', {
        whole: true,
        format: 1,
        meta: '{}',
        rows: [{ key: '1', body: 'one' }],
        pass: taken.pass,
      });
      expect(published.ok).toBe(true);
      expect((await b.query('SELECT 1 FROM sync_passes')).rows).toEqual([]);
      expect((await b.query('SELECT 1 FROM sync_pass_pages')).rows).toEqual([]);
      await leaseB.release();
    });

    it('is thrown away when the store moved past its base, or when it is too old, and a new one begun', async () => {
      const config = await createDatabase(server, 'stale_passes');
      const a = await desk('A', config);
      expect((await migrate(a)).ok).toBe(true);
      const lease = (await holdSyncLease(a, scope.account, scope.environment))!;
      const first = (await takePass(a, scope, 'inventory', 'desk-a', lease.pid, terms))!;
      expect(await keepPassPage(a, scope, 'inventory', lease.pid, first.pass, page(0))).toBe(true);
      // Another pass was published meanwhile (a desk that synced and published without this pass).
      expect((await publishSet(a, scope, 'inventory', 'desk-a', { whole: true, format: 1, meta: '{}', rows: [{ key: '1', body: 'one' }] })).ok).toBe(true);
      const second = (await takePass(a, scope, 'inventory', 'desk-a', lease.pid, terms))!;
      expect(second).toMatchObject({ resumed: false, pages: [] });
      expect(second.pass).not.toBe(first.pass);
      expect(await keepPassPage(a, scope, 'inventory', lease.pid, first.pass, page(1)), 'a page of the pass thrown away').toBe(false);
      expect(await keepPassPage(a, scope, 'inventory', lease.pid, second.pass, page(0))).toBe(true);
      expect(await takePass(a, scope, 'inventory', 'desk-a', lease.pid, terms)).toMatchObject({ pass: second.pass, resumed: true });
      // Begun longer ago than the desk goes on with.
      const third = (await takePass(a, scope, 'inventory', 'desk-a', lease.pid, { ...terms, maxAgeMs: 0 }))!;
      expect(third).toMatchObject({ resumed: false, pages: [] });
      expect(third.pass).not.toBe(second.pass);
      // Published set untouched by any of it.
      expect((await readSetChanges(a, scope, 'inventory', null))?.rows).toEqual([{ key: '1', body: 'one' }]);
      await lease.release();
    });
  });

  describe('presence', () => {
    it("reaches another desk's listener within 2 s, and says who has the record open", async () => {
      const config = await createDatabase(server, 'presence');
      const [a, b] = [await desk('A', config), await desk('B', config)];
      expect((await migrate(a)).ok).toBe(true);
      const deskA = { deskId: 'desk-a', deskName: 'Returns 1', account: 'acct', environment: 'production', signedInAs: 'clerk@example.test' };
      await registerDesk(a, deskA);
      const heard: PresenceChange[] = [];
      const listener = await listenPresence(b, (change) => heard.push(change));
      cleanups.push(() => listener.close());
      const record = { kind: 'return' as const, id: '9001' };

      const started = Date.now();
      await announce(a, deskA, record);
      await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 2000, interval: 10 });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(heard[0]).toEqual({ account: 'acct', environment: 'production', recordKind: 'return', recordId: '9001', deskId: 'desk-a', present: true });
      expect(await desksAt(b, 'acct', 'production', record)).toEqual([{ deskId: 'desk-a', deskName: 'Returns 1' }]);

      // A payload that is not a presence change is passed over; the listener keeps listening.
      await a.query("SELECT pg_notify('dockdesk_presence', 'not json')");
      await leave(a, deskA, record);
      await vi.waitFor(() => expect(heard).toHaveLength(2), { timeout: 2000, interval: 10 });
      expect(heard[1]).toMatchObject({ recordId: '9001', present: false });
      expect(await desksAt(b, 'acct', 'production', record)).toEqual([]);
      await listener.close();
      expect(await listener.ended).toBe('closed');
    });
  });
  // Last in the file: it restarts the server under every other case's feet.
  describe('a server restart', () => {
    it('ends the sync lease and the presence listener as lost; the pool goes on and a desk takes the lease again', async () => {
      const config = await createDatabase(server, 'restart');
      const [a, b] = [await desk('A', config), await desk('B', config)];
      expect((await migrate(a)).ok).toBe(true);
      const lease = await holdSyncLease(a, 'acct-3', 'production');
      expect(lease).not.toBeNull();
      const listener = await listenPresence(b, () => undefined);
      cleanups.push(() => listener.close());
      await server.restart();
      expect(await lease!.ended).toBe('lost');
      expect(await listener.ended).toBe('lost');
      // The pools' broken connections are replaced on the next query; nothing was left held.
      const taken = await vi.waitFor(
        async () => {
          const again = await holdSyncLease(b, 'acct-3', 'production');
          expect(again).not.toBeNull();
          return again!;
        },
        { timeout: 10_000, interval: 50 },
      );
      await taken.release();
      const { rows } = await a.query<{ one: number }>('SELECT 1 AS one');
      expect(rows[0]!.one).toBe(1);
    });
  });
});
