import { describe, expect, it } from 'vitest';
import { isLoopbackHost, StoreConnection, storeApplicationName, storeSsl } from '../../areas/desks/common/store.js';
import { syncLeaseKey } from '../../areas/desks/core/sync-lease.js';
import { STORE_TIMEOUTS, storePoolConfig, storeProblem } from '../../areas/desks/core/store.js';

/** The pure parts of the store several desks share: its connection's shape, when TLS is verified, names and keys. */
describe('a store connection', () => {
  it('holds host, port, database and role, and no password', () => {
    const parsed = StoreConnection.parse({ host: ' db.warehouse.lan ', database: 'dockdesk', role: 'desk', password: 'secret' });
    expect(parsed).toEqual({ host: 'db.warehouse.lan', port: 5432, database: 'dockdesk', role: 'desk' });
  });

  it.each(['postgres://db', 'db:5432', 'user@db', 'two words', ''])('refuses %j as a host', (host) => {
    expect(StoreConnection.safeParse({ host, port: 5432, database: 'd', role: 'r' }).success).toBe(false);
  });

  it.each(['192.168.1.20', '::1', '[fe80::1]', '/var/run/postgresql', 'store-1'])('takes %j as a host', (host) => {
    expect(StoreConnection.safeParse({ host, port: 5432, database: 'd', role: 'r' }).success).toBe(true);
  });

  it('refuses a port outside 1-65535 and names PostgreSQL would cut', () => {
    expect(StoreConnection.safeParse({ host: 'db', port: 0, database: 'd', role: 'r' }).success).toBe(false);
    expect(StoreConnection.safeParse({ host: 'db', port: 65536, database: 'd', role: 'r' }).success).toBe(false);
    expect(StoreConnection.safeParse({ host: 'db', port: 5432, database: 'd'.repeat(64), role: 'r' }).success).toBe(false);
  });
});

describe("the connection's TLS", () => {
  it.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.5.6.7', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '/var/run/postgresql'])(
    'is off for %j, which is this machine',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
      expect(storeSsl(host)).toBe(false);
    },
  );

  it.each(['db.warehouse.lan', '192.168.1.20', '10.0.0.1', '128.0.0.1', '::2', 'fe80::1', '127.0.0.1.example.com', 'localhost.example.com', '1270.0.0.1'])(
    'is verified for %j',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
      expect(storeSsl(host)).toEqual({ rejectUnauthorized: true });
    },
  );
});

describe("a desk's application name", () => {
  it('is "dockdesk <desk>", printable ASCII, at most 63 bytes', () => {
    expect(storeApplicationName('Returns 1')).toBe('dockdesk Returns 1');
    expect(storeApplicationName('Wareneingang Süd')).toBe('dockdesk Wareneingang S?d');
    expect(storeApplicationName('x'.repeat(100))).toHaveLength(63);
    expect(storeApplicationName('')).toBe('dockdesk');
  });
});

describe("the sync lease's key", () => {
  it('is stable, a 32-bit integer, and differs per account and environment', () => {
    const key = syncLeaseKey('acct', 'production');
    expect(key).toBe(syncLeaseKey('acct', 'production'));
    expect(Number.isInteger(key) && key >= -(2 ** 31) && key < 2 ** 31).toBe(true);
    expect(syncLeaseKey('acct', 'sandbox')).not.toBe(key);
    // The separator keeps "ab"+"c" apart from "a"+"bc".
    expect(syncLeaseKey('ab', 'c')).not.toBe(syncLeaseKey('a', 'bc'));
  });
});

describe("a store's problem", () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  it('is named from the server or the socket, and never holds the password', () => {
    expect(storeProblem(withCode('password authentication failed for user "desk"', '28P01')).kind).toBe('authFailed');
    expect(storeProblem(withCode('database "x" does not exist', '3D000')).kind).toBe('databaseMissing');
    expect(storeProblem(withCode('connect ECONNREFUSED 10.0.0.5:5432', 'ECONNREFUSED')).kind).toBe('unreachable');
    expect(storeProblem(new Error('timeout expired')).kind).toBe('unreachable');
    expect(storeProblem(withCode('self-signed certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT')).kind).toBe('tls');
    expect(storeProblem(new Error('The server does not support SSL connections')).kind).toBe('tls');
    expect(storeProblem(new Error('connect to p4ss failed'), 'p4ss').detail).toBe('connect to *** failed');
  });
});

describe("a desk's pool", () => {
  it('verifies TLS to another machine, not to this one, and bounds every wait', () => {
    const lan = storePoolConfig({ host: 'db.warehouse.lan', port: 5432, database: 'dockdesk', role: 'desk' }, 'pw', { deskName: 'Dock 3' });
    expect(lan.ssl).toEqual({ rejectUnauthorized: true });
    expect(lan).toMatchObject({
      application_name: 'dockdesk Dock 3',
      connectionTimeoutMillis: STORE_TIMEOUTS.connectMs,
      statement_timeout: STORE_TIMEOUTS.statementMs,
      idle_in_transaction_session_timeout: STORE_TIMEOUTS.idleInTransactionMs,
      keepAlive: true,
    });
    expect(storePoolConfig({ host: '127.0.0.1', port: 5432, database: 'dockdesk', role: 'desk' }, 'pw', { deskName: 'Dock 3' }).ssl).toBe(false);
  });
});
