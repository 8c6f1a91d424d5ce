import type { scannerChannels } from '../../../shared/ipc/scanner.js';
import type { HandlersFor } from '../ipc/registry.js';
import type { SettingsService } from '../settings/settings.js';

export function scannerHandlers(deps: { settings: SettingsService }): HandlersFor<typeof scannerChannels> {
  return {
    'scanner.settings.get': async () => deps.settings.get().scanner,
    'scanner.settings.set': async (change) =>
      deps.settings.update((draft) => {
        draft.scanner = { ...draft.scanner, ...change };
      }).scanner,
  };
}
