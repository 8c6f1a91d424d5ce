import { expect, signInThroughPopup, test } from './fixtures.js';
import { scanCode } from './scanner.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';
import { holdLabelPrints } from './label-frame.js';

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

test('news toasts leave after five seconds, errors stay until dismissed, and a stack of errors folds into one line', async ({ page, host }) => {
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' }).getByRole('row').nth(1)).toBeVisible();
  // The pointer away from the toasts: hovering pauses them, as it should.
  await page.mouse.move(5, 5);

  // Errors first: three scans nobody knows show one line each, apart, and they stay.
  for (const code of ['NOPE-1001', 'NOPE-1002', 'NOPE-1003']) {
    await scanCode(page, code);
    await expect(page.locator('.toast', { hasText: `Nothing matches ${code}` })).toBeVisible();
  }
  const shown = page.locator('.toast');
  await expect(shown).toHaveCount(3);
  const boxes = await Promise.all([0, 1, 2].map(async (i) => (await shown.nth(i).boundingBox())!));
  const sorted = boxes.sort((a, b) => a.y - b.y);
  for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.y).toBeGreaterThanOrEqual(sorted[i - 1]!.y + sorted[i - 1]!.height);

  // News: the palette's scan-sound switch says what it did, then goes by itself; the errors, older, stay.
  await page.keyboard.press('Control+k');
  // Typed at a person's pace: a burst would be read as a scan.
  await page.keyboard.type('scan sounds', { delay: 120 });
  await page.keyboard.press('Enter');
  const news = page.locator('.toast', { hasText: /Scan sounds (on|off)/ });
  await expect(news).toBeVisible();
  // Four notices: the errors fold into one line with their count while the news shows.
  await expect(page.getByTestId('notices-folded')).toContainText('3 errors');
  const shownAt = Date.now();
  await expect(news).toHaveCount(0, { timeout: 10_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(3_500);
  await expect(page.locator('.toast', { hasText: /Nothing matches NOPE-100[1-3]/ })).toHaveCount(3);
  // Dismissed, it goes; the others stay.
  await shown.first().getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.locator('.toast', { hasText: /Nothing matches NOPE-100[1-3]/ })).toHaveCount(2);
});

test('a news toast stays while the pointer rests on it or focus is in it, and leaves five seconds after', async ({ page, host }) => {
  // The page's clock runs as usual, and is moved on past a toast's five seconds where the test says so.
  await page.clock.install();
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  const firstRow = page.getByRole('table', { name: 'Warehouse receiving orders' }).getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  await page.mouse.move(5, 5);
  const toggleSounds = async () => {
    await page.keyboard.press('Control+k');
    // Typed at a person's pace: a burst would be read as a scan.
    await page.keyboard.type('scan sounds', { delay: 120 });
    await page.keyboard.press('Enter');
  };
  const news = page.locator('.toast', { hasText: /Scan sounds (on|off)/ });

  // Under the pointer it waits past its five seconds; the pointer gone, it goes.
  await toggleSounds();
  await expect(news).toBeVisible();
  await news.hover();
  await page.clock.fastForward(7_000);
  await expect(news).toBeVisible();
  await page.mouse.move(5, 5);
  await expect(news).toBeVisible();
  await page.clock.fastForward(6_000);
  await expect(news).toHaveCount(0);

  // With focus on its Dismiss button it waits too; focus elsewhere, it goes.
  await toggleSounds();
  await expect(news).toBeVisible();
  await news.getByRole('button', { name: 'Dismiss' }).focus();
  await page.clock.fastForward(7_000);
  await expect(news).toBeVisible();
  await page.locator('.data-table tbody tr[aria-rowindex]').first().focus();
  await page.clock.fastForward(6_000);
  await expect(news).toHaveCount(0);
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

test('a print that fails leaves the order on screen, says why in words, and offers the PDF', async ({ page, host }) => {
  await page.goto(host.url);
  await signInThroughPopup(page);
  const awaiting = (await host.core.emulator.control.data('receivingOrders')).find((w) => w.status === 'Awaiting')!;
  await openAddress(page, `#/receiving/${awaiting.id}`);
  const heading = page.getByRole('heading', { level: 1, name: `Receiving order ${awaiting.id}` });
  await expect(heading).toBeVisible();
  await host.core.emulator.control.setFaults({ errorRate: 1 });
  try {
    await page.getByRole('button', { name: 'Print labels' }).click();
    const toast = page.locator('.toast', { hasText: 'Box labels could not be printed' });
    await expect(toast).toBeVisible({ timeout: 30_000 });
    await expect(toast).toContainText('Save labels keeps the PDF to print from elsewhere.');
    // Warehouse words: no status code, protocol or library name in what the clerk reads.
    await expect(toast).not.toContainText(/\b(HTTP|5\d\d|fetch|ECONN\w*|undefined|Error:)/);
  } finally {
    await host.core.emulator.control.setFaults({});
  }
  await expect(heading).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save labels' })).toBeEnabled();
  // The service answering again, the print goes to a frame of its own: the page stays.
  await holdLabelPrints(page);
  await page.getByRole('button', { name: 'Print labels' }).click();
  await expect(page.locator(`iframe[data-labels="${awaiting.id}"]`)).toHaveAttribute('data-prints-on-load', 'true');
  await expect(heading).toBeVisible();
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
