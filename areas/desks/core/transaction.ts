import type pg from 'pg';

/**
 * Runs `work` in one transaction on a connection of the pool: committed when it resolves, rolled back
 * when it throws. A connection that broke on the way (the server restarted) is closed, not given back.
 *
 * A connection taken from the pool has no listener for its 'error' event while it is out, and an
 * unexpected disconnection emits one, which with no listener would end the process: one is attached
 * for as long as the work runs (the work's own query rejects with the same error).
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken ??= rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}
