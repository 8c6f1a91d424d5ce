import { z } from 'zod';
import { Said } from '../errors.js';

export const EnvironmentKind = z.enum(['local', 'sandbox', 'production', 'custom']);
export type EnvironmentKind = z.infer<typeof EnvironmentKind>;

/** What the renderer may know about an environment: names and addresses, never secrets. */
export const EnvironmentView = z.object({
  id: z.string(),
  name: z.string(),
  kind: EnvironmentKind,
  apiBaseUrl: z.string().nullable(),
  authUrl: z.string().nullable(),
});
export type EnvironmentView = z.infer<typeof EnvironmentView>;

export const Account = z.object({
  subject: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type Account = z.infer<typeof Account>;

/**
 * Where the session's refresh token lives. 'memory' means no keychain was reachable: the user stays
 * signed in only until the app closes, and the UI says so.
 */
export const SecretPersistence = z.enum(['keychain', 'memory']);

export const SessionStatus = z.enum(['signed-out', 'signing-in', 'signed-in']);

/** How the session was signed in: the browser (OAuth, refreshable) or a pasted personal access token. */
export const SignInMethod = z.enum(['oauth', 'pat']);
export type SignInMethod = z.infer<typeof SignInMethod>;

export const ChannelRef = z.object({ id: z.number().int(), name: z.string() });

export const SessionState = z.object({
  environment: EnvironmentView,
  status: SessionStatus,
  account: Account.nullable(),
  method: SignInMethod.nullable(),
  channel: ChannelRef.nullable(),
  /** Set when several channels have write scopes and the user has not picked one yet. */
  channelChoices: z.array(ChannelRef),
  persistence: SecretPersistence,
  /** When persistence is 'memory': why no keychain was used, said in the clerk's language where shown. */
  keychainNote: Said.nullable(),
  /**
   * Why the session is signed out when it was not the user's choice (expired grant, keychain lost),
   * or what limits the sign-in (this run only, no channel to write with): sentences said where shown.
   */
  reason: z.array(Said),
});
export type SessionState = z.infer<typeof SessionState>;

export const Connectivity = z.enum(['online', 'degraded', 'offline']);
export type Connectivity = z.infer<typeof Connectivity>;
