import { afterEach, describe, expect, it } from 'vitest';
import { DOCKDESK_CLIENT } from '../../emulator/auth/registry.js';
import { completeConsent } from '../support/consent.js';
import { createTestCore, sessionReason, signIn } from '../support/test-core.js';

type TestCore = Awaited<ReturnType<typeof createTestCore>>;
const cores: TestCore[] = [];
async function core(options: Parameters<typeof createTestCore>[0] = {}) {
  const c = await createTestCore(options);
  cores.push(c);
  return c;
}
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
});

describe('sign-in against the real emulator', () => {
  it('signs in through the consent page and reads receiving orders with the token', async () => {
    const t = await core();
    const { authorizeUrl, outcome, state } = await signIn(t);

    const url = new URL(authorizeUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('response_mode')).toBe('form_post');
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(url.searchParams.get('scope')).toContain('offline_access');
    expect(outcome.callbackStatus).toBe(200);
    expect(outcome.callbackBody).toContain('Sign-in complete');

    expect(state).toMatchObject({ status: 'signed-in', account: { email: 'demo@dockdesk.test', name: 'Dana Demo' }, channel: { id: 7301 } });
    const list = await t.core.dispatch('receiving.list', { page: 1, limit: 10 });
    expect(list.ok).toBe(true);
    if (list.ok) {
      const value = list.value as { items: { id: number }[]; pageInfo: { totalCount: number; totalPages: number } };
      expect(value.items).toHaveLength(10);
      // 64 generated orders and the 7 of the day's scenario.
      expect(value.pageInfo.totalCount).toBe(71);
      expect(value.pageInfo.totalPages).toBe(8);
      const one = await t.core.dispatch('receiving.get', { id: value.items[0]!.id });
      expect(one).toMatchObject({ ok: true, value: { id: value.items[0]!.id } });
    }
  });

  it('closes the loopback listener once the sign-in is complete', async () => {
    const t = await core();
    const started = await t.core.dispatch('auth.signIn', {});
    const redirectUri = t.core.environments.active.session.pendingRedirectUri!;
    expect(started.ok).toBe(true);
    await completeConsent((started as { value: { authorizeUrl: string } }).value.authorizeUrl);
    await t.waitForEvent('session.changed', (s) => s.status === 'signed-in');
    await expect(fetch(redirectUri, { method: 'POST' })).rejects.toThrow();
  });

  it('the browser page says "signed in" only after the code exchange and token checks succeeded; otherwise "failed" (point 4)', async () => {
    const t = await core();
    const started = await t.core.dispatch('auth.signIn', {});
    const outcome = await completeConsent((started as { value: { authorizeUrl: string } }).value.authorizeUrl, {
      tamper: (fields) => fields.set('code', 'a-code-the-service-never-issued'),
    });
    expect(outcome.callbackBody).toContain('Sign-in failed');
    expect(outcome.callbackBody).toContain('Return to Dockdesk');
    expect(outcome.callbackBody).not.toContain('Sign-in complete');
    const failure = await t.waitForEvent('auth.failed');
    expect(failure.code).toBe('sign_in_failed');
    expect(t.core.environments.active.session.getState().status).toBe('signed-out');
  });

  it('reports a denied consent as a cancelled sign-in and stays signed out', async () => {
    const t = await core();
    const started = await t.core.dispatch('auth.signIn', {});
    await completeConsent((started as { value: { authorizeUrl: string } }).value.authorizeUrl, { decision: 'deny' });
    const failure = await t.waitForEvent('auth.failed');
    expect(failure.code).toBe('sign_in_cancelled');
    expect(t.core.environments.active.session.getState().status).toBe('signed-out');
  });

  it('refuses protected calls while signed out, with a clear error', async () => {
    const t = await core();
    const result = await t.core.dispatch('receiving.list', { page: 1, limit: 10 });
    expect(result).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
  });
});

describe('token refresh', () => {
  it('rotates the refresh token; the old one is refused afterwards and its reuse revokes the grant', async () => {
    const t = await core();
    await signIn(t);
    const { REFRESH_TOKEN_ACCOUNT } = await import('../../electron/core/auth/session.js');
    const secrets = t.core.environments.active.secrets;
    const first = await secrets.get(REFRESH_TOKEN_ACCOUNT);
    expect(first).toMatch(/^rt_/);

    t.core.environments.active.session.expireAccessToken();
    const list = await t.core.dispatch('receiving.list', { page: 1, limit: 5 });
    expect(list.ok).toBe(true);
    const second = await secrets.get(REFRESH_TOKEN_ACCOUNT);
    expect(second).toMatch(/^rt_/);
    expect(second).not.toBe(first);

    // The old refresh token, presented again by anyone, is refused with invalid_grant ...
    const reuse = await fetch(`${t.core.environments.active.env.authUrl}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: first!,
        client_id: DOCKDESK_CLIENT.clientId,
        client_secret: DOCKDESK_CLIENT.clientSecret,
      }),
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });

    // ... and the reuse revoked the whole grant, so the app's next refresh ends in a clean sign-out.
    t.core.environments.active.session.expireAccessToken();
    const after = await t.core.dispatch('receiving.list', { page: 1, limit: 5 });
    expect(after).toMatchObject({ ok: false, error: { code: 'session_expired' } });
    const state = t.core.environments.active.session.getState();
    expect(state.status).toBe('signed-out');
    expect(sessionReason(state)).toMatch(/sign in again/i);
  });
});
