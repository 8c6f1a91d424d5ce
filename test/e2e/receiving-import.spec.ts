import * as XLSX from '@e965/xlsx';
import { readFile } from 'node:fs/promises';
import type { DockdeskBridge } from '../../shared/ipc/contract.js';
import { receiveShort } from './discrepancy-support.js';
import { axeCheck, expect, expectViewFocus, test } from './fixtures.js';
import { openImportDialog } from './import-support.js';
import { openAddress, tabTo } from './inventory-support.js';
import { scanCode } from './scanner.js';

/**
 * A supplier's spreadsheet into a new receiving order, by the keyboard alone: the file chosen, the
 * column match read, the one wrong row fixed in place, the lines used, the order created; what the
 * service then holds is read from the emulator's store. A supplier's file the desk cannot match by
 * itself is followed further: the match corrected by hand, the order received short by the warehouse
 * (the emulator's control API), and the corrected match kept for that supplier's next file.
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

  const dialog = await openImportDialog(page, host);
  const file = dialog.locator('input[type="file"]');
  await expect(file).toBeFocused();
  await file.setInputFiles({ name: 'asn.csv', mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${csv}`, 'utf8') });

  // The wrong quantity is named by its row and column, and the keyboard is on that cell.
  const cell = dialog.getByLabel('Row 3, Qty');
  await expect(cell).toBeFocused();
  await expect(dialog.locator('[data-import-row="3"]')).toContainText(/quantity|whole/i);
  await expect(dialog.getByRole('button', { name: 'Use these 3 lines in 2 boxes' })).toBeDisabled();
  await axeCheck(page, 'receiving-import-problem');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('3', { delay: 60 });
  await page.keyboard.press('Enter');

  // Clean: the keyboard is on "Use these lines".
  const use = dialog.getByRole('button', { name: 'Use these 3 lines in 2 boxes' });
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

test('a supplier file whose quantity heading the desk does not know: matched by hand, a row fixed, the order made, received short, and the match kept for the next file', async ({
  page,
  host,
}) => {
  test.setTimeout(240_000);
  const control = host.core.emulator.control;
  const inventory = await control.data('inventory');
  // SKUs the test's keyboard can type (US layout, no separators a CSV cell would have to quote).
  const typable = inventory.filter((i) => i.is_active && !i.is_digital && !i.is_bundle && /^[A-Za-z0-9-]+$/.test(i.sku));
  const [a, b] = typable.filter((i) => !i.is_lot);
  const lotted = typable.find((i) => i.is_lot)!;
  const center = (await control.data('fulfillmentCenters'))[0]!;
  const po = `PO-UNITS-${Date.now()}`;
  const arrival = new Date(Date.now() + 72 * 3600_000).toISOString().slice(0, 10);
  const expiry = `${new Date().getUTCFullYear() + 2}-06-30`;
  // "Units shipped" is no heading the desk knows for the quantity; every other heading it reads by itself.
  const header = 'Item,Units shipped,Carton,Tracking,Lot,Best before,PO number,Fulfillment center,Expected arrival';
  const order = `${po},"${center.name}",${arrival} 09:30`;
  const csv = [
    header,
    `${a!.sku},4,1,1ZUNITS01,,,${order}`,
    `NO-SUCH-ITEM-42,3,1,1ZUNITS01,,,${order}`,
    `${lotted.sku},6,2,1ZUNITS02,LOT-E2E-7,${expiry},${order}`,
  ].join('\r\n');

  const dialog = await openImportDialog(page, host);
  await expect(dialog.locator('input[type="file"]')).toBeFocused();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'supplier-asn.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });

  // The desk read the item column but not the quantity: it says so, and the keyboard is on the match.
  const itemMatch = dialog.getByRole('button', { name: /Column 1: Item$/ });
  const quantityMatch = dialog.getByRole('button', { name: /Column 2: Units shipped$/ });
  const noQuantity = dialog.getByText('No column is matched to Quantity: choose the column with the number of units.');
  await expect(noQuantity).toBeVisible();
  await expect(itemMatch).toContainText('Item (SKU, barcode or inventory id)');
  await expect(quantityMatch).toContainText('Not read');
  await expect(itemMatch).toBeFocused();
  const use = dialog.getByRole('button', { name: /^Use these [\d,]+ lines? in [\d,]+ box(es)?$/ });
  await expect(use).toBeDisabled();
  await axeCheck(page, 'receiving-import-unmatched-column');

  // The next column's match: opened, "Quantity" chosen by typing its first letter, Enter.
  await page.keyboard.press('Tab');
  await expect(quantityMatch).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const choices = page.getByRole('listbox');
  await expect(choices).toBeVisible();
  await page.keyboard.press('q');
  await expect(choices.getByRole('option', { name: 'Quantity', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');

  // With the quantities read, the rows are checked: the unknown item is the one problem left, and
  // the keyboard is on its cell.
  await expect(quantityMatch).toContainText('Quantity');
  await expect(noQuantity).toHaveCount(0);
  await expect(dialog.getByRole('status')).toContainText('1 problem to fix before the lines can be used.');
  const badRow = dialog.locator('[data-import-row="3"]');
  await expect(badRow).toContainText('Row 3, "Item": no item "NO-SUCH-ITEM-42" in the desk\'s item list');
  const badCell = dialog.getByLabel('Row 3, Item');
  await expect(badCell).toBeFocused();
  await expect(use).toBeDisabled();

  // Fixed in place at a person's pace (a fast burst would read as a scan), then Enter checks it again.
  await page.keyboard.press('ControlOrMeta+a');
  await scanCode(page, b!.sku, { msPerKey: 150, terminator: null });
  await expect(badCell).toHaveValue(b!.sku);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toContainText('3 lines in 2 boxes, 3 items. No problems: the lines can go to the form.');
  await expect(badRow).toHaveCount(0);
  await expect(use).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);

  // The form holds the file's order and lines.
  await expect(page.getByLabel('PO number')).toHaveValue(po);
  await expect(page.getByLabel('Box 1 tracking number')).toHaveValue('1ZUNITS01');
  await expect(page.getByLabel('Box 2 tracking number')).toHaveValue('1ZUNITS02');
  const line = (box: number, item: number) => page.getByRole('group', { name: `Box ${box} item ${item}` });
  await expect(line(1, 1).getByLabel('Quantity')).toHaveValue('4');
  await expect(line(1, 2).getByLabel('SKU, barcode or inventory id')).toHaveValue(b!.sku);
  await expect(line(1, 2).getByLabel('Quantity')).toHaveValue('3');
  await expect(line(2, 1).getByLabel('Quantity')).toHaveValue('6');
  await expect(line(2, 1).getByLabel('Lot number')).toHaveValue('LOT-E2E-7');

  await tabTo(page, /^Create receiving order$/, 80);
  await page.keyboard.press('Enter');
  const made = page.getByRole('heading', { level: 1, name: /^Receiving order \d+$/ });
  await expect(made).toBeVisible({ timeout: 30_000 });
  const id = Number((await made.innerText()).replace(/\D/g, ''));

  // What the service holds is the file: two boxes, their lines, the lot and its expiry.
  const stored = (await control.data('receivingOrders')).find((o) => o.id === id)!;
  expect(stored.purchase_order_number).toBe(po);
  expect(stored.fulfillment_center.id).toBe(center.id);
  expect(
    stored.boxes.map((box) => ({
      tracking: box.tracking_number,
      lines: box.box_items.map((i) => ({ item: i.inventory_id, quantity: i.quantity, lot: i.lot_number, expiry: i.lot_date?.slice(0, 10) ?? null })),
    })),
  ).toEqual([
    {
      tracking: '1ZUNITS01',
      lines: [
        { item: a!.inventory_id, quantity: 4, lot: null, expiry: null },
        { item: b!.inventory_id, quantity: 3, lot: null, expiry: null },
      ],
    },
    { tracking: '1ZUNITS02', lines: [{ item: lotted.inventory_id, quantity: 6, lot: 'LOT-E2E-7', expiry }] },
  ]);

  // The warehouse counts the first line 2 short. The clerk comes back to the order later: its page
  // shows it completed (read after the count), and Alt+D shows where it fell short.
  const shortBy = await receiveShort(control, stored);
  await openAddress(page, '/receiving');
  await expectViewFocus(page, /^Receiving$/);
  await openAddress(page, `/receiving/${id}`);
  await expectViewFocus(page, `Receiving order ${id}`);
  await expect(page.locator('.facts .status')).toHaveText('Completed', { timeout: 30_000 });
  await page.keyboard.press('Alt+d');
  await expectViewFocus(page, `Discrepancies of receiving order ${id}`);
  await expect(page.getByTestId('discrepancy-totals')).toContainText(`stowed · ${shortBy} short`);
  const shortRows = page.getByRole('table', { name: 'Items expected and received' }).locator('tr[data-mark="short"]');
  await expect(shortRows).toHaveCount(1);
  await expect(shortRows).toContainText(`(${a!.sku})`);
  await expect(shortRows).toContainText(`${shortBy} short`);

  // The supplier's next file, same layout: the quantity column is matched as the clerk matched it.
  await openAddress(page, '/receiving/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();
  await page.keyboard.press('Alt+f');
  await expect(dialog.locator('input[type="file"]')).toBeFocused();
  const next = [header, `${a!.sku},10,1,1ZUNITS03,,,${po}-2,"${center.name}",${arrival} 10:00`].join('\r\n');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'supplier-asn-2.csv', mimeType: 'text/csv', buffer: Buffer.from(next, 'utf8') });
  await expect(dialog.getByRole('status')).toContainText('No problems: the lines can go to the form. Columns matched as last time for this layout.');
  await expect(quantityMatch).toContainText('Quantity');
  await expect(use).toBeFocused();

  // The template, from the same dialog by keyboard: its header row is the columns the desk reads, and
  // the template read back matches every one of them with nothing left unmatched.
  await tabTo(page, /^Download the template$/);
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const template = await download;
  expect(template.suggestedFilename()).toBe('receiving-order-template.csv');
  const text = await readFile(await template.path(), 'utf8');
  const headings = [
    'SKU',
    'Quantity',
    'Box',
    'Tracking number',
    'Lot',
    'Expiry',
    'PO number',
    'Fulfillment center',
    'Expected arrival',
    'Package type',
    'Box packaging',
  ];
  expect(
    text
      .replace(/^\ufeff/, '')
      .split('\r\n')[0]!
      .split(','),
  ).toEqual(headings);
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'receiving-order-template.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  // Each column matched to the field of its name; the SKU column to the item, which it names.
  const shown = ['Item (SKU, barcode or inventory id)', ...headings.slice(1)];
  for (const [i, heading] of headings.entries())
    await expect(dialog.getByRole('button', { name: new RegExp(`Column ${i + 1}: ${heading}$`) })).toContainText(shown[i]!);
  await expect(dialog.getByText(/No column is matched/)).toHaveCount(0);
  const matches = dialog.getByRole('group', { name: 'Columns' }).getByRole('button');
  // Eleven columns, the day-order and the decimal-mark choices; none of them "Not read".
  await expect(matches).toHaveCount(13);
  await expect(matches.filter({ hasText: 'Not read' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('a supplier file of 2,000 lines in 200 boxes: the first boxes show at once, every line arrives, and a refused submit lands on the last box’s field once it is drawn', async ({
  page,
  host,
}) => {
  test.setTimeout(240_000);
  const inventory = await host.core.emulator.control.data('inventory');
  const skus = inventory.filter((i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot && /^[A-Za-z0-9-]+$/.test(i.sku)).map((i) => i.sku);
  const center = (await host.core.emulator.control.data('fulfillmentCenters'))[0]!;
  const po = `PO-BIG-${Date.now()}`;
  const arrival = new Date(Date.now() + 72 * 3600_000).toISOString().slice(0, 10);
  // More boxes than a parcel order takes: a pallet's.
  const rows = ['Fulfillment center,PO number,Expected arrival,Package type,Carton,Tracking,SKU,Qty'];
  const skuAt = (box: number, line: number) => skus[(box * 10 + line) % skus.length]!;
  for (let box = 1; box <= 200; box++)
    for (let line = 0; line < 10; line++)
      rows.push(`"${center.name}",${po},${arrival},Pallet,${box},1ZBIG${String(box).padStart(5, '0')},${skuAt(box, line)},${line + 1}`);

  const dialog = await openImportDialog(page, host);
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'asn-2000.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n'), 'utf8') });
  const use = dialog.getByRole('button', { name: /^Use these [\d,]+ lines? in [\d,]+ box(es)?$/ });
  await expect(use).toBeFocused({ timeout: 20_000 });
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Box 1 tracking number')).toHaveValue('1ZBIG00001');

  // Every box and line arrives in the end, the last one as the file has it. Waited for with a plain
  // poll: Playwright's own retrying of a locator on a page of 2,000 lines held the page it watched.
  await page.waitForFunction(() => document.querySelector('.wro-form:not([data-drawing])'), null, { polling: 250, timeout: 30_000 });
  const lastCode = page.locator('#f-boxes-199-box-items-9-sku');
  const lastQuantity = page.locator('#f-boxes-199-box-items-9-quantity');
  await expect(lastCode).toHaveValue(skuAt(200, 9));
  await expect(lastQuantity).toHaveValue('10');
  await expect(page.locator('#f-boxes-199-box-items-9-quantity')).toHaveAccessibleName('Quantity');
  await expect(page.locator('.wro-form .item-row')).toHaveCount(2000);
  await expect(page.getByText(/^Showing box/)).toHaveCount(0);

  // A quantity emptied in the last box, the draft reopened (drawn again a step at a time) and Create
  // pressed at once: the keyboard waits for that box and lands on the field to fix.
  await lastQuantity.fill('');
  await page.keyboard.press('Tab');
  const savedQuantity = () =>
    page.evaluate(async () => {
      const bridge = (window as unknown as { dockdesk: DockdeskBridge }).dockdesk;
      const list = await bridge.invoke('drafts.list', { kind: 'wro-create' });
      const id = list.ok ? list.value.items[0]?.id : undefined;
      const draft = id ? await bridge.invoke('drafts.get', { id }) : null;
      if (!draft?.ok) return 'no draft';
      const { form } = draft.value.value as { form: { boxes: { box_items: { quantity: number | null }[] }[] } };
      return form.boxes[199]?.box_items[9]?.quantity;
    });
  await expect.poll(savedQuantity, { timeout: 15_000 }).toBeNull();
  await page.reload();
  await page.getByRole('button', { name: 'Create receiving order' }).click();
  await expect(lastQuantity).toBeFocused({ timeout: 30_000 });
  await expect(lastQuantity).toHaveAttribute('aria-invalid', 'true');
  expect((await host.core.emulator.control.data('receivingOrders')).filter((o) => o.purchase_order_number === po)).toHaveLength(0);
});

test('a supplier workbook previewed by keyboard: every row as its line, the wrong one first, fixed from the list, the lines used and the order made', async ({
  page,
  host,
}) => {
  test.setTimeout(180_000);
  const control = host.core.emulator.control;
  const inventory = await control.data('inventory');
  const typable = inventory.filter((i) => i.is_active && !i.is_digital && !i.is_bundle && /^[A-Za-z0-9-]+$/.test(i.sku));
  const [a, b] = typable.filter((i) => !i.is_lot);
  const lotted = typable.find((i) => i.is_lot)!;
  const center = (await control.data('fulfillmentCenters'))[0]!;
  const po = `PO-WB-${Date.now()}`;
  const arrival = new Date(Date.now() + 72 * 3600_000);
  const arrivalCell = new Date(Date.UTC(arrival.getUTCFullYear(), arrival.getUTCMonth(), arrival.getUTCDate(), 9, 30));
  const order = [center.name, po, arrivalCell];
  // An .xlsx as a supplier sends it: a title row above the German headings, numbers and dates as cells.
  const sheet = XLSX.utils.aoa_to_sheet(
    [
      ['Lieferschein', null, null, null, null, null, null, null],
      ['Art.-Nr.', 'Menge', 'Karton', 'Charge', 'MHD', 'Lager', 'Bestellnummer', 'Liefertermin'],
      [a!.sku, 12, 1, null, null, ...order],
      [lotted.sku, 6, 1, 'LOT-WB-3', new Date(Date.UTC(2027, 5, 30)), ...order],
      ['NO-SUCH-ITEM-77', 2, 2, null, null, ...order],
      [b!.sku, 1200, 2, null, null, ...order],
    ],
    { cellDates: true, UTC: true },
  );
  sheet['!merges'] = [{ s: { r: 0, c: 0 }, e: { r: 0, c: 7 } }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Lieferung');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Bemerkung'], ['Palette 2 folgt']]), 'Notizen');
  const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

  const dialog = await openImportDialog(page, host);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'lieferung.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx });

  // Every row as the line it will be, the one with a problem first; the button says what it would use.
  await expect(dialog.getByRole('status')).toContainText('lieferung.xlsx: 4 lines in 2 boxes, 3 items. 1 problem to fix before the lines can be used.');
  const use = dialog.getByRole('button', { name: 'Use these 4 lines in 2 boxes' });
  await expect(use).toBeDisabled();
  // The workbook's first sheet is read; the other is one choice away.
  await expect(dialog.getByRole('button', { name: /^Lieferung\s+Sheet$/ })).toBeVisible();
  const table = dialog.getByRole('table', { name: 'Lines as they will be, problems first' });
  const bodyRows = table.locator('tbody tr:not(.spacer)');
  await expect(bodyRows).toHaveCount(4);
  await expect(bodyRows.nth(0)).toContainText('NO-SUCH-ITEM-77 (not found)');
  // Its problem named by the field at fault, the words on hover (and in the row's cells above).
  const fault = bodyRows.nth(0).locator('td').last();
  await expect(fault).toHaveText('Item');
  await expect(fault.locator('span')).toHaveAttribute('title', /^no item "NO-SUCH-ITEM-77" in the desk's item list/);
  await expect(bodyRows.nth(1).locator('td').last()).toHaveText('');
  await expect(bodyRows.nth(1)).toContainText(`(${a!.sku})`);
  await expect(bodyRows.nth(1)).toContainText('12');
  await expect(bodyRows.nth(2)).toContainText(`(${lotted.sku})`);
  await expect(bodyRows.nth(2)).toContainText('LOT-WB-3');
  await expect(bodyRows.nth(2)).toContainText('2027');
  await expect(bodyRows.nth(3)).toContainText(`(${b!.sku})`);
  await expect(bodyRows.nth(3)).toContainText('1,200');
  await axeCheck(page, 'receiving-import-lines');

  // The keyboard starts on the wrong cell; Tab reaches the list, arrows move through it, and Enter on
  // the wrong row brings the keyboard back to its cell.
  const badCell = dialog.getByLabel('Row 5, Art.-Nr.');
  await expect(badCell).toBeFocused();
  await tabTo(page, /NO-SUCH-ITEM-77 \(not found\)/);
  await page.keyboard.press('ArrowDown');
  await expect(bodyRows.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(bodyRows.nth(0)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(badCell).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await scanCode(page, a!.sku, { msPerKey: 150, terminator: null });
  await expect(badCell).toHaveValue(a!.sku);
  await page.keyboard.press('Enter');

  // Fixed: nothing left to fix, and the keyboard is on the button that says what it uses.
  await expect(dialog.getByRole('status')).toContainText('No problems');
  await expect(bodyRows.nth(2)).toContainText(`(${a!.sku})`);
  await expect(use).toBeEnabled();
  await expect(use).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);

  await expect(page.getByLabel('PO number')).toHaveValue(po);
  await tabTo(page, /^Create receiving order$/, 80);
  await page.keyboard.press('Enter');
  const made = page.getByRole('heading', { level: 1, name: /^Receiving order \d+$/ });
  await expect(made).toBeVisible({ timeout: 30_000 });
  const id = Number((await made.innerText()).replace(/\D/g, ''));
  const stored = (await control.data('receivingOrders')).find((o) => o.id === id)!;
  expect(stored.fulfillment_center.id).toBe(center.id);
  expect(stored.purchase_order_number).toBe(po);
  expect(
    stored.boxes.map((box) =>
      box.box_items.map((i) => ({ item: i.inventory_id, quantity: i.quantity, lot: i.lot_number, expiry: i.lot_date?.slice(0, 10) ?? null })),
    ),
  ).toEqual([
    [
      { item: a!.inventory_id, quantity: 12, lot: null, expiry: null },
      { item: lotted.inventory_id, quantity: 6, lot: 'LOT-WB-3', expiry: '2027-06-30' },
    ],
    [
      { item: a!.inventory_id, quantity: 2, lot: null, expiry: null },
      { item: b!.inventory_id, quantity: 1200, lot: null, expiry: null },
    ],
  ]);
});
