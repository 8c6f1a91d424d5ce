import type pg from 'pg';
import { z } from 'zod';
import { listenChannel, type ChannelListener } from './listen.js';
import type { SharingScope } from './shared-store.js';
import { inTransaction } from './transaction.js';

/**
 * What the syncing desk of an account shares with the others: named sets of records (the inventory
 * cache is one), each record a row keyed by the owner's id with an opaque body, stamped with the
 * account's change counter (`sync_state.change_counter`) as it was when the row last changed.
 *
 * Why rows, not the serialized cache: a sync of 100,000 items changes a few hundred to a few thousand
 * of them (quantities move, a few products change). Rows stamped with the counter let the syncing
 * desk write only what changed (the upsert leaves a row whose body is the same untouched, so even a
 * whole set written again stamps only the records that differ), and let a desk that was away read
 * only the rows stamped after its own counter, one index range. A blob per generation would be tens
 * of megabytes written after every pass and read whole by every desk for a handful of changes. A
 * desk new to the store reads every row once (keyset pages, in one snapshot).
 *
 * Every write is one transaction: the rows, the set's meta, the counter raised, and a NOTIFY that
 * the other desks hear only once it commits. The counter row is locked for the transaction, so two
 * writers (a desk that lost its lease without knowing yet, and the next) never interleave: a patch
 * is refused when the store has moved past the base it was made on.
 */
export const SYNC_CHANNEL = 'dockdesk_sync';

/** Rows read or written per statement: a few hundred kilobytes, far within the statement timeout. */
const ROWS_PER_STATEMENT = 1000;

/** Where a copy stands in the store's history of an account: which history (lineage) and how far. */
export interface SetPosition {
  lineage: string;
  counter: number;
}

export interface SetRow {
  key: string;
  /** Null: the record was removed. */
  body: string | null;
}

export interface SetChanges {
  /** Where the copy stands once these are applied. */
  to: SetPosition;
  format: number;
  meta: string;
  /** True: `rows` are every record of the set (the copy is replaced); false: those changed after the copy's counter. */
  whole: boolean;
  rows: SetRow[];
}

export type SetPublish =
  /** Every record of the set: the store's set becomes this one, whatever it held. */
  (
    | { whole: true; format: number; meta: string; rows: { key: string; body: string }[] }
    /** The records changed since `base` (body null: removed); refused when the store is no longer at `base`. */
    | { whole: false; base: SetPosition; format: number; meta: string; rows: SetRow[] }
  ) & {
    /** The pass this publishes (shared-passes.ts): ended with it, its pages gone, in the same transaction. */
    pass?: string;
  };

export type PublishResult = { ok: true; position: SetPosition } | { ok: false; reason: 'moved' };

export const SyncNotice = z.object({
  account: z.string(),
  environment: z.string(),
  deskId: z.string(),
  counter: z.number().int().min(0),
});
export type SyncNotice = z.infer<typeof SyncNotice>;

interface StateRow {
  lineage: string;
  counter: string;
  format: number | null;
  meta: string | null;
}

/**
 * The changes a copy at `from` needs (null: it has none, or not of this store): every record when
 * the copy is of another lineage or ahead of the store, else the rows stamped after its counter.
 * Null when the store holds no such set yet. Read in one snapshot, so the rows and the counter agree.
 */
export async function readSetChanges(pool: pg.Pool, scope: SharingScope, dataset: string, from: SetPosition | null): Promise<SetChanges | null> {
  return inTransaction(pool, async (client) => {
    await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows: states } = await client.query<StateRow>(
      `SELECT s.lineage, s.change_counter::text AS counter, t.format, t.meta
         FROM sync_state s LEFT JOIN sync_sets t ON t.account = s.account AND t.environment = s.environment AND t.dataset = $3
        WHERE s.account = $1 AND s.environment = $2`,
      [scope.account, scope.environment, dataset],
    );
    const state = states[0];
    if (!state || state.format === null || state.meta === null) return null;
    const to: SetPosition = { lineage: state.lineage, counter: Number(state.counter) };
    const whole = from === null || from.lineage !== to.lineage || from.counter > to.counter;
    const out: SetChanges = { to, format: state.format, meta: state.meta, whole, rows: [] };
    if (whole) {
      let after = '';
      for (;;) {
        const { rows } = await client.query<{ key: string; body: string }>(
          `SELECT key, body FROM sync_rows
            WHERE account = $1 AND environment = $2 AND dataset = $3 AND body IS NOT NULL AND key > $4
            ORDER BY key LIMIT $5`,
          [scope.account, scope.environment, dataset, after, ROWS_PER_STATEMENT],
        );
        out.rows.push(...rows);
        if (rows.length < ROWS_PER_STATEMENT) break;
        after = rows[rows.length - 1]!.key;
      }
      return out;
    }
    if (from.counter === to.counter) return out;
    let at = { counter: String(from.counter), key: '' };
    for (;;) {
      const { rows } = await client.query<{ key: string; body: string | null; changed_at: string }>(
        `SELECT key, body, changed_at::text AS changed_at FROM sync_rows
          WHERE account = $1 AND environment = $2 AND dataset = $3 AND changed_at > $4::bigint
            AND (changed_at, key) > ($5::bigint, $6::text)
          ORDER BY changed_at, key LIMIT $7`,
        [scope.account, scope.environment, dataset, from.counter, at.counter, at.key, ROWS_PER_STATEMENT],
      );
      for (const row of rows) out.rows.push({ key: row.key, body: row.body });
      if (rows.length < ROWS_PER_STATEMENT) break;
      const last = rows[rows.length - 1]!;
      at = { counter: last.changed_at, key: last.key };
    }
    return out;
  });
}

/** Writes a set's changes (or the whole set), raises the counter and tells the other desks, in one transaction. */
export async function publishSet(pool: pg.Pool, scope: SharingScope, dataset: string, deskId: string, change: SetPublish): Promise<PublishResult> {
  return inTransaction(pool, async (client) => {
    const { account, environment } = scope;
    await client.query('INSERT INTO sync_state (account, environment) VALUES ($1, $2) ON CONFLICT DO NOTHING', [account, environment]);
    const { rows: states } = await client.query<{ lineage: string; counter: string }>(
      'SELECT lineage, change_counter::text AS counter FROM sync_state WHERE account = $1 AND environment = $2 FOR UPDATE',
      [account, environment],
    );
    const state = states[0]!;
    const counter = Number(state.counter);
    if (!change.whole) {
      const { rows: sets } = await client.query<{ format: number }>('SELECT format FROM sync_sets WHERE account = $1 AND environment = $2 AND dataset = $3', [
        account,
        environment,
        dataset,
      ]);
      const { base } = change;
      if (base.lineage !== state.lineage || base.counter !== counter || sets[0]?.format !== change.format) return { ok: false, reason: 'moved' };
    }
    const next = counter + 1;
    await client.query(
      `INSERT INTO sync_sets (account, environment, dataset, format, meta, changed_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (account, environment, dataset) DO UPDATE SET format = excluded.format, meta = excluded.meta, changed_at = excluded.changed_at`,
      [account, environment, dataset, change.format, change.meta, next],
    );
    for (let i = 0; i < change.rows.length; i += ROWS_PER_STATEMENT) {
      const part = change.rows.slice(i, i + ROWS_PER_STATEMENT);
      // A row whose body is the same keeps its stamp: nobody needs to read it again.
      await client.query(
        `INSERT INTO sync_rows (account, environment, dataset, key, body, changed_at)
         SELECT $1, $2, $3, k, b, $6 FROM unnest($4::text[], $5::text[]) AS u (k, b)
         ON CONFLICT (account, environment, dataset, key)
         DO UPDATE SET body = excluded.body, changed_at = excluded.changed_at WHERE sync_rows.body IS DISTINCT FROM excluded.body`,
        [account, environment, dataset, part.map((r) => r.key), part.map((r) => r.body), next],
      );
    }
    if (change.whole) {
      // What the store holds and the set no longer does is removed (kept as a removal, for desks behind).
      const given = new Set(change.rows.map((r) => r.key));
      const { rows: held } = await client.query<{ key: string }>(
        'SELECT key FROM sync_rows WHERE account = $1 AND environment = $2 AND dataset = $3 AND body IS NOT NULL',
        [account, environment, dataset],
      );
      const gone = held.map((r) => r.key).filter((key) => !given.has(key));
      for (let i = 0; i < gone.length; i += ROWS_PER_STATEMENT)
        await client.query(
          'UPDATE sync_rows SET body = NULL, changed_at = $5 WHERE account = $1 AND environment = $2 AND dataset = $3 AND key = ANY($4::text[])',
          [account, environment, dataset, gone.slice(i, i + ROWS_PER_STATEMENT), next],
        );
    }
    if (change.pass)
      await client.query('DELETE FROM sync_passes WHERE account = $1 AND environment = $2 AND dataset = $3 AND pass = $4', [
        account,
        environment,
        dataset,
        change.pass,
      ]);
    await client.query('UPDATE sync_state SET change_counter = $3 WHERE account = $1 AND environment = $2', [account, environment, next]);
    const notice: SyncNotice = { account, environment, deskId, counter: next };
    // Delivered at commit, and only then: a desk that hears it reads what this transaction wrote.
    await client.query('SELECT pg_notify($1, $2)', [SYNC_CHANNEL, JSON.stringify(notice)]);
    return { ok: true, position: { lineage: state.lineage, counter: next } };
  });
}

/** Hears every desk's sync notices on a connection of its own. */
export function listenSync(pool: pg.Pool, onNotice: (notice: SyncNotice) => void): Promise<ChannelListener> {
  return listenChannel(pool, SYNC_CHANNEL, SyncNotice, onNotice);
}
