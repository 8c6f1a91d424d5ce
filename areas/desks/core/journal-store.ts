import type pg from 'pg';
import type { JournalEntry, JournalRecordKind } from '../../journal/common/entry.js';

/**
 * The desks' journals in the store: each desk publishes the entries of its own journal (whose file
 * stays the source of truth), and a record's page reads the other desks' entries about that record.
 * A row is one entry as its desk wrote it, with its hash; the store vouches for nothing: the reader
 * checks each row's entry against its hash before showing it (areas/journal/core/shared-journal.ts).
 */

/** Whose journal rows: one service and account, as the desks share everything else. */
export interface JournalScope {
  account: string;
  environment: string;
}

/** A row as read back: the entry as the store holds it (not yet checked), and the hash its desk published. */
export interface JournalRow {
  deskId: string;
  seq: number;
  entry: unknown;
  hash: string;
}

export interface SharedJournalStore {
  readonly scope: JournalScope;
  /** The highest sequence number of this desk's entries the store holds in the scope (0: none). */
  highestSeq(deskId: string): Promise<number>;
  /** Adds this desk's entries; one already there (the same desk and sequence number) is left as it is. */
  publish(deskId: string, entries: readonly JournalEntry[]): Promise<void>;
  /** The other desks' rows naming the record by its id or its reference, the newest first, `limit` at most. */
  forRecord(kind: JournalRecordKind, id: string, exceptDesk: string, limit: number): Promise<JournalRow[]>;
}

export function sharedJournalStore(pool: pg.Pool, scope: JournalScope): SharedJournalStore {
  const { account, environment } = scope;
  return {
    scope,
    async highestSeq(deskId) {
      const { rows } = await pool.query<{ seq: string | null }>(
        'SELECT max(seq)::text AS seq FROM journal WHERE account = $1 AND environment = $2 AND desk_id = $3',
        [account, environment, deskId],
      );
      return Number(rows[0]?.seq ?? 0);
    },
    async publish(deskId, entries) {
      if (entries.length === 0) return;
      // One statement for the batch, its values as parallel arrays: unnest keeps the parameters to ten whatever the count.
      await pool.query(
        `INSERT INTO journal (account, environment, desk_id, seq, entry, hash, record_kind, record_id, record_reference, at)
         SELECT $1, $2, $3, u.seq, u.entry, u.hash, u.kind, u.id, u.reference, u.at
           FROM unnest($4::bigint[], $5::jsonb[], $6::text[], $7::text[], $8::text[], $9::text[], $10::timestamptz[]) AS u(seq, entry, hash, kind, id, reference, at)
         ON CONFLICT (account, environment, desk_id, seq) DO NOTHING`,
        [
          account,
          environment,
          deskId,
          entries.map((e) => e.seq),
          entries.map((e) => JSON.stringify(e)),
          entries.map((e) => e.hash),
          entries.map((e) => e.what.record?.kind ?? null),
          entries.map((e) => e.what.record?.id ?? null),
          entries.map((e) => e.what.record?.reference ?? null),
          entries.map((e) => e.at),
        ],
      );
    },
    async forRecord(kind, id, exceptDesk, limit) {
      const { rows } = await pool.query<{ desk_id: string; seq: string; entry: unknown; hash: string }>(
        `SELECT desk_id, seq::text AS seq, entry, hash FROM journal
          WHERE account = $1 AND environment = $2 AND record_kind = $3 AND (record_id = $4 OR record_reference = $4) AND desk_id <> $5
          ORDER BY at DESC, desk_id, seq DESC
          LIMIT $6`,
        [account, environment, kind, id, exceptDesk, limit],
      );
      return rows.map((r) => ({ deskId: r.desk_id, seq: Number(r.seq), entry: r.entry, hash: r.hash }));
    },
  };
}
