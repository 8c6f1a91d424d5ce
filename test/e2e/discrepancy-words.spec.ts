import { expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { openAddress } from './inventory-support.js';

/**
 * One delivery, one difference, said the same way wherever the clerk meets it: the warehouse (the
 * emulator's control API) receives a lot-tracked line 900 over and under another expiry, and Today's
 * tile, the discrepancy list, the order's report, the order's page and the receiving list's marker all
 * read "900 over · N other lot or expiry", with the units counted once, item by item.
 */
test('a delivery received over and under another lot reads the same on Today, the lists, the order and its report', async ({ page, host }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const control = host.core.emulator.control;
  // An order awaiting its boxes, made within Today's discrepancy period (the last 30 days).
  const recent = (w: { insert_date: string }) => Date.parse(w.insert_date) > Date.now() - 20 * 86_400_000;
  const wro = (await control.data('receivingOrders')).find((w) => w.status === 'Awaiting' && recent(w) && w.boxes[0]?.box_items[0]?.lot_number)!;
  const line = wro.boxes[0]!.box_items[0]!;
  const came = line.quantity + 900;
  await control.receive(wro.id, {
    boxes: wro.boxes.map((b, i) => ({
      boxId: b.box_id,
      lines: i === 0 ? [{ inventoryId: line.inventory_id, lotNumber: line.lot_number, received: came, receivedExpiry: '2031-01-31' }] : [],
    })),
  });
  // What a clerk expects, worked out apart from the desk: every unit of the line came under the new
  // expiry, and 900 more than ordered came of the item.
  const said = `900 over · ${new Intl.NumberFormat('en-US').format(came)} other lot or expiry`;

  await page.goto(host.url);
  await signInThroughPopup(page);
  await expect(page.getByTestId('today-freshness')).toContainText(/As of \d{1,2}:\d{2}/, { timeout: 30_000 });
  // Today: the order is the largest difference, so first on its tile.
  const tile = page.getByTestId('tile-discrepancies');
  await expect(tile).toContainText(said);

  // Its tile's list: the first row, focused; Enter opens the order's report.
  await page.keyboard.press('4');
  await expectViewFocus(page, 'Receiving discrepancies');
  const first = page.getByRole('table', { name: 'Receiving orders with discrepancies' }).locator('tbody tr').first();
  await expect(first).toBeFocused();
  await expect(first).toContainText(String(wro.id));
  await expect(first).toContainText(said);
  await page.keyboard.press('Enter');
  await expectViewFocus(page, `Discrepancies of receiving order ${wro.id}`);
  await expect(page.getByTestId('discrepancy-totals')).toContainText(said);
  // The line that differs is the report's first, in the same words; the box line named below.
  const items = page.getByRole('table', { name: 'Items expected and received' });
  await expect(items.locator('tbody tr').first()).toContainText(said);
  await expect(page.getByRole('table', { name: 'Lots or expiry dates that differ from the order' })).toContainText('expires Jan 31, 2031');

  // The order's own page: the total and the line, and the box line received under another expiry.
  await openAddress(page, `/receiving/${wro.id}`);
  await expectViewFocus(page, `Receiving order ${wro.id}`);
  await expect(page.getByTestId('order-difference')).toContainText(`Received: ${said}.`);
  await expect(page.locator(`tr[data-inventory-id="${line.inventory_id}"]`)).toContainText(said);
  await expect(page.getByRole('list', { name: 'Lots or expiry dates that differ from the order' })).toContainText(
    /Box \d+: .* came under lot .*expires Jan 31, 2031; the order named lot /,
  );

  // The receiving list's marker for the order, found by its id.
  await openAddress(page, `/receiving?q=${wro.id}`);
  await expectViewFocus(page, 'Receiving');
  await expect(page.getByRole('table', { name: 'Warehouse receiving orders' }).getByRole('row', { name: new RegExp(`^${wro.id}\\b`) })).toContainText(said);
});
