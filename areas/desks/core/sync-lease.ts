import { createHash } from 'node:crypto';
import type pg from 'pg';
import { orLost, ownConnection } from './own-connection.js';

/**
 * Who syncs an account's data for every desk: the one desk that holds a session-level advisory lock
 * on a connection of its own. The lock lives exactly as long as that connection: a desk that releases
 * it, exits, is killed or is cut off (the server's keepalives, store.ts) frees it, and the next desk
 * that tries gets it. Nothing is written, so nothing is left behind to clean up.
 */

/** How long a release waits for the server to unlock before it closes the connection anyway. */
const UNLOCK_WAIT_MS = 1000;

/** The first of the lock's two 32-bit keys, naming what the lock is for ("sync" in ASCII). */
export const SYNC_LEASE_NAMESPACE = 0x73796e63;

/**
 * The second key: the first 32 bits of SHA-256 over account and environment. Computed here rather
 * than by the server's `hashtext`, which PostgreSQL does not promise to keep across versions.
 */
export function syncLeaseKey(account: string, environment: string): number {
  return createHash('sha256').update(`${account}\u0000${environment}`).digest().readInt32BE(0);
}

export interface SyncLease {
  /** Settles when the lease ends: released, or its connection lost (then another desk may hold it already). */
  readonly ended: Promise<'released' | 'lost'>;
  /** Gives the lease up and closes its connection. */
  release(): Promise<void>;
  /** The server process of the lease's connection: a write made under the lease checks that this process still holds the lock. */
  readonly pid: number;
}

/** Takes the account's sync lease if no desk holds it; null when another does. Never waits. */
export async function holdSyncLease(pool: pg.Pool, account: string, environment: string): Promise<SyncLease | null> {
  // The lock is the connection's: closing it ends the lock whether or not an unlock would have
  // reached the server, and an error on it means the lease is gone with it.
  const own = await ownConnection<'released'>(pool);
  const key = syncLeaseKey(account, environment);
  const { rows } = await orLost(own, () =>
    own.client.query<{ held: boolean; pid: number }>('SELECT pg_try_advisory_lock($1::integer, $2::integer) AS held, pg_backend_pid() AS pid', [
      SYNC_LEASE_NAMESPACE,
      key,
    ]),
  );
  const held = rows[0]?.held === true;
  const pid = rows[0]?.pid ?? 0;
  if (!held) {
    // No lock on it: the connection goes back to the pool as it is.
    own.giveBack();
    return null;
  }
  const release = async () => {
    // Unlocked first, so the next desk that tries holds it at once: closing the connection frees it
    // too, but only once the server has seen the connection go. An unlock that fails or does not
    // answer at once (the connection is gone, the server away) leaves that to the close.
    const unlock = own.client.query('SELECT pg_advisory_unlock($1::integer, $2::integer)', [SYNC_LEASE_NAMESPACE, key]).catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([unlock, new Promise((resolve) => (timer = setTimeout(resolve, UNLOCK_WAIT_MS)))]);
    clearTimeout(timer);
    own.end('released');
  };
  return { ended: own.ended, release, pid };
}
