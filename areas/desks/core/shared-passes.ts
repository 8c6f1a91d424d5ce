import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import type pg from 'pg';
import type { SharingScope } from './shared-store.js';
import { SYNC_LEASE_NAMESPACE, syncLeaseKey } from './sync-lease.js';
import { inTransaction } from './transaction.js';

/**
 * A set's pass under way, kept in the store page by page as the syncing desk reads it, so that a desk
 * taking the lease over (the one before was killed, lost its network, was shut down) goes on from
 * the page after the last one kept instead of asking the service again for every page: at 100,000
 * items a full pass is some 600 requests, minutes of the account's whole budget.
 *
 * Only the desk holding the lease writes: every write checks, in its own transaction, that the
 * lease's connection still holds the lock (pg_locks), so a desk that lost the lease without knowing
 * yet cannot add a page to the pass the next desk took over. The desks that follow never read a
 * pass: what they apply is the set published once a pass is complete (shared-sets.ts), which ends
 * the pass in the same transaction. A pass whose base (where the store stood when it began) is no
 * longer the store's, whose format this desk does not know, or that is older than `maxAgeMs` is
 * thrown away and a new one begun.
 */

/** One page of a pass: which list, its place in it, the links it came from and leads to, and the body as the service answered it. */
export interface PassPage {
  stream: string;
  seq: number;
  link: string | null;
  next: string | null;
  body: Uint8Array;
}

export interface TakenPass {
  /** The pass's identity: pages are kept under it. */
  pass: string;
  /** What the desk that began it said of it (for the inventory: when it began). */
  meta: string;
  /** The pages kept so far, in list and page order; empty for a pass just begun. */
  pages: PassPage[];
  /** True: a pass begun before (by this desk or another), going on; false: begun now. */
  resumed: boolean;
}

export interface PassTerms {
  format: number;
  /** The meta of a pass begun now. */
  meta: string;
  /** A pass begun longer ago than this is not gone on with (its links may have lapsed, its first pages are old). */
  maxAgeMs: number;
  /** True: a new pass is begun whatever the store holds (the one held could not be read). */
  fresh?: boolean;
}

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/** Whether the lease's connection (server process `pid`) holds the account's sync lock now. */
async function leaseHeld(client: pg.PoolClient, scope: SharingScope, pid: number): Promise<boolean> {
  const { rows } = await client.query(
    `SELECT 1 FROM pg_locks
      WHERE locktype = 'advisory' AND classid = ($1::integer)::oid AND objid = ($2::integer)::oid AND objsubid = 2 AND pid = $3 AND granted`,
    [SYNC_LEASE_NAMESPACE, syncLeaseKey(scope.account, scope.environment), pid],
  );
  return rows.length > 0;
}

/**
 * The set's pass under way, to go on with, or a new one begun (any other thrown away); null when the
 * lease's connection does not hold the lease.
 */
export async function takePass(
  pool: pg.Pool,
  scope: SharingScope,
  dataset: string,
  deskId: string,
  leasePid: number,
  terms: PassTerms,
): Promise<TakenPass | null> {
  return inTransaction(pool, async (client) => {
    if (!(await leaseHeld(client, scope, leasePid))) return null;
    const { account, environment } = scope;
    const { rows: states } = await client.query<{ lineage: string; counter: string }>(
      'SELECT lineage, change_counter::text AS counter FROM sync_state WHERE account = $1 AND environment = $2',
      [account, environment],
    );
    const base = states[0] ? { lineage: states[0].lineage, counter: states[0].counter } : null;
    const { rows: passes } = await client.query<{
      pass: string;
      base_lineage: string | null;
      base_counter: string | null;
      format: number;
      meta: string;
      fresh: boolean;
    }>(
      `SELECT pass, base_lineage, base_counter::text AS base_counter, format, meta, started_at > now() - make_interval(secs => $4::double precision / 1000) AS fresh
         FROM sync_passes WHERE account = $1 AND environment = $2 AND dataset = $3 FOR UPDATE`,
      [account, environment, dataset, terms.maxAgeMs],
    );
    const held = passes[0];
    const sameBase = held && held.base_lineage === (base?.lineage ?? null) && held.base_counter === (base?.counter ?? null);
    if (held && !terms.fresh && sameBase && held.format === terms.format && held.fresh) {
      await client.query('UPDATE sync_passes SET desk_id = $4 WHERE account = $1 AND environment = $2 AND dataset = $3', [
        account,
        environment,
        dataset,
        deskId,
      ]);
      const { rows } = await client.query<{ stream: string; seq: number; link: string | null; next: string | null; body: Buffer }>(
        `SELECT stream, seq, link, next, body FROM sync_pass_pages
          WHERE account = $1 AND environment = $2 AND dataset = $3 AND pass = $4 ORDER BY stream, seq`,
        [account, environment, dataset, held.pass],
      );
      const pages = await Promise.all(
        rows.map(async (r) => ({ stream: r.stream, seq: r.seq, link: r.link, next: r.next, body: new Uint8Array(await inflate(r.body)) })),
      );
      return { pass: held.pass, meta: held.meta, pages, resumed: true };
    }
    // Stale, of another format, too old, or none: a pass begun now on the store as it stands.
    if (held) await client.query('DELETE FROM sync_passes WHERE account = $1 AND environment = $2 AND dataset = $3', [account, environment, dataset]);
    const { rows: begun } = await client.query<{ pass: string }>(
      `INSERT INTO sync_passes (account, environment, dataset, pass, base_lineage, base_counter, format, meta, desk_id)
       VALUES ($1, $2, $3, gen_random_uuid(), $4, $5, $6, $7, $8) RETURNING pass`,
      [account, environment, dataset, base?.lineage ?? null, base?.counter ?? null, terms.format, terms.meta, deskId],
    );
    return { pass: begun[0]!.pass, meta: terms.meta, pages: [], resumed: false };
  });
}

/**
 * Keeps one page of the pass, in a transaction of its own; false when this desk no longer holds the
 * lease or the pass is no longer the set's (another desk began one), so nothing was kept.
 */
export async function keepPassPage(pool: pg.Pool, scope: SharingScope, dataset: string, leasePid: number, pass: string, page: PassPage): Promise<boolean> {
  // Deflated before the transaction, off this thread (zlib's pool): the pages are JSON, a tenth of it.
  const body = await deflate(page.body);
  return inTransaction(pool, async (client) => {
    if (!(await leaseHeld(client, scope, leasePid))) return false;
    const { rows } = await client.query(
      `INSERT INTO sync_pass_pages (account, environment, dataset, pass, stream, seq, link, next, body)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9
        WHERE EXISTS (SELECT 1 FROM sync_passes WHERE account = $1 AND environment = $2 AND dataset = $3 AND pass = $4 FOR SHARE)
       ON CONFLICT (account, environment, dataset, pass, stream, seq) DO UPDATE SET link = excluded.link, next = excluded.next, body = excluded.body
       RETURNING 1`,
      [scope.account, scope.environment, dataset, pass, page.stream, page.seq, page.link, page.next, body],
    );
    return rows.length > 0;
  });
}
