import { lotChannels } from '../common/ipc.js';
import { defineCoreArea } from '../../../electron/core/area.js';
import { lotHandlers } from './handlers.js';

/** Lot exclusions: an item's excluded lots, excluding, deleting and restoring one. */
export const lotsArea = defineCoreArea({
  id: 'lots',
  channels: lotChannels,
  needs: ['inventory', 'api', 'channelId', 'mirror', 'journal'],
  create: (ctx) => ({ handlers: lotHandlers({ desk: ctx.inventory, api: ctx.api, channelId: ctx.channelId, mirror: ctx.mirror, journal: ctx.journal }) }),
});
