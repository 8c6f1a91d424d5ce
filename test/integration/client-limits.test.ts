import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient } from '../../electron/core/api/api-client.js';
import { BODY_LIMITS } from '../../electron/core/api/body-limit.js';
import { ConnectivityMonitor } from '../../electron/core/api/connectivity.js';
import { DispatcherPool } from '../../electron/core/api/dispatchers.js';
import { errorFromTransport } from '../../electron/core/api/errors.js';
import { listChannels } from '../../electron/core/api/resources.js';
import { TokenClient } from '../../electron/core/auth/token-client.js';
import { testConnection } from '../../electron/core/environments/connection-test.js';
import { AppErrorException } from '../../shared/errors.js';
import { startLoopbackServer } from '../support/loopback-server.js';
import { createTestCore, emulatorControl } from '../support/test-core.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

type TestCore = Awaited<ReturnType<typeof createTestCore>>;
const cleanups = cleanupsAfterEach();
async function core(): Promise<TestCore> {
  const c = await createTestCore();
  cleanups.push(() => c.dispose());
  return c;
}
function pool(): DispatcherPool {
  const p = new DispatcherPool();
  cleanups.push(() => p.close());
  return p;
}
const control = emulatorControl;
/** API requests the emulator has seen (its control API's own requests aside). */
const requestCount = async (t: TestCore) =>
  ((await control(t, 'GET', '/requests')) as { items: { path: string }[] }).items.filter((r) => !r.path.startsWith('/__emulator')).length;
const fixedToken = (token: string) => ({ getAccessToken: async () => token });
const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppErrorException);
  return (error as AppErrorException).appError;
};

/** A loopback host that answers any GET with an endless JSON body, or never answers at all. */
async function misbehavingHost() {
  let base = '';
  const host = await startLoopbackServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/silent')) return; // accepts, never answers
    if (url.pathname === '/small/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          issuer: `${base}/small`,
          authorization_endpoint: `${base}/small/auth`,
          token_endpoint: `${base}/endless-token`,
          jwks_uri: `${base}/small/jwks`,
        }),
      );
      return;
    }
    req.resume();
    endless(res);
  });
  base = host.url;
  cleanups.push(host.close);
  return host.url;
}

function endless(res: ServerResponse): void {
  const chunk = Buffer.from(`"${'x'.repeat(64 * 1024 - 3)}",`);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"items":[');
  let open = true;
  res.on('close', () => (open = false));
  const pump = () => {
    while (open && res.write(chunk));
    if (open) res.once('drain', pump);
  };
  pump();
}

describe('token alphabet, argument errors and deadlines (point 8)', () => {
  it('refuses a pasted token with characters outside RFC 6750 b64token at the boundary, without a request', async () => {
    const t = await core();
    const before = await requestCount(t);
    for (const token of ['pat_abc\u200bdef0123456789', 'pat_abc def0123456789', 'pat_abc\ndef0123456789']) {
      const result = await t.core.dispatch('auth.signInWithToken', { token });
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', fieldErrors: { token: [expect.stringContaining('characters a token cannot have')] } },
      });
    }
    // The session refuses it as well, for any caller that is not the IPC boundary.
    expect(await rejection(t.core.environments.active.session.signInWithPat('pat_abc\u200bdef0123456789'))).toMatchObject({ code: 'invalid_input' });
    expect(await requestCount(t)).toBe(before);
    expect(t.core.environments.active.session.getState().status).toBe('signed-out');
  });

  it('many failing calls (bad tokens, 404s, dropped connections) leave the client usable', async () => {
    const t = await core();
    const { token } = (await control(t, 'POST', '/pats', { name: 'limits' })) as { token: string };
    const shared = pool();
    const monitor = new ConnectivityMonitor(() => {});
    const bad = new ApiClient(t.core.emulator.url, shared, fixedToken('pat_abc\u200bdef0123456789'), monitor);
    const good = new ApiClient(t.core.emulator.url, shared, fixedToken(token), monitor);
    const before = await requestCount(t);

    // An argument error is never retried and never reaches the wire.
    const failures = await Promise.all(Array.from({ length: 40 }, () => rejection(listChannels(bad))));
    expect(failures.every((f) => f.code === 'invalid_input' && !f.retryable)).toBe(true);
    expect(await requestCount(t)).toBe(before);

    const missing = await Promise.all(
      Array.from({ length: 30 }, (_, i) => rejection(good.call('receiving.get', { params: { id: 990_000 + i }, schema: z.unknown() }))),
    );
    expect(missing.every((f) => f.code === 'not_found')).toBe(true);

    await control(t, 'PUT', '/faults', { dropRate: 1 });
    const dropped = await Promise.all(Array.from({ length: 16 }, () => rejection(listChannels(good))));
    expect(dropped.every((f) => f.code === 'network')).toBe(true);
    await control(t, 'DELETE', '/faults');

    const channels = await listChannels(good);
    expect(channels.map((c) => c.id)).toContain(7301);
  });

  it('an argument error from undici is never retried', () => {
    const error = errorFromTransport('GET /2026-07/channel', Object.assign(new Error('invalid authorization header'), { code: 'UND_ERR_INVALID_ARG' }));
    expect(error.appError.retryable).toBe(false);
  });

  it('every call has an overall deadline: a host that accepts and never answers ends in a timeout error', async () => {
    const host = await misbehavingHost();
    const api = new ApiClient(`${host}/silent`, pool(), fixedToken('pat_valid-looking-token'), new ConnectivityMonitor(() => {}), { callDeadlineMs: 400 });
    const started = Date.now();
    const error = await rejection(api.call('channel.list', { schema: z.unknown() }));
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('No answer within');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('every body read is capped (point 11)', () => {
  it('an endless API answer stops at the cap with a clear error, and the client stays usable', async () => {
    const host = await misbehavingHost();
    const shared = pool();
    const api = new ApiClient(host, shared, fixedToken('pat_valid-looking-token'), new ConnectivityMonitor(() => {}));
    const error = await rejection(listChannels(api));
    expect(error).toMatchObject({ code: 'bad_response', message: expect.stringContaining(`larger than ${BODY_LIMITS.apiBytes / (1024 * 1024)} MB`) });
    expect(process.memoryUsage().rss).toBeLessThan(2 * 1024 ** 3);
    // The same pool still serves another call to the same host.
    expect(await rejection(listChannels(api))).toMatchObject({ code: 'bad_response' });
  });

  it('"Test connection" stops reading an endless discovery document or API answer', async () => {
    const host = await misbehavingHost();
    const result = await testConnection(pool(), { apiBaseUrl: host, authUrl: host });
    expect(result.ok).toBe(false);
    for (const check of result.checks) expect(check.detail).toContain('larger than 512 KB');
  });

  it('discovery and the token endpoint stop reading an endless answer', async () => {
    const host = await misbehavingHost();
    const endlessDiscovery = new TokenClient({ authUrl: host, clientId: 'c', clientSecret: 's' }, pool());
    expect(await rejection(endlessDiscovery.metadata())).toMatchObject({ message: expect.stringContaining('larger than 512 KB') });

    const endlessToken = new TokenClient({ authUrl: `${host}/small`, clientId: 'c', clientSecret: 's' }, pool());
    expect(await rejection(endlessToken.refresh('rt_whatever'))).toMatchObject({ message: expect.stringContaining('larger than 512 KB') });
  });
});
