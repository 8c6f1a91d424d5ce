import { z } from 'zod';
import { AppError } from '../errors.js';
import { Connectivity, SessionState } from '../schemas/session.js';
import { PastedToken } from '../schemas/oauth.js';
import { NoInput } from './define.js';

/** Signing in and out, the account's channel, and the connection to the service. */
export const sessionChannels = {
  'session.get': { input: NoInput, output: SessionState },
  /**
   * Starts a sign-in and answers at once with the authorize URL; completion arrives as a
   * `session.changed` event, failure as `auth.failed`. In the browser shell the page opens the URL;
   * in Electron main opens it in the system browser.
   */
  'auth.signIn': { input: NoInput, output: z.object({ authorizeUrl: z.string().url() }) },
  'auth.cancelSignIn': { input: NoInput, output: z.object({ cancelled: z.boolean() }) },
  /** Spec 5.1: a personal access token pasted into Settings. It goes to main and the keychain, and never comes back. */
  'auth.signInWithToken': { input: z.object({ token: PastedToken }).strict(), output: SessionState },
  'auth.signOut': { input: NoInput, output: SessionState },
  'session.chooseChannel': { input: z.object({ channelId: z.number().int().positive() }).strict(), output: SessionState },
} as const;

export const sessionEvents = {
  'session.changed': SessionState,
  'auth.failed': AppError,
  'connectivity.changed': Connectivity,
} as const;
