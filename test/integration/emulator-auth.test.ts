import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { DOCKDESK_CLIENT } from '../../emulator/auth/registry.js';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';
import { completeConsent } from '../support/consent.js';

/** The emulator's authorization server, spoken to over real HTTP the way any client would. */
let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.close();
});

const REDIRECT = 'http://127.0.0.1:49152/callback';

async function authorizeUrl(overrides: Record<string, string | null> = {}, verifier = oauth.generateRandomCodeVerifier()): Promise<string> {
  const params: Record<string, string | null> = {
    client_id: DOCKDESK_CLIENT.clientId,
    response_type: 'code',
    scope: 'openid offline_access receiving_read channels_read',
    redirect_uri: REDIRECT,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: 'st',
    nonce: 'nn',
    integration_name: 'test',
    ...overrides,
  };
  const url = new URL('/connect/authorize', emu.url);
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return url.toString();
}

async function code(verifier: string): Promise<string> {
  const { fields } = await completeConsent(await authorizeUrl({}, verifier), { deliver: false });
  return fields.get('code')!;
}

function token(fields: Record<string, string>) {
  return fetch(`${emu.url}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

const exchange = (c: string, verifier: string, extra: Record<string, string> = {}) =>
  token({
    grant_type: 'authorization_code',
    code: c,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    client_id: DOCKDESK_CLIENT.clientId,
    client_secret: DOCKDESK_CLIENT.clientSecret,
    ...extra,
  });

describe('authorize endpoint', () => {
  it('refuses the plain PKCE method, sending the RFC 6749 error to the redirect URI with the state', async () => {
    const res = await fetch(await authorizeUrl({ code_challenge_method: 'plain', code_challenge: 'x'.repeat(43) }), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const params = new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('error_description')).toMatch(/S256/);
    expect(params.get('state')).toBe('st');
  });

  it('never redirects to an unregistered URI; it shows an error page instead', async () => {
    const res = await fetch(await authorizeUrl({ redirect_uri: 'https://evil.example/cb' }), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('redirect_uri does not match');
  });

  it('refuses an unknown scope with invalid_scope and a missing challenge with invalid_request', async () => {
    const scope = await fetch(await authorizeUrl({ scope: 'openid teleport_write' }), { redirect: 'manual' });
    expect(new URL(scope.headers.get('location')!).hash).toContain('error=invalid_scope');
    const noChallenge = await fetch(await authorizeUrl({ code_challenge: null }), { redirect: 'manual' });
    expect(new URL(noChallenge.headers.get('location')!).hash).toContain('error=invalid_request');
  });

  it('asks for an integration name when the request has none', async () => {
    const page = await (await fetch(await authorizeUrl({ integration_name: null }))).text();
    expect(page).toContain('name="integration_name"');
    const named = await (await fetch(await authorizeUrl())).text();
    expect(named).not.toContain('name="integration_name"');
  });

  it('delivers by form_post when asked', async () => {
    const { fields } = await completeConsent(await authorizeUrl({ response_mode: 'form_post' }), { deliver: false });
    expect(fields.get('code')).toMatch(/^code_/);
    expect(fields.get('state')).toBe('st');
    expect(fields.get('id_token')).toBeTruthy();
    expect(fields.get('session_state')).toBeTruthy();
  });
});

describe('token endpoint', () => {
  it('exchanges a code once; a second use is invalid_grant', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const c = await code(verifier);
    const first = await exchange(c, verifier);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const body = (await first.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(body.refresh_token).toMatch(/^rt_/);
    const second = await exchange(c, verifier);
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ error: 'invalid_grant' });
    // The reuse revoked what the first exchange issued.
    const api = await fetch(`${emu.url}/2026-07/channel`, { headers: { authorization: `Bearer ${body.access_token as string}` } });
    expect(api.status).toBe(401);
  });

  it('refuses a code older than two minutes', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const c = await code(verifier);
    await emu.control.advance(121);
    const res = await exchange(c, verifier);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/expired/) });
  });

  it('refuses a verifier that does not match the challenge', async () => {
    const c = await code(oauth.generateRandomCodeVerifier());
    const res = await exchange(c, oauth.generateRandomCodeVerifier());
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/code_verifier/) });
  });

  it('requires the client secret (invalid_client, 401)', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const c = await code(verifier);
    const res = await exchange(c, verifier, { client_secret: 'wrong' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('answers unsupported_grant_type for other grants (no password grant)', async () => {
    const res = await token({
      grant_type: 'password',
      username: 'a',
      password: 'b',
      client_id: DOCKDESK_CLIENT.clientId,
      client_secret: DOCKDESK_CLIENT.clientSecret,
    });
    expect(await res.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('gives no refresh token without offline_access', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const { fields } = await completeConsent(await authorizeUrl({ scope: 'openid receiving_read' }, verifier), { deliver: false });
    const body = (await (await exchange(fields.get('code')!, verifier)).json()) as Record<string, unknown>;
    expect(body.access_token).toMatch(/^at_/);
    expect(body.refresh_token).toBeUndefined();
  });
});

describe('API access', () => {
  it('answers 401 problem details for a missing token and 403 insufficient_scope for a missing scope', async () => {
    const none = await fetch(`${emu.url}/2026-07/receiving`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(await none.json()).toMatchObject({ status: 401, title: 'Unauthorized' });

    const verifier = oauth.generateRandomCodeVerifier();
    const { fields } = await completeConsent(await authorizeUrl({ scope: 'openid channels_read' }, verifier), { deliver: false });
    const { access_token } = (await (await exchange(fields.get('code')!, verifier)).json()) as { access_token: string };
    const res = await fetch(`${emu.url}/2026-07/receiving`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="receiving_read"');
  });

  it('expires access tokens after an hour of (virtual) time', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const { access_token } = (await (await exchange(await code(verifier), verifier)).json()) as { access_token: string };
    const auth = { headers: { authorization: `Bearer ${access_token}` } };
    expect((await fetch(`${emu.url}/2026-07/channel`, auth)).status).toBe(200);
    await emu.control.advance(3600);
    const expired = await fetch(`${emu.url}/2026-07/channel`, auth);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ detail: 'The access token has expired.' });
  });

  it('pages receiving orders in headers and validates the query', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const { access_token } = (await (await exchange(await code(verifier), verifier)).json()) as { access_token: string };
    const auth = { headers: { authorization: `Bearer ${access_token}` } };
    const page = await fetch(`${emu.url}/2026-07/receiving?Page=2&Limit=25`, auth);
    expect(page.headers.get('page-number')).toBe('2');
    expect(page.headers.get('total-count')).toBe('71'); // 64 generated and 7 of the day's scenario
    expect(page.headers.get('total-pages')).toBe('3');
    // Next-Page is the href of the next page (published documents), the request with its Page moved on.
    expect(page.headers.get('next-page')).toBe('/2026-07/receiving?Page=3&Limit=25');
    expect((await page.json()) as unknown[]).toHaveLength(25);
    const last = await fetch(`${emu.url}/2026-07/receiving?Page=3&Limit=25`, auth);
    expect(last.headers.get('next-page')).toBeNull();
    const bad = await fetch(`${emu.url}/2026-07/receiving?Limit=251`, auth);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ Limit: ['Limit must be a whole number from 1 to 250.'] });
    const v20 = await fetch(`${emu.url}/2.0/receiving?Limit=1`, auth);
    expect(v20.headers.get('deprecation')).toBe('true');
    const [old] = (await v20.json()) as Record<string, unknown>[];
    expect(old).not.toHaveProperty('status_history');
  });
});
