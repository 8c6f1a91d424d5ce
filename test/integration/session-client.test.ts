import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DispatcherPool } from '../../electron/core/api/dispatchers.js';
import { createReturn } from '../../areas/returns/core/resources.js';
import { SECRET_ACCOUNTS, SessionService } from '../../electron/core/auth/session.js';
import { TokenClient } from '../../electron/core/auth/token-client.js';
import { LOCAL_CLIENT } from '../../electron/core/environments/local-emulator.js';
import { REQUESTED_SCOPES } from '../../electron/core/auth/environment.js';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store.js';
import { SettingsService, DEFAULT_SETTINGS, type Settings } from '../../electron/core/settings/settings.js';
import type { SessionState } from '../../shared/schemas/session.js';
import type { AppErrorException } from '../../shared/errors.js';
import { completeConsent } from '../support/consent.js';
import { FileSecretStore } from '../support/file-secret-store.js';
import { createTestCore, emulatorControl, sessionReason, signIn } from '../support/test-core.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

type TestCore = Awaited<ReturnType<typeof createTestCore>>;
const cleanups = cleanupsAfterEach();
async function core(options: Parameters<typeof createTestCore>[0] = {}): Promise<TestCore> {
  const c = await createTestCore(options);
  cleanups.push(() => c.dispose());
  return c;
}

const control = emulatorControl;
const requests = async (t: TestCore) =>
  ((await control(t, 'GET', '/requests')) as { items: { method: string; path: string; status: number; fault: string | null }[] }).items;
const value = <T>(r: { ok: boolean; value?: unknown; error?: unknown }): T => {
  if (!r.ok) throw new Error(`call failed: ${JSON.stringify(r.error)}`);
  return r.value as T;
};

/** A session wired by hand to the core's emulator, for the response-mode and id_token cases. */
function bareSession(t: TestCore, overrides: { responseMode?: 'form_post' | 'fragment'; timeoutMs?: number } = {}) {
  const states: SessionState[] = [];
  const failures: { code: string; message: string }[] = [];
  const settingsData: { value: Settings } = { value: structuredClone(DEFAULT_SETTINGS) };
  const pool = new DispatcherPool();
  cleanups.push(() => pool.close());
  const url = t.core.emulator.url;
  const session = new SessionService({
    environment: { id: 'local', name: 'Local emulator', kind: 'local', apiBaseUrl: url, authUrl: url, ...LOCAL_CLIENT, scopes: REQUESTED_SCOPES },
    secrets: new MemorySecretStore(),
    secretsFallbackReason: null,
    settings: new SettingsService({ read: () => settingsData.value, write: (v) => (settingsData.value = v) }),
    tokenClient: new TokenClient({ authUrl: url, ...LOCAL_CLIENT }, pool),
    fetchChannels: async () => [],
    checkToken: async () => [],
    onStateChange: (s) => states.push(s),
    onSignInFailed: (e) => failures.push(e),
    ...(overrides.responseMode ? { responseMode: async () => overrides.responseMode! } : {}),
    ...(overrides.timeoutMs ? { signInTimeoutMs: overrides.timeoutMs } : {}),
  });
  cleanups.push(async () => session.dispose());
  const waitFor = <T>(f: () => T | undefined) =>
    vi.waitFor(
      () => {
        const v = f();
        if (v === undefined) throw new Error('timed out');
        return v;
      },
      { timeout: 6_000, interval: 20 },
    );
  return { session, states, failures, waitFor };
}

describe('browser sign-in, hardened', () => {
  it('completes in both response modes: form_post (the default) and fragment through the relay page', async () => {
    const t = await core();
    const { authorizeUrl } = await signIn(t);
    expect(new URL(authorizeUrl).searchParams.get('response_mode')).toBe('form_post');

    const { session, states, waitFor } = bareSession(t, { responseMode: 'fragment' });
    const started = await session.beginSignIn();
    expect(new URL(started.authorizeUrl).searchParams.get('response_mode')).toBe('fragment');
    const outcome = await completeConsent(started.authorizeUrl);
    expect(outcome.callbackBody).toContain('Sign-in complete');
    await waitFor(() => states.find((s) => s.status === 'signed-in'));
  });

  it('ignores a callback with the wrong state, and still completes with the right one', async () => {
    const t = await core();
    const started = value<{ authorizeUrl: string }>(await t.core.dispatch('auth.signIn', {}));
    const redirect = t.core.environments.active.session.pendingRedirectUri!;
    const forged = await fetch(redirect, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code: 'forged', state: 'not-the-state' }),
    });
    expect(forged.status).toBe(400);
    expect(t.core.environments.active.session.getState().status).toBe('signing-in');
    await completeConsent(started.authorizeUrl);
    await t.waitForEvent('session.changed', (s) => s.status === 'signed-in');
  });

  it('refuses an id_token that carries another nonce', async () => {
    const t = await core();
    const started = value<{ authorizeUrl: string }>(await t.core.dispatch('auth.signIn', {}));
    const url = new URL(started.authorizeUrl);
    url.searchParams.set('nonce', 'a-different-nonce');
    await completeConsent(url.toString());
    const failure = await t.waitForEvent('auth.failed');
    expect(failure).toMatchObject({ code: 'sign_in_failed', said: { id: 'errors.signIn.untrusted' }, detail: expect.stringContaining('nonce') });
    expect(t.core.environments.active.session.getState().status).toBe('signed-out');
  });

  it('times out, says so, and closes the listener', async () => {
    const t = await core();
    const { session, failures, waitFor } = bareSession(t, { timeoutMs: 200 });
    await session.beginSignIn();
    const redirect = session.pendingRedirectUri!;
    const failure = await waitFor(() => failures[0]);
    expect(failure).toMatchObject({ code: 'sign_in_timeout' });
    expect(session.getState().status).toBe('signed-out');
    await expect(fetch(redirect)).rejects.toThrow();
  });

  it('treats access_denied as "sign-in cancelled", not as a failure', async () => {
    const t = await core();
    const started = value<{ authorizeUrl: string }>(await t.core.dispatch('auth.signIn', {}));
    await completeConsent(started.authorizeUrl, { decision: 'deny' });
    expect(await t.waitForEvent('auth.failed')).toMatchObject({ code: 'sign_in_cancelled', message: 'Sign-in cancelled.' });
    expect(t.core.environments.active.session.getState().reason).toEqual([]);
  });
});

describe('personal access tokens and channels', () => {
  it('signs in with a pasted PAT, refuses a wrong one, and keeps it only in the secret store', async () => {
    const t = await core();
    const { token } = (await control(t, 'POST', '/pats', { name: 'desk' })) as { token: string };
    const wrong = await t.core.dispatch('auth.signInWithToken', { token: 'pat_not-a-real-token' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'sign_in_failed', message: expect.stringContaining('refused') } });
    expect(t.core.environments.active.session.getState().status).toBe('signed-out');

    const state = value<SessionState>(await t.core.dispatch('auth.signInWithToken', { token }));
    expect(state).toMatchObject({ status: 'signed-in', method: 'pat', channel: { id: 7301 } });
    expect(JSON.stringify(state)).not.toContain(token);
    expect(await t.core.environments.active.secrets.get(SECRET_ACCOUNTS.pat)).toBe(token);
    expect(value<{ items: unknown[] }>(await t.core.dispatch('receiving.list', { page: 1, limit: 5 })).items).toHaveLength(5);

    // Revoked at the service: the next call signs the user out with the reason. The sign-in's first
    // inventory sync ends first, so the next call is the list's (else the sync's may meet the 401).
    await t.inventorySyncsEnded(1);
    const pats = (await control(t, 'GET', '/pats')) as { items: { id: string }[] };
    await control(t, 'DELETE', `/pats/${pats.items[0]!.id}`);
    expect(await t.core.dispatch('receiving.list', { page: 1, limit: 5 })).toMatchObject({ ok: false, error: { code: 'session_expired' } });
    expect(t.core.environments.active.session.getState().status).toBe('signed-out');
    expect(sessionReason(t.core.environments.active.session.getState())).toContain('revoked');
  });

  it('asks which channel to use when several can write, and remembers the choice', async () => {
    const t = await core();
    await t.core.emulator.control.add('channels', [
      {
        id: 7303,
        name: 'Second Warehouse Desk',
        application_name: 'SMA',
        scopes: ['receiving_write', 'receiving_read'],
      },
    ]);
    const { token } = (await control(t, 'POST', '/pats', { name: 'desk' })) as { token: string };
    const state = value<SessionState>(await t.core.dispatch('auth.signInWithToken', { token }));
    expect(state.channel).toBeNull();
    expect(state.channelChoices.map((c) => c.id)).toEqual([7301, 7303]);
    expect(await t.core.dispatch('session.chooseChannel', { channelId: 7302 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const chosen = value<SessionState>(await t.core.dispatch('session.chooseChannel', { channelId: 7303 }));
    expect(chosen).toMatchObject({ channel: { id: 7303 }, channelChoices: [] });
    // Signing in again keeps the remembered choice.
    await t.core.dispatch('auth.signInWithToken', { token });
    expect(t.core.environments.active.session.getState().channel).toMatchObject({ id: 7303 });
  });
});

describe('token lifecycle', () => {
  it('50 concurrent calls with an expired access token cause exactly one refresh', async () => {
    const t = await core();
    await signIn(t);
    await control(t, 'DELETE', '/requests');
    t.core.environments.active.session.expireAccessToken();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => t.core.dispatch('receiving.list', { page: (i % 3) + 1, limit: 10 })));
    expect(results.every((r) => r.ok)).toBe(true);
    const log = await requests(t);
    expect(log.filter((r) => r.method === 'POST' && r.path === '/connect/token')).toHaveLength(1);
    expect(log.filter((r) => r.path === '/2026-07/receiving')).toHaveLength(50);
  });

  it('a crash between receiving and storing a rotated refresh token ends in a clean "please sign in again", with local files untouched', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const store = new FileSecretStore(join(dataDir, '..', `${dataDir.split('/').pop()}-secrets.json`));
    cleanups.push(() => rm(join(dataDir, '..', `${dataDir.split('/').pop()}-secrets.json`), { force: true }));
    const openSecrets = async () => ({ store, fallbackReason: null });

    const first = await createTestCore({ dataDir, openSecrets });
    await signIn(first);
    const draft = join(dataDir, 'return-drafts.json');
    await writeFile(draft, JSON.stringify([{ reference_id: 'RMA-draft-1', lines: [{ sku: 'X', quantity: 2 }] }]));
    // The service rotates the refresh token; the process "dies" before the keychain write.
    first.core.environments.active.session.expireAccessToken();
    store.crashOnNextSet = true;
    const during = await first.core.dispatch('receiving.list', { page: 1, limit: 5 });
    expect(during.ok).toBe(false);
    await first.dispose(false);

    const second = await createTestCore({ dataDir, openSecrets });
    cleanups.push(() => second.dispose(false));
    // The restart finds the stale refresh token on its first call: this one, or the inventory sync the
    // restart starts by itself, whichever asks first. Either way the call fails as signed out, and the
    // session says why: sign in again.
    const after = await second.core.dispatch('receiving.list', { page: 1, limit: 5 });
    expect(after).toMatchObject({ ok: false, error: { code: expect.stringMatching(/^(session_expired|not_signed_in)$/) } });
    expect(second.core.environments.active.session.getState().status).toBe('signed-out');
    expect(sessionReason(second.core.environments.active.session.getState())).toMatch(/sign in again/i);
    expect(await store.get(SECRET_ACCOUNTS.refreshToken)).toBeNull();
    expect(JSON.parse(await readFile(draft, 'utf8'))).toEqual([{ reference_id: 'RMA-draft-1', lines: [{ sku: 'X', quantity: 2 }] }]);
    // And signing in again works.
    await signIn(second);
  });
});

describe('resilience under faults', () => {
  it('every read completes under 20% 5xx, 429 bursts and dropped connections; the log shows the faults', async () => {
    const t = await core();
    await signIn(t);
    await control(t, 'DELETE', '/requests');
    await control(t, 'PUT', '/faults', { errorRate: 0.2, rateLimitRate: 0.08, retryAfterSeconds: 1, dropRate: 0.05, malformedRate: 0.03, seed: 11 });
    const ids: number[] = [];
    for (let page = 1; page <= 8; page++)
      ids.push(...value<{ items: { id: number }[] }>(await t.core.dispatch('receiving.list', { page, limit: 10 })).items.map((o) => o.id));
    for (const id of ids.slice(0, 15)) expect(value<{ id: number }>(await t.core.dispatch('receiving.get', { id })).id).toBe(id);
    await control(t, 'DELETE', '/faults');
    // 64 generated orders and the 7 of the day's scenario.
    expect(new Set(ids).size).toBe(71);
    const faults = (await requests(t)).map((r) => r.fault).filter(Boolean);
    expect(faults).toContain('5xx');
    expect(faults).toContain('429');
  });

  it('a write that reached the service is never sent twice: lost answers are reconciled by reference id', async () => {
    const t = await core();
    await signIn(t);
    const api = t.core.environments.active.api;
    const items = (await t.core.emulator.control.data('inventory')).filter((i) => !i.is_bundle && !i.is_digital && !i.is_lot && i.levels.length);
    await control(t, 'DELETE', '/requests');
    await control(t, 'PUT', '/faults', { errorRate: 0.15, dropResponseRate: 0.35, dropRate: 0.1, seed: 5 });
    const refs = Array.from({ length: 8 }, (_, i) => `RMA-RESILIENT-${i}`);
    // Which request meets which fault depends on what else the desk sends meanwhile, so a call may
    // still fail after its retries; what must never happen is a return created twice.
    const answered: string[] = [];
    for (const [i, ref] of refs.entries()) {
      const body = {
        reference_id: ref,
        fulfillment_center: { id: items[i]!.levels[0]!.fc_id },
        inventory: [{ id: items[i]!.inventory_id, quantity: 1 }],
        tracking_number: `1ZR${i}`,
      };
      try {
        expect((await createReturn(api, body, 7301)).reference_id).toBe(ref);
        answered.push(ref);
      } catch (error) {
        // Service trouble that outlasted the retries, said as such; a refusal (a duplicate reference
        // id, say) would mean a write was sent again after it had landed.
        expect(['network', 'server', 'timeout']).toContain((error as AppErrorException).appError.code);
      }
    }
    await control(t, 'DELETE', '/faults');
    const created = (await t.core.emulator.control.data('returns')).filter((r) => r.reference_id.startsWith('RMA-RESILIENT-')).map((r) => r.reference_id);
    expect(new Set(created).size).toBe(created.length);
    expect(created).toEqual(expect.arrayContaining(answered));
    const posts = (await requests(t)).filter((r) => r.method === 'POST' && r.path === '/2026-07/return');
    // Requests the service carried out: answered normally, or carried out with the answer lost.
    const carriedOut = posts.filter((r) => r.fault === null || r.fault === 'drop-response');
    expect(carriedOut).toHaveLength(created.length);
    // The case under test happened: some answers were lost and the caller still got its return.
    expect(posts.some((r) => r.fault === 'drop-response')).toBe(true);
    expect(answered.length).toBeGreaterThan(refs.length / 2);
  });

  it('a write whose answer is lost and that cannot reconcile is not sent again, and says so', async () => {
    const t = await core();
    await signIn(t);
    const api = t.core.environments.active.api;
    const { ReturnRecord } = await import('../../shared/schemas/returns.js');
    const item = (await t.core.emulator.control.data('inventory')).find((i) => !i.is_bundle && !i.is_digital && i.levels.length)!;
    await control(t, 'DELETE', '/requests');
    await control(t, 'PUT', '/faults', { dropResponseRate: 1 });
    const attempt = api.call('return.create', {
      schema: ReturnRecord,
      channelId: 7301,
      body: { reference_id: 'RMA-NO-RECONCILE', fulfillment_center: { id: item.levels[0]!.fc_id }, inventory: [{ id: item.inventory_id, quantity: 1 }] },
    });
    await expect(attempt).rejects.toMatchObject({ appError: { code: 'network', message: expect.stringContaining('not sent again') } });
    await control(t, 'DELETE', '/faults');
    expect((await requests(t)).filter((r) => r.method === 'POST' && r.path === '/2026-07/return')).toHaveLength(1);
  });
});

describe('environments', () => {
  it('adds a custom environment with validation, tests its connection, signs in with a PAT there, and switches back', async () => {
    const t = await core();
    const url = t.core.emulator.url;
    const bad = await t.core.dispatch('environments.save', { name: 'Staging', apiBaseUrl: 'http://staging.example.com', authUrl: null, clientId: null });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', fieldErrors: { apiBaseUrl: [expect.stringContaining('https')] } } });

    const test = value<{ ok: boolean; checks: { name: string; ok: boolean }[] }>(await t.core.dispatch('environments.test', { apiBaseUrl: url, authUrl: url }));
    expect(test).toMatchObject({
      ok: true,
      checks: [
        { name: 'Sign-in host', ok: true },
        { name: 'API host', ok: true },
      ],
    });
    const unreachable = value<{ ok: boolean; checks: { detail: string }[] }>(
      await t.core.dispatch('environments.test', { apiBaseUrl: 'http://127.0.0.1:9', authUrl: null }),
    );
    expect(unreachable.ok).toBe(false);
    expect(unreachable.checks[0]!.detail).toContain('cannot be reached');

    const saved = value<{ id: string; canSignInWithToken: boolean; canSignInWithBrowser: boolean }>(
      await t.core.dispatch('environments.save', {
        name: 'Staging',
        apiBaseUrl: url,
        authUrl: url,
        clientId: LOCAL_CLIENT.clientId,
        clientSecret: LOCAL_CLIENT.clientSecret,
      }),
    );
    expect(saved).toMatchObject({ canSignInWithToken: true, canSignInWithBrowser: true });
    const switched = value<SessionState>(await t.core.dispatch('environments.activate', { id: saved.id }));
    expect(switched).toMatchObject({ environment: { id: saved.id, name: 'Staging' }, status: 'signed-out' });
    const { token } = (await control(t, 'POST', '/pats', { name: 'staging' })) as { token: string };
    expect(value<SessionState>(await t.core.dispatch('auth.signInWithToken', { token })).status).toBe('signed-in');

    const back = value<SessionState>(await t.core.dispatch('environments.activate', { id: 'local' }));
    expect(back).toMatchObject({ environment: { id: 'local' }, status: 'signed-out' });
    // Each environment keeps its own sign-in.
    expect(value<SessionState>(await t.core.dispatch('environments.activate', { id: saved.id })).status).toBe('signed-in');
    const removed = value<{ activeId: string; items: { id: string }[] }>(await t.core.dispatch('environments.remove', { id: saved.id }));
    expect(removed.activeId).toBe('local');
    expect(removed.items.map((e) => e.id)).toEqual(['local', 'sandbox', 'production']);
  });

  it('tokens appear nowhere outside the secret store and main memory: not in settings, data files, logs or any IPC answer', async () => {
    const t = await core();
    const answers: unknown[] = [];
    const call = async (channel: string, input: unknown) => {
      const r = await t.core.dispatch(channel, input);
      answers.push(r);
      return r;
    };
    const started = value<{ authorizeUrl: string }>(await call('auth.signIn', {}));
    await completeConsent(started.authorizeUrl);
    await t.waitForEvent('session.changed', (s) => s.status === 'signed-in');
    for (const channel of ['session.get', 'environments.list', 'app.info']) await call(channel, {});
    await call('receiving.list', { page: 1, limit: 50 });
    const secrets = t.core.environments.active.secrets;
    const access = await t.core.environments.active.session.getAccessToken();
    const refresh = (await secrets.get(SECRET_ACCOUNTS.refreshToken))!;
    const { token: pat } = (await control(t, 'POST', '/pats', { name: 'x' })) as { token: string };
    await call('auth.signInWithToken', { token: pat });
    await call('session.get', {});
    await t.core.environments.active.session.getAccessToken();
    // Closing writes everything a desk keeps (settings, drafts, logs, the emulator's state) to disk.
    await t.core.close();

    const files: string[] = [];
    for (const entry of await readdir(t.dataDir, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) files.push(await readFile(join(entry.parentPath, entry.name), 'utf8'));
    const haystacks = [...files, ...t.logs, JSON.stringify(answers), JSON.stringify(t.events)];
    expect(files.length).toBeGreaterThan(2);
    for (const secret of [access, refresh, pat]) for (const h of haystacks) expect(h).not.toContain(secret);
  });
});
