import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startBrowserHost } from '../../electron/host/browser-host.js';
import { rendererDir } from '../../electron/core/paths.js';
import { expect, expectViewFocus, signInThroughPopup, test, testKeychain } from './fixtures.js';

/** The address after the '#', as the user sees it in the bar. */
const address = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));
const table = (page: Page) => page.getByRole('table', { name: 'Warehouse receiving orders' });
const rows = (page: Page) => table(page).locator('tbody tr[aria-rowindex]');

test.describe('addresses', () => {
  // 250 orders: three pages of 100.
  test.use({ emulatorSeed: { receivingOrders: 250 } });

  test('back and forward restore page, sort and filters', async ({ page, host }) => {
    await page.goto(host.url);
    await signInThroughPopup(page);
    await page.keyboard.press('Alt+1');
    await expect(page.getByText('Page 1 of 3')).toBeVisible();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2 of 3')).toBeVisible();
    expect(await address(page)).toBe('/receiving?page=2');
    await expect(rows(page).first()).toHaveAttribute('aria-rowindex', '102');

    await page.getByRole('button', { name: 'Expected arrival' }).click();
    await expect(page.getByRole('columnheader', { name: 'Expected arrival' })).toHaveAttribute('aria-sort', 'ascending');
    expect(await address(page)).toBe('/receiving?page=2&sort=arrival&dir=asc');

    await page
      .locator('.filters')
      .getByRole('button', { name: /Status/ })
      .click();
    await page.getByRole('menuitemcheckbox', { name: 'Awaiting', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => address(page)).toBe('/receiving?sort=arrival&dir=asc&status=Awaiting');
    await expect(table(page).locator('tbody .status').first()).toHaveText('Awaiting');

    // Back twice (Alt+Left): the sort on page 2, then page 2 unsorted.
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => address(page)).toBe('/receiving?page=2&sort=arrival&dir=asc');
    await expect(page.getByText('Page 2 of 3')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Expected arrival' })).toHaveAttribute('aria-sort', 'ascending');
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => address(page)).toBe('/receiving?page=2');
    await expect(page.getByRole('columnheader', { name: 'Expected arrival' })).not.toHaveAttribute('aria-sort', /.+/);

    // Forward twice (Alt+Right): the filter is back, and so is the status choice on screen.
    await page.keyboard.press('Alt+ArrowRight');
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => address(page)).toBe('/receiving?sort=arrival&dir=asc&status=Awaiting');
    await expect(page.locator('.filters').getByRole('button', { name: /Status/ })).toContainText('Awaiting');
    const statuses = await table(page).locator('tbody .status').allTextContents();
    expect(new Set(statuses)).toEqual(new Set(['Awaiting']));

    // The sidebar follows the address.
    await page.goto(`${host.origin}/#/settings`);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Receiving' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('a typed address opens its record, and a bad one says so', async ({ page, host }) => {
    await page.goto(host.url);
    await signInThroughPopup(page);
    await page.keyboard.press('Alt+1');
    const firstId = await rows(page).first().locator('td').first().textContent();
    await page.evaluate((id) => (window.location.hash = `#/receiving/${id}`), firstId);
    await expectViewFocus(page, `Receiving order ${firstId}`);
    await expect(page.getByText('Fulfillment center', { exact: true })).toBeVisible();
    await page.evaluate(() => (window.location.hash = '#/nowhere'));
    await expect(page.getByRole('heading', { level: 1, name: 'No such view' })).toBeVisible();
    await page.evaluate(() => (window.location.hash = '#/inventory'));
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Item' })).toBeVisible();
  });
});

test('the receiving list works from the keyboard alone', async ({ page, host }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  await expect(rows(page).first()).toBeVisible();
  // Compact density: at least 30 rows fully in view at 1440x900.
  const visible = await rows(page).evaluateAll((trs) => {
    const box = trs[0]!.closest('.data-table')!.getBoundingClientRect();
    return trs.filter((tr) => {
      const r = tr.getBoundingClientRect();
      return r.top >= box.top && r.bottom <= box.bottom;
    }).length;
  });
  expect(visible).toBeGreaterThanOrEqual(30);

  // A fresh page, as after a start: keyboard focus begins at the top.
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  // The skip link is the first stop; it lands on the view's heading.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Receiving' })).toBeFocused();

  // Tab on to the list's current row.
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.matches('tbody tr[aria-rowindex]'))) break;
  }
  const focusedRow = page.locator('tbody tr:focus');
  await expect(focusedRow).toHaveAttribute('aria-rowindex', '2');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(focusedRow).toHaveAttribute('aria-rowindex', '5');
  await page.keyboard.press('End');
  const count = await page.getByRole('table', { name: 'Warehouse receiving orders' }).getAttribute('aria-rowcount');
  await expect(focusedRow).toHaveAttribute('aria-rowindex', count!);
  await page.keyboard.press('Home');
  await expect(focusedRow).toHaveAttribute('aria-rowindex', '2');
  await page.keyboard.press('PageDown');
  expect(Number(await focusedRow.getAttribute('aria-rowindex'))).toBeGreaterThan(20);
  await page.keyboard.press('ArrowUp');
  const id = await focusedRow.locator('td').first().textContent();

  const openedRow = await focusedRow.getAttribute('aria-rowindex');
  await page.keyboard.press('Enter');
  await expectViewFocus(page, `Receiving order ${id}`);
  expect(await address(page)).toBe(`/receiving/${id}`);

  // Back to the list, and on to Settings and back with Alt+<n>.
  // Back on the list, focus is on the row that was opened.
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(focusedRow).toHaveAttribute('aria-rowindex', openedRow!);
  await page.keyboard.press('Alt+6');
  await expectViewFocus(page, 'Settings');
  await page.keyboard.press('Alt+1');
  await expect(focusedRow).toHaveAttribute('aria-rowindex', openedRow!);
  // A sidebar link followed (Enter on it, or a click) hands focus to the new view too.
  await page.getByRole('link', { name: 'Settings' }).focus();
  await page.keyboard.press('Enter');
  await expectViewFocus(page, 'Settings');
  await page.getByRole('link', { name: 'Receiving' }).click();
  await expect(focusedRow).toHaveAttribute('aria-rowindex', openedRow!);

  // "?" lists the shortcuts; Escape closes the sheet and focus returns.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Go to Receiving')).toBeVisible();
  await expect(sheet.getByText('Back', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  // Focus is back on the row the sheet was opened from, not on the page.
  await expect(focusedRow).toHaveAttribute('aria-rowindex', openedRow!);
});

test('Escape closes the environment form without saving', async ({ page, host }) => {
  await page.goto(`${host.url}`);
  await expect(page.getByTestId('status-environment')).toBeVisible();
  await page.keyboard.press('Alt+6');
  await page.getByRole('button', { name: 'Add an environment' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Half typed');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Environments' })).not.toContainText('Half typed');
});

test('a restart opens the view the user left, in the theme they chose', async ({ page }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-e2e-restart-'));
  const start = () =>
    startBrowserHost({
      rendererDir: rendererDir(),
      dataDir,
      version: '0.0.0-e2e',
      ...testKeychain(),
      log: () => {},
    });
  try {
    let host = await start();
    await page.goto(host.url);
    await expect(page.getByTestId('status-environment')).toBeVisible();
    await page.keyboard.press('Alt+6');
    await page.getByRole('button', { name: /Theme/ }).click();
    await page.getByRole('option', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.keyboard.press('Alt+5');
    await expect(page.getByRole('link', { name: 'Returns' })).toHaveAttribute('aria-current', 'page');
    // Not signed in here: the workspace asks for it first.
    await expectViewFocus(page, 'Sign in to Local emulator');
    await page.evaluate(() => (window.location.hash = '#/receiving?status=Completed&sort=id&dir=desc'));
    await expect.poll(() => address(page)).toBe('/receiving?status=Completed&sort=id&dir=desc');
    // The last address has reached main (kept in its settings file) before the host goes away.
    const remembered = async () => {
      const answer = (await host.core.dispatch('app.preferences.get', {})) as { ok: boolean; value?: { lastAddress: string | null } };
      return answer.value?.lastAddress ?? null;
    };
    await expect.poll(remembered).toBe('/receiving?status=Completed&sort=id&dir=desc');
    await host.close();

    host = await start();
    await page.goto(host.url);
    await expect.poll(() => address(page)).toBe('/receiving?status=Completed&sort=id&dir=desc');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('link', { name: 'Receiving' })).toHaveAttribute('aria-current', 'page');
    await host.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
