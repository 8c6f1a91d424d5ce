import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import * as oauth from 'oauth4webapi';
import { DEMO_USER, DOCKDESK_CLIENT } from '../../emulator/auth/registry.js';
import { THROTTLE } from '../../emulator/auth/password-throttle.js';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';
import { completeConsent } from '../support/consent.js';
import { emulatorWithPat } from '../support/emulator-client.js';

/** The emulator's local surfaces, spoken to as a hostile page or a careless client would. */
let emu: RunningEmulator;
let port: number;
beforeAll(async () => {
  emu = await startEmulator();
  port = Number(new URL(emu.url).port);
});
afterAll(async () => {
  await emu.close();
});

const REDIRECT = 'http://127.0.0.1:49152/callback';

async function authorizeUrl(overrides: Record<string, string> = {}, verifier = oauth.generateRandomCodeVerifier()): Promise<string> {
  const url = new URL('/connect/authorize', emu.url);
  const params = {
    client_id: DOCKDESK_CLIENT.clientId,
    response_type: 'code',
    scope: 'openid offline_access receiving_read',
    redirect_uri: REDIRECT,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: 'st',
    integration_name: 'test',
    ...overrides,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

const controlRaw = (path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  request(`${emu.url}/__emulator${path}`, {
    method: (options.method ?? 'POST') as 'POST',
    headers: options.headers ?? {},
    ...(options.body !== undefined ? { body: options.body } : {}),
  });

describe('control API (point 13)', () => {
  it('refuses a bodyless POST /__emulator/reset and a form post: writes take JSON only', async () => {
    const before = await emu.control.dataInfo();
    const bodyless = await controlRaw('/reset');
    expect(bodyless.statusCode).toBe(415);
    expect(await bodyless.body.text()).toMatch(/application\/json/);
    const form = await controlRaw('/reset', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'seed=3' });
    expect(form.statusCode).toBe(415);
    await form.body.dump();
    const plain = await controlRaw('/faults', { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: '{"errorRate":1}' });
    expect(plain.statusCode).toBe(415);
    await plain.body.dump();
    expect(await emu.control.dataInfo()).toEqual(before);
    expect((await (await fetch(`${emu.url}/__emulator/faults`)).json()) as { errorRate: number }).toMatchObject({ errorRate: 0 });
  });

  it('refuses a foreign Origin, even with a JSON body', async () => {
    const res = await controlRaw('/reset', { headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: '{}' });
    expect(res.statusCode).toBe(403);
    expect(await res.body.text()).toMatch(/other origins/);
    const opaque = await controlRaw('/faults', { method: 'GET', headers: { origin: 'null' } });
    expect(opaque.statusCode).toBe(403);
    await opaque.body.dump();
  });

  it('refuses a foreign Host (DNS rebinding) and accepts its own loopback names', async () => {
    const rebound = await controlRaw('/reset', { headers: { host: `attacker.example:${port}`, 'content-type': 'application/json' }, body: '{}' });
    expect(rebound.statusCode).toBe(403);
    expect(await rebound.body.text()).toMatch(/Host/);
    const otherPort = await controlRaw('/faults', { method: 'GET', headers: { host: `127.0.0.1:${port + 1}` } });
    expect(otherPort.statusCode).toBe(403);
    await otherPort.body.dump();
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const ok = await controlRaw('/clock', { method: 'GET', headers: { host, origin: `http://${host}` } });
      expect(ok.statusCode).toBe(200);
      await ok.body.dump();
    }
    const reset = await controlRaw('/reset', { headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"seed":5}' });
    expect(reset.statusCode).toBe(200);
    expect(await reset.body.json()).toMatchObject({ seed: 5 });
  });

  it('refuses a consent form posted from another origin (login CSRF) and accepts its own', async () => {
    const page = await (await fetch(await authorizeUrl())).text();
    const interaction = /name="interaction" value="([^"]+)"/.exec(page)![1]!;
    const form = new URLSearchParams({ interaction, email: DEMO_USER.email, password: DEMO_USER.password, decision: 'approve' });
    const foreign = await fetch(`${emu.url}/connect/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: form,
      redirect: 'manual',
    });
    expect(foreign.status).toBe(403);
    const own = await fetch(`${emu.url}/connect/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: emu.url },
      body: form,
      redirect: 'manual',
    });
    expect(own.status).toBe(302);
    expect(new URL(own.headers.get('location')!).hash).toMatch(/code=/);
  });
});

describe('emulator OAuth (point 14)', () => {
  const tokenRequest = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${emu.url}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields),
    });

  it('answers a malformed %-escape in Basic client authentication with invalid_client, not 500', async () => {
    const basic = Buffer.from(`${DOCKDESK_CLIENT.clientId}:%E0%A4%A`).toString('base64');
    const res = await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'rt_x' }, { authorization: `Basic ${basic}` });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('still authenticates a correct Basic secret and refuses a wrong one of the same length', async () => {
    const basic = (secret: string) =>
      `Basic ${Buffer.from(`${encodeURIComponent(DOCKDESK_CLIENT.clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const right = await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'rt_unknown' }, { authorization: basic(DOCKDESK_CLIENT.clientSecret) });
    expect(await right.json()).toMatchObject({ error: 'invalid_grant' }); // authenticated; the token is what is wrong
    const wrong = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: 'rt_unknown' },
      { authorization: basic(DOCKDESK_CLIENT.clientSecret.replace(/.$/, 'X')) },
    );
    expect(wrong.status).toBe(401);
  });

  it('refuses a redirect_uri carrying a fragment with an error page, never redirecting', async () => {
    const res = await fetch(await authorizeUrl({ redirect_uri: `${REDIRECT}#frag` }), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/fragment/);
  });

  it('does not claim tokens were revoked when a wrong code_verifier meant none were issued', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const { fields } = await completeConsent(await authorizeUrl({}, verifier), { deliver: false });
    const exchange = (v: string) =>
      tokenRequest({
        grant_type: 'authorization_code',
        code: fields.get('code')!,
        redirect_uri: REDIRECT,
        code_verifier: v,
        client_id: DOCKDESK_CLIENT.clientId,
        client_secret: DOCKDESK_CLIENT.clientSecret,
      });
    const wrong = (await (await exchange(oauth.generateRandomCodeVerifier())).json()) as { error_description: string };
    expect(wrong.error_description).toMatch(/code_verifier/);
    const again = (await (await exchange(verifier)).json()) as { error: string; error_description: string };
    expect(again.error).toBe('invalid_grant');
    expect(again.error_description).not.toMatch(/revoked/);
  });

  it('slows down repeated wrong passwords with 429 and a clear wait, and lets the right one in after it', async () => {
    const own = await startEmulator();
    try {
      const url = new URL(await authorizeUrl());
      const target = new URL(url.pathname + url.search, own.url);
      const page = await (await fetch(target)).text();
      const interaction = /name="interaction" value="([^"]+)"/.exec(page)![1]!;
      const post = (password: string) =>
        fetch(`${own.url}/connect/authorize`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ interaction, email: DEMO_USER.email, password, decision: 'approve' }),
          redirect: 'manual',
        });
      for (let i = 0; i < THROTTLE.freeFailures; i++) expect((await post('wrong')).status).toBe(200);
      const slowed = await post(DEMO_USER.password); // even the right password waits now
      expect(slowed.status).toBe(429);
      const seconds = Number(slowed.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(0);
      expect(await slowed.text()).toMatch(/Too many wrong passwords\. Wait \d+ seconds?/);
      await own.control.advance(seconds);
      expect((await post(DEMO_USER.password)).status).toBe(302);
    } finally {
      await own.close();
    }
  });
});

describe('1.0 deprecation headers on refusals (point 15)', () => {
  it('carries Deprecation and Sunset when service_channel_id is missing, unknown or read-only', async () => {
    const { emu: e, api } = await emulatorWithPat();
    try {
      const readOnly = (await e.control.data('channels')).find((c) => !c.scopes.some((s) => s.endsWith('_write')))!;
      const cases = [
        await api.call('POST', '/1.0/return', { body: {}, channel: false }),
        await api.call('POST', '/1.0/return', { body: {}, channel: false, headers: { service_channel_id: '999999' } }),
        await api.call('POST', '/1.0/return', { body: {}, channel: false, headers: { service_channel_id: String(readOnly.id) } }),
        await new (api.constructor as typeof import('../support/emulator-client.js').EmulatorClient)(e.url, 'not-a-token').call('POST', '/1.0/return', {
          body: {},
        }),
      ];
      expect(cases.map((c) => c.status)).toEqual([400, 400, 403, 401]);
      for (const c of cases) {
        expect(c.headers.get('deprecation')).toBe('true');
        expect(c.headers.get('sunset')).toMatch(/GMT$/);
      }
    } finally {
      await e.close();
    }
  });
});

describe('npm run emulator on a taken port (point 16)', () => {
  it('names the port and the option that picks another, and exits non-zero', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/cli.ts', '--environments', 'production', '--port', String(taken)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).not.toBe(0);
      expect(stderr).toContain(`port ${taken}`);
      expect(stderr).toContain('--port');
    } finally {
      blocker.close();
    }
  });
});
