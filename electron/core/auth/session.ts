import { appError, AppErrorException, type AppError } from '../../../shared/errors.js';
import { hasWriteScopes, type Channel } from '../../../shared/schemas/channel.js';
import { AuthPaths } from '../../../shared/schemas/oauth.js';
import type { SessionState } from '../../../shared/schemas/session.js';
import { environmentView, type ResolvedEnvironment } from '../environments/environments.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { SettingsService } from '../settings/settings.js';
import { startLoopbackReceiver, type CallbackParams, type LoopbackReceiver } from './loopback-receiver.js';
import { codeChallengeS256, createCodeVerifier, randomToken } from './pkce.js';
import { TokenEndpointError, type TokenClient } from './token-client.js';

export const REFRESH_TOKEN_ACCOUNT = 'refresh-token';
/** Refresh this long before the access token's stated expiry, so no call goes out with a dying token. */
const EXPIRY_MARGIN_MS = 60_000;
export const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export interface SessionDeps {
  environment: ResolvedEnvironment;
  secrets: SecretStore;
  /** Why the keychain is not used, when it is not. */
  secretsFallbackReason: string | null;
  settings: SettingsService;
  tokenClient: TokenClient;
  /** Reads the account's channels with a fresh access token (after sign-in). */
  fetchChannels: () => Promise<Channel[]>;
  onStateChange: (state: SessionState) => void;
  onSignInFailed: (error: AppError) => void;
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
 * this object only. The refresh token lives in the secret store and is replaced there before a
 * new access token is handed to anyone, so a crash can cost at most a fresh sign-in.
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
      channel: null,
      persistence: deps.secrets.persistence,
      keychainNote: deps.secretsFallbackReason,
      reason: null,
    };
  }

  /** On launch: a refresh token in the keychain means the user is still signed in. */
  async restore(): Promise<SessionState> {
    const refreshToken = await this.deps.secrets.get(REFRESH_TOKEN_ACCOUNT);
    const saved = this.deps.settings.get().sessions[this.deps.environment.id];
    if (refreshToken && saved) this.setState({ status: 'signed-in', account: saved.account, channel: saved.channel, reason: null });
    return this.getState();
  }

  getState(): SessionState {
    return structuredClone(this.state);
  }

  /** Starts a sign-in (spec 5.2 with RFC 8252 and 7636) and returns the URL to open. */
  async beginSignIn(): Promise<{ authorizeUrl: string }> {
    this.pending?.receiver.cancel();
    const verifier = createCodeVerifier();
    const state = randomToken();
    const nonce = randomToken();
    const receiver = await startLoopbackReceiver({ expectedState: state, timeoutMs: this.deps.signInTimeoutMs ?? SIGN_IN_TIMEOUT_MS });
    const pending: PendingSignIn = { receiver, verifier, nonce };
    this.pending = pending;

    const env = this.deps.environment;
    const url = new URL(AuthPaths.authorize, env.authUrl);
    url.search = new URLSearchParams({
      client_id: env.clientId,
      response_type: 'code',
      scope: env.scopes.join(' '),
      redirect_uri: receiver.redirectUri,
      code_challenge: codeChallengeS256(verifier),
      code_challenge_method: 'S256',
      response_mode: 'form_post',
      integration_name: 'Dockdesk',
      state,
      nonce,
    }).toString();

    const previous = this.state.status === 'signed-in' ? null : this.state.status;
    if (previous !== null) this.setState({ status: 'signing-in', reason: null });
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

  /** Forgets this environment's tokens. Local data (drafts, outbox, cache) is not touched. */
  async signOut(reason: string | null = null): Promise<SessionState> {
    this.pending?.receiver.cancel();
    this.access = null;
    await this.deps.secrets.delete(REFRESH_TOKEN_ACCOUNT);
    this.deps.settings.update((s) => {
      delete s.sessions[this.deps.environment.id];
    });
    this.setState({ status: 'signed-out', account: null, channel: null, reason });
    return this.getState();
  }

  /**
   * A valid access token, refreshing when it is close to expiry. Single-flight: every caller during
   * a refresh waits on the same promise, so one expiry causes exactly one refresh.
   */
  async getAccessToken(options: { rejected?: string } = {}): Promise<string> {
    const current = this.access;
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
    if (this.access) this.access.expiresAt = 0;
  }

  dispose(): void {
    this.pending?.receiver.cancel();
  }

  private async refresh(): Promise<string> {
    const refreshToken = await this.deps.secrets.get(REFRESH_TOKEN_ACCOUNT);
    if (!refreshToken) {
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
    if (tokens.refresh_token) await this.deps.secrets.set(REFRESH_TOKEN_ACCOUNT, tokens.refresh_token);
    this.access = { token: tokens.access_token, expiresAt: this.now() + tokens.expires_in * 1000 };
    return tokens.access_token;
  }

  private async endSession(reason: string): Promise<void> {
    this.access = null;
    await this.deps.secrets.delete(REFRESH_TOKEN_ACCOUNT).catch(() => {});
    this.setState({ status: 'signed-out', reason });
  }

  private async completeSignIn(pending: PendingSignIn, params: CallbackParams): Promise<void> {
    if (this.pending !== pending) return;
    try {
      const tokens = await this.deps.tokenClient.exchangeCode({ code: params.code, redirectUri: pending.receiver.redirectUri, codeVerifier: pending.verifier });
      if (!tokens.id_token) throw appError('sign_in_failed', 'The service did not return an identity token; the sign-in cannot be verified.');
      const claims = await this.deps.tokenClient.verifyIdToken(tokens.id_token, pending.nonce);
      if (!tokens.refresh_token) throw appError('sign_in_failed', 'The service did not grant offline access, so Dockdesk cannot keep you signed in.');
      await this.deps.secrets.set(REFRESH_TOKEN_ACCOUNT, tokens.refresh_token);
      this.access = { token: tokens.access_token, expiresAt: this.now() + tokens.expires_in * 1000 };
      const account = { subject: claims.sub, name: claims.name ?? null, email: claims.email ?? null };
      this.setState({ status: 'signed-in', account, reason: null });
      let channel: { id: number; name: string } | null = null;
      let channelProblem: string | null = null;
      try {
        channel = chooseChannel(await this.deps.fetchChannels());
        if (!channel) channelProblem = 'No channel of this account has write scopes, so changes cannot be sent.';
      } catch (error) {
        // Signed in all the same: reads work without a channel; writes will say what is missing.
        channelProblem = `The channel list could not be read (${(error as Error).message}).`;
      }
      this.deps.settings.update((s) => {
        s.sessions[this.deps.environment.id] = { account, channel };
      });
      this.setState({ channel, reason: channelProblem });
    } catch (error) {
      await this.failSignIn(pending, error);
      return;
    } finally {
      if (this.pending === pending) this.pending = null;
    }
  }

  private async failSignIn(pending: PendingSignIn, error: unknown): Promise<void> {
    if (this.pending !== pending && this.pending !== null) return; // a newer sign-in took over
    this.pending = null;
    const appErr = error instanceof AppErrorException ? error.appError : { code: 'sign_in_failed' as const, message: `Sign-in failed: ${(error as Error).message}`, retryable: false };
    // Only a sign-in that had not yet succeeded changes the state; a signed-in session stays as it was.
    if (this.state.status === 'signing-in') {
      this.access = null;
      this.setState({ status: 'signed-out', account: null, channel: null, reason: appErr.code === 'sign_in_cancelled' ? null : appErr.message });
    }
    this.deps.onSignInFailed(appErr);
  }

  private setState(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    this.deps.onStateChange(this.getState());
  }
}

/** Spec 5.1: the channel for service_channel_id is the one with `_write` scopes (the first, for now). */
export function chooseChannel(channels: Channel[]): { id: number; name: string } | null {
  const writable = channels.find(hasWriteScopes);
  return writable ? { id: writable.id, name: writable.name } : null;
}
