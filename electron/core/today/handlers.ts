import { DEFAULT_TODAY_SETTINGS, TodaySettings, type CenterRef, type todayChannels } from '../../../shared/ipc/today.js';
import type { HandlersFor } from '../ipc/registry.js';
import type { SettingsService } from '../settings/settings.js';
import type { TodayDesk } from './desk.js';
import { receivingRows, summarize } from './tiles.js';

export interface TodayHandlerDeps {
  desk: TodayDesk;
  settings: SettingsService;
  environmentId: () => string;
}

function answerSettings(deps: TodayHandlerDeps): { settings: TodaySettings; deskCenter: CenterRef | null } {
  const s = deps.settings.get();
  // The desk's center is the one return intake starts with: the desk's one place for it.
  return {
    settings: deps.settings.section('today', TodaySettings, DEFAULT_TODAY_SETTINGS),
    deskCenter: s.returnIntake?.[deps.environmentId()]?.fulfillmentCenter ?? null,
  };
}

export function todayHandlers(deps: TodayHandlerDeps): HandlersFor<typeof todayChannels> {
  const { desk } = deps;
  return {
    'today.summary': async ({ center }) => summarize(await desk.snapshot(), await desk.outboxRows(), center, desk.freshness(), desk.now()),
    'today.refresh': async ({ force }) => desk.refresh({ force: force ?? false }),
    'today.receiving': async ({ when, center }) => ({ freshness: desk.freshness(), rows: receivingRows(await desk.snapshot(), when, center, desk.now()) }),
    'today.settings.get': async () => answerSettings(deps),
    'today.settings.set': async (change) => {
      deps.settings.updateSection('today', TodaySettings, DEFAULT_TODAY_SETTINGS, change);
      return answerSettings(deps);
    },
  };
}
