import type { StockSummary, StockSummaryInput } from '../../stock/common/ipc.js';
import { DEFAULT_TODAY_SETTINGS, TodaySettings, type CenterRef, type PageCenter, type TodayPage, type todayChannels } from '../common/ipc.js';
import type { HandlersFor } from '../../../electron/core/ipc/registry.js';
import type { SettingsService } from '../../../electron/core/settings/settings.js';
import type { TodayDesk } from './desk.js';
import { receivingRows, summarize } from './tiles.js';

export interface TodayHandlerDeps {
  desk: TodayDesk;
  settings: SettingsService;
  environmentId: () => string;
  /** The stock area's summary over the cache (the stock tiles). */
  stock: (input: StockSummaryInput) => Promise<StockSummary>;
}

function answerSettings(deps: TodayHandlerDeps): { settings: TodaySettings; deskCenter: CenterRef | null } {
  const s = deps.settings.get();
  // The desk's center is the one return intake starts with: the desk's one place for it.
  return {
    settings: deps.settings.section('today', TodaySettings, DEFAULT_TODAY_SETTINGS),
    deskCenter: s.returnIntake?.[deps.environmentId()]?.fulfillmentCenter ?? null,
  };
}

/** Today's whole first paint in one answer: its settings, the center it is for, the service tiles and the stock tiles. */
async function page(deps: TodayHandlerDeps, input: { fc: PageCenter; today: string }): Promise<TodayPage> {
  const { settings, deskCenter } = answerSettings(deps);
  const center = input.fc === 'all' ? null : (input.fc ?? deskCenter?.id ?? null);
  const withinDays = deps.settings.get().preferences.lotExpiryWarningDays;
  const [summary, stockSummary] = await Promise.all([
    summarizeNow(deps, center),
    deps.stock({ fc: center, withinDays, lowThreshold: settings.lowStockThreshold, today: input.today }),
  ]);
  return { settings, deskCenter, center, withinDays, summary, stock: stockSummary };
}

async function summarizeNow({ desk }: TodayHandlerDeps, center: number | null) {
  return summarize(await desk.snapshot(), await desk.outboxRows(), center, desk.freshness(), desk.now());
}

export function todayHandlers(deps: TodayHandlerDeps): HandlersFor<typeof todayChannels> {
  const { desk } = deps;
  return {
    'today.page': async (input) => page(deps, input),
    'today.summary': async ({ fc }) => summarizeNow(deps, fc),
    'today.refresh': async ({ force }) => desk.refresh({ force: force ?? false }),
    'today.receiving': async ({ when, fc }) => ({ freshness: desk.freshness(), rows: receivingRows(await desk.snapshot(), when, fc, desk.now()) }),
    'today.settings.get': async () => answerSettings(deps),
    'today.settings.set': async (change) => {
      deps.settings.updateSection('today', TodaySettings, DEFAULT_TODAY_SETTINGS, change);
      return answerSettings(deps);
    },
  };
}
