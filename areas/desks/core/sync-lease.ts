import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Who syncs an account's data for every desk: the one desk that holds a session-level advisory lock
 * on a connection of its own. The lock lives exactly as long as that connection: a desk that releases
 * it, exits, is killed or is cut off (the server's keepalives, store.ts) frees it, and the next desk
 * that tries gets it. Nothing is written, so nothing is left behind to clean up.
 */

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
}

/** Takes the account's sync lease if no desk holds it; null when another does. Never waits. */
export async function holdSyncLease(pool: pg.Pool, account: string, environment: string): Promise<SyncLease | null> {
  const client = await pool.connect();
  let settle!: (how: 'released' | 'lost') => void;
  const ended = new Promise<'released' | 'lost'>((resolve) => (settle = resolve));
  let done = false;
  // Closing the connection ends the lock with it, whether or not an unlock would have reached the
  // server; a broken one is closed too, so the pool does not keep it.
  const end = (how: 'released' | 'lost', error?: Error) => {
    if (done) return;
    done = true;
    settle(how);
    client.release(error ?? true);
  };
  // The lock is the connection's: an error on it means the lease is gone with it.
  const onError = (error: Error) => end('lost', error);
  client.on('error', onError);
  let held: boolean;
  try {
    const key = syncLeaseKey(account, environment);
    const { rows } = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1::integer, $2::integer) AS held', [SYNC_LEASE_NAMESPACE, key]);
    held = rows[0]?.held === true;
  } catch (error) {
    end('lost', error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  if (!held) {
    // No lock on it: the connection goes back to the pool as it is.
    done = true;
    client.removeListener('error', onError);
    client.release();
    return null;
  }
  return { ended, release: async () => end('released') };
}
