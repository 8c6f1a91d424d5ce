import { once, type EventEmitter } from 'node:events';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../electron/core/app-core.js';
import { openAppLog } from '../../electron/core/logging/app-log.js';
import { confSettingsBackend } from '../../electron/core/settings/conf-backend.js';
import { tempDirs } from '../support/temp-dirs.js';

/** Main's rolling log file, with secrets redacted by the logger. */
const dirs = tempDirs('dockdesk-log-');
afterEach(() => dirs.removeAll());
const tempDir = () => dirs.make();
async function logText(dir: string): Promise<string> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.log'));
  return (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('');
}

const ACCESS = 'at_Q2hvb3NlIGEgbG9uZyBzZWNyZXQgdmFsdWU';
const REFRESH = 'rt_U29tZXRoaW5nIGVsc2UgZW50aXJlbHkgaGVyZQ';

describe('app log', () => {
  it('redacts tokens, secrets and authorization headers, in fields and in message text', async () => {
    const dataDir = await tempDir();
    const log = await openAppLog(dataDir);
    log.log('token refreshed', {
      access_token: ACCESS,
      refreshToken: REFRESH,
      request: { headers: { authorization: `Bearer ${ACCESS}` } },
      client: { client_secret: 'dockdesk-local-emulator-secret' },
      environment: 'local',
    });
    log.log(`GET /2026-07/receiving sent with Authorization: Bearer ${ACCESS} and refresh ${REFRESH}`);
    await log.close();
    const text = await logText(log.dir);
    expect(text).not.toContain(ACCESS);
    expect(text).not.toContain(REFRESH);
    expect(text).not.toContain('dockdesk-local-emulator-secret');
    expect(text).toContain('[redacted]');
    // What is not secret stays readable.
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ msg: 'token refreshed', environment: 'local', access_token: '[redacted]' });
    expect(lines[1]!.msg).toContain('GET /2026-07/receiving');
    if (process.platform !== 'win32') expect((await stat(join(log.dir, (await readdir(log.dir))[0]!))).mode & 0o777).toBe(0o600);
  });

  it('rolls to a new file past the size limit and keeps only the last few', async () => {
    const dataDir = await tempDir();
    const log = await openAppLog(dataDir, { size: '1k', keep: 2 });
    // The file's stream: the size check runs when it reports a line written.
    const stream = (log.logger as unknown as Record<symbol, EventEmitter>)[pino.symbols.streamSym]!;
    for (let i = 0; i < 60; i++) {
      const written = once(stream, 'write');
      log.log(`line ${i} ${'x'.repeat(200)}`);
      await written;
    }
    await log.close();
    const files = (await readdir(log.dir)).filter((f) => f.endsWith('.log'));
    expect(files.length).toBeGreaterThan(1);
    expect(files.length).toBeLessThanOrEqual(3); // two rolled files plus the current one
    expect(await logText(log.dir)).toContain('line 59 ');
  });

  it('is where the core logs by default, and app.openLogFolder names that folder', async () => {
    const dataDir = await tempDir();
    const opened: string[] = [];
    const core = await createAppCore({
      shell: 'browser',
      version: '0.0.0-test',
      dataDir,
      settingsBackend: confSettingsBackend(dataDir),
      keychain: 'memory',
      emit: () => {},
      openPath: async (p) => (opened.push(p), true),
    });
    const result = await core.dispatch('app.openLogFolder', {});
    await core.dispatch('no.such.channel', {}); // logged as a refused call
    await core.close();
    expect(result).toEqual({ ok: true, value: { path: join(dataDir, 'logs'), opened: true } });
    expect(opened).toEqual([join(dataDir, 'logs')]);
    expect(await logText(join(dataDir, 'logs'))).toMatch(/"pid":\d+/);
  });
});
