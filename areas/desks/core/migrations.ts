import type pg from 'pg';
import { inTransaction } from './transaction.js';

/**
 * The store's schema, as versioned migrations in code: migration N is `migrations[N - 1]`, applied
 * once, in order, and never changed once released (a change is a new migration at the end).
 *
 * Desks of one warehouse start together after a power cut; each applies what is missing, all of it in
 * one transaction under a transaction-level advisory lock, so a second desk waits for the first to
 * commit and then finds nothing left to do, and a desk stopped mid-way leaves nothing half applied.
 */
export const migrations: readonly string[] = [
  // 1: the shared outbox, the desks, who is working on what, and where the shared sync stands.
  `
  CREATE TABLE outbox (
    id bigserial PRIMARY KEY,
    account text NOT NULL,
    environment text NOT NULL,
    -- A return's reference id, a receiving order's external sync mark: what makes a second send harmless.
    idempotency_key text NOT NULL,
    kind text NOT NULL,
    body jsonb NOT NULL,
    state text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'sending', 'sent', 'refused')),
    claimed_by text,
    claimed_until timestamptz,
    attempts integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz,
    last_error jsonb,
    UNIQUE (account, environment, idempotency_key),
    -- A row being sent always says by whom and until when.
    CHECK (state <> 'sending' OR (claimed_by IS NOT NULL AND claimed_until IS NOT NULL))
  );
  -- What claimNext reads: an account's entries still to send, oldest first.
  CREATE INDEX outbox_pending ON outbox (account, environment, id) WHERE state IN ('waiting', 'sending');

  CREATE TABLE desks (
    desk_id text PRIMARY KEY,
    desk_name text NOT NULL,
    account text,
    environment text,
    signed_in_as text,
    last_seen timestamptz NOT NULL DEFAULT now()
  );

  CREATE TABLE presence (
    account text NOT NULL,
    environment text NOT NULL,
    record_kind text NOT NULL,
    record_id text NOT NULL,
    desk_id text NOT NULL REFERENCES desks (desk_id) ON DELETE CASCADE,
    since timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account, environment, record_kind, record_id, desk_id)
  );

  CREATE TABLE sync_state (
    account text NOT NULL,
    environment text NOT NULL,
    -- Raised with every change the syncing desk writes; a follower that missed notifications catches up from it.
    change_counter bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (account, environment)
  );
  `,
  // 2: what the service answered a sent entry (a return's id), so the desk that queued it can say so.
  `ALTER TABLE outbox ADD COLUMN result jsonb;`,
  // 3: what the syncing desk shares (shared-sets.ts): one row per record, stamped with the change
  // counter that last changed it, so a desk catches up by reading only the rows stamped after its own
  // counter. The lineage names this store's history of an account: a desk whose copy came from
  // another store (or from before the store was emptied) reads it all again rather than mix the two.
  `
  ALTER TABLE sync_state ADD COLUMN lineage uuid NOT NULL DEFAULT gen_random_uuid();

  CREATE TABLE sync_sets (
    account text NOT NULL,
    environment text NOT NULL,
    dataset text NOT NULL,
    -- The shape of the rows' bodies: a desk that does not know it neither reads nor patches them.
    format integer NOT NULL,
    -- What the set says as a whole (the inventory cache: its centers and when it was synced).
    meta text NOT NULL,
    changed_at bigint NOT NULL,
    PRIMARY KEY (account, environment, dataset),
    FOREIGN KEY (account, environment) REFERENCES sync_state (account, environment)
  );

  CREATE TABLE sync_rows (
    account text NOT NULL,
    environment text NOT NULL,
    dataset text NOT NULL,
    key text NOT NULL,
    -- Null: the record was removed (kept, so a desk behind learns to remove it too).
    body text,
    changed_at bigint NOT NULL,
    PRIMARY KEY (account, environment, dataset, key),
    FOREIGN KEY (account, environment, dataset) REFERENCES sync_sets (account, environment, dataset)
  );
  -- What a desk catching up reads: the rows changed after its counter, in a stable order to page by.
  CREATE INDEX sync_rows_changes ON sync_rows (account, environment, dataset, changed_at, key);
  `,
  // 4: a pass the syncing desk has under way (shared-passes.ts), page by page as it reads them, so a
  // desk that takes the lease over goes on from the next page instead of asking the service again for
  // what the desk before it read. Never read by the desks that follow: only a finished pass is
  // published (to sync_rows). The base is where the store stood when the pass began: a pass the store
  // has moved past is stale and thrown away.
  `
  CREATE TABLE sync_passes (
    account text NOT NULL,
    environment text NOT NULL,
    dataset text NOT NULL,
    pass uuid NOT NULL,
    -- Null: the store held nothing of this account when the pass began.
    base_lineage uuid,
    base_counter bigint,
    format integer NOT NULL,
    -- What the pass says as a whole (the inventory sync: when it began).
    meta text NOT NULL,
    started_at timestamptz NOT NULL DEFAULT now(),
    -- The desk writing it now (the one holding the lease).
    desk_id text NOT NULL,
    PRIMARY KEY (account, environment, dataset),
    UNIQUE (account, environment, dataset, pass)
  );

  CREATE TABLE sync_pass_pages (
    account text NOT NULL,
    environment text NOT NULL,
    dataset text NOT NULL,
    pass uuid NOT NULL,
    -- Which list of the pass, and the page's place in it (0: its first page).
    stream text NOT NULL,
    seq integer NOT NULL,
    -- The link the page was read from (null: the list's first request) and the one to its next page (null: the list's last).
    link text,
    next text,
    -- The page as the service answered it, deflated.
    body bytea NOT NULL,
    PRIMARY KEY (account, environment, dataset, pass, stream, seq),
    FOREIGN KEY (account, environment, dataset, pass) REFERENCES sync_passes (account, environment, dataset, pass) ON DELETE CASCADE
  );
  `,
  // 5: each desk's journal as it publishes it (journal-store.ts), so a record's page at any desk shows
  // what every desk of the account did to it. The entry is kept whole with its hash: a reader checks
  // the one against the other, and the desk's own file stays the source of truth. The record's kind,
  // id and reference are copied out of the entry only to be looked up by.
  `
  CREATE TABLE journal (
    account text NOT NULL,
    environment text NOT NULL,
    desk_id text NOT NULL,
    seq bigint NOT NULL,
    entry jsonb NOT NULL,
    hash text NOT NULL,
    record_kind text,
    record_id text,
    record_reference text,
    at timestamptz NOT NULL,
    published_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account, environment, desk_id, seq)
  );
  -- What a record's page reads: its entries by the record's id, and by its reference.
  CREATE INDEX journal_record ON journal (account, environment, record_kind, record_id);
  CREATE INDEX journal_reference ON journal (account, environment, record_kind, record_reference) WHERE record_reference IS NOT NULL;
  `,
];

/** The transaction-level advisory lock the migrations run under: "dockdesk" in ASCII, as one 64-bit key. */
export const MIGRATION_LOCK_KEY = '7237970109966541675';

export type MigrationResult =
  | { ok: true; applied: number[]; version: number }
  /** The store was migrated by a newer Dockdesk: this desk does not know its schema and must not write to it. */
  | { ok: false; storeVersion: number; known: number };

/** Brings the store's schema up to date; safe to run from every desk at once. */
export async function migrate(pool: pg.Pool, list: readonly string[] = migrations): Promise<MigrationResult> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await client.query('CREATE TABLE IF NOT EXISTS dockdesk_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM dockdesk_migrations');
    const current = rows[0]?.version ?? 0;
    // Nothing is changed then; the transaction ends with nothing written.
    if (current > list.length) return { ok: false, storeVersion: current, known: list.length };
    const applied: number[] = [];
    for (let version = current + 1; version <= list.length; version++) {
      await client.query(list[version - 1]!);
      await client.query('INSERT INTO dockdesk_migrations (version) VALUES ($1)', [version]);
      applied.push(version);
    }
    return { ok: true, applied, version: list.length };
  });
}
