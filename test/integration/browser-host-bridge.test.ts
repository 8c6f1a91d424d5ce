import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_MANIFEST_FILE } from '../../electron/core/security/csp.js';
import { LAUNCH_SECRET_HEADER, startBrowserHost, type BrowserHost } from '../../electron/host/browser-host.js';

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
