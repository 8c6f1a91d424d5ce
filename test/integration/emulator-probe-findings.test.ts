import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import * as oauth from 'oauth4webapi';
import { DEMO_USER, DOCKDESK_CLIENT } from '../../emulator/auth/registry.js';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';

/**
 * What an outside probe of the emulator's local surfaces found: a control API reached by an
 * encoded path, redirect URIs a URL parser made equal to the registered one, and sign-in pages that
 * answered to any Host. Spoken to as the probe spoke, with raw requests.
 */
let emu: RunningEmulator;
let port: number;
beforeAll(async () => {
  emu = await startEmulator();
  port = Number(new URL(emu.url).port);
});
afterAll(async () => {
  await emu.close();
});

const raw = (path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  request(`${emu.url}${path}`, {
    method: (options.method ?? 'GET') as 'GET',
    headers: options.headers ?? {},
    ...(options.body !== undefined ? { body: options.body } : {}),
  });

/** Any valid S256 challenge: these requests never reach the token endpoint. */
const CHALLENGE = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());

function authorizeQuery(overrides: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    client_id: DOCKDESK_CLIENT.clientId,
    response_type: 'code',
    scope: 'openid receiving_read',
    redirect_uri: 'http://127.0.0.1:49152/callback',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    state: 'st',
    integration_name: 'probe',
    ...overrides,
  });
  return `/connect/authorize?${params.toString()}`;
}

describe('the control API guard follows the route the router matched, not the raw URL', () => {
  it('refuses an encoded /__emulator/ path with a foreign Host and Origin: no PAT is minted', async () => {
    const foreign = { host: `attacker.example:${port}`, origin: 'https://attacker.example', 'content-type': 'application/json' };
    const before = (await emu.control.pats()).length;
    for (const path of ['/%5F%5Femulator/pats', '/%5f%5femulator/pats', '/_%5Femulator/pats', '/%5F_emulator/pats']) {
      const res = await raw(path, { method: 'POST', headers: foreign, body: '{"name":"probe"}' });
      expect(res.statusCode, path).toBe(403);
      expect(await res.body.text(), path).not.toMatch(/"token"/);
    }
    expect(await emu.control.pats()).toHaveLength(before);
  });

  it('refuses an encoded reset from a foreign Origin (a simple cross-site request): the data stays', async () => {
    const { generation } = await emu.control.dataInfo();
    for (const path of ['/%5f_emulator/reset', '/%5F%5Femulator/reset', '/__emulator/%72eset']) {
      const res = await raw(path, { method: 'POST', headers: { origin: 'https://attacker.example', 'content-type': 'application/json' }, body: '{}' });
      expect(res.statusCode, path).toBe(403);
      await res.body.dump();
    }
    // A reset replaces the data wholesale, one more seeding; the same count means none happened.
    expect((await emu.control.dataInfo()).generation).toBe(generation);
  });

  it('refuses every control route reached by an encoded path under a foreign Host', async () => {
    const routes: [string, string][] = [
      ['GET', '/%5F%5Femulator/'],
      ['GET', '/%5F%5Femulator/clock'],
      ['GET', '/%5F%5Femulator/faults'],
      ['PUT', '/%5F%5Femulator/faults'],
      ['DELETE', '/%5F%5Femulator/faults'],
      ['PUT', '/%5F%5Femulator/rate-limit'],
      ['GET', '/%5F%5Femulator/requests'],
      ['GET', '/%5F%5Femulator/webhook-deliveries'],
      ['GET', '/%5F%5Femulator/pats'],
      ['DELETE', '/%5F%5Femulator/pats/1'],
    ];
    for (const [method, path] of routes) {
      const res = await raw(path, { method, headers: { host: `rebound.example:${port}` }, ...(method === 'PUT' ? { body: '{}' } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      await res.body.dump();
    }
    // Its own loopback Host still reaches the same routes, encoded or not.
    const own = await raw('/%5F%5Femulator/clock', { headers: { host: `127.0.0.1:${port}` } });
    expect(own.statusCode).toBe(200);
    await own.body.dump();
  });
});

describe('redirect_uri is the registered string, only the loopback port varying', () => {
  it.each([
    'http://127.0.0.1:49152/foo/../callback',
    'http://127.0.0.1:49152/%2e%2e/callback',
    'http://evil.example@127.0.0.1:49152/callback',
    'http://127.1:49152/callback',
    'http://2130706433:49152/callback',
    'http://0x7f.0.0.1:49152/callback',
    'http://127.0.0.1.:49152/callback',
  ])('refuses %s with an error page, never redirecting', async (redirectUri) => {
    const res = await raw(authorizeQuery({ redirect_uri: redirectUri }), { headers: { host: `127.0.0.1:${port}` } });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(await res.body.text()).toContain('does not match a value registered');
  });

  it('accepts the registered loopback address of either family with any port', async () => {
    for (const redirectUri of ['http://127.0.0.1:49152/callback', 'http://[::1]:49152/callback']) {
      const res = await raw(authorizeQuery({ redirect_uri: redirectUri }), { headers: { host: `127.0.0.1:${port}` } });
      expect(res.statusCode, redirectUri).toBe(200);
      expect(await res.body.text()).toContain('name="interaction"');
    }
  });
});

describe('the sign-in pages answer only to this server’s own Host (no DNS rebinding)', () => {
  it('refuses the consent page and a consent post under a rebound Host, even with a matching Origin', async () => {
    const page = await raw(authorizeQuery(), { headers: { host: `rebound.example:${port}` } });
    expect(page.statusCode).toBe(403);
    expect(await page.body.text()).not.toContain('name="interaction"');

    const own = await (await fetch(`${emu.url}${authorizeQuery()}`)).text();
    const interaction = /name="interaction" value="([^"]+)"/.exec(own)![1]!;
    const form = new URLSearchParams({ interaction, email: DEMO_USER.email, password: DEMO_USER.password, decision: 'approve' }).toString();
    const rebound = await raw('/connect/authorize', {
      method: 'POST',
      headers: { host: `rebound.example:${port}`, origin: `http://rebound.example:${port}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expect(rebound.statusCode).toBe(403);
    expect(rebound.headers.location).toBeUndefined();
    expect(await rebound.body.text()).not.toContain('code=');

    // The same form from its own page still signs in.
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const ok = await raw('/connect/authorize', {
        method: 'POST',
        headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      if (host.startsWith('127')) {
        expect(ok.statusCode).toBe(302);
        expect(String(ok.headers.location)).toMatch(/code=/);
      } else {
        expect(ok.statusCode).toBe(400); // the interaction was used up by the first post: refused as expired, not as foreign
        expect(await ok.body.text()).toContain('expired');
        continue;
      }
      await ok.body.dump();
    }
  });
});
