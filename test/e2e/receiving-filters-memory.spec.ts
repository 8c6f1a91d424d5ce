import type { Page } from '@playwright/test';
import type { DockdeskBridge } from '../../shared/ipc/contract.js';
import { expect, signInThroughPopup, test } from './fixtures.js';

const table = (page: Page) => page.getByRole('table', { name: 'Warehouse receiving orders' });
const address = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));
const invoke = (page: Page, channel: 'app.listFilters.get' | 'environments.activate' | 'environments.save', input: object) =>
  page.evaluate(([c, i]) => (window as unknown as { dockdesk: DockdeskBridge }).dockdesk.invoke(c as 'app.listFilters.get', i as { list: 'receiving' }), [
    channel,
    input,
  ] as const);

test('the WRO list reopens with the filters last set in this environment; cleared filters stay cleared', async ({ page, host }) => {
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  await expect(table(page)).toBeVisible();

  await page.getByRole('button', { name: 'WRO', exact: true }).click();
  await page
    .locator('.filters')
    .getByRole('button', { name: /Status/ })
    .click();
  await page.getByRole('menuitemcheckbox', { name: 'Awaiting', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => address(page)).toBe('/receiving?sort=id&dir=asc&status=Awaiting');

  // Elsewhere, then back through the sidebar (a plain #/receiving): the filters come back.
  await page.getByRole('link', { name: 'Unidentified receipts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unidentified receipts' })).toBeVisible();
  await page.getByRole('link', { name: 'Receiving', exact: true }).click();
  await expect.poll(() => address(page)).toBe('/receiving?status=Awaiting&sort=id&dir=asc');
  await expect(page.locator('.filters').getByRole('button', { name: /Status/ })).toContainText('Awaiting');
  expect(new Set(await table(page).locator('tbody .status').allTextContents())).toEqual(new Set(['Awaiting']));

  // A plain address typed or opened at the next start does the same.
  await page.goto(`${host.origin}/#/receiving`);
  await expect.poll(() => address(page)).toBe('/receiving?status=Awaiting&sort=id&dir=asc');

  // Kept per environment: another environment has none of this one's filters.
  const mine = await invoke(page, 'app.listFilters.get', { list: 'receiving' });
  expect(mine.ok && mine.value).toEqual({ query: 'status=Awaiting&sort=id&dir=asc' });
  const saved = await invoke(page, 'environments.save', { name: 'Second desk', apiBaseUrl: host.core.emulator.url, authUrl: null, clientId: null });
  expect(saved.ok).toBe(true);
  const second = (saved as unknown as { value: { id: string } }).value.id;
  expect((await invoke(page, 'environments.activate', { id: second })).ok).toBe(true);
  const other = await invoke(page, 'app.listFilters.get', { list: 'receiving' });
  expect(other.ok && other.value).toEqual({ query: '' });
  expect((await invoke(page, 'environments.activate', { id: 'local' })).ok).toBe(true);

  // Clearing is a choice too: back in the list later, it is still clear.
  await page.goto(`${host.origin}/#/receiving?sort=id&dir=asc&status=Awaiting`);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect.poll(() => address(page)).toBe('/receiving?sort=id&dir=asc');
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Receiving', exact: true }).click();
  // The sort is remembered with the filters; the status filter, cleared, stays cleared.
  await expect.poll(() => address(page)).toBe('/receiving?sort=id&dir=asc');
  await expect(page.locator('.filters').getByRole('button', { name: /Status/ })).toContainText('All statuses');
});
