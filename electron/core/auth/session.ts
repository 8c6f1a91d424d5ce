import { appError, AppErrorException, type AppError } from '../../../shared/errors.js';
import { hasWriteScopes, type Channel } from '../../../shared/schemas/channel.js';
import { AuthPaths } from '../../../shared/schemas/oauth.js';
import type { SessionState, SignInMethod } from '../../../shared/schemas/session.js';
import { environmentView, type ResolvedEnvironment } from '../environments/environments.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { SettingsService } from '../settings/settings.js';
import { startLoopbackReceiver, type CallbackParams, type LoopbackReceiver } from './loopback-receiver.js';
import { codeChallengeS256, createCodeVerifier, randomToken } from './pkce.js';
import { TokenEndpointError, type TokenClient } from './token-client.js';
import { endpointUrl } from '../api/urls.js';

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
  secretsFallbackReason: string | null;
  settings: SettingsService;
  /** Null when the environment has no OAuth client configured (token sign-in only). */
  tokenClient: TokenClient | null;
  /** Reads the account's channels with the session's current token. */
  fetchChannels: () => Promise<Channel[]>;
  onStateChange: (state: SessionState) => void;
  onSignInFailed: (error: AppError) => void;
  /** Which response mode to ask for: form_post where the server supports it, else fragment. */
  responseMode?: () => Promise<'form_post' | 'fragment'>;
  signInTimeoutMs?: number;
  now?: () => number;
}

interface PendingSignIn {
  receiver: LoopbackReceiver;
  verifier: string;
  nonce: string;
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
      reason: null,
    };
  }

  /** On launch: a refresh token or personal access token in the keychain means still signed in. */
  async restore(): Promise<SessionState> {
    const saved = this.deps.settings.get().sessions[this.deps.environment.id];
    if (!saved) return this.getState();
    const secret = await this.deps.secrets.get(saved.method === 'pat' ? SECRET_ACCOUNTS.pat : SECRET_ACCOUNTS.refreshToken);
    if (secret) {
      if (saved.method === 'pat') this.access = { token: secret, expiresAt: Number.POSITIVE_INFINITY };
      this.setState({ status: 'signed-in', account: saved.account, method: saved.method, channel: saved.channel, reason: null });
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
      throw appError('invalid_input', `${env.name} has no OAuth client configured. Add the sign-in address, client id and client secret in Settings, or sign in with a personal access token.`);
    }
    this.pending?.receiver.cancel();
    const verifier = createCodeVerifier();
    const state = randomToken();
    const nonce = randomToken();
    const receiver = await startLoopbackReceiver({ expectedState: state, timeoutMs: this.deps.signInTimeoutMs ?? SIGN_IN_TIMEOUT_MS });
    const pending: PendingSignIn = { receiver, verifier, nonce };
    this.pending = pending;

    const url = endpointUrl(env.authUrl, AuthPaths.authorize);
    url.search = new URLSearchParams({
      client_id: env.clientId,
      response_type: 'code',
      scope: env.scopes.join(' '),
      redirect_uri: receiver.redirectUri,
      code_challenge: codeChallengeS256(verifier),
      code_challenge_method: 'S256',
      response_mode: this.deps.responseMode ? await this.deps.responseMode() : 'form_post',
      integration_name: 'Dockdesk',
      state,
      nonce,
    }).toString();

    if (this.state.status !== 'signed-in') this.setState({ status: 'signing-in', reason: null });
    receiver.result.then(
      (params) => this.completeSignIn(pending, params),
      (error: unknown) => this.failSignIn(pending, error),
    );
    return { authorizeUrl: url.toString() };
  }

  cancelSignIn(): boolean {
    if (!this.pending) return false;
    this.pending.receiver.cancel();
    return true;
  }

  /** The redirect URI of the sign-in in progress, for tests and diagnostics. */
  get pendingRedirectUri(): string | null {
    return this.pending?.receiver.redirectUri ?? null;
  }

  /** Spec 5.1: a pasted personal access token. It is checked against the API before it is kept. */
  async signInWithPat(token: string): Promise<SessionState> {
    this.pending?.receiver.cancel();
    const previous = this.access;
    this.access = { token, expiresAt: Number.POSITIVE_INFINITY };
    let channels: Channel[];
    try {
      channels = await this.deps.fetchChannels();
    } catch (error) {
      this.access = previous;
      const e = error instanceof AppErrorException ? error.appError : null;
      if (e?.code === 'not_signed_in' || e?.code === 'session_expired') throw appError('sign_in_failed', 'The service refused this personal access token. Check that it was copied whole and has not been revoked.');
      throw error;
    }
    await this.deps.secrets.delete(SECRET_ACCOUNTS.refreshToken);
    await this.deps.secrets.set(SECRET_ACCOUNTS.pat, token);
    const account = { subject: 'personal-access-token', name: 'Personal access token', email: null };
    this.finishSignIn(account, 'pat', channels);
    return this.getState();
  }

  /** The user's pick among several write channels; remembered for next time. */
  chooseChannel(channelId: number): SessionState {
    const choice = this.state.channelChoices.find((c) => c.id === channelId) ?? (this.state.channel?.id === channelId ? this.state.channel : null);
    if (!choice) throw appError('invalid_input', `Channel ${channelId} is not one of this account's channels with write access.`);
    this.deps.settings.update((s) => {
      const saved = s.sessions[this.deps.environment.id];
      if (saved) saved.channel = choice;
    });
    this.setState({ channel: choice, channelChoices: [], reason: null });
    return this.getState();
  }

  /** Forgets this environment's tokens. Local data (drafts, outbox, cache) is not touched. */
  async signOut(reason: string | null = null): Promise<SessionState> {
    this.pending?.receiver.cancel();
    this.access = null;
    await this.deps.secrets.delete(SECRET_ACCOUNTS.refreshToken);
    await this.deps.secrets.delete(SECRET_ACCOUNTS.pat);
    this.deps.settings.update((s) => {
      delete s.sessions[this.deps.environment.id];
    });
    this.setState({ status: 'signed-out', account: null, method: null, channel: null, channelChoices: [], reason });
    return this.getState();
  }

  /**
   * A valid access token, refreshing when it is close to expiry. Single-flight: every caller during
   * a refresh waits on the same promise, so one expiry causes exactly one refresh. `rejected` names a
   * token the service just refused, so a refresh happens even if it looked valid.
   */
  async getAccessToken(options: { rejected?: string } = {}): Promise<string> {
    const current = this.access;
    if (this.state.method === 'pat' && current) {
      if (current.token !== options.rejected) return current.token;
      await this.endSession('The service no longer accepts the personal access token (revoked?). Sign in again.');
      throw appError('session_expired', 'Signed out: the personal access token was refused. Sign in again.');
    }
    const usable = current && current.token !== options.rejected && current.expiresAt - EXPIRY_MARGIN_MS > this.now();
    if (usable) return current.token;
    if (this.state.status !== 'signed-in') throw appError('not_signed_in', 'Sign in to see this.');
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Used by tests that simulate an expired access token. */
  expireAccessToken(): void {
    if (this.access && this.state.method === 'oauth') this.access.expiresAt = 0;
  }

  dispose(): void {
    this.pending?.receiver.cancel();
  }

  private async refresh(): Promise<string> {
    const refreshToken = await this.deps.secrets.get(SECRET_ACCOUNTS.refreshToken);
    if (!refreshToken || !this.deps.tokenClient) {
      await this.endSession('Your sign-in was not found in the keychain. Please sign in again.');
      throw appError('session_expired', 'Signed out: please sign in again.');
    }
    let tokens;
    try {
      tokens = await this.deps.tokenClient.refresh(refreshToken);
    } catch (error) {
      if (error instanceof TokenEndpointError && (error.oauthError === 'invalid_grant' || error.oauthError === 'invalid_client')) {
        await this.endSession(`Signed out: please sign in again (${error.message})`);
        throw appError('session_expired', `Signed out: please sign in again. ${error.message}`);
      }
      throw error;
    }
    // Rotation: the new refresh token is stored before the new access token is used by anyone.
    if (tokens.refresh_token) await this.deps.secrets.set(SECRET_ACCOUNTS.refreshToken, tokens.refresh_token);
    this.access = { token: tokens.access_token, expiresAt: this.now() + tokens.expires_in * 1000 };
    return tokens.access_token;
  }

  private async endSession(reason: string): Promise<void> {
    this.access = null;
    await this.deps.secrets.delete(SECRET_ACCOUNTS.refreshToken).catch(() => {});
    await this.deps.secrets.delete(SECRET_ACCOUNTS.pat).catch(() => {});
    this.setState({ status: 'signed-out', method: null, channelChoices: [], reason });
  }

  private async completeSignIn(pending: PendingSignIn, params: CallbackParams): Promise<void> {
    if (this.pending !== pending) return;
    try {
      const client = this.deps.tokenClient!;
      const tokens = await client.exchangeCode({ code: params.code, redirectUri: pending.receiver.redirectUri, codeVerifier: pending.verifier });
      if (!tokens.id_token) throw appError('sign_in_failed', 'The service did not return an identity token; the sign-in cannot be verified.');
      const claims = await client.verifyIdToken(tokens.id_token, pending.nonce);
      if (!tokens.refresh_token) throw appError('sign_in_failed', 'The service did not grant offline access, so Dockdesk cannot keep you signed in.');
      await this.deps.secrets.delete(SECRET_ACCOUNTS.pat);
      await this.deps.secrets.set(SECRET_ACCOUNTS.refreshToken, tokens.refresh_token);
      this.access = { token: tokens.access_token, expiresAt: this.now() + tokens.expires_in * 1000 };
      const account = { subject: claims.sub, name: claims.name ?? null, email: claims.email ?? null };
      this.setState({ method: 'oauth' });
      let channels: Channel[] = [];
      let channelProblem: string | null = null;
      try {
        channels = await this.deps.fetchChannels();
      } catch (error) {
        // Signed in all the same: reads work without a channel; writes will say what is missing.
        channelProblem = `The channel list could not be read (${(error as Error).message}).`;
      }
      this.finishSignIn(account, 'oauth', channels, channelProblem);
    } catch (error) {
      await this.failSignIn(pending, error);
      return;
    } finally {
      if (this.pending === pending) this.pending = null;
    }
  }

  /** Spec 5.1: the channel for service_channel_id is the one with `_write` scopes; several means the user picks. */
  private finishSignIn(account: SessionState['account'] & object, method: SignInMethod, channels: Channel[], problem: string | null = null): void {
    const writable = channels.filter(hasWriteScopes).map((c) => ({ id: c.id, name: c.name }));
    const remembered = this.deps.settings.get().sessions[this.deps.environment.id]?.channel ?? null;
    const kept = remembered && writable.some((c) => c.id === remembered.id) ? remembered : null;
    const channel = kept ?? (writable.length === 1 ? writable[0]! : null);
    const choices = channel ? [] : writable.length > 1 ? writable : [];
    const reason = problem ?? (writable.length === 0 && channels.length > 0 ? 'No channel of this account has write scopes, so changes cannot be sent.' : null);
    this.deps.settings.update((s) => {
      s.sessions[this.deps.environment.id] = { account, channel, method };
    });
    this.setState({ status: 'signed-in', account, method, channel, channelChoices: choices, reason });
  }

  private async failSignIn(pending: PendingSignIn, error: unknown): Promise<void> {
    if (this.pending !== pending && this.pending !== null) return; // a newer sign-in took over
    this.pending = null;
    const appErr = error instanceof AppErrorException ? error.appError : { code: 'sign_in_failed' as const, message: `Sign-in failed: ${(error as Error).message}`, retryable: false };
    // Only a sign-in that had not yet succeeded changes the state; a signed-in session stays as it was.
    if (this.state.status === 'signing-in') {
      this.access = null;
      this.setState({ status: 'signed-out', account: null, method: null, channel: null, reason: appErr.code === 'sign_in_cancelled' ? null : appErr.message });
    }
    this.deps.onSignInFailed(appErr);
  }

  private setState(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    this.deps.onStateChange(this.getState());
  }
}
