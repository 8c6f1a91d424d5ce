import { join } from 'node:path';
import { axeCheck, expect, expectViewFocus, signInThroughPopup, test } from '../fixtures.js';
import { openIntake } from '../returns-support.js';
import { datedCode, formsOf, itemCode, scanKeys, sendKeys, soakData } from '../soak/keySoak.js';
import { SCREENSHOT_FOLDER, SCREENSHOT_SIZES, shotWindow } from './matrix.js';
import { openAddress, waitForFirstSync } from '../inventory-support.js';

/**
 * What the desk shows when it holds more than the service will say: an order's page as the account
 * mirror holds it while every call to the service fails (the failed read said beside the order),
 * return intake after a scan made from a line's expiry date (the date as it was, the scan a line), and
 * a scan the PC cut before its Enter, said so while its rest is awaited.
 */
for (const size of SCREENSHOT_SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`an order held while the service fails, and intake after a scan from a date, at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      test.setTimeout(420_000);
      const tag = await shotWindow(page, size, scheme);
      await page.goto(host.url);
      await signInThroughPopup(page);
      await waitForFirstSync(host);
      await expect.poll(() => host.core.mirror.isFresh(), { timeout: 240_000 }).toBe(true);
      const id = (await host.core.mirror.state()).orders[0]!.id;
      await host.core.emulator.control.setFaults({ errorRate: 1 });
      try {
        await openAddress(page, `/receiving/${id}`);
        await expectViewFocus(page, `Receiving order ${id}`);
        await expect(page.locator('.stale-notice')).toBeVisible({ timeout: 30_000 });
        await axeCheck(page, `${tag}-50-receiving-order-held-unread`);
      } finally {
        await host.core.emulator.control.setFaults({});
      }
      await openIntake(page, host.url, false);
      await page.setViewportSize(size);
      const data = await soakData(host);
      await page.getByLabel('Scan items').click();
      await sendKeys(page, scanKeys(datedCode(data.dated!), 5));
      await page.locator('tr[data-testid^="intake-line-"] .expiry').getByRole('spinbutton').first().click();
      await sendKeys(page, scanKeys(data.items[0]!.barcode, 8, 250));
      await expect(page.locator('tr[data-testid^="intake-line-"]')).toHaveCount(2);
      await axeCheck(page, `${tag}-51-intake-scan-from-date`);
    });
  }
}

for (const size of SCREENSHOT_SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`a scan cut before its Enter, on Today, at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      const tag = await shotWindow(page, size, scheme);
      await page.goto(host.url);
      await signInThroughPopup(page);
      await waitForFirstSync(host);
      const data = await soakData(host);
      const item = data.items.find((i) => formsOf(i).includes('gs1-aim'))!;
      await page.keyboard.press('Alt+0');
      await expectViewFocus(page, 'Today');
      const keys = scanKeys(itemCode(item, 'gs1-aim'), 4);
      // The rest reaches the page 15 s late: the cue says the scan was cut meanwhile (for 4 s), shot
      // as soon as it shows, and axe checks the page while the rest is still awaited.
      const sent = sendKeys(page, keys, { clumps: [6], pauseMs: 15_000 });
      await expect(page.getByTestId('scan-cue')).toContainText('stopped before its end', { timeout: 14_000 });
      await page.screenshot({ path: join(SCREENSHOT_FOLDER, `${tag}-52-scan-cut.png`) });
      await axeCheck(page, `${tag}-52-scan-cut-checked`);
      await sent;
      await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible({ timeout: 15_000 });
    });
  }
}
