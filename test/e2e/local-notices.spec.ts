import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest } from '@playwright/test';
import { LAUNCH_SECRET_HEADER } from '../../electron/host/browser-host.js';
import { rendererDir } from '../../electron/core/paths.js';
import { startBrowserHost } from '../../electron/host/browser-host.js';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { scanCode } from './scanner.js';
import { service } from './service.js';

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
  await page.keyboard.press('Alt+1');
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

/** The notices' region, the status bar and the view as boxes on screen. */
const box = async (locator: import('@playwright/test').Locator) => (await locator.boundingBox())!;
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('news goes by itself, an error stays until Escape, a stack of errors is one line with a count, and notices cover nothing', async ({ page, host }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  const table = page.getByRole('table', { name: 'Warehouse receiving orders' });
  await expect(table.locator('tbody tr:focus')).toBeVisible();
  // The pointer away from the notices: hovering pauses them, as it should.
  await page.mouse.move(5, 5);
  const notices = page.getByTestId('notices');
  const errors = page.locator('.toast-error:not(.toast-summary)');

  // An error (a scan nobody knows), then news (the palette's scan-sound switch): the news goes by itself, the error stays.
  await scanCode(page, 'NOPE-1001');
  // The scan's lookups ask the service first (a busy machine: allow them their time).
  await expect(errors.filter({ hasText: 'Nothing matches NOPE-1001' })).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Control+k');
  await page.keyboard.type('scan sounds', { delay: 120 }); // a person's pace: a burst would be read as a scan
  await page.keyboard.press('Enter');
  const news = page.locator('.toast', { hasText: /Scan sounds (on|off)/ });
  await expect(news).toBeVisible();
  const shownAt = Date.now();
  await expect(news).toHaveCount(0, { timeout: 10_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(3_500);
  await expect(errors).toHaveCount(1);

  // Escape in a find field with text clears the field, as it always did; the error stays.
  const find = page.locator('#filter-q');
  await find.click();
  await page.keyboard.type('zz', { delay: 90 });
  await page.keyboard.press('Escape');
  await expect(find).toHaveValue('');
  await expect(errors).toHaveCount(1);

  // Escape dismisses it, from the list where the clerk works; the row keeps focus.
  await table.locator('tbody tr').first().focus();
  await expect(table.locator('tbody tr:focus')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(errors).toHaveCount(0);
  await expect(notices).toHaveCount(0);
  await expect(table.locator('tbody tr:focus')).toBeVisible();

  // Four errors (then five): one line with their count, between the view and the status bar, over neither.
  // Each refusal waits for its lookup's answer, and answers can come back out of order: the next scan
  // goes once this one is told, so "Newest" is the last one scanned.
  for (const code of ['NOPE-2001', 'NOPE-2002', 'NOPE-2003', 'NOPE-2004']) {
    await scanCode(page, code);
    await expect(notices).toContainText(`Nothing matches ${code}`, { timeout: 30_000 });
  }
  const folded = page.getByTestId('notices-folded');
  await expect(folded).toContainText('4 errors', { timeout: 30_000 });
  await expect(folded).toContainText('Newest: Nothing matches NOPE-2004');
  await expect(errors).toHaveCount(0);
  // A refused scan's cue comes up above the folded line, never over it.
  await scanCode(page, 'NOPE-2005');
  await expect(folded).toContainText('5 errors', { timeout: 30_000 });
  const cue = page.getByTestId('scan-cue');
  await expect(cue).toContainText('Scan refused');
  expect(overlaps(await box(cue), await box(folded))).toBe(false);
  const region = await box(notices);
  expect(region.height).toBeLessThan(60);
  const bar = await box(page.getByRole('contentinfo', { name: 'Status' }));
  expect(overlaps(region, bar)).toBe(false);
  // Right above the status bar, in sight.
  expect(Math.abs(region.y + region.height - bar.y)).toBeLessThan(2);
  expect(overlaps(region, await box(page.locator('#content')))).toBe(false);
  expect(overlaps(region, await box(table.locator('tbody tr:focus')))).toBe(false);

  // A dialog opens above them: nothing of the notices lies over it.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog');
  await expect(palette).toBeVisible();
  const dialog = await box(palette);
  const onTop = await page.evaluate(
    ({ x, y, width, height }) =>
      [
        [x + 4, y + 4],
        [x + width - 4, y + height - 4],
        [x + width / 2, y + height / 2],
        [x + 4, y + height - 4],
      ].map(([px, py]) => document.elementFromPoint(px!, py!)?.closest('[role="dialog"]') !== null),
    dialog,
  );
  expect(onTop).toEqual([true, true, true, true]);
  expect(overlaps(dialog, await box(notices))).toBe(false);
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  // The count opens them all, by keyboard too: focus stays in the notices, on what undoes or ends it.
  const row = table.locator('tbody tr').first();
  await row.focus();
  await folded.getByRole('button', { name: 'Show all 5' }).focus();
  await page.keyboard.press('Enter');
  await expect(errors).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Dismiss all 5 errors' })).toBeFocused();
  expect(overlaps(await box(notices), await box(page.getByRole('contentinfo', { name: 'Status' })))).toBe(false);
  await page.getByRole('button', { name: 'Fold' }).click();
  await expect(folded.getByRole('button', { name: 'Show all 5' })).toBeFocused();
  await folded.getByRole('button', { name: 'Show all 5' }).click();
  // One press clears them, and the clerk is back on the row they left for the notices.
  await page.getByRole('button', { name: 'Dismiss all 5 errors' }).press('Enter');
  await expect(notices).toHaveCount(0);
  await expect(row).toBeFocused();
});

test('the status bar stays one line at 1280 while the inventory syncs', async ({ page, host }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { control } = await service(host.core.emulator.url, 'e2e-status-line');
  await page.goto(host.url);
  await signInThroughPopup(page);
  await expect.poll(() => host.core.inventory.status().lastCompletedAt, { timeout: 60_000 }).not.toBeNull();
  // A sync kept running by slow answers, so its progress shows in the bar.
  await control('PUT', '/faults', { latencyMs: 3_000 });
  await host.core.dispatch('inventory.syncStart', { mode: 'full' });
  await expect(page.getByTestId('inventory-sync')).toBeVisible({ timeout: 15_000 });
  const bar = page.getByRole('contentinfo', { name: 'Status' });
  const lineHeight = await bar.evaluate((el) => parseFloat(getComputedStyle(el).fontSize) * 2);
  expect((await box(bar)).height).toBeLessThan(lineHeight + 6);
  // Every item inside that one line, the connection in full.
  const { y, height } = await box(bar);
  const items = await bar
    .locator(':scope > *')
    .evaluateAll((els) =>
      els.filter((e) => e.getClientRects().length > 0).map((e) => [e.getBoundingClientRect().top, e.getBoundingClientRect().bottom] as const),
    );
  for (const [top, bottom] of items) expect([top >= y - 1, bottom <= y + height + 1]).toEqual([true, true]);
  await expect(page.getByTestId('status-connectivity')).toBeInViewport({ ratio: 1 });
  await shot(page, 'status-bar-sync-1280');
  await control('DELETE', '/faults');
});
