import { axeCheck, expect, test } from '../fixtures.js';
import { openAddress } from '../inventory-support.js';
import { chooseCenter, openIntake, returnsWithReference } from '../returns-support.js';
import { SCREENSHOT_SIZES, shotWindow } from './matrix.js';

/**
 * A return's page with "Done at this desk" holding entries: made at the intake (keyboard), then
 * cancelled, so the section shows two entries under the service's status history.
 */
for (const size of SCREENSHOT_SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`Return page with this desk's record at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      const item = (await host.core.emulator.control.data('inventory')).find((i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot)!;
      await openIntake(page, host.url);
      const tag = await shotWindow(page, size, scheme);
      await chooseCenter(page);
      await page.getByLabel('Tracking number').focus();
      await page.keyboard.type('1ZJOURNAL02', { delay: 40 });
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Scan items')).toBeFocused();
      await page.keyboard.type(item.sku, { delay: 40 });
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('intake-line-0')).toContainText(item.sku);
      const reference = await page.getByLabel('Reference id').inputValue();
      await page.keyboard.press('Alt+s');
      await expect(page.getByTestId('last-submission')).toContainText(`Return ${reference}: sent`);
      const [made] = await returnsWithReference(host.core.emulator, reference);
      expect((await host.core.dispatch('returns.cancel', { id: made!.id })).ok).toBe(true);

      await openAddress(page, `#/returns/${made!.id}`);
      await expect(page.getByRole('heading', { level: 1, name: `Return ${made!.id}` })).toBeVisible();
      const section = page.getByRole('region', { name: 'Done at this desk' });
      await expect(section.getByRole('listitem')).toHaveCount(2);
      await page.mouse.move(0, 0);
      await axeCheck(page, `${tag}-50-return-done-at-this-desk`);
    });
  }
}
