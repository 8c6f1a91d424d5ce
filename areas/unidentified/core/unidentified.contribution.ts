import { unidentifiedChannels } from '../common/ipc.js';
import { defineCoreArea } from '../../../electron/core/area.js';
import { unidentifiedHandlers } from './handlers.js';

/** Packages that arrived without a receiving order, and linking them to one. */
export const unidentifiedArea = defineCoreArea({
  id: 'unidentified',
  channels: unidentifiedChannels,
  needs: ['api', 'channelId', 'mirror', 'journal'],
  create: (ctx) => ({ handlers: unidentifiedHandlers({ api: ctx.api, writeChannelId: ctx.channelId, mirror: ctx.mirror, journal: ctx.journal }) }),
});
