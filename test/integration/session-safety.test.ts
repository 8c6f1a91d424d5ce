import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { SECRET_ACCOUNTS } from '../../electron/core/auth/session.js';
import { TokenClient } from '../../electron/core/auth/token-client.js';
import { LOCAL_CLIENT } from '../../electron/core/environments/local-emulator.js';
import type { SessionState } from '../../shared/schemas/session.js';
import { startLoopbackServer } from '../support/loopback-server.js';
import { createTestCore, emulatorControl, signIn } from '../support/test-core.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

type TestCore = Awaited<ReturnType<typeof createTestCore>>;
const cleanups = cleanupsAfterEach();
async function core(): Promise<TestCore> {
  const c = await createTestCore();
  cleanups.push(() => c.dispose());
  return c;
}

const control = emulatorControl;
const value = <T>(r: { ok: boolean; value?: unknown; error?: unknown }): T => {
  if (!r.ok) throw new Error(`call failed: ${JSON.stringify(r.error)}`);
  return r.value as T;
};
const newPat = async (t: TestCore) => ((await control(t, 'POST', '/pats', { name: 'desk' })) as { token: string }).token;

/** A host that records every request it gets, and answers like a service that wants a token. */
async function recordingHost() {
  const seen: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const host = await startLoopbackServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(401, { 'www-authenticate': 'Bearer', 'content-type': 'application/json' }).end('{}');
    });
  });
  cleanups.push(host.close);
  return { url: host.url, seen };
}

describe('session safety', () => {
  it('editing where an environment points signs it out and deletes its tokens first; the new host never sees them (point 6)', async () => {
    const t = await core();
    const url = t.core.emulator.url;
    const saved = value<{ id: string }>(
      await t.core.dispatch('environments.save', {
        name: 'Staging',
        apiBaseUrl: url,
        authUrl: url,
        clientId: LOCAL_CLIENT.clientId,
        clientSecret: LOCAL_CLIENT.clientSecret,
      }),
    );
    value(await t.core.dispatch('environments.activate', { id: saved.id }));
    const token = await newPat(t);
    expect(value<SessionState>(await t.core.dispatch('auth.signInWithToken', { token })).status).toBe('signed-in');
    const secrets = t.core.environments.active.secrets;

    // Renaming alone changes nothing about where credentials go: still signed in.
    value(
      await t.core.dispatch('environments.save', { id: saved.id, name: 'Staging (desk 3)', apiBaseUrl: url, authUrl: url, clientId: LOCAL_CLIENT.clientId }),
    );
    expect(t.core.environments.active.session.getState().status).toBe('signed-in');

    const elsewhere = await recordingHost();
    const moved = value<{ hasClientSecret: boolean }>(
      await t.core.dispatch('environments.save', {
        id: saved.id,
        name: 'Staging (desk 3)',
        apiBaseUrl: elsewhere.url,
        authUrl: elsewhere.url,
        clientId: LOCAL_CLIENT.clientId,
      }),
    );
    expect(t.core.environments.active.session.getState().status).toBe('signed-out');
    expect(await secrets.get(SECRET_ACCOUNTS.pat)).toBeNull();
    expect(await secrets.get(SECRET_ACCOUNTS.refreshToken)).toBeNull();
    // The client secret was issued by the old sign-in host: it is not kept for the new one.
    expect(await secrets.get(SECRET_ACCOUNTS.clientSecret)).toBeNull();
    expect(moved.hasClientSecret).toBe(false);

    expect(await t.core.dispatch('receiving.list', { page: 1, limit: 5 })).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    for (const request of elsewhere.seen) {
      expect(request.headers.authorization).toBeUndefined();
      expect(request.body).not.toContain(LOCAL_CLIENT.clientSecret);
      expect(request.body).not.toContain(token);
    }
  });

  it('editing an environment that is not active deletes its stored sign-in too (point 6)', async () => {
    const t = await core();
    const url = t.core.emulator.url;
    const saved = value<{ id: string }>(await t.core.dispatch('environments.save', { name: 'Staging', apiBaseUrl: url, authUrl: null, clientId: null }));
    value(await t.core.dispatch('environments.activate', { id: saved.id }));
    value(await t.core.dispatch('auth.signInWithToken', { token: await newPat(t) }));
    const secrets = t.core.environments.active.secrets;
    value(await t.core.dispatch('environments.activate', { id: 'local' }));

    const elsewhere = await recordingHost();
    value(await t.core.dispatch('environments.save', { id: saved.id, name: 'Staging', apiBaseUrl: elsewhere.url, authUrl: null, clientId: null }));
    expect(await secrets.get(SECRET_ACCOUNTS.pat)).toBeNull();
    expect(value<SessionState>(await t.core.dispatch('environments.activate', { id: saved.id })).status).toBe('signed-out');
    expect(elsewhere.seen.filter((r) => r.headers.authorization)).toEqual([]);
  });

  it('a bogus personal access token pasted while signed in through the browser is refused, and the browser sign-in keeps working (point 7)', async () => {
    const t = await core();
    await signIn(t);
    const secrets = t.core.environments.active.secrets;
    const refreshToken = await secrets.get(SECRET_ACCOUNTS.refreshToken);
    expect(refreshToken).toBeTruthy();

    const bogus = await t.core.dispatch('auth.signInWithToken', { token: 'pat_this-token-was-never-issued' });
    expect(bogus).toMatchObject({ ok: false, error: { code: 'sign_in_failed', message: expect.stringContaining('refused this personal access token') } });
    expect(t.core.environments.active.session.getState()).toMatchObject({ status: 'signed-in', method: 'oauth' });
    expect(await secrets.get(SECRET_ACCOUNTS.refreshToken)).toBe(refreshToken);
    expect(await secrets.get(SECRET_ACCOUNTS.pat)).toBeNull();
    expect((await t.core.dispatch('receiving.list', { page: 1, limit: 5 })).ok).toBe(true);
    // The browser sign-in still refreshes.
    t.core.environments.active.session.expireAccessToken();
    expect((await t.core.dispatch('receiving.list', { page: 1, limit: 5 })).ok).toBe(true);
  });

  it('signing out during a refresh sticks: the rotated token is not written back and every call fails as signed out (point 9)', async () => {
    const t = await core();
    await signIn(t);
    const session = t.core.environments.active.session;
    const secrets = t.core.environments.active.secrets;
    // A slow token endpoint, so the sign-out lands while the refresh is on its way.
    await control(t, 'PUT', '/faults', { latencyMs: 400, includeAuth: true });
    session.expireAccessToken();
    const asked = vi.spyOn(TokenClient.prototype, 'refresh');
    const inFlight = session.getAccessToken();
    inFlight.catch(() => {});
    // The refresh has gone to the token endpoint (past the keychain read), where the latency holds it.
    await vi.waitFor(() => expect(asked).toHaveBeenCalled(), { interval: 5 });
    asked.mockRestore();
    expect(value<SessionState>(await t.core.dispatch('auth.signOut', {})).status).toBe('signed-out');
    await expect(inFlight).rejects.toMatchObject({ appError: { code: 'not_signed_in' } });
    await control(t, 'DELETE', '/faults');

    expect(await secrets.get(SECRET_ACCOUNTS.refreshToken)).toBeNull();
    expect(session.getState().status).toBe('signed-out');
    expect(await t.core.dispatch('receiving.list', { page: 1, limit: 5 })).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    await expect(session.getAccessToken()).rejects.toMatchObject({ appError: { code: 'not_signed_in' } });
  });

  it('a valid token pasted while a browser sign-in waits cancels that sign-in first, then is accepted (point 10)', async () => {
    const t = await core();
    value(await t.core.dispatch('auth.signIn', {}));
    const redirectUri = t.core.environments.active.session.pendingRedirectUri!;
    expect(t.core.environments.active.session.getState().status).toBe('signing-in');

    const state = value<SessionState>(await t.core.dispatch('auth.signInWithToken', { token: await newPat(t) }));
    expect(state).toMatchObject({ status: 'signed-in', method: 'pat', channel: { id: 7301 } });
    expect(t.core.environments.active.session.pendingRedirectUri).toBeNull();
    await expect(fetch(redirectUri, { method: 'POST' })).rejects.toThrow();
    expect((await t.core.dispatch('receiving.list', { page: 1, limit: 5 })).ok).toBe(true);
    expect(t.core.environments.active.session.getState()).toMatchObject({ status: 'signed-in', method: 'pat' });
  });
});
