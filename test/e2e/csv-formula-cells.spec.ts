import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import Papa from 'papaparse';
import { expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';

/**
 * A lot number from a supplier that a spreadsheet would run as a formula ("=1+1"), received at the
 * dock (the emulator's control API), reaches the clerk's PC in three exports: the expiring stock, the
 * item's history and the order's discrepancies. Each file has it led by an apostrophe, and reads back
 * as the same columns as its heading.
 */
const FORMULA = '=1+1';

/** The records of a download as a spreadsheet reader (Papa Parse) reads them, each as long as the heading; the rows that hold the lot. */
async function rowsWithLot(download: Download): Promise<string[][]> {
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', newline: '\r\n', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const records = parsed.data;
  const header = records[0]!;
  for (const record of records) expect(record).toHaveLength(header.length);
  expect(records.flat()).not.toContain(FORMULA);
  return records.filter((r) => r.includes(`'${FORMULA}`));
}

const exportCsv = async (page: Page) => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  return download;
};

test('a lot number written as a formula is neutralised in the stock, history and discrepancy exports', async ({ page, host }) => {
  test.setTimeout(180_000);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);

  // The dock receives an order's lot line under the supplier's lot "=1+1", expiring in 20 days.
  const control = host.core.emulator.control;
  const wro = (await control.data('receivingOrders')).find((w) => w.status === 'Awaiting' && w.boxes[0]?.box_items[0]?.lot_number)!;
  const line = wro.boxes[0]!.box_items[0]!;
  const expiry = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await control.receive(wro.id, {
    boxes: wro.boxes.map((b, i) => ({
      boxId: b.box_id,
      lines:
        i === 0
          ? [{ inventoryId: line.inventory_id, lotNumber: line.lot_number, received: line.quantity, receivedLotNumber: FORMULA, receivedExpiry: expiry }]
          : [],
    })),
  });
  const synced = host.core.inventory.status().lastCompletedAt;
  const started = await host.core.dispatch('inventory.syncStart', { mode: 'full' });
  expect(started.ok).toBe(true);
  await expect.poll(() => host.core.inventory.status().lastCompletedAt, { timeout: 90_000 }).not.toBe(synced);

  // Expiring stock.
  await openAddress(page, '#/stock/expiring?days=90');
  await expect(page.getByRole('table', { name: 'Expiring lots' })).toContainText(FORMULA);
  const expiring = await rowsWithLot(await exportCsv(page));
  expect(expiring.length).toBeGreaterThan(0);

  // The item's history at the order's center.
  await openAddress(page, `/inventory/history?fc=${wro.fulfillment_center.id}&item=${line.inventory_id}`);
  await expect(page.getByRole('table', { name: 'History events' })).toContainText(FORMULA, { timeout: 30_000 });
  const history = await rowsWithLot(await exportCsv(page));
  expect(history.length).toBeGreaterThan(0);

  // The order's discrepancies: the lot received otherwise.
  await openAddress(page, `/receiving/${wro.id}`);
  await expectViewFocus(page, `Receiving order ${wro.id}`);
  await page.keyboard.press('Alt+d');
  await expectViewFocus(page, `Discrepancies of receiving order ${wro.id}`);
  const discrepancies = await rowsWithLot(await exportCsv(page));
  expect(discrepancies.length).toBeGreaterThan(0);
});
