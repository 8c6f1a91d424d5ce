import { axeCheck, expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { receiveEveryCase, receiveShort } from './discrepancy-support.js';
import { openAddress } from './inventory-support.js';
import { csvRecords } from './stock-support.js';

/**
 * Discrepancies as a clerk meets them, by keyboard: the warehouse (the emulator's control API) counts
 * an order short, the clerk opens the order and its discrepancies (Alt+D), and the list across closed
 * orders opens an order's report with Enter.
 */

test('an order received short shows the shortage on its discrepancy view, reached by keyboard', async ({ page, host }) => {
  await page.goto(host.url);
  await signInThroughPopup(page);
  const control = host.core.emulator.control;
  const wro = (await control.data('receivingOrders')).find((w) => w.status === 'Awaiting' && w.boxes[0]?.box_items.length)!;
  const shortBy = await receiveShort(control, wro);

  await openAddress(page, `/receiving/${wro.id}`);
  await expectViewFocus(page, `Receiving order ${wro.id}`);
  await page.keyboard.press('Alt+d');
  await expectViewFocus(page, `Discrepancies of receiving order ${wro.id}`);
  await expect(page.getByTestId('discrepancy-totals')).toContainText(`stowed · ${shortBy} short`);
  await expect(page.getByTestId('discrepancy-totals')).not.toContainText('over');
  const items = page.getByRole('table', { name: 'Items expected and received' });
  const shortRows = items.locator('tr[data-mark="short"]');
  await expect(shortRows).toHaveCount(1);
  await expect(shortRows.first()).toContainText(`${shortBy} short`);
  await expect(page.getByRole('status').filter({ hasText: 'differ' })).toContainText('1 line differs, 0 boxes not received');
  // The first action has focus: Enter exports the CSV the screen's numbers came from.
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toBe(`wro-${wro.id}-discrepancies.csv`);
  // The file says what the screen says: each item's SKU, lots and counts, row for row.
  const records = await csvRecords(await download);
  // The file starts with a byte-order mark, so a spreadsheet opens it as UTF-8.
  const header = records[0]!.map((h) => h.replace(/^\uFEFF/, ''));
  const column = (name: string) => header.indexOf(name);
  const fromFile = records
    .slice(1)
    .filter((r) => r[column('Section')] === 'Item')
    .map((r) =>
      [r[column('SKU')], r[column('Lot')] ? `lot ${r[column('Lot')]}` : '', r[column('Expected')], r[column('Received')], r[column('Stowed')]].join(' | '),
    );
  const onScreen = await items.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = [...row.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim());
      const sku = /\(([^)]+)\)$/.exec(cells[0]!)?.[1] ?? cells[0];
      // The lots cell says "lot L-1, expires …" for each lot: the file has the lot alone.
      const lot = /^lot [^,;]+/.exec(cells[1]!)?.[0] ?? '';
      return [sku, lot, ...cells.slice(2, 5).map((n) => n.replace(/\D/g, ''))].join(' | ');
    }),
  );
  expect(fromFile.length).toBeGreaterThan(0);
  expect(fromFile).toEqual(onScreen);
  await axeCheck(page, 'receiving-discrepancies-order');
});

test('the list across closed orders puts the largest difference first, and Enter opens its report', async ({ page, host }) => {
  await page.goto(host.url);
  await signInThroughPopup(page);
  const received = await receiveEveryCase(host.core.emulator.control);
  await openAddress(page, '/receiving/discrepancies?from=2020-01-01&to=2099-12-31');
  await expectViewFocus(page, 'Receiving discrepancies');
  const table = page.getByRole('table', { name: 'Receiving orders with discrepancies' });
  await expect(table.getByRole('row', { name: new RegExp(`^${received.short.id}\\b`) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`^${received.over.id}\\b`) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`^${received.missingBox.id}\\b`) })).toBeVisible();
  // Focus is on the first row: the largest difference. Enter opens its order's report.
  const first = table.locator('tbody tr').first();
  await expect(first).toBeFocused();
  const firstId = Number((await first.getByRole('cell').first().innerText()).trim());
  await page.keyboard.press('Enter');
  await expectViewFocus(page, `Discrepancies of receiving order ${firstId}`);
});
