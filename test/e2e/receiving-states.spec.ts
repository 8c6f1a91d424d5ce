import { expect, signInThroughPopup, test } from './fixtures.js';

test.describe('an empty warehouse', () => {
  test.use({ emulatorSeed: { receivingOrders: 0 } });
  test('says there are no receiving orders yet', async ({ page, host }) => {
    await page.goto(host.url);
    await signInThroughPopup(page);
    await page.keyboard.press('Alt+1');
    await expect(page.getByRole('status').filter({ hasText: 'No receiving orders yet' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});

test('a failed refresh keeps the rows on screen and says how old they are', async ({ page, host }) => {
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  const table = page.getByRole('table', { name: 'Warehouse receiving orders' });
  await expect(table).toBeVisible();
  const firstRow = await table.locator('tbody tr[aria-rowindex]').first().textContent();

  // The service goes away (the emulator stops); the user asks for fresh data.
  await host.core.emulator.close();
  await page.getByRole('button', { name: 'Refresh' }).click();
  const notice = page.getByRole('alert');
  await expect(notice).toContainText(/Could not refresh: .*cannot be reached.*\. Showing data from \d{1,2}:\d{2}/);
  // The rows are still there, unchanged.
  await expect(table).toBeVisible();
  await expect(table.locator('tbody tr[aria-rowindex]').first()).toHaveText(firstRow!);
  await expect(page.getByTestId('status-connectivity')).toHaveText('Offline');
  // Still signed in: a dropped network is not a reason to lose the session.
  await expect(page.getByTestId('status-account')).toHaveText('demo@dockdesk.test');
  // Retry tries again and, the service still away, keeps the rows and the notice.
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(notice).toContainText('Could not refresh');
  await expect(table).toBeVisible();
});

test('a list that never loaded says what went wrong and offers to try again', async ({ page, host }) => {
  await page.goto(`${host.url}`);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' })).toBeVisible();
  await host.core.emulator.close();
  // A filter never loaded before: nothing to keep on screen.
  await page
    .locator('.filters')
    .getByRole('button', { name: /Status/ })
    .click();
  await page.getByRole('menuitemcheckbox', { name: 'Cancelled' }).click();
  await expect(page.getByRole('alert')).toContainText('Receiving orders could not be loaded');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});
