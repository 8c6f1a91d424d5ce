import { axeCheck, expect, expectViewFocus, signInThroughPopup, test } from '../fixtures.js';
import { openIntake } from '../returns-support.js';
import { datedCode, scanKeys, sendKeys, soakData } from '../soak/keySoak.js';
import { SCREENSHOT_SIZES, shotWindow } from './matrix.js';
import { openAddress, waitForFirstSync } from '../inventory-support.js';

/**
 * What the desk shows when it holds more than the service will say: an order's page as the account
 * mirror holds it while every call to the service fails (the failed read said beside the order), and
 * return intake after a scan made from a line's expiry date (the date as it was, the scan a line).
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
