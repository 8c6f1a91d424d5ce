import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startBrowserHost, type BrowserHost } from '../../electron/host/browser-host.js';
import { rendererDir } from '../../electron/core/paths.js';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';
import { postgresAvailability, startPostgres, type TestPostgres } from '../support/postgres.js';
import { axeCheck, expect, test } from './fixtures.js';

/**
 * Two desks of one warehouse, each a browser host of its own with its own page, signed in to the
 * same service and sharing one PostgreSQL store: what a clerk at one desk has open is shown at the
 * other as "Open at <desk>", within 2 s, and goes when it is closed.
 */
const postgres = postgresAvailability();
test.skip(!postgres.available, `no PostgreSQL server here: ${postgres.reason}`);

let server: TestPostgres;
let service: RunningEmulator;
let token = '';
const hosts: { host: BrowserHost; dataDir: string }[] = [];

test.beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-service-'));
  [server, service] = await Promise.all([startPostgres(), startEmulator({ port: 0, dataDir })]);
  const res = await fetch(`${service.url}/__emulator/pats`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'desks' }),
  });
  token = ((await res.json()) as { token: string }).token;
});
test.afterAll(async () => {
  for (const { host, dataDir } of hosts) {
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  await service?.close();
  await server?.stop();
});

/** A desk as IT sets it up: the service's address, a sign-in, the shared store under the desk's name. */
async function desk(browser: Browser, deskName: string): Promise<{ host: BrowserHost; page: Page }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-e2e-'));
  const host = await startBrowserHost({ rendererDir: rendererDir(), dataDir, version: '0.0.0-e2e', keychain: 'memory', log: () => {} });
  hosts.push({ host, dataDir });
  const ok = async <T>(result: Promise<{ ok: boolean; value?: unknown }>): Promise<T> => {
    const r = await result;
    expect(r.ok, JSON.stringify(r)).toBe(true);
    return r.value as T;
  };
  const env = await ok<{ id: string }>(
    host.core.dispatch('environments.save', { name: 'Warehouse service', apiBaseUrl: service.url, authUrl: null, clientId: null }),
  );
  await ok(host.core.dispatch('environments.activate', { id: env.id }));
  await ok(host.core.dispatch('auth.signInWithToken', { token }));
  const { host: h, port, database, role, password } = server.config;
  await ok(host.core.dispatch('desks.store.save', { connection: { host: h, port, database, role }, password, deskName }));
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(host.url);
  return { host, page };
}

test('a return open at desk A shows "Open at Returns bench A" on desk B within 2 s, and goes when A closes it', async ({ browser }) => {
  const [a, b] = [await desk(browser, 'Returns bench A'), await desk(browser, 'Returns bench B')];
  const returnId = (await service.control.data('returns'))[0]!.id;

  await b.page.goto(`${b.host.origin}/#/returns/${returnId}`);
  await expect(b.page.getByRole('heading', { level: 1, name: `Return ${returnId}` })).toBeVisible();
  const atB = b.page.getByTestId('open-elsewhere');
  await expect(atB).toHaveText('');

  await a.page.goto(`${a.host.origin}/#/returns/${returnId}`);
  await expect(a.page.getByRole('heading', { level: 1, name: `Return ${returnId}` })).toBeVisible();
  const opened = Date.now();
  await expect(atB).toHaveText('Open at Returns bench A', { timeout: 2000 });
  expect(Date.now() - opened).toBeLessThan(2000);
  // Desk A, opening second, is told at once that B has it open.
  await expect(a.page.getByTestId('open-elsewhere')).toHaveText('Open at Returns bench B');
  await axeCheck(b.page, 'return open at another desk');

  // A goes back to the list: B no longer sees it open there.
  await a.page.goto(`${a.host.origin}/#/returns`);
  await expect(atB).toHaveText('', { timeout: 2000 });
});
