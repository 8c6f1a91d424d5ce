import type pg from 'pg';
import { listenChannel, type ChannelListener } from './listen.js';
import { PresenceChange, type PresenceRecordKind } from '../common/store.js';
import { inTransaction } from './transaction.js';

/**
 * Who is working on what: a desk says it has a record open (a receiving order, a return, a receipt
 * being linked), and every other desk hears it at once through `NOTIFY dockdesk_presence` and can show
 * "open at <desk>". The rows are there for a desk that starts later; the notification is sent in the
 * same transaction as the row's change, so it is heard only once the row is there to read.
 */

export const PRESENCE_CHANNEL = 'dockdesk_presence';

export interface DeskIdentity {
  deskId: string;
  deskName: string;
  account: string;
  environment: string;
  /** Who is signed in at the desk, as the service names the user; null when no one is. */
  signedInAs: string | null;
}

export interface PresenceRecord {
  kind: PresenceRecordKind;
  id: string;
}

/** Says the desk is here and who is signed in at it; also its heartbeat (`last_seen`). */
export async function registerDesk(pool: pg.Pool, desk: DeskIdentity): Promise<void> {
  await pool.query(
    `INSERT INTO desks (desk_id, desk_name, account, environment, signed_in_as, last_seen) VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (desk_id) DO UPDATE SET desk_name = $2, account = $3, environment = $4, signed_in_as = $5, last_seen = now()`,
    [desk.deskId, desk.deskName, desk.account, desk.environment, desk.signedInAs],
  );
}

async function change(pool: pg.Pool, desk: DeskIdentity, record: PresenceRecord, present: boolean, sql: string): Promise<void> {
  const payload: PresenceChange = {
    account: desk.account,
    environment: desk.environment,
    recordKind: record.kind,
    recordId: record.id,
    deskId: desk.deskId,
    present,
  };
  await inTransaction(pool, async (client) => {
    await client.query(sql, [desk.account, desk.environment, record.kind, record.id, desk.deskId]);
    await client.query('SELECT pg_notify($1, $2)', [PRESENCE_CHANNEL, JSON.stringify(payload)]);
  });
}

/** The desk has the record open (the desk must be registered). */
export const announce = (pool: pg.Pool, desk: DeskIdentity, record: PresenceRecord) =>
  change(
    pool,
    desk,
    record,
    true,
    `INSERT INTO presence (account, environment, record_kind, record_id, desk_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account, environment, record_kind, record_id, desk_id) DO NOTHING`,
  );

/** Everything a desk had open, as a desk starting again finds it (it stopped without leaving). */
export async function forgetDesk(pool: pg.Pool, deskId: string): Promise<void> {
  // Each record it left is told, as a leave is: the other desks stop showing it open there.
  await pool.query(
    `WITH gone AS (DELETE FROM presence WHERE desk_id = $1 RETURNING account, environment, record_kind, record_id, desk_id)
     SELECT pg_notify($2, json_build_object('account', account, 'environment', environment, 'recordKind', record_kind,
                                            'recordId', record_id, 'deskId', desk_id, 'present', false)::text)
       FROM gone`,
    [deskId, PRESENCE_CHANNEL],
  );
}

/** The desk closed the record. */
export const leave = (pool: pg.Pool, desk: DeskIdentity, record: PresenceRecord) =>
  change(pool, desk, record, false, 'DELETE FROM presence WHERE account = $1 AND environment = $2 AND record_kind = $3 AND record_id = $4 AND desk_id = $5');

/**
 * A desk not heard from for this long (its heartbeat is `registerDesk`, every {@link PRESENCE_HEARTBEAT_MS})
 * stopped without leaving (killed, cut off): its records no longer show as open there.
 */
export const PRESENCE_FRESH_MS = 60_000;
export const PRESENCE_HEARTBEAT_MS = 20_000;

/** The desks that have a record open, by name, oldest first; a desk gone quiet is left out. */
export async function desksAt(pool: pg.Pool, account: string, environment: string, record: PresenceRecord): Promise<{ deskId: string; deskName: string }[]> {
  const { rows } = await pool.query<{ desk_id: string; desk_name: string }>(
    `SELECT p.desk_id, d.desk_name FROM presence p JOIN desks d USING (desk_id)
      WHERE p.account = $1 AND p.environment = $2 AND p.record_kind = $3 AND p.record_id = $4
        AND d.last_seen > now() - $5 * interval '1 millisecond'
      ORDER BY p.since, p.desk_id`,
    [account, environment, record.kind, record.id, PRESENCE_FRESH_MS],
  );
  return rows.map((r) => ({ deskId: r.desk_id, deskName: r.desk_name }));
}

export type PresenceListener = ChannelListener;

/** Hears every desk's presence changes on a connection of its own. */
export function listenPresence(pool: pg.Pool, onChange: (change: PresenceChange) => void): Promise<PresenceListener> {
  return listenChannel(pool, PRESENCE_CHANNEL, PresenceChange, onChange);
}
