import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest } from '@playwright/test';
import { LAUNCH_SECRET_HEADER } from '../../electron/host/browser-host.js';
import { rendererDir } from '../../electron/core/paths.js';
import { startBrowserHost } from '../../electron/host/browser-host.js';
import { expect, signInThroughPopup, test } from './fixtures.js';

/** The local notices (settings file, connectivity, log) as the person at the desk sees them. */
const shots = process.env.DOCKDESK_SHOTS ?? null;
const shot = async (page: import('@playwright/test').Page, name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
};

test('a corrupt settings file is kept, and the app says so once with where it is', async ({ page }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-e2e-corrupt-'));
  await mkdir(dataDir, { recursive: true });
  await writeFile(join(dataDir, 'settings.json'), '{"version":2,"environments":[{"id":"warehouse-7",');
  const host = await startBrowserHost({
    rendererDir: rendererDir(),
    dataDir,
    version: '0.0.0-e2e',
    keychain: 'memory',
    log: () => {},
    openPath: async () => false,
  });
  try {
    const kept = (await readdir(dataDir)).find((n) => n.startsWith('settings.corrupt-'))!;
    expect(kept).toBeTruthy();
    await page.goto(host.url);
    const notice = page.getByTestId('notice-settings-recovered');
    await expect(notice).toContainText('could not read its settings file');
    await expect(notice).toContainText(join(dataDir, kept));
    await shot(page, 'settings-recovered-notice');
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('status-environment')).toHaveText('Local emulator');
    await expect(page.getByTestId('notice-settings-recovered')).toHaveCount(0);

    // Settings: the log folder (no file manager here, so its path), and no keychain promised without one.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Open log folder' }).click();
    await expect(page.getByTestId('log-folder-path')).toContainText(join(dataDir, 'logs'));
    await expect(page.getByText('kept in memory until Dockdesk closes (there is no system keychain here)')).toBeVisible();
    await expect(page.getByText('Kept in the system keychain')).toHaveCount(0);
    await shot(page, 'settings-support-no-keychain');
  } finally {
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('an unreachable service reads plainly, with the technical line behind Details, and the bar says Offline', async ({ page, host }) => {
  await page.goto(host.url);
  await signInThroughPopup(page);
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' })).toBeVisible();
  const port = new URL(host.core.emulator.url).port;
  await host.core.emulator.close();
  await page.getByRole('button', { name: 'Refresh' }).first().click();
  // The rows stay (stale-data notice); the reason reads plainly, the technical line waits behind Details.
  const alert = page.getByRole('alert').filter({ hasText: 'Could not refresh' });
  await expect(alert).toContainText(`The service at 127.0.0.1:${port} cannot be reached`, { timeout: 30_000 });
  await expect(alert.getByText('GET /2026-07/receiving: ECONNREFUSED')).toBeHidden();
  await alert.getByText('Details').click();
  await expect(alert.getByText('GET /2026-07/receiving: ECONNREFUSED')).toBeVisible();
  await expect(page.getByTestId('status-connectivity')).toHaveText('Offline');
  await shot(page, 'receiving-unreachable-details');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test('the host takes calls as JSON only, even with the right origin and secret', async ({ host }) => {
  const api = await playwrightRequest.newContext();
  const headers = { origin: host.origin, [LAUNCH_SECRET_HEADER]: host.secret };
  const text = await api.post(`${host.origin}/ipc/auth.signIn`, { data: '{}', headers: { ...headers, 'content-type': 'text/plain' } });
  expect(text.status()).toBe(415);
  expect(host.core.environments.active.session.pendingRedirectUri).toBeNull();
  const json = await api.post(`${host.origin}/ipc/session.get`, { data: {}, headers });
  expect(json.status()).toBe(200);
  await api.dispose();
});
