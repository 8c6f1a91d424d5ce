import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { CSP_MANIFEST_FILE } from '../../electron/core/security/csp.js';
import { LAUNCH_SECRET_HEADER, startBrowserHost, type BrowserHost } from '../../electron/host/browser-host.js';
import type { IpcResult } from '../../shared/ipc/contract.js';
import { SOCKET_PATH, SOCKET_PROTOCOL, SOCKET_SECRET_PREFIX, type SocketServerMessage } from '../../shared/ipc/socket.js';

/**
 * The browser host's bridge, answering whatever reaches it: every response, refusals and the
 * framework's own errors included, carries nosniff and no-store, and every refusal is in the
 * bridge's `{ ok: false, error }` shape the page already reads.
 */
let host: BrowserHost;
let dirs: string[] = [];
beforeAll(async () => {
  const rendererDir = await mkdtemp(join(tmpdir(), 'dockdesk-bridge-renderer-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-bridge-data-'));
  dirs = [rendererDir, dataDir];
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Dockdesk</title>');
  await writeFile(join(rendererDir, 'app.js'), 'console.log(1)');
  await writeFile(join(rendererDir, CSP_MANIFEST_FILE), JSON.stringify({ policy: "default-src 'self'; script-src 'strict-dynamic'" }));
  host = await startBrowserHost({ rendererDir, dataDir, keychain: 'memory', log: () => {}, localEmulator: { inventoryItems: 20, receivingOrders: 5 } });
});
afterAll(async () => {
  await host?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The active environment's request budget: a call has reached the service once the budget let it go. */
const budget = () => host.core.environments.active.api.budget;
const own = () => ({ origin: host.origin, [LAUNCH_SECRET_HEADER]: host.secret });

async function call(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const res = await request(`${host.origin}${path}`, {
    method: (init.method ?? 'POST') as 'POST',
    headers: init.headers ?? {},
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

const refusal = { ok: false, error: { code: expect.any(String), message: expect.any(String), retryable: false } };

function expectBridgeHeaders(res: { headers: Record<string, string | string[] | undefined> }, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['cache-control'], what).toBe('no-store');
}

describe('browser host bridge responses', () => {
  it('an answered call carries nosniff and no-store', async () => {
    const res = await call('/ipc/app.info', { headers: { ...own(), 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true });
    expectBridgeHeaders(res, 'answer');
  });

  it.each([
    ['401: no launch secret', '/ipc/app.info', { origin: 'OWN', 'content-type': 'application/json' }, '{}', 401],
    ['403: a foreign Origin', '/ipc/app.info', { origin: 'https://evil.example', 'content-type': 'application/json' }, '{}', 403],
    ['403: a foreign Host', '/ipc/app.info', { host: 'rebound.example', 'content-type': 'application/json' }, '{}', 403],
    ['404: no such path', '/ipc-nothing-here', { origin: 'OWN' }, '{}', 404],
    ['415: a form body', '/ipc/app.info', { ...{ secret: 'OWN' }, 'content-type': 'application/x-www-form-urlencoded' }, 'a=1', 415],
    ['400: a body that is not JSON', '/ipc/app.info', { secret: 'OWN', 'content-type': 'application/json' }, '{"broken', 400],
    ['413: a body over the limit', '/ipc/app.info', { secret: 'OWN', 'content-type': 'application/json' }, JSON.stringify({ x: 'y'.repeat(1_100_000) }), 413],
    ['414: a channel name over the router’s limit', `/ipc/${'a'.repeat(300)}`, { secret: 'OWN', 'content-type': 'application/json' }, '{}', 414],
    ['400: a malformed %-escape in the path', '/ipc/%E0%A4%A', { secret: 'OWN', 'content-type': 'application/json' }, '{}', 400],
  ] as const)('%s answers in the bridge shape with nosniff and no-store', async (_name, path, given, body, status) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(given)) {
      if (k === 'secret') Object.assign(headers, own());
      else headers[k] = v === 'OWN' ? host.origin : v;
    }
    const res = await call(path, { headers, body });
    expect(res.status).toBe(status);
    expect(res.json, res.text).toMatchObject(refusal);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectBridgeHeaders(res, `${status}`);
  });

  it('the page and its files carry nosniff and no-store too, and a missing file is a 404 in the same shape', async () => {
    for (const path of ['/', '/app.js']) {
      const res = await call(path, { method: 'GET' });
      expect(res.status, path).toBe(200);
      expectBridgeHeaders(res, path);
    }
    const missing = await call('/missing.js', { method: 'GET' });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject(refusal);
    expectBridgeHeaders(missing, 'missing file');
  });

  it('a request Node cannot parse gets the same shape and headers', async () => {
    const port = Number(new URL(host.origin).port);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('NOT A REQUEST\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(raw.toLowerCase()).toContain('cache-control: no-store');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject(refusal);
  });
});

/** A socket to the host as a page would open it, with any part of the handshake replaced. */
function openSocket(given: { secret?: string | null; origin?: string | null; host?: string; path?: string } = {}) {
  const secret = given.secret === undefined ? host.secret : given.secret;
  const protocols = [SOCKET_PROTOCOL, ...(secret === null ? [] : [`${SOCKET_SECRET_PREFIX}${secret}`])];
  const headers: Record<string, string> = given.host ? { host: given.host } : {};
  const origin = given.origin === undefined ? host.origin : given.origin;
  return new WebSocket(`${host.origin.replace('http:', 'ws:')}${given.path ?? SOCKET_PATH}`, protocols, {
    headers,
    ...(origin === null ? {} : { origin }),
  });
}

/** The handshake's HTTP refusal (status and body), or an error if the socket opened. */
function refusedHandshake(ws: WebSocket): Promise<{ status: number; body: unknown; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    ws.once('open', () => reject(new Error('the handshake was accepted')));
    ws.once('error', () => {});
    ws.once('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown, headers: response.headers }));
    });
  });
}

/** A socket that passed the handshake, with calls answered by id and the events it received. */
async function pageSocket() {
  const ws = openSocket();
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const answers = new Map<number, (result: IpcResult<unknown>) => void>();
  const events: Array<{ event: string; payload: unknown }> = [];
  ws.on('message', (data) => {
    const message = JSON.parse((data as Buffer).toString('utf8')) as SocketServerMessage;
    if (message.type === 'result') answers.get(message.id)?.(message.result);
    else events.push({ event: message.event, payload: message.payload });
  });
  let nextId = 1;
  const send = (message: Record<string, unknown>) => {
    const id = (message.id as number | undefined) ?? nextId++;
    const answered = new Promise<IpcResult<unknown>>((resolve) => answers.set(id, resolve));
    ws.send(JSON.stringify({ type: 'call', id, input: {}, ...message }));
    return answered;
  };
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  return { ws, events, closed, call: (channel: string, input: unknown = {}, callId?: string) => send({ channel, input, ...(callId ? { callId } : {}) }), send };
}

async function emulatorControl(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${host.core.emulator.url}/__emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

describe('browser host socket bridge', () => {
  it.each([
    ['401: no launch secret', { secret: null }, 401],
    ['401: a wrong launch secret', { secret: 'x'.repeat(43) }, 401],
    ['401: a wrong launch secret of another length', { secret: 'short' }, 401],
    ['403: a foreign Origin', { origin: 'https://evil.example' }, 403],
    ['403: no Origin', { origin: null }, 403],
    ['403: a foreign Host', { host: 'rebound.example' }, 403],
    ['404: another path', { path: '/ipc/app.info' }, 404],
  ] as const)('%s is refused before the upgrade, in the bridge shape', async (_name, given, status) => {
    const res = await refusedHandshake(openSocket(given));
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject(refusal);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('accepts its own page and echoes only the plain subprotocol, never the secret', async () => {
    const page = await pageSocket();
    expect(page.ws.protocol).toBe(SOCKET_PROTOCOL);
    expect(await page.call('app.info')).toMatchObject({ ok: true, value: expect.any(Object) });
    page.ws.close();
  });

  it('answers a bad call on its id and stays open; an unknown channel, a bad call id, unknown fields', async () => {
    const page = await pageSocket();
    expect(await page.call('no.such.channel')).toMatchObject({ ok: false, error: { code: 'unknown_channel', retryable: false } });
    expect(await page.call('app.info', {}, 'bad id!')).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await page.send({ channel: 'app.info', extra: 1 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await page.call('app.preferences.set', { theme: 42 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await page.call('app.info')).toMatchObject({ ok: true });
    page.ws.close();
  });

  it.each([
    ['bad JSON', '{"broken', 1007],
    ['a message without an id', JSON.stringify({ type: 'call', channel: 'app.info', input: {} }), 1008],
    ['an id that is not a positive integer', JSON.stringify({ type: 'call', id: 'x', channel: 'app.info' }), 1008],
    ['a message over the size limit', JSON.stringify({ type: 'call', id: 1, channel: 'app.info', input: { x: 'y'.repeat(1_100_000) } }), 1009],
  ] as const)('%s closes the socket with a reason, and the host goes on', async (_name, message, code) => {
    const page = await pageSocket();
    page.ws.send(message);
    const closed = await page.closed;
    expect(closed.code).toBe(code);
    if (code !== 1009) expect(closed.reason).not.toBe('');
    const next = await pageSocket();
    expect(await next.call('app.info')).toMatchObject({ ok: true });
    next.ws.close();
  });

  describe('with the service slow', () => {
    beforeAll(async () => {
      const { token } = (await emulatorControl('POST', '/pats', { name: 'socket-bridge' })) as { token: string };
      expect(await host.core.dispatch('auth.signInWithToken', { token })).toMatchObject({ ok: true });
    });
    afterAll(async () => {
      await emulatorControl('DELETE', '/faults');
    });

    it('answers a local call at once while twenty service calls wait on the same socket, and each in turn', async () => {
      const page = await pageSocket();
      await emulatorControl('PUT', '/faults', { latencyMs: 3000 });
      const started = Date.now();
      const sentBefore = budget().state().usedLastMinute;
      const slow = Array.from({ length: 20 }, (_, i) =>
        page.call('receiving.list', { page: 1, limit: 5 }, `slow-call-${i}-abcdef`).then(() => Date.now() - started),
      );
      // Every slow call is with the service (the budget let each go) before the local one is asked.
      await vi.waitFor(() => expect(budget().state().usedLastMinute).toBeGreaterThanOrEqual(sentBefore + 20), { interval: 10 });
      const before = Date.now();
      expect(await page.call('app.preferences.get')).toMatchObject({ ok: true });
      const local = Date.now() - before;
      expect(local).toBeLessThan(500);
      // The local answer came first: every slow call was still waiting for the service.
      const slowTimes = await Promise.all(slow);
      expect(Math.min(...slowTimes)).toBeGreaterThan(200 + local);
      page.ws.close();
    }, 60_000);

    it('stops a call in main with ipc.cancel over the socket', async () => {
      const page = await pageSocket();
      await emulatorControl('PUT', '/faults', { latencyMs: 5000 });
      const sentBefore = budget().state().usedLastMinute;
      const call = page.call('receiving.list', { page: 1, limit: 5 }, 'cancel-me-over-socket');
      await vi.waitFor(() => expect(budget().state().usedLastMinute).toBeGreaterThan(sentBefore), { interval: 10 });
      expect(await page.call('ipc.cancel', { callId: 'cancel-me-over-socket' })).toMatchObject({ ok: true, value: { cancelled: true } });
      expect(await call).toMatchObject({ ok: false, error: { code: 'cancelled' } });
      page.ws.close();
    }, 30_000);

    it('cancels the calls of a socket that closes', async () => {
      const page = await pageSocket();
      await emulatorControl('PUT', '/faults', { latencyMs: 5000 });
      const sentBefore = budget().state().usedLastMinute;
      const call = page.call('receiving.list', { page: 1, limit: 5 }, 'closed-with-the-socket');
      await vi.waitFor(() => expect(budget().state().usedLastMinute).toBeGreaterThan(sentBefore), { interval: 10 });
      // The host hears the close a moment after the page does, and cancels the socket's calls through the core.
      const dispatched = vi.spyOn(host.core, 'dispatch');
      page.ws.close();
      await page.closed;
      void call.catch(() => {}); // its socket is gone: no answer comes, and none is awaited
      await vi.waitFor(() => expect(dispatched).toHaveBeenCalledWith('ipc.cancel', { callId: 'closed-with-the-socket' }, expect.anything()), { interval: 10 });
      dispatched.mockRestore();
      // Already cancelled when the socket closed: nothing left to cancel under that id.
      expect(await host.core.dispatch('ipc.cancel', { callId: 'closed-with-the-socket' })).toMatchObject({ ok: true, value: { cancelled: false } });
    }, 30_000);
  });

  it('carries the core’s events to every open socket', async () => {
    const page = await pageSocket();
    await host.core.dispatch('auth.signOut', {});
    await expect.poll(() => page.events.map((e) => e.event)).toContain('session.changed');
    page.ws.close();
  });
});
