import pg from 'pg';
import { storeApplicationName, storeSsl, type StoreConnection } from '../common/store.js';

/**
 * Opening the store several desks share: one pool per desk, tried once before it is handed out, so
 * Settings can say at once why a connection does not work.
 */

/** Why the store could not be opened. None of them holds the password; `detail` is for the log. */
export type StoreProblem =
  | { kind: 'unreachable'; detail: string }
  | { kind: 'authFailed'; detail: string }
  | { kind: 'databaseMissing'; detail: string }
  | { kind: 'tls'; detail: string }
  | { kind: 'other'; detail: string };

export type OpenedStore = { ok: true; pool: pg.Pool } | { ok: false; problem: StoreProblem };

export const STORE_TIMEOUTS = {
  /** A store that does not answer a connection within this is unreachable (a LAN answers in milliseconds). */
  connectMs: 5000,
  /** No statement of a desk runs longer: every one is a small row operation; a stuck one must not hold a desk. */
  statementMs: 10_000,
  /** A transaction left open (a desk stopped mid-way) gives its row locks back after this. */
  idleInTransactionMs: 30_000,
  /** Idle connections are closed after this, so a quiet desk holds none. */
  idleMs: 30_000,
} as const;

/**
 * The server's keepalives on each connection: a desk that vanished without closing (power cut,
 * cable pulled) is noticed within about 25 s, so its sync lease and locks are freed in time for
 * another desk to take over (10 s idle, then 3 probes 5 s apart). They are ordinary user settings.
 */
const KEEPALIVES = '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3';

export interface OpenStoreOptions {
  /** The desk's name, in its connections' application_name. */
  deskName: string;
  /** Connections at most (the sync lease and the presence, budget and sync listeners each keep one while they live). */
  max?: number;
  /** Receives a line when an idle connection breaks (the server restarted): the pool replaces it. */
  log?: (line: string) => void;
}

export function storePoolConfig(connection: StoreConnection, password: string, options: OpenStoreOptions): pg.PoolConfig {
  return {
    host: connection.host,
    port: connection.port,
    database: connection.database,
    user: connection.role,
    password,
    ssl: storeSsl(connection.host),
    application_name: storeApplicationName(options.deskName),
    connectionTimeoutMillis: STORE_TIMEOUTS.connectMs,
    statement_timeout: STORE_TIMEOUTS.statementMs,
    // The server's timeout cannot end a query whose answer a dead network never brings: this one can.
    query_timeout: STORE_TIMEOUTS.statementMs + 5000,
    idle_in_transaction_session_timeout: STORE_TIMEOUTS.idleInTransactionMs,
    idleTimeoutMillis: STORE_TIMEOUTS.idleMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    options: KEEPALIVES,
    // Four held by the lease and the listeners, the rest for statements (a sync's write, a catch-up, the outbox).
    max: options.max ?? 8,
  };
}

/** Opens the pool and proves it with one round trip; the pool is ended when that fails. */
export async function openStore(connection: StoreConnection, password: string, options: OpenStoreOptions): Promise<OpenedStore> {
  const pool = new pg.Pool(storePoolConfig(connection, password, options));
  // An idle connection that breaks (the server restarted, the network dropped) is reported here and
  // replaced on the next query; without a listener the pool's 'error' would end the process.
  pool.on('error', (error) => options.log?.(`store: an idle connection broke: ${scrub(describe(error), password)}`));
  try {
    await pool.query('SELECT 1');
    return { ok: true, pool };
  } catch (error) {
    await pool.end().catch(() => undefined);
    return { ok: false, problem: storeProblem(error, password) };
  }
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ENOENT', 'EPIPE']);

/** What went wrong, from node-postgres's error: the server's SQLSTATE, Node's socket code, or its words. */
export function storeProblem(error: unknown, password = ''): StoreProblem {
  const detail = scrub(describe(error), password);
  const code = codeOf(error);
  // 28P01 invalid_password; 28000 invalid_authorization_specification (no such role, or pg_hba refuses it).
  if (code === '28P01' || code === '28000') return { kind: 'authFailed', detail };
  // 3D000 invalid_catalog_name: no database of that name.
  if (code === '3D000') return { kind: 'databaseMissing', detail };
  if (UNREACHABLE_CODES.has(code) || /timeout expired|Connection terminated/i.test(detail)) return { kind: 'unreachable', detail };
  if (/SSL|TLS|certificate|self[- ]signed/i.test(detail) || code.startsWith('ERR_TLS') || code.includes('CERT')) return { kind: 'tls', detail };
  return { kind: 'other', detail };
}

/**
 * Whether a failed statement means the store is away (its connection broke or timed out, the server
 * is shutting down or full), rather than a problem with the statement itself, which trying again
 * elsewhere would not cure.
 */
export function storeAway(error: unknown): boolean {
  const code = codeOf(error);
  if (UNREACHABLE_CODES.has(code)) return true;
  // 08: connection exception; 57P01-03: the server shuts down or is starting; 53300: too many connections.
  if (/^08/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
  const message = error instanceof Error ? error.message : String(error);
  return /Connection terminated|timeout|not queryable|Client has encountered a connection error|pool .*ended/i.test(message);
}

/** The server's SQLSTATE or Node's socket code, when the error has one. */
function codeOf(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('code' in error)) return '';
  return typeof error.code === 'string' ? error.code : '';
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = codeOf(error);
    return code ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}

/** Belt and braces: no message the desk keeps or logs ever holds the password, whoever wrote it. */
function scrub(text: string, password: string): string {
  return password ? text.split(password).join('***') : text;
}
