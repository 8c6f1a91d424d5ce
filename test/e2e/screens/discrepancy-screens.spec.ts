import { axeCheck, expect, expectViewFocus, signInThroughPopup, test } from '../fixtures.js';
import { SCREENSHOT_SIZES, shotWindow } from './matrix.js';
import { receiveEveryCase } from '../discrepancy-support.js';
import { openAddress, waitForFirstSync } from '../inventory-support.js';

const sizes = SCREENSHOT_SIZES;

for (const size of sizes) {
  for (const scheme of ['light', 'dark'] as const) {
    // Both discrepancy views after the warehouse counted short, over, a lot under another expiry and a box that never came.
    test(`the receiving discrepancy views at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      const tag = await shotWindow(page, size, scheme);
      await page.goto(host.url);
      await signInThroughPopup(page);
      await waitForFirstSync(host);
      const received = await receiveEveryCase(host.core.emulator.control);
      const shown = received.otherExpiry ?? received.missingBox;
      await openAddress(page, `/receiving/${shown.id}/discrepancies`);
      await expectViewFocus(page, `Discrepancies of receiving order ${shown.id}`);
      await expect(page.getByTestId('discrepancy-totals')).toBeVisible();
      await axeCheck(page, `${tag}-33-receiving-discrepancies-order`);
      // The order's own page says the same difference, and names each box line received otherwise.
      await openAddress(page, `/receiving/${shown.id}`);
      await expectViewFocus(page, `Receiving order ${shown.id}`);
      await expect(page.getByTestId('order-difference')).toBeVisible();
      await axeCheck(page, `${tag}-32-receiving-order-difference`);
      await openAddress(page, '/receiving/discrepancies?from=2020-01-01&to=2099-12-31');
      await expectViewFocus(page, 'Receiving discrepancies');
      await expect(page.getByRole('table', { name: 'Receiving orders with discrepancies' }).locator('tbody tr').first()).toBeVisible();
      await axeCheck(page, `${tag}-34-receiving-discrepancies-list`);
    });
  }
}
