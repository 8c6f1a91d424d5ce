import { chmodSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import Conf from 'conf';
import type { Settings, SettingsBackend } from './settings.js';

/** The settings file and the data folder hold account facts: readable by the user alone (POSIX modes). */
export const DATA_DIR_MODE = 0o700;
export const SETTINGS_FILE_MODE = 0o600;

/**
 * Creates the data folder 0700 before anything is written into it, and tightens one an older version
 * created 0755. (mkdir's mode is ignored for a folder that exists, hence the chmod.)
 */
export function prepareDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  if (process.platform !== 'win32') chmodSync(dataDir, DATA_DIR_MODE);
}

/** What conf and electron-store (a Conf subclass) have in common, as far as settings need it. */
export interface ConfStore {
  store: Record<string, unknown>;
}

/**
 * A settings backend over a conf-style store. The store is opened on first use with
 * `clearInvalidConfig: false` (the caller's factory), so a file that is not JSON throws instead of
 * being silently emptied; `setAside` then moves it beside itself under a dated name.
 */
export function confStoreBackend(filePath: string, open: () => ConfStore, now: () => Date = () => new Date()): SettingsBackend {
  let store: ConfStore | null = null;
  const opened = () => (store ??= open());
  return {
    read: () => opened().store,
    write: (value: Settings) => {
      opened().store = value;
    },
    setAside: () => {
      store = null;
      if (!existsSync(filePath)) return null;
      const stamp = now()
        .toISOString()
        .replace(/\.\d+Z$/, 'Z')
        .replace(/:/g, '-');
      const ext = extname(filePath);
      const stem = join(dirname(filePath), `${basename(filePath, ext)}.corrupt-${stamp}`);
      let target = `${stem}${ext}`;
      for (let n = 2; existsSync(target); n++) target = `${stem}-${n}${ext}`;
      renameSync(filePath, target);
      return target;
    },
  };
}

/** Settings for the browser host (plain Node), stored by conf under the given folder. */
export function confSettingsBackend(dataDir: string): SettingsBackend {
  prepareDataDir(dataDir);
  return confStoreBackend(
    join(dataDir, 'settings.json'),
    () =>
      new Conf<Record<string, unknown>>({
        cwd: dataDir,
        configName: 'settings',
        clearInvalidConfig: false,
        configFileMode: SETTINGS_FILE_MODE,
        projectName: 'dockdesk',
      }),
  );
}
