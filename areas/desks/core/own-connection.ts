import type pg from 'pg';

/**
 * A connection of the pool's kept for one holder (a lock, a LISTEN), whose state lives and dies with
 * it. `ended` settles once: with `end(how)` by the holder, or with 'lost' when the connection fails.
 * Ending closes the connection rather than giving it back: what it held must not pass on to the
 * pool's other work, and a broken one must not be kept.
 */
export interface OwnConnection<How extends string> {
  client: pg.PoolClient;
  ended: Promise<How | 'lost'>;
  end(how: How | 'lost', error?: Error): void;
  /** Gives the connection back to the pool as it is (nothing was taken on it): `ended` never settles. */
  giveBack(): void;
}

export async function ownConnection<How extends string>(pool: pg.Pool): Promise<OwnConnection<How>> {
  const client = await pool.connect();
  let settle!: (how: How | 'lost') => void;
  const ended = new Promise<How | 'lost'>((resolve) => (settle = resolve));
  let done = false;
  const end = (how: How | 'lost', error?: Error) => {
    if (done) return;
    done = true;
    settle(how);
    client.release(error ?? true);
  };
  const onError = (error: Error) => end('lost', error);
  client.on('error', onError);
  const giveBack = () => {
    if (done) return;
    done = true;
    client.removeListener('error', onError);
    client.release();
  };
  return { client, ended, end, giveBack };
}

/** Runs `query` on the connection; a failure ends it as lost, and is thrown on. */
export async function orLost<T>(own: OwnConnection<string>, query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    own.end('lost', error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
