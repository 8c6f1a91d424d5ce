import type pg from 'pg';

/**
 * The outbox the desks of one account share: a write waits here with its idempotency key and is sent
 * by whichever desk is online. A desk claims one entry at a time for a lease; a claim is taken with
 * `FOR UPDATE SKIP LOCKED`, so two desks asking at once get different entries and neither waits on
 * the other. A desk that stops mid-send (killed, cut off) loses its claim when the lease runs out,
 * and another desk may then take the entry over; the first desk's later "sent" is refused, so the
 * entry's outcome is written once. The lease only keeps two desks from sending at the same time:
 * the sender still asks the service by the idempotency key before a create whose outcome is unknown.
 *
 * Every time is the server's (`now()`), so desks whose clocks disagree still agree on a lease.
 */

export type SharedOutboxState = 'waiting' | 'sending' | 'sent' | 'refused';

export interface SharedOutboxEntry {
  /** The row's id (a bigint, kept as text so no size is lost). */
  id: string;
  account: string;
  environment: string;
  idempotencyKey: string;
  kind: string;
  body: unknown;
  state: SharedOutboxState;
  claimedBy: string | null;
  claimedUntil: Date | null;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
  lastError: unknown;
  /** What the service answered when it was sent (a created record's id), as the sending desk wrote it. */
  result: unknown;
}

export interface NewOutboxEntry {
  idempotencyKey: string;
  kind: string;
  body: unknown;
}

/** Whose entries: a desk sends only its own account's, in its own environment, with its own sign-in. */
export interface OutboxScope {
  account: string;
  environment: string;
}

interface Row {
  id: string;
  account: string;
  environment: string;
  idempotency_key: string;
  kind: string;
  body: unknown;
  state: SharedOutboxState;
  claimed_by: string | null;
  claimed_until: Date | null;
  attempts: number;
  created_at: Date;
  sent_at: Date | null;
  last_error: unknown;
  result: unknown;
}

const entryOf = (r: Row): SharedOutboxEntry => ({
  id: r.id,
  account: r.account,
  environment: r.environment,
  idempotencyKey: r.idempotency_key,
  kind: r.kind,
  body: r.body,
  state: r.state,
  claimedBy: r.claimed_by,
  claimedUntil: r.claimed_until,
  attempts: r.attempts,
  createdAt: r.created_at,
  sentAt: r.sent_at,
  lastError: r.last_error,
  result: r.result ?? null,
});

export interface SharedOutbox {
  /** Adds an entry; one with the same idempotency key already there is kept as it is (`created: false`), unless it was refused: then it waits again with the new body. */
  enqueue(entry: NewOutboxEntry): Promise<{ id: string; created: boolean }>;
  /** The oldest entry no desk holds (waiting, or sending under a lease that ran out), now claimed by this desk; null when none. */
  claimNext(deskId: string, leaseMs: number): Promise<SharedOutboxEntry | null>;
  /** The service holds it (true again if this desk said so already), with what it answered. False when its claim was taken over, or the entry is not being sent by it. */
  markSent(id: string, deskId: string, result?: unknown): Promise<boolean>;
  /** The service refused it for good; `problem` says why (as JSON). False as for markSent. */
  markRefused(id: string, deskId: string, problem: unknown): Promise<boolean>;
  /** Not sent this time (offline, signed out): back to waiting for any desk. False as for markSent. */
  release(id: string, deskId: string, problem?: unknown): Promise<boolean>;
  /** Takes back an entry no desk is sending (waiting or refused); false when it is being sent or was sent. */
  withdraw(idempotencyKey: string): Promise<boolean>;
  /** One entry as it stands, or null. */
  get(id: string): Promise<SharedOutboxEntry | null>;
  /** The scope's entry with this idempotency key, or null. */
  byKey(idempotencyKey: string): Promise<SharedOutboxEntry | null>;
  /** How many of the scope's entries are still to send (waiting, or being sent). */
  pending(): Promise<number>;
}

/**
 * One statement is one transaction: the oldest free row is locked (skipping rows another desk is
 * claiming this instant), re-checked and marked in one step, so no two desks claim the same entry.
 * A row still 'sending' whose lease ran out is free again: its desk stopped or was cut off.
 */
const CLAIM_NEXT = `
  WITH next AS (
    SELECT id FROM outbox
     WHERE account = $1 AND environment = $2
       AND (state = 'waiting' OR (state = 'sending' AND claimed_until < now()))
     ORDER BY id
     LIMIT 1
     FOR UPDATE SKIP LOCKED
  )
  UPDATE outbox o
     SET state = 'sending', claimed_by = $3, claimed_until = now() + $4 * interval '1 millisecond', attempts = o.attempts + 1
    FROM next WHERE o.id = next.id
  RETURNING o.*`;

export function sharedOutbox(pool: pg.Pool, scope: OutboxScope): SharedOutbox {
  const { account, environment } = scope;
  // Changes a claim this desk still holds; the claim is the desk's while claimed_by says so, even past
  // its lease, until another desk takes it over.
  // `states` are those it may change from: 'sending', and for "sent" also 'sent' by this same desk,
  // so a desk that writes "sent" again (its answer was lost when the store restarted) hears true.
  const finish = async (id: string, deskId: string, set: string, values: unknown[], states: string[] = ['sending']) => {
    const result = await pool.query(
      `UPDATE outbox SET ${set}, claimed_until = NULL
        WHERE id = $1 AND account = $2 AND environment = $3 AND state = ANY($${5 + values.length}::text[]) AND claimed_by = $4`,
      [id, account, environment, deskId, ...values, states],
    );
    return result.rowCount === 1;
  };
  return {
    async enqueue(entry) {
      const inserted = await pool.query<{ id: string }>(
        // A refused entry never reached the service: the same key queued again starts it afresh.
        `INSERT INTO outbox (account, environment, idempotency_key, kind, body) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (account, environment, idempotency_key) DO UPDATE
           SET kind = EXCLUDED.kind, body = EXCLUDED.body, state = 'waiting', claimed_by = NULL, claimed_until = NULL, last_error = NULL, result = NULL
           WHERE outbox.state = 'refused'
         RETURNING id`,
        [account, environment, entry.idempotencyKey, entry.kind, JSON.stringify(entry.body)],
      );
      if (inserted.rows[0]) return { id: inserted.rows[0].id, created: true };
      const existing = await pool.query<{ id: string }>('SELECT id FROM outbox WHERE account = $1 AND environment = $2 AND idempotency_key = $3', [
        account,
        environment,
        entry.idempotencyKey,
      ]);
      return { id: existing.rows[0]!.id, created: false };
    },

    async claimNext(deskId, leaseMs) {
      const { rows } = await pool.query<Row>(CLAIM_NEXT, [account, environment, deskId, leaseMs]);
      return rows[0] ? entryOf(rows[0]) : null;
    },

    markSent: (id, deskId, result) =>
      finish(
        id,
        deskId,
        "state = 'sent', sent_at = coalesce(sent_at, now()), result = coalesce($5::jsonb, result)",
        [result === undefined ? null : JSON.stringify(result)],
        ['sending', 'sent'],
      ),
    markRefused: (id, deskId, problem) => finish(id, deskId, "state = 'refused', last_error = $5::jsonb", [JSON.stringify(problem ?? null)]),
    release: (id, deskId, problem) =>
      finish(id, deskId, "state = 'waiting', claimed_by = NULL, last_error = coalesce($5::jsonb, last_error)", [
        problem === undefined ? null : JSON.stringify(problem),
      ]),

    async withdraw(idempotencyKey) {
      const result = await pool.query(
        `DELETE FROM outbox WHERE account = $1 AND environment = $2 AND idempotency_key = $3
           AND state IN ('waiting', 'refused')`,
        [account, environment, idempotencyKey],
      );
      if (result.rowCount === 1) return true;
      const left = await pool.query('SELECT 1 FROM outbox WHERE account = $1 AND environment = $2 AND idempotency_key = $3', [
        account,
        environment,
        idempotencyKey,
      ]);
      return left.rowCount === 0;
    },

    async pending() {
      const { rows } = await pool.query<{ n: number }>(
        "SELECT count(*)::integer AS n FROM outbox WHERE account = $1 AND environment = $2 AND state IN ('waiting', 'sending')",
        [account, environment],
      );
      return rows[0]?.n ?? 0;
    },

    async get(id) {
      const { rows } = await pool.query<Row>('SELECT * FROM outbox WHERE id = $1 AND account = $2 AND environment = $3', [id, account, environment]);
      return rows[0] ? entryOf(rows[0]) : null;
    },

    async byKey(idempotencyKey) {
      const { rows } = await pool.query<Row>('SELECT * FROM outbox WHERE account = $1 AND environment = $2 AND idempotency_key = $3', [
        account,
        environment,
        idempotencyKey,
      ]);
      return rows[0] ? entryOf(rows[0]) : null;
    },
  };
}
