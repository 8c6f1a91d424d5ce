import { axeCheck, expect, signInThroughPopup, test } from './fixtures.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';

/**
 * A supplier's spreadsheet into a new receiving order, by the keyboard alone: the file chosen, the
 * column match read, the one wrong row fixed in place, the lines used, the order created; what the
 * service then holds is read from the emulator's store.
 */

test('a spreadsheet imported by keyboard: a wrong row fixed in place, the lines fill the form, Create makes the order', async ({ page, host }) => {
  test.setTimeout(180_000);
  const inventory = await host.core.emulator.control.data('inventory');
  const usable = inventory.filter((i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot && !i.sku.includes(','));
  const [a, b] = usable;
  const center = (await host.core.emulator.control.data('fulfillmentCenters'))[0]!;
  const po = `PO-SHEET-${Date.now()}`;
  const arrival = new Date(Date.now() + 72 * 3600_000).toISOString().slice(0, 10);
  const csv = [
    'Fulfillment center,PO number,Expected arrival,Carton,Tracking,Item,Qty',
    `"${center.name}",${po},${arrival} 09:30,1,1ZSHEET01,${a!.sku},5`,
    `"${center.name}",${po},${arrival} 09:30,1,1ZSHEET01,${b!.sku},2.5`,
    `"${center.name}",${po},${arrival} 09:30,2,1ZSHEET02,${a!.sku},7`,
  ].join('\r\n');

  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  await openAddress(page, '/receiving/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();

  await page.keyboard.press('Alt+f');
  const dialog = page.getByRole('dialog', { name: 'Import from a spreadsheet' });
  await expect(dialog).toBeVisible();
  const file = dialog.locator('input[type="file"]');
  await expect(file).toBeFocused();
  await file.setInputFiles({ name: 'asn.csv', mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${csv}`, 'utf8') });

  // The wrong quantity is named by its row and column, and the keyboard is on that cell.
  const cell = dialog.getByLabel('Row 3, Qty');
  await expect(cell).toBeFocused();
  await expect(dialog.locator('[data-import-row="3"]')).toContainText(/quantity|whole/i);
  await expect(dialog.getByRole('button', { name: 'Use these lines' })).toBeDisabled();
  await axeCheck(page, 'receiving-import-problem');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('3', { delay: 60 });
  await page.keyboard.press('Enter');

  // Clean: the keyboard is on "Use these lines".
  const use = dialog.getByRole('button', { name: 'Use these lines' });
  await expect(use).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);

  await expect(page.getByLabel('PO number')).toHaveValue(po);
  await expect(page.getByLabel('Box 1 tracking number')).toHaveValue('1ZSHEET01');
  await expect(page.getByLabel('Box 2 tracking number')).toHaveValue('1ZSHEET02');
  await expect(page.getByRole('group', { name: 'Box 1 item 2' }).getByLabel('Quantity')).toHaveValue('3');

  await page.getByRole('button', { name: 'Create receiving order' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /Receiving order \d+/ })).toBeVisible({ timeout: 30_000 });

  const made = (await host.core.emulator.control.data('receivingOrders')).filter((o) => o.purchase_order_number === po);
  expect(made).toHaveLength(1);
  expect(made[0]!.fulfillment_center.id).toBe(center.id);
  expect(made[0]!.boxes.map((box) => ({ tracking: box.tracking_number, items: box.box_items.map((i) => [i.inventory_id, i.quantity]) }))).toEqual([
    {
      tracking: '1ZSHEET01',
      items: [
        [a!.inventory_id, 5],
        [b!.inventory_id, 3],
      ],
    },
    { tracking: '1ZSHEET02', items: [[a!.inventory_id, 7]] },
  ]);
});
