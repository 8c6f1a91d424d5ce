import { appChannels } from '../../../shared/ipc/app.js';
import { defineCoreArea, type Services } from '../area.js';
import { appHandlers } from './handlers.js';

/** The app itself: version, notices, preferences, the log folder, call cancelling, the request budget. */
export const appArea = defineCoreArea({
  id: 'app',
  channels: appChannels,
  needs: ['shellInfo', 'openPath', 'notices', 'inflight', 'logDir', 'connectivity', 'environments', 'settings', 'emitToShell'],
  create: (ctx) => {
    const ticker = startBudgetTicker(ctx);
    return {
      handlers: appHandlers({
        version: ctx.shellInfo.version,
        shell: ctx.shellInfo.shell,
        notice: ctx.shellInfo.notice,
        notices: ctx.notices,
        inflight: ctx.inflight,
        logDir: ctx.logDir,
        connectivity: () => ctx.connectivity.state,
        requestBudget: () => ctx.environments.active.api.budget.state(),
        settings: ctx.settings,
        ...(ctx.openPath ? { openPath: ctx.openPath } : {}),
      }),
      close: async () => clearInterval(ticker),
    };
  },
});

/** The request budget as the status bar and Settings → Support show it: sent when it changed, at most once a second. */
function startBudgetTicker(ctx: Pick<Services, 'environments' | 'emitToShell'>): NodeJS.Timeout {
  let shown = '';
  const ticker = setInterval(() => {
    const state = ctx.environments.active.api.budget.state();
    const text = JSON.stringify(state);
    if (text === shown) return;
    shown = text;
    ctx.emitToShell('app.requestBudget', state);
  }, 1_000);
  ticker.unref();
  return ticker;
}
