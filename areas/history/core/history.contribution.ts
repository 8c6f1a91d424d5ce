import { historyChannels } from '../common/ipc.js';
import { defineCoreArea } from '../../../electron/core/area.js';
import { historyHandlers } from './handlers.js';

/** Inventory history: a center's audit events over a date range, every page in one call. */
export const historyArea = defineCoreArea({
  id: 'history',
  channels: historyChannels,
  needs: ['api', 'emitToShell'],
  create: (ctx) => ({ handlers: historyHandlers({ api: ctx.api, emit: ctx.emitToShell }) }),
});
