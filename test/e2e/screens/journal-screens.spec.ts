import { axeCheck, expect, test } from '../fixtures.js';
import { openAddress } from '../inventory-support.js';
import { openIntake, sendOneReturn } from '../returns-support.js';
import { SCREENSHOT_SIZES, shotWindow } from './matrix.js';

/**
 * A return's page with "Done at this desk" holding entries: made at the intake (keyboard), then
 * cancelled, so the section shows two entries under the service's status history.
 */
for (const size of SCREENSHOT_SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`Return page with this desk's record at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      await openIntake(page, host.url);
      const tag = await shotWindow(page, size, scheme);
      const made = await sendOneReturn(page, host, '1ZJOURNAL02');
      expect((await host.core.dispatch('returns.cancel', { id: made.id })).ok).toBe(true);

      await openAddress(page, `#/returns/${made.id}`);
      await expect(page.getByRole('heading', { level: 1, name: `Return ${made.id}` })).toBeVisible();
      const section = page.getByRole('region', { name: 'Done at this desk' });
      await expect(section.getByRole('listitem').filter({ hasNotText: 'Scanned ' })).toHaveCount(2);
      await page.mouse.move(0, 0);
      await axeCheck(page, `${tag}-50-return-done-at-this-desk`);
    });
  }
}
