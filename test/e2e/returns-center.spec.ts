import { expect, signInThroughPopup, test } from './fixtures.js';
import { openAddress } from './inventory-support.js';
import { returnsWithReference } from './returns-support.js';

/**
 * The desk's return center: Settings names the one a new return starts at; the center a clerk sends
 * a return from is where the next return starts. Read as the clerk reads them: the centers' names.
 */
test('a new return starts at the center named in Settings; the center a return was sent from is kept for the next one', async ({ page, host }) => {
  const item = (await host.core.emulator.control.data('inventory')).find((i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot)!;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  await signInThroughPopup(page);

  // Settings → Returns: the default center, chosen by its name.
  await openAddress(page, '#/settings');
  const setting = page.getByLabel('Default fulfillment center for new returns');
  // "None" and at least two centers, once the account's centers have loaded.
  await expect.poll(() => setting.locator('option').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  const names = (await setting.locator('option').allTextContents()).slice(1);
  expect(names.length).toBeGreaterThanOrEqual(2);
  const [preset, other] = names as [string, string];
  await setting.selectOption({ label: preset });
  await expect(setting).toBeEnabled();
  await expect(setting.locator('option:checked')).toHaveText(preset);

  // A new return starts there.
  await openAddress(page, '#/returns/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Return intake' })).toBeVisible();
  await expect(page.getByText(/Item cache as of/)).toBeVisible({ timeout: 30_000 });
  const center = page.getByLabel('Fulfillment center');
  await expect(center.locator('option:checked')).toHaveText(preset);

  // The clerk sends this box from another center.
  await center.selectOption({ label: other });
  await page.getByLabel('Tracking number').focus();
  await page.keyboard.type('1ZCENTER0001', { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Scan items')).toBeFocused();
  await page.keyboard.type(item.sku, { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('intake-line-0')).toContainText(item.name);
  const reference = await page.getByLabel('Reference id').inputValue();
  await page.keyboard.press('Alt+s');
  await expect(page.getByTestId('last-submission')).toContainText(`Return ${reference}: sent`);
  const held = await returnsWithReference(host.core.emulator, reference);
  expect(held.map((r) => r.fulfillment_center.name)).toEqual([other]);

  // The next return starts at the center just used, not the Settings default.
  await expect(page.getByLabel('Reference id')).not.toHaveValue(reference);
  await expect(center.locator('option:checked')).toHaveText(other);
  await expect(page.getByLabel('Tracking number')).toHaveValue('');
});
