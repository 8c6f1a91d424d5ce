import { expect, signInThroughPopup, test } from './fixtures.js';
import { scanCode } from './scanner.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';

/**
 * The chrome tells the truth at a glance: signed out, the status bar claims no connection it has
 * not tried and no channel it does not have, and the first thing focused is Sign in.
 */
test('at first start Sign in has focus and the status bar says signed out, not Online; signed in it says Online', async ({ page, host }) => {
  await page.goto(host.url);
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect(signIn).toBeFocused();
  await expect(page.getByTestId('status-account')).toHaveText('Signed out');
  await expect(page.getByTestId('status-connectivity')).toHaveText('Not connected: signed out');
  await expect(page.getByRole('contentinfo', { name: 'Status' })).not.toContainText('Online');
  await expect(page.getByTestId('status-channel')).toHaveCount(0);

  await signInThroughPopup(page);
  await expect(page.getByTestId('status-connectivity')).toHaveText('Online');
  await expect(page.getByTestId('status-channel')).toContainText('Channel:');
});

test('news toasts leave after five seconds, errors stay until dismissed, and at most three show, none over another', async ({ page, host }) => {
  await page.goto(host.url);
  await signInThroughPopup(page);
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' }).getByRole('row').nth(1)).toBeVisible();
  // The pointer away from the toasts: hovering pauses them, as it should.
  await page.mouse.move(5, 5);

  // News: the palette's scan-sound switch says what it did, then goes by itself.
  await page.keyboard.press('Control+k');
  // Typed at a person's pace: a burst would be read as a scan.
  await page.keyboard.type('scan sounds', { delay: 90 });
  await page.keyboard.press('Enter');
  const news = page.locator('.toast', { hasText: /Scan sounds (on|off)/ });
  await expect(news).toBeVisible();
  const shownAt = Date.now();
  await expect(news).toHaveCount(0, { timeout: 10_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(3_500);

  // Errors: four scans nobody knows; three show at once, stacked apart, and they stay.
  for (const code of ['NOPE-1001', 'NOPE-1002', 'NOPE-1003', 'NOPE-1004']) {
    await scanCode(page, code);
    await expect(page.locator('.toast', { hasText: `Nothing matches ${code}` })).toBeVisible();
  }
  const shown = page.locator('.toast');
  await expect(shown).toHaveCount(3);
  const boxes = await Promise.all([0, 1, 2].map(async (i) => (await shown.nth(i).boundingBox())!));
  const sorted = boxes.sort((a, b) => a.y - b.y);
  for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.y).toBeGreaterThanOrEqual(sorted[i - 1]!.y + sorted[i - 1]!.height);
  await page.waitForTimeout(7_000);
  await expect(shown).toHaveCount(3);
  // Dismissed, the one waiting its turn shows.
  await shown.first().getByRole('button', { name: 'Dismiss' }).click();
  await expect(shown).toHaveCount(3);
  await expect(page.locator('.toast', { hasText: /Nothing matches NOPE-100[1-4]/ })).toHaveCount(3);
});

test('box labels are offered where the service prints them, and not on a cancelled order', async ({ page, host }) => {
  await page.goto(host.url);
  await signInThroughPopup(page);
  const orders = await host.core.emulator.control.data('receivingOrders');
  const cancelled = orders.find((w) => w.status === 'Cancelled')!;
  const awaiting = orders.find((w) => w.status === 'Awaiting')!;
  await page.goto(`${host.origin}/#/receiving/${cancelled.id}`);
  await expect(page.getByTestId('no-labels')).toHaveText('No box labels: the order is cancelled.');
  await expect(page.getByRole('button', { name: /labels/ })).toHaveCount(0);
  await page.goto(`${host.origin}/#/receiving/${awaiting.id}`);
  await expect(page.getByRole('button', { name: 'Print labels' })).toBeVisible();
  await expect(page.getByTestId('no-labels')).toHaveCount(0);
});

test('lot exclusions: Enter on a name that matches several items lists them without a red error', async ({ page, host }) => {
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  const word = (await host.core.emulator.control.data('inventory'))[0]!.name.split(/[ ,]/)[0]!;
  await openAddress(page, '#/lots');
  await expect(page.getByRole('heading', { level: 1, name: 'Lot exclusions' })).toBeVisible();
  const field = page.getByRole('searchbox', { name: 'Item' });
  await field.focus();
  // At a person's pace: a burst would be read as a scan.
  await page.keyboard.type(word, { delay: 120 });
  await expect(page.getByRole('table', { name: 'Matching items' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('No item has exactly that code; choose one of the matches below.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Matching items' })).toBeVisible();
});
