import { readdir, readFile, stat, writeFile, mkdir, chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelOutput, IpcResult } from '../../shared/ipc/contract.js';
import { wordsIn } from '../../electron/core/words.js';
import { createTestCore } from '../support/test-core.js';
import { tempDirs } from '../support/temp-dirs.js';
import { englishOfSaid } from '../../electron/core/words.js';

/** The settings file's modes, and a corrupt one kept and told about once. */
const dirs = tempDirs('dockdesk-settings-');
afterEach(() => dirs.removeAll());
const parentDir = () => dirs.make();

const posix = process.platform !== 'win32';
type Info = ChannelOutput<'app.info'>;
function value<T>(result: IpcResult<unknown>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value as T;
}

describe('settings file', () => {
  it.runIf(posix)('creates the data folder 0700 and settings.json 0600, whatever the umask', async () => {
    const dataDir = join(await parentDir(), 'data');
    const previous = process.umask(0o022);
    try {
      const t = await createTestCore({ dataDir });
      try {
        expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
        expect((await stat(join(dataDir, 'settings.json'))).mode & 0o777).toBe(0o600);
        // Every later write keeps the mode (conf writes a temp file and renames it).
        expect((await t.core.dispatch('environments.save', { name: 'Staging', apiBaseUrl: 'http://127.0.0.1:1', authUrl: null, clientId: null })).ok).toBe(
          true,
        );
        expect((await stat(join(dataDir, 'settings.json'))).mode & 0o777).toBe(0o600);
      } finally {
        await t.dispose(false);
      }
    } finally {
      process.umask(previous);
    }
  });

  it.runIf(posix)('tightens a data folder an older version created 0755', async () => {
    const dataDir = join(await parentDir(), 'data');
    await mkdir(dataDir, { mode: 0o755 });
    await chmod(dataDir, 0o755);
    const t = await createTestCore({ dataDir });
    await t.dispose(false);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
  });

  for (const [what, content, problem, german] of [
    [
      'not JSON',
      '{"version":2,"activeEnvironmentId":"local","environments":[{"id":"x"',
      'json',
      'Dockdesk konnte seine Einstellungsdatei nicht lesen, denn sie ist kein gültiges JSON. Es wurde mit den Standardeinstellungen gestartet.',
    ],
    [
      'JSON that does not fit the format',
      JSON.stringify({ version: 2, activeEnvironmentId: 'local', environments: 'lots', sessions: {} }),
      'format',
      'Dockdesk konnte seine Einstellungsdatei nicht lesen, denn sie passt nicht zum Format der Einstellungen. Es wurde mit den Standardeinstellungen gestartet.',
    ],
  ] as const) {
    it(`keeps a settings file that is ${what} beside it under a dated name, starts from defaults, and says so once`, async () => {
      const dataDir = join(await parentDir(), 'data');
      await mkdir(dataDir, { recursive: true });
      await writeFile(join(dataDir, 'settings.json'), content);
      const t = await createTestCore({ dataDir });
      try {
        const kept = (await readdir(dataDir)).filter((n) => /^settings\.corrupt-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(-\d+)?\.json$/.test(n));
        expect(kept).toHaveLength(1);
        expect(await readFile(join(dataDir, kept[0]!), 'utf8')).toBe(content);
        expect(value<ChannelOutput<'environments.list'>>(await t.core.dispatch('environments.list', {})).activeId).toBe('local');

        const info = value<Info>(await t.core.dispatch('app.info', {}));
        expect(info.notices).toHaveLength(1);
        expect(englishOfSaid(info.notices[0]!.said)).toContain(join(dataDir, kept[0]!));
        expect(englishOfSaid(info.notices[0]!.said)).toMatch(/default settings/);
        // The same in whole sentences for the clerk's language, said here in German.
        const keptAt = join(dataDir, kept[0]!);
        expect(info.notices[0]!.said).toEqual([
          { id: 'errors.settings.unreadable', values: { problem } },
          { id: 'errors.settings.keptAt', values: { path: keptAt } },
        ]);
        const say = wordsIn('de').t as (id: string, values?: Record<string, string | number>) => string;
        expect(info.notices[0]!.said.map((s) => say(s.id, s.values))).toEqual([german, `Die alte Datei liegt unter ${keptAt}.`]);

        expect(value<{ dismissed: boolean }>(await t.core.dispatch('app.dismissNotice', { id: info.notices[0]!.id })).dismissed).toBe(true);
        expect(value<Info>(await t.core.dispatch('app.info', {})).notices).toEqual([]);
      } finally {
        await t.dispose(false);
      }
      // The next start reads the fresh file: nothing to tell, nothing more set aside.
      const next = await createTestCore({ dataDir });
      try {
        expect(value<Info>(await next.core.dispatch('app.info', {})).notices).toEqual([]);
        expect((await readdir(dataDir)).filter((n) => n.includes('corrupt'))).toHaveLength(1);
      } finally {
        await next.dispose(false);
      }
    });
  }
});
