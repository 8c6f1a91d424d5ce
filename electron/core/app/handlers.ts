import { mkdir } from 'node:fs/promises';
import type { Said } from '../../../shared/errors.js';
import type { appChannels, NoticeWords, RequestBudgetView } from '../../../shared/ipc/app.js';
import type { Connectivity } from '../../../shared/schemas/session.js';
import type { HandlersFor } from '../ipc/registry.js';
import type { SettingsService } from '../settings/settings.js';

export interface AppHandlerDeps {
  version: string;
  shell: 'electron' | 'browser';
  notice: Said | null;
  /** Told once, by id; dismissing removes one. */
  notices: Map<string, NoticeWords>;
  connectivity: () => Connectivity;
  /** The active account's request budget now. */
  requestBudget: () => RequestBudgetView;
  /** Where main's log rolls. */
  logDir: string;
  /** Shows a folder in the desktop's file manager; false when it could not. */
  openPath?: (path: string) => Promise<boolean>;
  /** Calls still running, by the callId the renderer gave them. */
  inflight: ReadonlyMap<string, AbortController>;
  settings: SettingsService;
}

export function appHandlers(deps: AppHandlerDeps): HandlersFor<typeof appChannels> {
  return {
    'app.info': async () => ({
      version: deps.version,
      shell: deps.shell,
      notice: deps.notice,
      notices: [...deps.notices].map(([id, words]) => ({ id, ...words })),
    }),
    'connectivity.get': async () => deps.connectivity(),
    'app.requestBudget': async () => deps.requestBudget(),
    'app.dismissNotice': async ({ id }) => ({ dismissed: deps.notices.delete(id) }),
    'app.openLogFolder': async () => {
      await mkdir(deps.logDir, { recursive: true, mode: 0o700 });
      const opened = deps.openPath ? await deps.openPath(deps.logDir).catch(() => false) : false;
      return { path: deps.logDir, opened };
    },
    'app.preferences.get': async () => deps.settings.get().preferences,
    'app.preferences.set': async (change) =>
      deps.settings.update((draft) => {
        draft.preferences = { ...draft.preferences, ...change };
      }).preferences,
    'app.listFilters.get': async ({ list }) => {
      const { preferences, activeEnvironmentId } = deps.settings.get();
      return { query: preferences.listFilters[activeEnvironmentId]?.[list] ?? '' };
    },
    'app.listFilters.set': async ({ list, query }) => {
      deps.settings.update((draft) => {
        const env = draft.activeEnvironmentId;
        draft.preferences.listFilters[env] = { ...draft.preferences.listFilters[env], [list]: query };
      });
      return { query };
    },
    'ipc.cancel': async ({ callId }) => {
      const controller = deps.inflight.get(callId);
      controller?.abort();
      return { cancelled: controller !== undefined };
    },
  };
}
