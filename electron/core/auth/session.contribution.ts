import { sessionChannels } from '../../../shared/ipc/session.js';
import { defineCoreArea } from '../area.js';
import { sessionHandlers } from './handlers.js';

/** Sign-in and sign-out, the session's state and its write channel, in the active environment. */
export const sessionArea = defineCoreArea({
  id: 'session',
  channels: sessionChannels,
  needs: ['environments', 'openAuthorizeUrl'],
  create: (ctx) => ({
    handlers: sessionHandlers({ session: () => ctx.environments.active.session, openAuthorizeUrl: ctx.openAuthorizeUrl }),
  }),
});
