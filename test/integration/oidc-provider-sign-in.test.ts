import { afterEach, describe, expect, it } from 'vitest';
import { DispatcherPool } from '../../electron/core/api/dispatchers.js';
import { SECRET_ACCOUNTS, SessionService } from '../../electron/core/auth/session.js';
import { TokenClient } from '../../electron/core/auth/token-client.js';
import { testConnection } from '../../electron/core/environments/connection-test.js';
import { REQUESTED_SCOPES } from '../../electron/core/auth/environment.js';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store.js';
import { DEFAULT_SETTINGS, SettingsService, type Settings } from '../../electron/core/settings/settings.js';
import type { AppError } from '../../shared/errors.js';
import type { SessionState } from '../../shared/schemas/session.js';
import { PROVIDER_CLIENT, signInAtProvider, startOidcProvider, type RunningProvider } from '../support/oidc-provider.js';

/**
 * Sign-in against panva's oidc-provider, an OpenID Certified implementation, on loopback: not our
 * emulator, so nothing here can pass by sharing our own reading of the standards.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function provider(options: { refreshTokens?: boolean } = {}): Promise<RunningProvider> {
  const p = await startOidcProvider({ scopes: REQUESTED_SCOPES, ...options });
  cleanups.push(() => p.close());
  return p;
}

function session(authUrl: string) {
  const pool = new DispatcherPool();
  cleanups.push(() => pool.close());
  const secrets = new MemorySecretStore();
  const settingsData: { value: Settings } = { value: structuredClone(DEFAULT_SETTINGS) };
  const failures: AppError[] = [];
  const states: SessionState[] = [];
  const s = new SessionService({
    environment: { id: 'certified', name: 'Certified provider', kind: 'custom', apiBaseUrl: authUrl, authUrl, ...PROVIDER_CLIENT, scopes: REQUESTED_SCOPES },
    secrets,
    secretsFallbackReason: null,
    settings: new SettingsService({ read: () => settingsData.value, write: (v) => (settingsData.value = v) }),
    tokenClient: new TokenClient({ authUrl, ...PROVIDER_CLIENT }, pool),
    fetchChannels: async () => [],
    checkToken: async () => [],
    onStateChange: (state) => states.push(state),
    onSignInFailed: (error) => failures.push(error),
  });
  cleanups.push(async () => s.dispose());
  const until = async (predicate: () => boolean) => {
    for (let i = 0; i < 250 && !predicate(); i++) await new Promise((r) => setTimeout(r, 20));
    if (!predicate()) throw new Error(`timed out; states: ${states.map((x) => x.status).join(', ')}; failures: ${failures.map((f) => f.message).join('; ')}`);
  };
  return { session: s, secrets, failures, states, pool, until };
}

describe('sign-in against a certified OpenID provider (oidc-provider) on loopback', () => {
  it('discovery, code + PKCE with offline access, refresh with rotation, and a revoked grant ending in a clean sign-out (points 1, 2, 5)', async () => {
    const p = await provider();
    const t = session(p.issuer);
    const { authorizeUrl } = await t.session.beginSignIn();
    const url = new URL(authorizeUrl);
    // The endpoint comes from discovery (oidc-provider's is /auth), not from the spec's fixed path.
    expect(url.origin + url.pathname).toBe(`${p.issuer}/auth`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('scope')).toContain('offline_access');

    const outcome = await signInAtProvider(authorizeUrl);
    expect(outcome.fields.get('iss')).toBe(p.issuer);
    expect(outcome.callbackStatus).toBe(200);
    expect(outcome.callbackBody).toContain('Sign-in complete');
    await t.until(() => t.session.getState().status === 'signed-in');
    expect(t.session.getState()).toMatchObject({ status: 'signed-in', method: 'oauth', account: { subject: 'olga', name: 'Olga Operator' }, reason: null });
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

    // The user revokes the grant at the provider (RFC 7009): the next refresh ends in a clean sign-out.
    const revocation = await fetch(`${p.issuer}/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: secondRefresh!,
        token_type_hint: 'refresh_token',
        client_id: PROVIDER_CLIENT.clientId,
        client_secret: PROVIDER_CLIENT.clientSecret,
      }),
    });
    expect(revocation.status).toBe(200);
    t.session.expireAccessToken();
    await expect(t.session.getAccessToken()).rejects.toMatchObject({ appError: { code: 'session_expired' } });
    expect(t.session.getState()).toMatchObject({ status: 'signed-out', reason: expect.stringContaining('sign in again') });
    expect(await t.secrets.get(SECRET_ACCOUNTS.refreshToken)).toBeNull();
    await expect(t.session.getAccessToken()).rejects.toMatchObject({ appError: { code: 'not_signed_in' } });
  });

  it('stays signed in for this run, and says so, when the provider grants no refresh token (point 1)', async () => {
    const p = await provider({ refreshTokens: false });
    const t = session(p.issuer);
    const { authorizeUrl } = await t.session.beginSignIn();
    const outcome = await signInAtProvider(authorizeUrl);
    expect(outcome.callbackBody).toContain('Sign-in complete');
    await t.until(() => t.session.getState().status === 'signed-in');
    expect(t.session.getState().reason).toMatch(/will not survive a restart.*access token expires/);
    expect(await t.secrets.get(SECRET_ACCOUNTS.refreshToken)).toBeNull();
    expect(await t.session.getAccessToken()).toBeTruthy();

    // When the access token runs out there is nothing to renew it with: signed out, with the reason.
    t.session.expireAccessToken();
    await expect(t.session.getAccessToken()).rejects.toMatchObject({ appError: { code: 'session_expired' } });
    expect(t.session.getState()).toMatchObject({ status: 'signed-out', reason: expect.stringContaining('no refresh token') });
  });

  it('checks the RFC 9207 iss parameter the provider advertises: a response from another issuer, or without one, is refused before the code is exchanged (point 3)', async () => {
    const p = await provider();
    const doc = (await (await fetch(`${p.issuer}/.well-known/openid-configuration`)).json()) as { authorization_response_iss_parameter_supported?: boolean };
    expect(doc.authorization_response_iss_parameter_supported).toBe(true);

    for (const tamper of [(f: URLSearchParams) => f.set('iss', 'http://127.0.0.1:1'), (f: URLSearchParams) => f.delete('iss')]) {
      const t = session(p.issuer);
      const { authorizeUrl } = await t.session.beginSignIn();
      const outcome = await signInAtProvider(authorizeUrl, { tamper });
      expect(outcome.callbackBody).toContain('Sign-in failed');
      await t.until(() => t.failures.length > 0);
      expect(t.failures[0]!.message).toContain('"iss"');
      expect(t.session.getState().status).toBe('signed-out');
      // Refused before the token request: the provider still holds the code unused.
      const code = await p.provider.AuthorizationCode.find(outcome.fields.get('code')!);
      expect(code?.consumed).toBeFalsy();
    }
  });

  it('"Test connection" and sign-in report a provider that names itself differently from the address typed (localhost versus 127.0.0.1) (point 2)', async () => {
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
});
