import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A real PostgreSQL server for one test file: Debian's binaries (`postgresql`, installed by
 * build/system-packages.sh), a fresh cluster in a temporary folder, on a free port of 127.0.0.1 and a
 * Unix socket in that folder, password (SCRAM) authentication, and nothing kept after `stop()`.
 *
 * PostgreSQL refuses to run as root, and the tests run as root on CI, so the server runs as an
 * unprivileged system user (`postgres` where the package made one, else `nobody`) that owns the
 * folder. Durability is switched off (fsync, full pages): a test's data lives for the test only.
 */

export interface TestPostgresConfig {
  host: string;
  port: number;
  database: string;
  role: string;
  password: string;
}

export interface TestPostgres {
  /** The server's address and a role that owns `database`. */
  config: TestPostgresConfig;
  /** The folder holding the Unix socket (`host` for a socket connection). */
  socketDir: string;
  /** A fast restart: every connection is cut, the server is back on the same port before it resolves. */
  restart(): Promise<void>;
  /** Stops the server (as a crash or a pulled cable would end every connection), keeping its data for `bringBack`. */
  takeDown(): Promise<void>;
  /** Starts a paused server again on the same port. */
  bringBack(): Promise<void>;
  /** Stops the server at once and removes its folder; safe to call twice. */
  stop(): Promise<void>;
}

/** The newest PostgreSQL major whose server binaries are installed, or null. */
export function postgresBinDir(root = '/usr/lib/postgresql'): string | null {
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((d) => /^\d+$/.test(d))
    .sort((a, b) => Number(b) - Number(a));
  for (const major of majors) {
    const bin = join(root, major, 'bin');
    if (['initdb', 'pg_ctl', 'postgres'].every((b) => existsSync(join(bin, b)))) return bin;
  }
  return null;
}

/** Whether tests can start a server here; when not, says why on the console (the tests then skip). */
export function postgresAvailability(): { available: boolean; reason: string } {
  const bin = postgresBinDir();
  if (bin) return { available: true, reason: '' };
  const reason =
    'SKIPPED PostgreSQL tests: no server binaries under /usr/lib/postgresql/*/bin (initdb, pg_ctl, postgres). Install Debian\'s "postgresql" (bash build/system-packages.sh).';
  console.warn(reason);
  return { available: false, reason };
}

interface RunAs {
  uid: number;
  gid: number;
  /** The command line's prefix that runs a binary as that user: empty when the tests are not root. */
  prefix: string[];
}

function serverUser(): RunAs {
  const uid = process.getuid?.() ?? 0;
  if (uid !== 0) return { uid, gid: process.getgid?.() ?? 0, prefix: [] };
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n');
  for (const name of ['postgres', 'nobody']) {
    const line = passwd.find((l) => l.startsWith(`${name}:`));
    if (!line) continue;
    const [, , u, g] = line.split(':');
    return { uid: Number(u), gid: Number(g), prefix: ['runuser', '-u', name, '--'] };
  }
  throw new Error('No unprivileged user (postgres or nobody) to run PostgreSQL as: it refuses to run as root.');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a fresh server; the caller stops it (afterAll). Throws, with the server's log, when it cannot. */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries are not installed (see postgresAvailability).');
  const user = serverUser();
  const dir = mkdtempSync(join(tmpdir(), 'dockdesk-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const password = `test-${Math.random().toString(36).slice(2)}`;
  chownSync(dir, user.uid, user.gid);
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  chownSync(pwfile, user.uid, user.gid);

  const as = async (binary: string, args: string[]) => {
    const [cmd, ...rest] = [...user.prefix, join(bin, binary), ...args];
    // The server's own folder as working directory: the user may not read the tests' one.
    return run(cmd!, rest, { cwd: dir, timeout: 60_000 });
  };
  const withLog = async <T>(what: string, step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-20).join('\n') : '(no server log)';
      throw new Error(`PostgreSQL ${what} failed: ${error instanceof Error ? error.message : String(error)}\n${tail}`, { cause: error });
    }
  };

  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (existsSync(join(data, 'postmaster.pid'))) {
        const [cmd, ...rest] = [...user.prefix, join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'];
        execFileSync(cmd, rest, { cwd: dir, stdio: 'ignore', timeout: 30_000 });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A test run that ends without its afterAll (a crash, a timeout) still leaves no server behind.
  process.once('exit', stopNow);

  try {
    await withLog('initdb', () =>
      as('initdb', ['-D', data, '-U', 'dockdesk', '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8', '--locale=C', '--no-sync']),
    );
    const port = await freePort();
    const settings = [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'fsync = off',
      'full_page_writes = off',
      'synchronous_commit = off',
      'max_connections = 60',
    ];
    writeFileSync(join(data, 'postgresql.conf'), `\n${settings.join('\n')}\n`, { flag: 'a' });
    await withLog('start', () => as('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', 'start']));
    const admin = new pg.Client({ host: '127.0.0.1', port, user: 'dockdesk', password, database: 'postgres' });
    await admin.connect();
    try {
      await admin.query('CREATE DATABASE dockdesk');
    } finally {
      await admin.end();
    }
    return {
      config: { host: '127.0.0.1', port, database: 'dockdesk', role: 'dockdesk', password },
      socketDir: dir,
      restart: () => withLog('restart', () => as('pg_ctl', ['-D', data, '-l', log, '-m', 'fast', '-w', '-t', '60', 'restart'])).then(() => undefined),
      takeDown: () => withLog('stop', () => as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '60', 'stop'])).then(() => undefined),
      bringBack: () => withLog('start', () => as('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', 'start'])).then(() => undefined),
      stop: async () => {
        process.removeListener('exit', stopNow);
        stopNow();
      },
    };
  } catch (error) {
    process.removeListener('exit', stopNow);
    stopNow();
    throw error;
  }
}

/** A new, empty database on the server, for a case that needs a store nobody migrated yet. */
export async function createDatabase(server: TestPostgres, name: string): Promise<TestPostgresConfig> {
  const { host, port, role, password } = server.config;
  const admin = new pg.Client({ host, port, user: role, password, database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  return { ...server.config, database: name };
}
