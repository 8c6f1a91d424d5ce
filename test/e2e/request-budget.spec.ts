import { expect, signInThroughPopup, test } from './fixtures.js';

/**
 * The service's request limit as the desk shows it, with the emulator's limit on and low (30 a
 * minute) so a sync meets it: the status bar says the sync is paced by it (its estimated end needs the
 * count of a cache synced before), and Settings → Support shows this desk's requests in the last minute
 * and what the service reports left.
 */
test.use({ emulatorSeed: { inventoryItems: 5000, rateLimit: { enabled: true, perMinute: 30 } } });

test('a sync under the request limit says it is paced by it; Support shows the minute’s requests and what is left', async ({ page, host }) => {
  test.setTimeout(150_000);
  await page.goto(host.url);
  await signInThroughPopup(page); // an empty cache: a full sync starts

  // A first sync has nothing to measure its end against (cursor lists give no totals): it says what paces it.
  const pace = page.getByTestId('inventory-sync-pace');
  await expect(pace).toContainText("paced by the service's request limit", { timeout: 60_000 });

  await page.getByRole('link', { name: 'Settings' }).click();
  const support = page.getByTestId('request-budget');
  await expect(support).toContainText('Requests in the last minute, this desk');
  // The sync spent most of the window: this desk's count is high, and the service reports what is left of 30.
  await expect(support.locator('dd').first()).toHaveText(/^(1\d|2\d|30)$/);
  await expect(support.locator('dd').nth(1)).toContainText(/^\d+ of 30, at /);
});
