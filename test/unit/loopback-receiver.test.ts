import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptedLanguages, startLoopbackReceiver, type LoopbackReceiver } from '../../electron/core/auth/loopback-receiver.js';
import type { LanguageChoice } from '../../shared/i18n/locales.js';
import { AppErrorException } from '../../shared/errors.js';

const open: LoopbackReceiver[] = [];
async function receiver(timeoutMs = 10_000, language?: LanguageChoice) {
  const r = await startLoopbackReceiver({ expectedState: 'expected-state', timeoutMs, ...(language ? { language: () => language } : {}) });
  open.push(r);
  return r;
}
afterEach(async () => {
  for (const r of open.splice(0)) {
    r.cancel();
    await r.closed;
  }
});

function postForm(url: string, fields: Record<string, string>) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
}

async function rejection(promise: Promise<unknown>): Promise<AppErrorException> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppErrorException);
  return error as AppErrorException;
}

describe('loopback redirect receiver (RFC 8252)', () => {
  it('binds to 127.0.0.1 on an ephemeral port and names that in the redirect URI', async () => {
    const r = await receiver();
    const address = r.server.address();
    expect(address).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
    const port = (address as { port: number }).port;
    expect(port).toBeGreaterThan(1023);
    expect(r.redirectUri).toBe(`http://127.0.0.1:${port}/callback`);
  });

  it('answers only its callback path', async () => {
    const r = await receiver();
    const origin = new URL(r.redirectUri).origin;
    expect((await fetch(`${origin}/`)).status).toBe(404);
    expect((await fetch(`${origin}/favicon.ico`)).status).toBe(404);
    expect((await postForm(`${origin}/other`, { code: 'c', state: 'expected-state' })).status).toBe(404);
    expect((await fetch(r.redirectUri, { method: 'PUT' })).status).toBe(404);
  });

  it('answers only Host 127.0.0.1:<its port>: a rebound name, localhost or another port is refused before the state is looked at', async () => {
    const r = await receiver();
    const port = new URL(r.redirectUri).port;
    for (const host of [`rebound.example:${port}`, `localhost:${port}`, '127.0.0.1', `127.0.0.1:${Number(port) + 1}`, `[::1]:${port}`]) {
      const res = await request(r.redirectUri, {
        method: 'POST',
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ code: 'c', state: 'expected-state' }).toString(),
      });
      expect(res.statusCode, host).toBe(421);
      expect(res.headers['cache-control']).toBe('no-store');
      await res.body.dump();
    }
    // The sign-in is still waiting, and its own Host completes it.
    const ok = postForm(r.redirectUri, { code: 'the-code', state: 'expected-state' });
    await expect(r.result).resolves.toMatchObject({ code: 'the-code' });
    r.reportOutcome(true);
    expect((await ok).status).toBe(200);
  });

  it('rejects a response with the wrong state and keeps waiting for the right one', async () => {
    const r = await receiver();
    const wrong = await postForm(r.redirectUri, { code: 'attacker-code', state: 'not-ours' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('does not belong');
    const missing = await postForm(r.redirectUri, { code: 'attacker-code' });
    expect(missing.status).toBe(400);

    const right = postForm(r.redirectUri, { code: 'the-code', state: 'expected-state', id_token: 'x.y.z', scope: 'openid' });
    await expect(r.result).resolves.toMatchObject({ code: 'the-code', idToken: 'x.y.z', scope: 'openid' });
    r.reportOutcome(true);
    expect((await right).status).toBe(200);
    expect(await (await right).text()).toContain('Sign-in complete');
  });

  it('speaks the desk’s language on its pages, <html lang> set; for “system”, the browser’s Accept-Language', async () => {
    const de = await receiver(10_000, 'de');
    const done = postForm(de.redirectUri, { code: 'the-code', state: 'expected-state' });
    await de.result;
    de.reportOutcome(true);
    const html = await (await done).text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>Anmeldung abgeschlossen</h1>');
    expect(html).toContain('Sie können diesen Tab schließen');
    expect(html).not.toContain('Sign-in complete');

    const system = await receiver(10_000, 'system');
    const stale = await request(system.redirectUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' },
      body: new URLSearchParams({ code: 'c', state: 'not-ours' }).toString(),
    });
    const page = await stale.body.text();
    expect(page).toContain('<html lang="es-ES">');
    expect(page).toContain('No es el inicio de sesión en curso');
    // The relay page of a fragment delivery speaks it too.
    const relay = await request(system.redirectUri, { headers: { 'accept-language': 'de-AT' } });
    expect(await relay.body.text()).toMatch(/<html lang="de-AT">[\s\S]*Anmeldung wird abgeschlossen…/);
  });

  it('reads Accept-Language by preference, ignoring “*” and refused languages', () => {
    expect(acceptedLanguages('en;q=0.5, de-DE, de;q=0.9, fr;q=0, *;q=0.1')).toEqual(['de-DE', 'de', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('*')).toEqual([]);
  });

  it('accepts the query delivery (GET) as well as form_post', async () => {
    const r = await receiver();
    const res = fetch(`${r.redirectUri}?code=get-code&state=expected-state&iss=https%3A%2F%2Fid.example`);
    await expect(r.result).resolves.toMatchObject({ code: 'get-code', iss: 'https://id.example' });
    r.reportOutcome(true);
    expect((await res).status).toBe(200);
  });

  it('holds the browser until the app reports the outcome, and says "signed in" only on success (point 4)', async () => {
    const r = await receiver();
    let answered = false;
    const res = postForm(r.redirectUri, { code: 'c', state: 'expected-state' }).then((x) => {
      answered = true;
      return x;
    });
    await r.result;
    // The receiver answers a later request while the callback's answer is still held: an answer given
    // with the result would have reached the browser before this one.
    expect((await fetch(`${new URL(r.redirectUri).origin}/`)).status).toBe(404);
    expect(answered).toBe(false); // the code exchange has not finished yet
    r.reportOutcome(false);
    const page = await res;
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('Sign-in failed');
    expect(html).toContain('Return to Dockdesk');
    expect(html).not.toContain('Sign-in complete');
    await r.closed;
  });

  it('answers "failed" when the sign-in is cancelled while the code is being exchanged', async () => {
    const r = await receiver();
    const res = postForm(r.redirectUri, { code: 'c', state: 'expected-state' });
    await r.result;
    r.cancel();
    expect(await (await res).text()).toContain('Sign-in failed');
    await r.closed;
  });

  it('serves the fragment relay page (script pinned by hash in its CSP) when the callback arrives without fields', async () => {
    const r = await receiver();
    const res = await fetch(r.redirectUri);
    expect(res.status).toBe(200);
    const html = await res.text();
    const script = /<script>([^<]+)<\/script>/.exec(html)![1]!;
    const { createHash } = await import('node:crypto');
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(script).toContain('location.hash');
  });

  it('is closed after success', async () => {
    const r = await receiver();
    const res = postForm(r.redirectUri, { code: 'c', state: 'expected-state' });
    await r.result;
    r.reportOutcome(true);
    await res;
    await r.closed;
    expect(r.server.listening).toBe(false);
    await expect(fetch(r.redirectUri)).rejects.toThrow();
  });

  it('is closed after a timeout, which rejects with sign_in_timeout', async () => {
    const r = await receiver(150);
    const error = await rejection(r.result);
    expect(error.appError.code).toBe('sign_in_timeout');
    await r.closed;
    expect(r.server.listening).toBe(false);
    await expect(fetch(r.redirectUri)).rejects.toThrow();
  });

  it('reports access_denied as a cancelled sign-in, and other errors as failures', async () => {
    const denied = await receiver();
    await postForm(denied.redirectUri, { error: 'access_denied', state: 'expected-state' });
    expect((await rejection(denied.result)).appError.code).toBe('sign_in_cancelled');

    const failed = await receiver();
    await postForm(failed.redirectUri, { error: 'invalid_scope', error_description: 'Unknown scope', state: 'expected-state' });
    const error = await rejection(failed.result);
    expect(error.appError.code).toBe('sign_in_failed');
    // The desk's sentence, the service's own description as it came, the error code for support.
    expect(error.appError.said).toEqual({ id: 'errors.signIn.refused' });
    expect(error.appError.serviceMessage).toBe('Unknown scope');
    expect(error.appError.detail).toContain('invalid_scope');
  });

  it('closes when cancelled', async () => {
    const r = await receiver();
    r.cancel();
    expect((await rejection(r.result)).appError.code).toBe('sign_in_cancelled');
    await r.closed;
    expect(r.server.listening).toBe(false);
  });

  it('does not reflect request values into its pages', async () => {
    const r = await receiver();
    const res = await postForm(r.redirectUri, { code: '<script>alert(1)</script>', state: '<b>x</b>' });
    const html = await res.text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>x</b>');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
