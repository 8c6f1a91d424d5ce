import { axeCheck, expect, test } from '../fixtures.js';
import { openIntake, returnsWithReference, scanOneLine } from '../returns-support.js';
import { SCREENSHOT_SIZES, shotWindow } from './matrix.js';
import { FAKE_CAMERA } from '../fake-camera.js';

/** The intake's camera with a photo kept and one taken, and the sent return's page with the desk's and the warehouse's photos. */
test.use(FAKE_CAMERA);

for (const size of SCREENSHOT_SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`Intake photos and a return's photos at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      await openIntake(page, host.url);
      const tag = await shotWindow(page, size, scheme);
      const { reference } = await scanOneLine(page, host, '1ZPHOTOSHOT1');
      await page.keyboard.press('F8');
      await expect(page.getByTestId('camera-still')).toBeVisible({ timeout: 15_000 });
      await page.keyboard.press('F9');
      await expect(page.getByTestId('desk-photo')).toHaveCount(1);
      await page.keyboard.press('F8');
      await expect(page.getByTestId('camera-still')).toBeVisible();
      await page.getByTestId('camera-still').scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      await axeCheck(page, `${tag}-70-intake-camera`);

      await page.keyboard.press('Alt+s');
      await expect(page.getByTestId('last-submission')).toContainText(`Return ${reference}: sent`);
      const [made] = await returnsWithReference(host.core.emulator, reference);
      await host.core.emulator.control.advance(31 * 3600);
      await page.evaluate((id) => (window.location.hash = `#/returns/${id}`), made!.id);
      await expect(page.getByTestId('warehouse-photo').getByRole('img')).toBeVisible();
      await expect(page.getByTestId('desk-photo').getByRole('img')).toBeVisible();
      await page.getByRole('button', { name: 'Claim pack (PDF)' }).scrollIntoViewIfNeeded();
      await axeCheck(page, `${tag}-71-return-photos`);
    });
  }
}

/** A receiving order's page with a box's photo kept and another taken, beside its boxes. */
for (const size of SCREENSHOT_SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`A receiving order's box photos at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      await openIntake(page, host.url);
      const orders = await host.core.dispatch('receiving.list', { limit: 50 });
      if (!orders.ok) throw new Error(`the receiving orders could not be listed: ${orders.error.message}`);
      const order = (orders.value as { items: { id: number; status: string }[] }).items.find((o) => o.status !== 'Cancelled');
      if (!order) throw new Error('the emulator seeds no open receiving order');
      const tag = await shotWindow(page, size, scheme);
      await page.evaluate((id) => (window.location.hash = `#/receiving/${id}`), order.id);
      const row = page.locator('tr[data-box-id]').first();
      const show = page.getByRole('button', { name: 'Show them now' });
      await expect(row.or(show).first()).toBeVisible({ timeout: 15_000 });
      if (await show.isVisible()) await show.click();
      await row.focus();
      await page.keyboard.press('F8');
      await expect(page.getByTestId('camera-still')).toBeVisible({ timeout: 15_000 });
      await page.keyboard.press('F9');
      await expect(page.getByTestId('desk-photo')).toHaveCount(1);
      await row.focus();
      await page.keyboard.press('F8');
      await expect(page.getByTestId('camera-still')).toBeVisible();
      await page.getByTestId('camera-still').scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      await axeCheck(page, `${tag}-72-order-box-photos`);
    });
  }
}
