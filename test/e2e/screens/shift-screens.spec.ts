import { axeCheck, expect, test } from '../fixtures.js';
import { openAddress } from '../inventory-support.js';
import { openIntake, sendOneReturn } from '../returns-support.js';
import { SCREENSHOT_SIZES, shotWindow } from './matrix.js';

/** End of shift with a return sent this shift and a handover note being written. */
for (const size of SCREENSHOT_SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`End of shift at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      await openIntake(page, host.url);
      const tag = await shotWindow(page, size, scheme);
      await sendOneReturn(page, host, '1ZSHIFTSHOT1');
      await openAddress(page, '#/shift');
      const note = page.getByRole('textbox', { name: 'Handover note' });
      await expect(note).toBeFocused();
      await page.keyboard.type('Door 3 sticks; the pallet for Łódź waits for the supplier.', { delay: 60 });
      await expect(page.getByRole('table', { name: 'Clerk: No clerk' })).toContainText('Returns received');
      await page.mouse.move(0, 0);
      await axeCheck(page, `${tag}-60-end-of-shift`);
    });
  }
}
