import { environmentChannels } from '../../../shared/ipc/environments.js';
import { defineCoreArea } from '../area.js';
import { environmentHandlers } from './handlers.js';

/** The environments Settings lists, adds, edits and switches between. */
export const environmentsArea = defineCoreArea({
  id: 'environments',
  channels: environmentChannels,
  needs: ['environments'],
  create: (ctx) => ({ handlers: environmentHandlers(ctx.environments) }),
});
