import { describe, expect, it, vi } from 'vitest';
import { DispatcherPool } from '../../electron/core/api/dispatchers.js';
import { SECRET_ACCOUNTS, SessionService } from '../../electron/core/auth/session.js';
import { TokenClient } from '../../electron/core/auth/token-client.js';
import { testConnection } from '../../electron/core/environments/connection-test.js';
import { REQUESTED_SCOPES } from '../../electron/core/auth/environment.js';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store.js';
import { DEFAULT_SETTINGS, SettingsService, type Settings } from '../../electron/core/settings/settings.js';
import type { AppError } from '../../shared/errors.js';
import type { SessionState } from '../../shared/schemas/session.js';
import { sessionReason } from '../support/test-core.js';
import {
  PROVIDER_CLIENT,
  signInAtProvider,
  STANDARD_ISSUER_PATH,
  startOidcProvider,
  type OidcProviderOptions,
  type RunningProvider,
} from '../support/oidc-provider.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

/**
 * Sign-in against panva's oidc-provider, an OpenID Certified implementation, on loopback: not our
 * emulator, so nothing here can pass by sharing our own reading of the standards.
 */
const cleanups = cleanupsAfterEach();

async function provider(options: Omit<OidcProviderOptions, 'scopes'> = {}): Promise<RunningProvider> {
  const p = await startOidcProvider({ scopes: REQUESTED_SCOPES, ...options });
  cleanups.push(() => p.close());
  return p;
}

function session(authUrl: string, client: { clientId: string; clientSecret: string } = PROVIDER_CLIENT, responseMode?: 'query') {
  const pool = new DispatcherPool();
  cleanups.push(() => pool.close());
  const secrets = new MemorySecretStore();
  const settingsData: { value: Settings } = { value: structuredClone(DEFAULT_SETTINGS) };
  const failures: AppError[] = [];
  const states: SessionState[] = [];
  const s = new SessionService({
    environment: { id: 'certified', name: 'Certified provider', kind: 'custom', apiBaseUrl: authUrl, authUrl, ...client, scopes: REQUESTED_SCOPES },
    secrets,
    secretsFallbackReason: null,
    settings: new SettingsService({ read: () => settingsData.value, write: (v) => (settingsData.value = v) }),
    tokenClient: new TokenClient({ authUrl, ...client }, pool),
    fetchChannels: async () => [],
    checkToken: async () => [],
    onStateChange: (state) => states.push(state),
    onSignInFailed: (error) => failures.push(error),
    ...(responseMode ? { responseMode: async () => responseMode } : {}),
  });
  cleanups.push(async () => s.dispose());
  const until = (predicate: () => boolean) =>
    vi.waitFor(
      () => {
        if (!predicate())
          throw new Error(`timed out; states: ${states.map((x) => x.status).join(', ')}; failures: ${failures.map((f) => f.message).join('; ')}`);
      },
      { timeout: 5_000, interval: 20 },
    );
  return { session: s, secrets, failures, states, pool, until };
}

/** Delivers callback fields to a redirect URI again, as a replaying page or process would; null when nothing listens. */
async function deliverAgain(callbackUrl: string, fields: URLSearchParams): Promise<{ status: number; body: string } | null> {
  try {
    const res = await fetch(callbackUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields });
    return { status: res.status, body: await res.text() };
  } catch {
    return null; // the receiver closed after the sign-in: refused at the socket
  }
}

const CONFIGURATIONS = [
  { name: 'configured as the spec describes (client_secret_post, form_post)', standard: false },
  {
    name: 'configured the other standard way (issuer with a path, client_secret_basic only, endpoints only by discovery, iss on the redirect)',
    standard: true,
  },
] as const;

describe.each(CONFIGURATIONS)('sign-in against a certified OpenID provider (oidc-provider) $name', ({ standard }) => {
  const start = async (options: { withholdIdToken?: boolean } = {}) => {
    const p = await provider({ standard, ...options });
    return { p, t: session(p.issuer, p.client, standard ? 'query' : undefined) };
  };

  it('discovery, code + PKCE with offline access, refresh with rotation, the client authenticated as offered, and the grant handed back at sign-out', async () => {
    const { p, t } = await start();
    if (standard) expect(new URL(p.issuer).pathname).toBe(STANDARD_ISSUER_PATH);
    const { authorizeUrl } = await t.session.beginSignIn();
    const url = new URL(authorizeUrl);
    // The endpoint comes from discovery (oidc-provider's is /auth under the issuer), never from the spec's fixed path.
    expect(url.origin + url.pathname).toBe(`${p.issuer}/auth`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('scope')).toContain('offline_access');

    const outcome = await signInAtProvider(authorizeUrl);
    expect(outcome.fields.get('iss')).toBe(p.issuer);
    expect(outcome.callbackStatus).toBe(200);
    expect(outcome.callbackBody).toContain('Sign-in complete');
    await t.until(() => t.session.getState().status === 'signed-in');
    expect(t.session.getState()).toMatchObject({ status: 'signed-in', method: 'oauth', account: { subject: 'olga', name: 'Olga Operator' }, reason: [] });
    const firstRefresh = await t.secrets.get(SECRET_ACCOUNTS.refreshToken);
    expect(firstRefresh).toBeTruthy();
    const firstAccess = await t.session.getAccessToken();
    const introspected = await p.provider.AccessToken.find(firstAccess);
    expect(introspected?.accountId).toBe('olga');

    // Refresh with rotation: a new access token, a new refresh token, stored before use.
    t.session.expireAccessToken();
    const secondAccess = await t.session.getAccessToken();
    expect(secondAccess).not.toBe(firstAccess);
    const secondRefresh = await t.secrets.get(SECRET_ACCOUNTS.refreshToken);
    expect(secondRefresh).toBeTruthy();
    expect(secondRefresh).not.toBe(firstRefresh);
    // The code exchange and the refresh: HTTP Basic where that is all the provider offers, the form body where it offers that.
    expect(p.tokenRequests).toEqual([{ basic: standard }, { basic: standard }]);

    // Sign-out hands the refresh token back at the revocation endpoint discovery names (RFC 7009), authenticated the same way.
    expect(await p.provider.RefreshToken.find(secondRefresh!)).toBeTruthy();
    await t.session.signOut();
    expect(await t.session.lastRevocation).toBe(true);
    expect(await p.provider.RefreshToken.find(secondRefresh!)).toBeUndefined();
  });

  it('a grant revoked at the provider ends in a clean sign-out at the next refresh', async () => {
    const { p, t } = await start();
    const { authorizeUrl } = await t.session.beginSignIn();
    await signInAtProvider(authorizeUrl);
    await t.until(() => t.session.getState().status === 'signed-in');
    const refresh = await t.secrets.get(SECRET_ACCOUNTS.refreshToken);
    const form = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');
    const basic: Record<string, string> = standard ? { authorization: `Basic ${btoa(`${form(p.client.clientId)}:${form(p.client.clientSecret)}`)}` } : {};
    const revocation = await fetch(`${p.issuer}/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic },
      body: new URLSearchParams({
        token: refresh!,
        token_type_hint: 'refresh_token',
        ...(standard ? {} : { client_id: p.client.clientId, client_secret: p.client.clientSecret }),
      }),
    });
    expect(revocation.status).toBe(200);
    t.session.expireAccessToken();
    await expect(t.session.getAccessToken()).rejects.toMatchObject({ appError: { code: 'session_expired' } });
    expect(t.session.getState().status).toBe('signed-out');
    expect(sessionReason(t.session.getState())).toContain('Sign in again');
    expect(await t.secrets.get(SECRET_ACCOUNTS.refreshToken)).toBeNull();
    await expect(t.session.getAccessToken()).rejects.toMatchObject({ appError: { code: 'not_signed_in' } });
  });

  it('refuses a response from another issuer, or without the iss the provider declares (RFC 9207), before the code is exchanged', async () => {
    const { p } = await start();
    const doc = (await (await fetch(`${p.issuer}/.well-known/openid-configuration`)).json()) as { authorization_response_iss_parameter_supported?: boolean };
    expect(doc.authorization_response_iss_parameter_supported).toBe(true);

    for (const tamper of [(f: URLSearchParams) => f.set('iss', 'http://127.0.0.1:1'), (f: URLSearchParams) => f.delete('iss')]) {
      const t = session(p.issuer, p.client, standard ? 'query' : undefined);
      const { authorizeUrl } = await t.session.beginSignIn();
      const outcome = await signInAtProvider(authorizeUrl, { tamper });
      expect(outcome.callbackBody).toContain('Sign-in failed');
      await t.until(() => t.failures.length > 0);
      expect(t.failures[0]!.said).toEqual({ id: 'errors.signIn.untrusted' });
      expect(t.failures[0]!.detail).toContain('"iss"');
      expect(t.session.getState().status).toBe('signed-out');
      // Refused before the token request: the provider still holds the code unused.
      const code = await p.provider.AuthorizationCode.find(outcome.fields.get('code')!);
      expect(code?.consumed).toBeFalsy();
    }
    expect(p.tokenRequests).toEqual([]);
  });

  it('ignores a response with another state: the sign-in keeps waiting and the code is never exchanged', async () => {
    const { p, t } = await start();
    const { authorizeUrl } = await t.session.beginSignIn();
    const outcome = await signInAtProvider(authorizeUrl, { tamper: (f) => f.set('state', 'a-state-of-another-sign-in') });
    expect(outcome.callbackStatus).toBe(400);
    expect(outcome.callbackBody).toContain('Not the sign-in in progress');
    // The receiver answered 400 once it had refused the response: nothing of it is left running.
    expect(t.session.getState().status).toBe('signing-in');
    expect(t.failures).toEqual([]);
    expect(p.tokenRequests).toEqual([]);
    expect((await p.provider.AuthorizationCode.find(outcome.fields.get('code')!))?.consumed).toBeFalsy();
    // The real response, delivered now, still completes the sign-in: the stray one cost nothing.
    const original = new URLSearchParams(outcome.fields);
    original.set('state', new URL(authorizeUrl).searchParams.get('state')!);
    const delivered = await deliverAgain(outcome.callbackUrl, original);
    expect(delivered?.body).toContain('Sign-in complete');
    await t.until(() => t.session.getState().status === 'signed-in');
    // One exchange in all, the real one: the stray response was never exchanged, then or later.
    expect(p.tokenRequests).toHaveLength(1);
  });

  it('refuses a replayed callback: the code is exchanged once and the session stays as the first delivery left it', async () => {
    const { p, t } = await start();
    const { authorizeUrl } = await t.session.beginSignIn();
    const outcome = await signInAtProvider(authorizeUrl);
    expect(outcome.callbackBody).toContain('Sign-in complete');
    await t.until(() => t.session.getState().status === 'signed-in');
    const access = await t.session.getAccessToken();
    const stateChanges = t.states.length;

    const replay = await deliverAgain(outcome.callbackUrl, outcome.fields);
    // Either nothing listens any more, or the receiver says the response is not the sign-in in progress.
    if (replay) {
      expect(replay.status).toBe(400);
      expect(replay.body).toContain('Not the sign-in in progress');
    }
    // Answered (or refused at the door): the replay left nothing running that could exchange later.
    expect(p.tokenRequests).toHaveLength(1);
    expect(t.failures).toEqual([]);
    expect(t.states).toHaveLength(stateChanges);
    expect(await t.session.getAccessToken()).toBe(access);
  });

  it('refuses a token response without an id_token where openid was asked for', async () => {
    const { p, t } = await start({ withholdIdToken: true });
    const { authorizeUrl } = await t.session.beginSignIn();
    expect(new URL(authorizeUrl).searchParams.get('scope')?.split(' ')).toContain('openid');
    const outcome = await signInAtProvider(authorizeUrl);
    expect(outcome.callbackBody).toContain('Sign-in failed');
    await t.until(() => t.failures.length > 0);
    expect(t.failures[0]!.message).toContain('did not return an identity token');
    expect(t.session.getState()).toMatchObject({ status: 'signed-out', method: null });
    expect(await t.secrets.get(SECRET_ACCOUNTS.refreshToken)).toBeNull();
    expect(p.tokenRequests).toHaveLength(1);
  });
});

describe('sign-in against a certified OpenID provider (oidc-provider) on loopback', () => {
  const alterPayload = (idToken: string) => {
    const [header, payload, signature] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    return `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'mallory' })).toString('base64url')}.${signature}`;
  };
  const replaceSignature = (idToken: string) => `${idToken.split('.').slice(0, 2).join('.')}.${Buffer.from('forged').toString('base64url')}`;
  it.each([
    ['its payload altered after signing', alterPayload],
    ['another signature', replaceSignature],
  ])('refuses an id_token with %s: the sign-in fails and keeps nothing', async (_, alterIdToken) => {
    const p = await provider({ alterIdToken });
    const t = session(p.issuer);
    const { authorizeUrl } = await t.session.beginSignIn();
    const outcome = await signInAtProvider(authorizeUrl);
    expect(outcome.callbackBody).toContain('Sign-in failed');
    await t.until(() => t.failures.length > 0);
    expect(t.failures[0]).toMatchObject({ code: 'sign_in_failed', said: { id: 'errors.signIn.untrusted' }, detail: expect.stringContaining('verification') });
    expect(t.session.getState()).toMatchObject({ status: 'signed-out', method: null, account: null });
    expect(await t.secrets.get(SECRET_ACCOUNTS.refreshToken)).toBeNull();
    expect(p.tokenRequests).toHaveLength(1);
  });

  it('stays signed in for this run, and says so, when the provider grants no refresh token', async () => {
    const p = await provider({ refreshTokens: false });
    const t = session(p.issuer);
    const { authorizeUrl } = await t.session.beginSignIn();
    const outcome = await signInAtProvider(authorizeUrl);
    expect(outcome.callbackBody).toContain('Sign-in complete');
    await t.until(() => t.session.getState().status === 'signed-in');
    expect(sessionReason(t.session.getState())).toMatch(/will not survive a restart.*access token expires/);
    expect(await t.secrets.get(SECRET_ACCOUNTS.refreshToken)).toBeNull();
    expect(await t.session.getAccessToken()).toBeTruthy();

    // When the access token runs out there is nothing to renew it with: signed out, with the reason.
    t.session.expireAccessToken();
    await expect(t.session.getAccessToken()).rejects.toMatchObject({ appError: { code: 'session_expired' } });
    expect(t.session.getState().status).toBe('signed-out');
    expect(sessionReason(t.session.getState())).toContain('no refresh token');
  });

  it('"Test connection" and sign-in report a provider that names itself differently from the address typed (localhost versus 127.0.0.1)', async () => {
    const p = await provider();
    const typed = p.issuer.replace('127.0.0.1', 'localhost');
    const pool = new DispatcherPool();
    cleanups.push(() => pool.close());
    const result = await testConnection(pool, { apiBaseUrl: p.issuer, authUrl: typed });
    const check = result.checks.find((c) => c.name === 'Sign-in host')!;
    expect(check.ok).toBe(false);
    expect(check.detail).toContain(`calls itself ${p.issuer}`);
    expect(check.detail).toContain(typed);

    const ok = await testConnection(pool, { apiBaseUrl: p.issuer, authUrl: p.issuer });
    expect(ok.checks.find((c) => c.name === 'Sign-in host')).toMatchObject({ ok: true });

    const t = session(typed);
    await expect(t.session.beginSignIn()).rejects.toMatchObject({
      appError: { code: 'sign_in_failed', message: expect.stringContaining(`Enter ${p.issuer}`) },
    });
    expect(t.session.pendingRedirectUri).toBeNull();
  });

  it('holds an issuer with a path to the configured address exactly, and "Test connection" passes the Basic-only provider', async () => {
    const p = await provider({ standard: true });
    const pool = new DispatcherPool();
    cleanups.push(() => pool.close());
    const ok = await testConnection(pool, { apiBaseUrl: p.issuer, authUrl: p.issuer });
    expect(ok.checks.find((c) => c.name === 'Sign-in host')).toMatchObject({ ok: true });

    const typed = p.issuer.replace('127.0.0.1', 'localhost');
    const t = session(typed, p.client);
    await expect(t.session.beginSignIn()).rejects.toMatchObject({
      appError: { code: 'sign_in_failed', message: expect.stringContaining(`Enter ${p.issuer} as the sign-in address`) },
    });
    expect(p.tokenRequests).toEqual([]);
  });
});
