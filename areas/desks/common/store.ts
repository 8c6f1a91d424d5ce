import { z } from 'zod';

/**
 * The PostgreSQL store that several desks of a warehouse share: where it is and as whom a desk
 * connects. The password is not here: it lives in the keychain, as the service's tokens do, so this
 * can be kept in the settings file and shown in Settings.
 */
export const StoreConnection = z.object({
  /** A host name, an IP address (an IPv6 one has two colons at least, so `db:5432` is refused), or a Unix socket's folder (a path starting with `/`). */
  host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^(\/\S*|[^\s/:@]+|\[?[0-9a-fA-F.]*:[0-9a-fA-F.]*:[0-9a-fA-F:.]*\]?)$/, 'a host name, an IP address or a socket folder, without a scheme or a port'),
  port: z.number().int().min(1).max(65535).default(5432),
  // PostgreSQL's names are at most 63 bytes (NAMEDATALEN - 1); a longer one would be cut silently.
  database: z.string().min(1).max(63),
  role: z.string().min(1).max(63),
});
export type StoreConnection = z.infer<typeof StoreConnection>;

/** Whether a host is this machine: `localhost`, 127.0.0.0/8, ::1 (bracketed or not, or IPv4-mapped), or a Unix socket. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h.startsWith('/')) return true;
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const v4 = h.replace(/^::ffff:/, '');
  const octets = v4.split('.');
  if (octets.length === 4 && octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)) return octets[0] === '127';
  // ::1 in any of its spellings (0:0:0:0:0:0:0:1, ::0:1, ...): every group zero but the last, which is 1.
  if (/^[0:]*:0*1$/.test(h)) return true;
  return false;
}

/**
 * How a desk's connection is secured, in the `ssl` option's terms of node-postgres: verified TLS (the
 * server's certificate chain and its name, against the system's trusted authorities) for any host but
 * this machine, where the connection never leaves it and a warehouse's local server has no certificate.
 */
export function storeSsl(host: string): false | { rejectUnauthorized: true } {
  return isLoopbackHost(host) ? false : { rejectUnauthorized: true };
}

/**
 * The name a desk gives its connections (`application_name`, what `pg_stat_activity` shows an
 * administrator). PostgreSQL keeps printable ASCII only (anything else becomes `?`) and at most 63 bytes.
 */
export function storeApplicationName(deskName: string): string {
  const printable = deskName.replace(/[^\x20-\x7e]/g, '?').trim();
  return `dockdesk ${printable}`.trim().slice(0, 63);
}

/** The kinds of record a desk can be working on, which other desks are told about. */
export const PresenceRecordKind = z.enum(['receiving', 'return', 'unidentified']);
export type PresenceRecordKind = z.infer<typeof PresenceRecordKind>;

/** What a desk's `NOTIFY dockdesk_presence` says: a desk opened (`present`) or left a record. */
export const PresenceChange = z.object({
  account: z.string(),
  environment: z.string(),
  recordKind: PresenceRecordKind,
  recordId: z.string(),
  deskId: z.string(),
  present: z.boolean(),
});
export type PresenceChange = z.infer<typeof PresenceChange>;

/**
 * The desk's own section of the settings file: the store it shares (null: it works alone, the
 * default), its name as other desks see it, and its id, made once so that a renamed desk stays the
 * same desk to the others (its claims, its presence).
 */
export const DesksSettings = z.object({
  store: StoreConnection.nullable(),
  deskName: z.string().trim().max(80),
  deskId: z.string().max(80),
});
export type DesksSettings = z.infer<typeof DesksSettings>;
export const DEFAULT_DESKS_SETTINGS: DesksSettings = { store: null, deskName: '', deskId: '' };

/** Where a desk stands with the store: off (working alone by choice), connecting, connected, or unreachable (working alone until it answers). */
export const SharedStoreState = z.enum(['off', 'connecting', 'connected', 'unreachable']);
export type SharedStoreState = z.infer<typeof SharedStoreState>;
