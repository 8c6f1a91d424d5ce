import type { Page } from '@playwright/test';
import { axeCheck, expect, signInThroughPopup, test } from './fixtures.js';
import { openIntake } from './returns-support.js';
import { keyPause, scanCode } from './scanner.js';

/**
 * The receiving-order form at the scan rhythm, with real key events only: scan → line (or one more
 * on its line) → focus stays on the scan field; a quantity goes into the quantity field only and its
 * Enter comes back to the scan field; Enter in a field never sends the form; removing a line and
 * discarding the draft ask first, with focus on the safe choice; a date-time typed at a quick typist's
 * pace reads back exactly (no key is held back and replayed).
 */

const scanPause = (page: Page) => keyPause(page, 250);
const address = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));

const runs = [
  { scheme: 'light', width: 1280, height: 800 },
  { scheme: 'dark', width: 1920, height: 1080 },
] as const;

for (const { scheme, width, height } of runs) {
  test(`receiving create by scans and keys: lines, quantities, Enter, remove and discard (${scheme}, ${width}x${height})`, async ({ page, host }) => {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    const stock = (await host.core.emulator.control.data('inventory')).filter(
      (i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot && /^\d{13}$/.test(i.barcode),
    );
    const [first, second] = [stock[0]!, stock[1]!];
    await page.goto(host.url);
    await signInThroughPopup(page);
    await page.keyboard.press('Alt+1');
    await expect(page.getByRole('table', { name: 'Warehouse receiving orders' })).toBeVisible();
    await page.evaluate(() => (window.location.hash = '#/receiving/new'));
    // A form: its first empty field has focus.
    await expect(page.getByRole('combobox', { name: 'Fulfillment center' })).toBeFocused();

    // A date and time typed at 80 ms a key (a quick typist) reads back exactly.
    const arrival = page.locator('.date-field').filter({ has: page.getByRole('group', { name: 'Expected arrival', exact: true }) });
    // On its first segment (month), as Tab from the field before it lands; a full segment moves on.
    await arrival.locator('[data-type="month"]').focus();
    await page.keyboard.type('12012026', { delay: 80 });
    await page.keyboard.type('0930A', { delay: 80 });
    await expect(arrival).toHaveAttribute('data-value', '2026-12-01T09:30');

    // The same at a person's pace (150 ms a key), from the first segment again.
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('03152027', { delay: 150 });
    await page.keyboard.type('0745P', { delay: 150 });
    await expect(arrival).toHaveAttribute('data-value', '2027-03-15T19:45');
    await expect(arrival.getByRole('group')).toHaveText(/03.15.2027.*07.45.*PM/);

    // Type-ahead on a closed select: letters typed on its button choose the option, at once or slowly.
    const packageType = page.getByRole('button', { name: /Package type$/ });
    await packageType.focus();
    await page.keyboard.type('pal');
    await expect(packageType).toContainText('Pallet');
    await keyPause(page, 1200);
    await page.keyboard.type('fl', { delay: 150 });
    await expect(packageType).toContainText(/Floor/);
    await keyPause(page, 1200);
    await page.keyboard.type('par', { delay: 60 });
    await expect(packageType).toContainText(/^Parcel/);

    // Enter in a text field does not send the form (it would show the form's problems).
    const po = page.getByLabel('PO number');
    await po.click();
    await page.keyboard.type('PO-RHYTHM', { delay: 120 });
    await page.keyboard.press('Enter');
    await expect(page.locator('.wro-form [aria-invalid="true"]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();

    // Scan → line; the same item again → one more on its line; focus stays on the scan field.
    const scanField = page.getByLabel('Scan an item into box 1');
    await scanField.click();
    await scanPause(page);
    await scanCode(page, first.sku, { msPerKey: 8 });
    const line1 = page.getByRole('group', { name: 'Box 1 item 1' });
    await expect(line1).toContainText(first.sku);
    await expect(scanField).toBeFocused();
    await expect(scanField).toHaveValue('');
    await scanPause(page);
    await scanCode(page, first.barcode, { msPerKey: 8 });
    await expect(line1.getByLabel('Quantity')).toHaveValue('2');
    await scanPause(page);
    await scanCode(page, second.sku, { msPerKey: 8 });
    const line2 = page.getByRole('group', { name: 'Box 1 item 2' });
    await expect(line2).toContainText(second.sku);
    await expect(scanField).toBeFocused();
    await expect(page.getByRole('group', { name: /^Box 1 item \d$/ })).toHaveCount(2);

    // A quantity typed into its field, Enter: back on the scan field; the item's code is untouched.
    await line2.getByLabel('Quantity').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('12', { delay: 150 });
    await page.keyboard.press('Enter');
    await expect(scanField).toBeFocused();
    await expect(line2.getByLabel('Quantity')).toHaveValue('12');
    await expect(line2.getByLabel('SKU, barcode or inventory id')).toHaveValue(second.sku);
    await expect(page.locator('.wro-form [aria-invalid="true"]')).toHaveCount(0);
    // A code typed into the scan field and Enter works as a scan.
    await page.keyboard.type(first.sku, { delay: 120 });
    await page.keyboard.press('Enter');
    await expect(line1.getByLabel('Quantity')).toHaveValue('3');
    await expect(scanField).toHaveValue('');
    await axeCheck(page, `${scheme}-${width}-wro-create-scanned`);

    // Add item: the next scan goes into the new line's code, not out of the form.
    await page.getByRole('button', { name: 'Add item to box 1' }).click();
    const line3 = page.getByRole('group', { name: 'Box 1 item 3' });
    await expect(line3.getByLabel('SKU, barcode or inventory id')).toBeFocused();
    await scanPause(page);
    await scanCode(page, second.barcode, { msPerKey: 8 });
    await expect(line3.getByLabel('SKU, barcode or inventory id')).toHaveValue(second.barcode);
    await expect.poll(() => address(page)).toMatch(/^\/receiving\/new/);

    // Remove a line: asked first, focus on Keep it; Escape and Keep it leave it.
    await page.getByRole('button', { name: 'Remove box 1 item 1' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove item 1 from box 1?' });
    await expect(remove).toBeVisible();
    await expect(remove.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await axeCheck(page, `${scheme}-${width}-wro-create-remove-line`);
    await page.keyboard.press('Escape');
    await expect(remove).toHaveCount(0);
    await expect(page.getByRole('group', { name: /^Box 1 item \d$/ })).toHaveCount(3);
    await page.getByRole('button', { name: 'Remove box 1 item 1' }).click();
    await page.keyboard.press('Shift+Tab');
    await expect(remove.getByRole('button', { name: 'Remove the item' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('group', { name: /^Box 1 item \d$/ })).toHaveCount(2);
    await expect(scanField).toBeFocused();

    // Discard the draft: asked first, focus on Keep the draft; Enter keeps it.
    const discardButton = page.getByRole('button', { name: 'Discard draft' });
    await expect(discardButton).toBeVisible();
    await discardButton.focus();
    await page.keyboard.press('Enter');
    const discard = page.getByRole('dialog', { name: 'Discard this draft?' });
    await expect(discard.getByRole('button', { name: 'Keep the draft' })).toBeFocused();
    await axeCheck(page, `${scheme}-${width}-wro-create-discard`);
    await page.keyboard.press('Enter');
    await expect(discard).toHaveCount(0);
    await expect(page.getByRole('group', { name: /^Box 1 item \d$/ })).toHaveCount(2);
    await discardButton.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await expect(discard.getByRole('button', { name: 'Discard the draft' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => address(page)).toBe('/receiving');
  });
}

test('return intake by scans and keys: a quantity and Enter go back to the item scan; discarding the draft asks first', async ({ page, host }) => {
  const item = (await host.core.emulator.control.data('inventory')).find(
    (i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot && /^\d{13}$/.test(i.barcode),
  )!;
  await openIntake(page, host.url);
  await scanCode(page, '1Z999AA10123456799', { msPerKey: 5 });
  const itemField = page.getByLabel('Scan items');
  await expect(itemField).toBeFocused();
  await scanPause(page);
  await scanCode(page, item.barcode, { msPerKey: 5 });
  const line = page.getByTestId('intake-line-0');
  await expect(line).toContainText(item.sku);
  await expect(itemField).toBeFocused();

  // The quantity typed into its field; Enter comes back to the item scan; nothing else changed.
  await line.getByRole('spinbutton', { name: /^Quantity of / }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4', { delay: 150 });
  await page.keyboard.press('Enter');
  await expect(itemField).toBeFocused();
  await expect(line.getByRole('spinbutton', { name: /^Quantity of / })).toHaveValue('4');

  // Discard: asked first, on Keep the draft; Escape keeps it; confirmed, the intake starts afresh.
  await page.getByRole('button', { name: 'Discard draft' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Discard this return draft?' });
  await expect(dialog.getByRole('button', { name: 'Keep the draft' })).toBeFocused();
  await axeCheck(page, 'intake-discard');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(line).toContainText(item.sku);
  await page.getByRole('button', { name: 'Discard draft' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Discard the draft' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('intake-line-0')).toHaveCount(0);
});
