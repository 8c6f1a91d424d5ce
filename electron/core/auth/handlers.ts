import type { sessionChannels } from '../../../shared/ipc/session.js';
import type { HandlersFor } from '../ipc/registry.js';
import type { SessionService } from './session.js';

export interface SessionHandlerDeps {
  /** The active environment's session; it changes when the user switches environments. */
  session: () => SessionService;
  /** Opens the authorize URL outside the app (Electron: the system browser). The browser shell leaves it to the page. */
  openAuthorizeUrl?: ((url: string) => Promise<void>) | undefined;
}

export function sessionHandlers(deps: SessionHandlerDeps): HandlersFor<typeof sessionChannels> {
  const { session } = deps;
  return {
    'session.get': async () => session().getState(),
    'auth.signIn': async () => {
      const started = await session().beginSignIn();
      if (deps.openAuthorizeUrl) await deps.openAuthorizeUrl(started.authorizeUrl);
      return started;
    },
    'auth.cancelSignIn': async () => ({ cancelled: session().cancelSignIn() }),
    'auth.signInWithToken': async ({ token }) => session().signInWithPat(token),
    'auth.signOut': async () => session().signOut(),
    'session.chooseChannel': async ({ channelId }) => session().chooseChannel(channelId),
  };
}
