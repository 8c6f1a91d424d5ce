import Conf from 'conf';
import type { Settings, SettingsBackend } from './settings.js';

/** Settings for the browser host (plain Node), stored by conf under the given folder. */
export function confSettingsBackend(dataDir: string): SettingsBackend {
  const conf = new Conf<Record<string, unknown>>({ cwd: dataDir, configName: 'settings', clearInvalidConfig: true, projectName: 'dockdesk' });
  return {
    read: () => conf.store,
    write: (value: Settings) => {
      conf.store = value as unknown as Record<string, unknown>;
    },
  };
}
