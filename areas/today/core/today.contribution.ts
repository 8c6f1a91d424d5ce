import { todayChannels } from '../common/ipc.js';
import { defineCoreArea } from '../../../electron/core/area.js';
import { cachedLotItems } from '../../receiving/core/index.js';
import { TodayDesk } from './desk.js';
import { todayHandlers } from './handlers.js';

/**
 * Today: the start page's receiving, unidentified and returns tiles, refreshed from the service in
 * the budget's background lane and kept per account; the outbox tile reads the returns outbox
 * (the service returns provides). The stock tiles are the stock area's summary (the service stock
 * provides), which `today.page` answers with the rest of the first paint. Both are needs, so the core
 * builds returns and stock first, wherever the list puts them.
 */
export const todayArea = defineCoreArea({
  id: 'today',
  channels: todayChannels,
  needs: [
    'dataDir',
    'scope',
    'environments',
    'api',
    'connectivity',
    'outbox',
    'stock',
    'emitToShell',
    'log',
    'clock',
    'inventory',
    'settings',
    'environmentId',
  ],
  create: (ctx) => {
    const desk = new TodayDesk({
      dataDir: ctx.dataDir,
      scope: ctx.scope,
      signedIn: () => ctx.environments.active.session.getState().status === 'signed-in',
      api: ctx.api,
      connectivity: () => ctx.connectivity.state,
      outbox: () => ctx.outbox.list(),
      emit: ctx.emitToShell,
      log: ctx.log,
      clock: ctx.clock,
      lotItems: cachedLotItems(ctx.inventory),
    });
    return {
      handlers: todayHandlers({ desk, settings: ctx.settings, environmentId: ctx.environmentId, stock: (input) => ctx.stock.summary(input) }),
      onEvent: (event, payload) => desk.onEvent(event, payload as never),
      close: async () => desk.close(),
    };
  },
});
