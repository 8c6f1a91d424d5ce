import * as oauth from 'oauth4webapi';
import { AppErrorException, said, type AppError, type Saying } from '../../../shared/errors.js';
import { appError } from '../words.js';
import { hasWriteScopes, type Channel } from '../../../shared/schemas/channel.js';
import { BEARER_TOKEN_PATTERN } from '../../../shared/schemas/oauth.js';
import type { SessionState, SignInMethod } from '../../../shared/schemas/session.js';
import { environmentView, type ResolvedEnvironment } from './environment.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { SettingsService } from '../settings/settings.js';
import { startLoopbackReceiver, type CallbackParams, type LoopbackReceiver } from './loopback-receiver.js';
import { TokenEndpointError, type TokenClient } from './token-client.js';

/** Keychain accounts of one environment's service entry. */
export const SECRET_ACCOUNTS = { refreshToken: 'refresh-token', pat: 'personal-access-token', clientSecret: 'client-secret' } as const;
/** Kept for callers that only care about the refresh token. */
export const REFRESH_TOKEN_ACCOUNT = SECRET_ACCOUNTS.refreshToken;
/** Refresh this long before the access token's stated expiry, so no call goes out with a dying token. */
const EXPIRY_MARGIN_MS = 60_000;
export const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export interface SessionDeps {
  environment: ResolvedEnvironment;
  secrets: SecretStore;
  /** Why the keychain is not used, when it is not. */
  secretsFallbackReason: Saying | null;
  settings: SettingsService;
  /** Null when the environment has no OAuth client configured (token sign-in only). */
  tokenClient: TokenClient | null;
  /** Reads the account's channels with the session's current token. */
  fetchChannels: () => Promise<Channel[]>;
  /**
   * Reads the channels with exactly this token and nothing else: no refresh, no fallback to the
   * session's own sign-in. A refused token rejects with not_signed_in.
   */
  checkToken: (token: string) => Promise<Channel[]>;
  onStateChange: (state: SessionState) => void;
  onSignInFailed: (error: AppError) => void;
  /** Overrides the response mode the provider's metadata suggests (tests of each mode). */
  responseMode?: () => Promise<'form_post' | 'fragment' | 'query'>;
  signInTimeoutMs?: number;
  now?: () => number;
}

interface PendingSignIn {
  receiver: LoopbackReceiver;
  verifier: string;
  nonce: string;
  /** Set when the user (or a newer sign-in, or a sign-out) called it off, even mid code exchange. */
  cancelled: boolean;
}

/**
 * Who is signed in to one environment, and the tokens that prove it. The access token lives in
 * this object only. The refresh token (or the personal access token) lives in the secret store; a
 * rotated refresh token is stored there before the new access token is handed to anyone, so a crash
 * can cost at most a fresh sign-in. Local data (cache, drafts, outbox) is never touched here.
 */
export class SessionService {
  private state: SessionState;
  private access: { token: string; expiresAt: number } | null = null;
  private pending: PendingSignIn | null = null;
  private refreshing: Promise<string> | null = null;
  /**
   * Bumped by every sign-in, sign-out and ended session. Work that started under an older epoch (a
   * refresh in flight, a code exchange) must not write tokens back: a sign-out sticks.
   */
  private epoch = 0;
  /** The authorize URL of the latest browser sign-in: the one page Electron may open for it. */
  private authorizeUrl: URL | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: SessionDeps) {
    this.now = deps.now ?? Date.now;
    this.state = {
      environment: environmentView(deps.environment),
      status: 'signed-out',
      account: null,
      method: null,
      channel: null,
      channelChoices: [],
      persistence: deps.secrets.persistence,
      keychainNote: deps.secretsFallbackReason,
      reason: [],
    };
  }

  /** On launch: a refresh token or personal access token in the keychain means still signed in. */
  async restore(): Promise<SessionState> {
    const saved = this.deps.settings.get().sessions[this.deps.environment.id];
    if (!saved) return this.getState();
    const secret = await this.deps.secrets.get(saved.method === 'pat' ? SECRET_ACCOUNTS.pat : SECRET_ACCOUNTS.refreshToken);
    if (secret) {
      if (saved.method === 'pat') this.access = { token: secret, expiresAt: Number.POSITIVE_INFINITY };
      this.setState({ status: 'signed-in', account: saved.account, method: saved.method, channel: saved.channel, reason: [] });
    }
    return this.getState();
  }

  getState(): SessionState {
    return structuredClone(this.state);
  }

  /** Starts a browser sign-in (spec 5.2 with RFC 8252 and 7636) and returns the URL to open. */
  async beginSignIn(): Promise<{ authorizeUrl: string }> {
    const env = this.deps.environment;
    if (!this.deps.tokenClient || !env.authUrl || !env.clientId) {
      throw appError('invalid_input', 'errors.signIn.noOAuthClient', { environment: env.name });
    }
    this.cancelPending();
    // Discovery first: the endpoints, and a provider that names itself differently is refused before the browser opens.
    const metadata = await this.deps.tokenClient.metadata();
    const responseMode = this.deps.responseMode ? await this.deps.responseMode() : await this.deps.tokenClient.preferredResponseMode();
    // PKCE (RFC 7636, S256), state and nonce: 256 random bits each.
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const codeChallenge = await oauth.calculatePKCECodeChallenge(verifier);
    const receiver = await startLoopbackReceiver({
      expectedState: state,
      timeoutMs: this.deps.signInTimeoutMs ?? SIGN_IN_TIMEOUT_MS,
      // The pages the browser shows after the sign-in speak the desk's language.
      language: () => this.deps.settings.get().preferences.language,
    });
    const pending: PendingSignIn = { receiver, verifier, nonce, cancelled: false };
    this.pending = pending;

    const url = new URL(metadata.server.authorization_endpoint);
    const query = new URLSearchParams({
      client_id: env.clientId,
      response_type: 'code',
      scope: env.scopes.join(' '),
      redirect_uri: receiver.redirectUri,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      integration_name: 'Dockdesk',
      state,
      nonce,
    });
    // OpenID Connect Core 11: a provider grants offline_access only to a request that asks for consent.
    if (env.scopes.includes('offline_access')) query.set('prompt', 'consent');
    if (responseMode !== 'query') query.set('response_mode', responseMode);
    for (const [key, value] of query) url.searchParams.set(key, value);
    this.authorizeUrl = url;

    if (this.state.status !== 'signed-in') this.setState({ status: 'signing-in', reason: [] });
    receiver.result.then(
      (params) => this.completeSignIn(pending, params),
      (error: unknown) => this.failSignIn(pending, error),
    );
    return { authorizeUrl: url.toString() };
  }

  cancelSignIn(): boolean {
    if (!this.pending) return false;
    this.cancelPending();
    return true;
  }

  private cancelPending(): void {
    if (!this.pending) return;
    this.pending.cancelled = true;
    this.pending.receiver.cancel();
  }

  /** Is this the authorize endpoint of this environment's latest sign-in? (Electron opens nothing else.) */
  isAuthorizeUrl(address: string): boolean {
    if (!this.authorizeUrl) return false;
    try {
      const url = new URL(address);
      return url.origin === this.authorizeUrl.origin && url.pathname === this.authorizeUrl.pathname;
    } catch {
      return false;
    }
  }

  /** The redirect URI of the sign-in in progress, for tests and diagnostics. */
  get pendingRedirectUri(): string | null {
    return this.pending?.receiver.redirectUri ?? null;
  }

  /**
   * Spec 5.1: a pasted personal access token. It is checked with a call of its own (never through
   * this session's refresh), and only a token the service accepted replaces the current sign-in.
   */
  async signInWithPat(token: string): Promise<SessionState> {
    if (!BEARER_TOKEN_PATTERN.test(token)) throw appError('invalid_input', 'errors.signIn.tokenCharacters');
    // A browser sign-in still waiting is cancelled, and its cancellation finished, before the token is checked.
    await this.abandonPendingSignIn();
    let channels: Channel[];
    try {
      channels = await this.deps.checkToken(token);
    } catch (error) {
      const e = error instanceof AppErrorException ? error.appError : null;
      if (e?.code === 'not_signed_in' || e?.code === 'session_expired')
        throw appError('sign_in_failed', 'errors.signIn.tokenRefused', undefined, e.serviceMessage ? { serviceMessage: e.serviceMessage } : {});
      throw error;
    }
    this.startEpoch();
    this.access = { token, expiresAt: Number.POSITIVE_INFINITY };
    await this.deps.secrets.delete(SECRET_ACCOUNTS.refreshToken);
    await this.deps.secrets.set(SECRET_ACCOUNTS.pat, token);
    const account = { subject: 'personal-access-token', name: 'Personal access token', email: null };
    this.finishSignIn(account, 'pat', channels);
    return this.getState();
  }

  /** The user's pick among several write channels; remembered for next time. */
  chooseChannel(channelId: number): SessionState {
    const choice = this.state.channelChoices.find((c) => c.id === channelId) ?? (this.state.channel?.id === channelId ? this.state.channel : null);
    if (!choice) throw appError('invalid_input', 'errors.session.channelNotWritable', { channel: channelId });
    this.deps.settings.update((s) => {
      const saved = s.sessions[this.deps.environment.id];
      if (saved) saved.channel = choice;
    });
    this.setState({ channel: choice, channelChoices: [], reason: [] });
    return this.getState();
  }

  /** Forgets this environment's tokens. Local data (drafts, outbox, cache) is not touched. */
  async signOut(reason: Saying | null = null): Promise<SessionState> {
    this.startEpoch();
    this.cancelPending();
    this.access = null;
    const refreshToken = this.state.method === 'oauth' ? await this.deps.secrets.get(SECRET_ACCOUNTS.refreshToken).catch(() => null) : null;
    await this.deps.secrets.delete(SECRET_ACCOUNTS.refreshToken);
    await this.deps.secrets.delete(SECRET_ACCOUNTS.pat);
    this.deps.settings.update((s) => {
      delete s.sessions[this.deps.environment.id];
    });
    this.setState({ status: 'signed-out', account: null, method: null, channel: null, channelChoices: [], reason: reason ? [reason] : [] });
    // Hand the grant back where the provider takes it (RFC 7009), after the local sign-out is done:
    // an offline desk signs out at once, and a failed revocation changes nothing here.
    if (refreshToken && this.deps.tokenClient) this.lastRevocation = this.deps.tokenClient.revoke(refreshToken).catch(() => false);
    return this.getState();
  }

  /** The revocation the latest sign-out started (tests wait on it); resolves false when none was made. */
  lastRevocation: Promise<boolean> = Promise.resolve(false);

  /**
   * A valid access token, refreshing when it is close to expiry. Single-flight: every caller during
   * a refresh waits on the same promise, so one expiry causes exactly one refresh. `rejected` names a
   * token the service just refused, so a refresh happens even if it looked valid.
   */
  async getAccessToken(options: { rejected?: string } = {}): Promise<string> {
    const current = this.access;
    if (this.state.method === 'pat' && current) {
      if (current.token !== options.rejected) return current.token;
      await this.endSession(said('errors.session.tokenRevoked'));
      throw appError('session_expired', 'errors.session.tokenRefused');
    }
    const usable = current && current.token !== options.rejected && current.expiresAt - EXPIRY_MARGIN_MS > this.now();
    if (usable) return current.token;
    if (this.state.status !== 'signed-in') throw appError('not_signed_in', 'errors.session.signInToSee');
    if (!this.refreshing) {
      const refreshing = this.refresh().finally(() => {
        if (this.refreshing === refreshing) this.refreshing = null;
      });
      this.refreshing = refreshing;
    }
    return this.refreshing;
  }

  /** Used by tests that simulate an expired access token. */
  expireAccessToken(): void {
    if (this.access && this.state.method === 'oauth') this.access.expiresAt = 0;
  }

  dispose(): void {
    this.cancelPending();
  }

  private async refresh(): Promise<string> {
    const epoch = this.epoch;
    const signedOut = () => appError('not_signed_in', 'errors.session.signedOut');
    const refreshToken = await this.deps.secrets.get(SECRET_ACCOUNTS.refreshToken);
    if (epoch !== this.epoch) throw signedOut();
    if (!refreshToken || !this.deps.tokenClient) {
      if (this.offlineOnly) {
        await this.endSession(said('errors.session.noRefreshToken'));
        throw appError('session_expired', 'errors.session.expired');
      }
      await this.endSession(said('errors.session.notInKeychain'));
      throw appError('session_expired', 'errors.session.signInAgain');
    }
    let tokens;
    try {
      tokens = await this.deps.tokenClient.refresh(refreshToken);
    } catch (error) {
      if (epoch !== this.epoch) throw signedOut();
      if (error instanceof TokenEndpointError && (error.oauthError === 'invalid_grant' || error.oauthError === 'invalid_client')) {
        await this.endSession(said('errors.session.grantEnded'));
        throw appError('session_expired', 'errors.session.signInAgain', undefined, {
          detail: error.appError.detail ?? error.message,
          ...(error.appError.serviceMessage ? { serviceMessage: error.appError.serviceMessage } : {}),
        });
      }
      throw error;
    }
    // Signed out (or signed in anew) while the refresh was on its way: its tokens are thrown away, never stored.
    if (epoch !== this.epoch) throw signedOut();
    // Rotation: the new refresh token is stored before the new access token is used by anyone.
    if (tokens.refresh_token) {
      await this.deps.secrets.set(SECRET_ACCOUNTS.refreshToken, tokens.refresh_token);
      if (epoch !== this.epoch) {
        // A sign-out ran during the write: make sure its deletion is what stays.
        await this.deps.secrets.delete(SECRET_ACCOUNTS.refreshToken);
        throw signedOut();
      }
    }
    this.access = { token: tokens.access_token, expiresAt: this.now() + tokens.expires_in * 1000 };
    return tokens.access_token;
  }

  /** True while signed in through a provider that granted no refresh token: this run only. */
  private offlineOnly = false;

  private startEpoch(): void {
    this.epoch++;
    this.refreshing = null;
    this.offlineOnly = false;
  }

  /** Cancels a browser sign-in still waiting and lets its cancellation finish before anything else happens. */
  private async abandonPendingSignIn(): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    this.cancelPending();
    await pending.receiver.result.then(
      () => {},
      () => {},
    );
    if (this.pending === pending) this.pending = null;
  }

  private async endSession(reason: Saying): Promise<void> {
    this.startEpoch();
    this.access = null;
    await this.deps.secrets.delete(SECRET_ACCOUNTS.refreshToken).catch(() => {});
    await this.deps.secrets.delete(SECRET_ACCOUNTS.pat).catch(() => {});
    this.setState({ status: 'signed-out', method: null, channelChoices: [], reason: [reason] });
  }

  private async completeSignIn(pending: PendingSignIn, params: CallbackParams): Promise<void> {
    if (this.pending !== pending) {
      pending.receiver.reportOutcome(false);
      return;
    }
    const stillWanted = () => {
      if (this.pending !== pending || pending.cancelled) throw appError('sign_in_cancelled', 'errors.signIn.cancelled');
    };
    try {
      // The response's issuer (RFC 9207), the code exchange and the id_token are checked there, before anything is kept.
      const { tokens, claims } = await this.deps.tokenClient!.exchangeCode({
        code: params.code,
        iss: params.iss,
        redirectUri: pending.receiver.redirectUri,
        codeVerifier: pending.verifier,
        nonce: pending.nonce,
      });
      stillWanted();
      this.startEpoch();
      await this.deps.secrets.delete(SECRET_ACCOUNTS.pat);
      if (tokens.refresh_token) await this.deps.secrets.set(SECRET_ACCOUNTS.refreshToken, tokens.refresh_token);
      else {
        // No offline access granted: signed in for this run only, and the user is told so.
        await this.deps.secrets.delete(SECRET_ACCOUNTS.refreshToken);
        this.offlineOnly = true;
      }
      this.access = { token: tokens.access_token, expiresAt: this.now() + tokens.expires_in * 1000 };
      pending.receiver.reportOutcome(true);
      const account = { subject: claims.sub, name: claims.name ?? null, email: claims.email ?? null };
      this.setState({ method: 'oauth' });
      let channels: Channel[] = [];
      const notes: Saying[] = [];
      try {
        channels = await this.deps.fetchChannels();
      } catch {
        // Signed in all the same: reads work without a channel; writes will say what is missing.
        notes.push(said('errors.session.channelsUnread'));
      }
      const minutes = Math.max(1, Math.round(tokens.expires_in / 60));
      if (!tokens.refresh_token) notes.unshift(said('errors.session.thisRunOnly', { minutes }));
      this.finishSignIn(account, 'oauth', channels, notes);
    } catch (error) {
      pending.receiver.reportOutcome(false);
      await this.failSignIn(pending, error);
      return;
    } finally {
      if (this.pending === pending) this.pending = null;
    }
  }

  /** Spec 5.1: the channel for service_channel_id is the one with `_write` scopes; several means the user picks. */
  private finishSignIn(account: SessionState['account'] & object, method: SignInMethod, channels: Channel[], notes: Saying[] = []): void {
    const writable = channels.filter(hasWriteScopes).map((c) => ({ id: c.id, name: c.name ?? `Channel ${c.id}` }));
    const remembered = this.deps.settings.get().sessions[this.deps.environment.id]?.channel ?? null;
    const kept = remembered && writable.some((c) => c.id === remembered.id) ? remembered : null;
    const channel = kept ?? (writable.length === 1 ? writable[0]! : null);
    const choices = channel ? [] : writable.length > 1 ? writable : [];
    const reason = writable.length === 0 && channels.length > 0 ? [...notes, said('errors.session.noWritableChannel')] : notes;
    this.deps.settings.update((s) => {
      s.sessions[this.deps.environment.id] = { account, channel, method };
    });
    this.setState({ status: 'signed-in', account, method, channel, channelChoices: choices, reason });
  }

  private async failSignIn(pending: PendingSignIn, error: unknown): Promise<void> {
    if (this.pending !== pending && this.pending !== null) return; // a newer sign-in took over
    this.pending = null;
    // A refused code exchange is a failed sign-in, not an expired session.
    const appErr =
      error instanceof TokenEndpointError
        ? { ...error.appError, code: 'sign_in_failed' as const }
        : error instanceof AppErrorException
          ? error.appError
          : { code: 'sign_in_failed' as const, message: `Sign-in failed: ${(error as Error).message}`, retryable: false };
    // Only a sign-in that had not yet succeeded changes the state; a signed-in session stays as it was.
    if (this.state.status === 'signing-in') {
      this.access = null;
      this.setState({
        status: 'signed-out',
        account: null,
        method: null,
        channel: null,
        reason: appErr.code === 'sign_in_cancelled' ? [] : [('said' in appErr && appErr.said) || said('errors.session.signInFailed')],
      });
    }
    this.deps.onSignInFailed(appErr);
  }

  private setState(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    this.deps.onStateChange(this.getState());
  }
}
