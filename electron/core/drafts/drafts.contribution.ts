import { draftChannels } from '../../../shared/ipc/drafts.js';
import { defineCoreArea } from '../area.js';
import { draftHandlers } from './handlers.js';

/** Drafts of every area (each area brings its kinds' policies), kept per environment and account. */
export const draftsArea = defineCoreArea({
  id: 'drafts',
  channels: draftChannels,
  needs: ['drafts'],
  create: (ctx) => ({ handlers: draftHandlers({ drafts: async () => ctx.drafts() }) }),
});
