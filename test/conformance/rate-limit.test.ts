import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { DOCKDESK_CLIENT } from '../../emulator/auth/registry.js';
import type { RunningEmulator } from '../../emulator/server.js';
import { completeConsent } from '../support/consent.js';
import { EmulatorClient, emulatorWithPat } from '../support/emulator-client.js';

/**
 * The service's request limit as published (API notes, "Errors, auth failures, rate limits"): on by
 * default, a sliding minute per user and application, `x-remaining-calls` on every API answer, and
 * over the limit a 429 with the published body and `x-retry-after` in whole seconds.
 */
let emu: RunningEmulator;
let pat: EmulatorClient;
let control: Awaited<ReturnType<typeof emulatorWithPat>>['control'];
beforeAll(async () => {
  ({ emu, api: pat, control } = await emulatorWithPat({ rateLimit: { enabled: true } }));
});
afterAll(async () => {
  await emu.close();
});

/** An access token for the demo user in Dockdesk's application, through the consent page. */
async function signedInToken(): Promise<string> {
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL('/connect/authorize', emu.url);
  url.search = new URLSearchParams({
    client_id: DOCKDESK_CLIENT.clientId,
    response_type: 'code',
    scope: 'receiving_read inventory_read',
    redirect_uri: 'http://127.0.0.1:1/callback',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    integration_name: 'rate limit',
  }).toString();
  const code = (await completeConsent(url.toString(), { deliver: false })).fields.get('code')!;
  const answer = await fetch(`${emu.url}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:1/callback',
      code_verifier: verifier,
      client_id: DOCKDESK_CLIENT.clientId,
      client_secret: DOCKDESK_CLIENT.clientSecret,
    }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

const remaining = (a: { headers: Headers }) => Number(a.headers.get('x-remaining-calls'));

describe('the request limit', () => {
  it('is on by default at 150 a minute, and the control API reports it', async () => {
    const { startEmulator } = await import('../../emulator/server.js');
    const plain = await startEmulator();
    try {
      expect(await (await fetch(`${plain.url}/__emulator/rate-limit`)).json()).toEqual({ enabled: true, perMinute: 150, windowsKept: 0 });
    } finally {
      await plain.close();
    }
  });

  it('puts x-remaining-calls on every API answer: reads, writes, searches, refusals and unknown paths', async () => {
    await control('PUT', '/rate-limit', { enabled: true });
    const answers = [
      await pat.call('GET', '/2026-07/channel'),
      await pat.call('GET', '/2026-07/inventory?PageSize=5'),
      await pat.call('POST', '/2026-01/inventory/history:query', { body: { facility_id: 1 } }),
      await pat.call('GET', '/2026-07/receiving/999999999'),
      await pat.call('GET', '/2026-07/inventory?PageSize=0'),
      await pat.call('GET', '/2026-07/no-such-list'),
      await new EmulatorClient(emu.url, 'not-a-token').call('GET', '/2026-07/channel'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 404, 400, 404, 401]);
    for (const a of answers) expect(a.headers.get('x-remaining-calls')).toMatch(/^\d+$/);
    // One window, counting down call by call (the token-less call counts apart, by address).
    expect(answers.slice(0, 6).map(remaining)).toEqual([149, 148, 147, 146, 145, 144]);
  });

  it('is one window per user and application: tokens of one sign-in share it, a personal access token has its own', async () => {
    await control('PUT', '/rate-limit', { enabled: true, perMinute: 6 });
    const desk1 = new EmulatorClient(emu.url, await signedInToken());
    const desk2 = new EmulatorClient(emu.url, await signedInToken());
    expect(remaining(await desk1.call('GET', '/2026-07/channel'))).toBe(5);
    expect(remaining(await desk2.call('GET', '/2026-07/channel'))).toBe(4);
    expect(remaining(await desk1.call('GET', '/2026-07/channel'))).toBe(3);
    // A second personal access token of the same user counts against the same (single-merchant) application.
    const otherPat = new EmulatorClient(emu.url, ((await control('POST', '/pats', { name: 'second' })).body as { token: string }).token);
    expect(remaining(await pat.call('GET', '/2026-07/channel'))).toBe(5);
    expect(remaining(await otherPat.call('GET', '/2026-07/channel'))).toBe(4);
    expect(remaining(await desk2.call('GET', '/2026-07/channel'))).toBe(2);
  });

  it('answers over the limit with 429, the published body and x-retry-after in whole seconds, until the window frees', async () => {
    await control('PUT', '/rate-limit', { enabled: true, perMinute: 3 });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await pat.call('GET', '/2026-07/channel'));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    expect(answers.map(remaining)).toEqual([2, 1, 0, 0, 0]);
    const refused = answers[3]!;
    const seconds = refused.headers.get('x-retry-after')!;
    expect(seconds).toMatch(/^\d+$/);
    expect(Number(seconds)).toBeGreaterThanOrEqual(59);
    expect(Number(seconds)).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({ statusCode: 429, message: `Rate limit is exceeded. Try again in ${seconds} seconds.` });
  });

  it('counts a path with percent-encoded characters as its plain form, so encoding does not slip past it', async () => {
    await control('PUT', '/rate-limit', { enabled: true, perMinute: 2 });
    const answers = [];
    for (const path of ['/2026-07/%63hannel', '/%32026-07/channel', '/2026-07/channel']) answers.push(await pat.call('GET', path));
    // The second is no route (404) but an API path all the same, and counted like the rest.
    expect(answers.map((a) => a.status)).toEqual([200, 404, 429]);
    expect(answers.map(remaining)).toEqual([1, 0, 0]);
  });

  it('counts and faults a request whose path parameter holds an encoded slash and dot segments, as the router answers it', async () => {
    await control('PUT', '/rate-limit', { enabled: true, perMinute: 2 });
    // Fully decoded, these resolve to `/` or `/2026-07/`; the router still matches them as /receiving/{id}.
    const sneaky = ['/2026-07/receiving/%2F..%2F..%2F..', '/2026-07/receiving/%2F..%2F..%2F..%2Fx', '/2026-07/receiving/1%2F..'];
    const answers = [];
    for (const path of sneaky) answers.push(await pat.call('GET', path));
    expect(answers.map((a) => a.status)).toEqual([expect.any(Number), expect.any(Number), 429]);
    expect(answers.slice(0, 2).map((a) => a.status)).not.toContain(429);
    expect(answers.map(remaining)).toEqual([1, 0, 0]);

    // And injected faults reach them as they reach any other API request.
    await control('PUT', '/rate-limit', { enabled: false });
    await control('PUT', '/faults', { errorRate: 1 });
    try {
      for (const path of sneaky) expect((await pat.call('GET', path)).status, path).toBe(503);
    } finally {
      await control('DELETE', '/faults');
    }
  });

  it('drops the windows of source addresses once they empty: 1,000 loopback addresses leave none kept a minute later', async () => {
    await control('PUT', '/rate-limit', { enabled: true });
    const { get } = await import('node:http');
    const { hostname, port } = new URL(emu.url);
    // Requests without a token count by source address; on Linux all of 127.0.0.0/8 is loopback.
    const fromAddress = (localAddress: string) =>
      new Promise<{ status: number | undefined; remaining: unknown }>((resolve, reject) =>
        get({ host: hostname, port, path: '/2026-07/channel', localAddress, agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode, remaining: res.headers['x-remaining-calls'] }));
        }).on('error', reject),
      );
    const addresses = Array.from({ length: 1_000 }, (_, i) => `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`);
    for (let i = 0; i < addresses.length; i += 50) {
      const answers = await Promise.all(addresses.slice(i, i + 50).map(fromAddress));
      // Each address has a window of its own, so each answer is its window's first request.
      expect(answers).toEqual(answers.map(() => ({ status: 401, remaining: '149' })));
    }
    expect((await emu.control.rateLimit()).windowsKept).toBeGreaterThanOrEqual(1_000);
    // The limit's minute moves with the emulator's clock: a minute on, every one of those windows is empty.
    await emu.control.advance(61);
    expect((await emu.control.rateLimit()).windowsKept).toBe(0);
  });

  it('can be switched off (tests that need speed say so), and then no call is refused', async () => {
    await control('PUT', '/rate-limit', { enabled: true, perMinute: 1 });
    expect((await pat.call('GET', '/2026-07/channel')).status).toBe(200);
    expect((await pat.call('GET', '/2026-07/channel')).status).toBe(429);
    expect((await control('PUT', '/rate-limit', { enabled: false })).body).toEqual({ enabled: false, perMinute: 150 });
    for (let i = 0; i < 5; i++) expect((await pat.call('GET', '/2026-07/channel')).status).toBe(200);
  });
});
