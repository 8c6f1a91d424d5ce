import { expect, signInThroughPopup, test } from './fixtures.js';

test.describe('an empty warehouse', () => {
  test.use({ emulatorSeed: { receivingOrders: 0 } });
  test('says there are no receiving orders yet', async ({ page, host }) => {
    await page.goto(host.url);
    await signInThroughPopup(page);
    await expect(page.getByRole('status').filter({ hasText: 'No receiving orders yet' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});

test('says what went wrong when the service cannot be reached, and keeps the user signed in', async ({ page, host }) => {
  await page.goto(host.url);
  await signInThroughPopup(page);
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' })).toBeVisible();

  // The service goes away (the emulator stops); the user asks for fresh data.
  await host.core.emulator.close();
  await page.getByRole('button', { name: 'Refresh' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Receiving orders could not be loaded');
  await expect(alert).toContainText('cannot be reached');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByTestId('status-connectivity')).toHaveText('Offline');
  // Still signed in: a dropped network is not a reason to lose the session.
  await expect(page.getByTestId('status-account')).toHaveText('demo@dockdesk.test');
});
