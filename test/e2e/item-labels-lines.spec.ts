import type { Page } from '@playwright/test';
import type { LabelPrinterJob } from '../../emulator/label-printer.js';
import type { BrowserHost } from '../../electron/host/browser-host.js';
import type { ItemDetail } from '../../areas/inventory/common/ipc.js';
import type { StockExpiringPage } from '../../areas/stock/common/ipc.js';
import { localDay } from '../../shared/time/expiry.js';
import { LABEL_SIZES } from '../../areas/printing/common/item-label.js';
import { normalizeGtin } from '../../shared/scan/codes.js';
import { parseGs1 } from '../../shared/scan/gs1.js';
import { renderZpl } from '../support/zpl-render.js';
import { expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';
import { keyPause, scanCode } from './scanner.js';
import { openIntake } from './returns-support.js';
import { service } from './service.js';

/**
 * Item labels for lines of goods, from the keyboard, against the built-in emulator's label printer:
 * a return line, a lot of the expiring-stock list and a receiving box's item print with the line's own
 * lot and expiry, and the printed job, rendered and read back with a barcode reader, carries them in
 * its GS1-128.
 */
const printed = async (host: BrowserHost) => (await host.core.emulator.control.call<{ items: LabelPrinterJob[] }>('GET', '/label-printer/jobs')).items;

async function useEmulatedPrinter(host: BrowserHost) {
  const emulated = (await host.core.dispatch('printing.emulatedPrinter', {})) as { ok: true; value: { host: string; port: number } };
  const saved = await host.core.dispatch('printing.profiles.save', {
    kind: 'network-label',
    name: 'Bench Zebra',
    host: emulated.value.host,
    port: emulated.value.port,
  });
  expect(saved.ok).toBe(true);
  await host.core.emulator.control.call('DELETE', '/label-printer/jobs');
}

async function cachedItem(host: BrowserHost, inventoryId: number): Promise<ItemDetail['item']> {
  return ((await host.core.dispatch('inventory.item', { inventoryId })) as { ok: true; value: ItemDetail }).value.item;
}

/** The barcodes of the one job printed, as a scanner reads them. */
async function printedBarcodes(host: BrowserHost): Promise<{ zpl: string; barcodes: string[] }> {
  await expect.poll(async () => (await printed(host)).length).toBe(1);
  const [job] = await printed(host);
  const [label] = await renderZpl(job!.zpl, LABEL_SIZES['4x6'], 203);
  return { zpl: job!.zpl, barcodes: label!.barcodes };
}

const yymmdd = (day: string) => day.slice(2).replace(/-/g, '');

/**
 * The label's barcodes as a scanner reads them: the plain SKU, then a GS1-128 (symbology ]C1) whose
 * elements are exactly the GTIN, the lot and the expiry. Read with the desk's own GS1 reader: the
 * printer may end the symbol with an FNC1, which a scanner sends as a trailing GS and any GS1
 * reader ignores.
 */
function expectLabelBarcodes(barcodes: string[], sku: string, gs1: { gtin: string; lot: string; expiry: string }): void {
  expect(barcodes).toHaveLength(2);
  expect(barcodes[0]).toBe(sku);
  expect(barcodes[1]!.startsWith(']C1'), `a GS1-128: ${JSON.stringify(barcodes[1])}`).toBe(true);
  const read = parseGs1(barcodes[1]!);
  expect(read.ok && read.ais).toEqual({ '01': normalizeGtin(gs1.gtin), '10': gs1.lot, '17': yymmdd(gs1.expiry) });
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Print item label' });

test('a return line: Alt+P prints its item labels with the lot and expiry scanned, one per unit; the line in focus is the one labelled', async ({
  page,
  host,
}) => {
  await useEmulatedPrinter(host);
  const inventory = await host.core.emulator.control.data('inventory');
  const usable = inventory.filter((i) => i.is_active && !i.is_digital && !i.is_bundle && /^\d{13}$/.test(i.barcode));
  const plain = usable.find((i) => !i.is_lot)!;
  const lotItem = usable.find((i) => i.is_lot)!;
  await openIntake(page, host.url);
  const gtin = (await cachedItem(host, lotItem.inventory_id)).codes.gtin;
  expect(gtin).not.toBeNull();

  await scanCode(page, '1Z999AA10123456784');
  await expect(page.getByLabel('Scan items')).toBeFocused();
  await keyPause(page, 400);
  await scanCode(page, plain.barcode);
  await expect(page.getByTestId('intake-line-0')).toContainText(plain.sku);
  await keyPause(page, 400);
  await scanCode(page, `010${lotItem.barcode}17271231` + '10LOT-4711');
  await keyPause(page, 400);
  await scanCode(page, `010${lotItem.barcode}17271231` + '10LOT-4711');
  const lotLine = page.getByTestId('intake-line-1');
  await expect(lotLine.getByLabel(/Quantity of/)).toHaveValue('2');

  // The last scan's line: its lot and expiry said; one label at first (Enter never prints a line's
  // two dozen), one per unit a key away, the count selected.
  await page.keyboard.press('Alt+p');
  const dialog = dialogOf(page);
  await expect(dialog.getByLabel('Copies')).toBeFocused();
  await expect(dialog.getByLabel('Copies')).toHaveValue('1');
  await expect(dialog.getByRole('button', { name: /^One per unit: 2\b/ })).toHaveAttribute('aria-keyshortcuts', 'Alt+U');
  await page.keyboard.press('Alt+u');
  await expect(dialog.getByLabel('Copies')).toHaveValue('2');
  await expect(dialog.getByLabel('Copies')).toBeFocused();
  await expect(dialog.getByTestId('label-lot')).toContainText('Lot LOT-4711');
  await expect(dialog).toContainText('For line 2.');
  await expect(dialog).toContainText(`GTIN ${gtin}`);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Printed 2 item labels for ${lotItem.sku}`)).toBeVisible();
  await expect(page.getByLabel('Scan items')).toBeFocused();

  const { zpl, barcodes } = await printedBarcodes(host);
  expect(zpl).toContain('^PQ2,');
  expectLabelBarcodes(barcodes, lotItem.sku, { gtin: gtin!, lot: 'LOT-4711', expiry: '2027-12-31' });

  // A line the clerk moved to is the one labelled, with no lot for an item without one.
  await page
    .getByTestId('intake-line-0')
    .getByLabel(/Quantity of/)
    .focus();
  await page.keyboard.press('Alt+p');
  await expect(dialog).toContainText('For line 1.');
  await expect(dialog).toContainText(`SKU ${plain.sku}`);
  await expect(dialog).toContainText('No lot or expiry on this line');
  // A line of one: nothing to offer per unit.
  await expect(dialog.getByRole('button', { name: /^One per unit/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('intake-line-0').getByLabel(/Quantity of/)).toBeFocused();
});

test('the expiring-stock list: Alt+P on a lot prints its item label with that lot and expiry day; the palette offers it for the current row', async ({
  page,
  host,
}) => {
  await useEmulatedPrinter(host);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  const answer = (await host.core.dispatch('stock.expiring', {
    days: 365,
    show: 'expiring',
    today: localDay(Date.now()),
    offset: 0,
    limit: 200,
  })) as { ok: true; value: StockExpiringPage };
  const rows = answer.value.rows;
  // The first lot whose item has a GTIN (so the label carries a GS1-128), and the row after it.
  let at = -1;
  let gtin: string | null = null;
  for (let i = 0; i < rows.length - 1 && at < 0; i++) {
    gtin = (await cachedItem(host, rows[i]!.inventoryId)).codes.gtin;
    if (gtin) at = i;
  }
  expect(at).toBeGreaterThanOrEqual(0);
  const row = rows[at]!;

  await openAddress(page, '#/stock/expiring?days=365');
  await expectViewFocus(page, 'Expiring stock');
  const current = page.locator('.data-table tbody tr[tabindex="0"]');
  await expect(current).toBeFocused();
  for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown');
  await expect(current).toContainText(row.lotNumber);
  await expect(current).toContainText(row.sku);

  await page.keyboard.press('Alt+p');
  const dialog = dialogOf(page);
  await expect(dialog.getByLabel('Copies')).toBeFocused();
  await expect(dialog.getByLabel('Copies')).toHaveValue('1');
  await expect(dialog.getByTestId('label-lot')).toContainText(`Lot ${row.lotNumber}`);
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Printed 3 item labels for ${row.sku}`)).toBeVisible();
  await expect(current).toBeFocused();
  const { zpl, barcodes } = await printedBarcodes(host);
  expect(zpl).toContain('^PQ3,');
  expectLabelBarcodes(barcodes, row.sku, { gtin: gtin!, lot: row.lotNumber, expiry: row.expiryDay });

  // The next row, from the palette: its line names the row's lot.
  const next = rows[at + 1]!;
  await page.keyboard.press('ArrowDown');
  await expect(current).toContainText(next.lotNumber);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('textbox', { name: 'Search views, actions and records' })).toBeFocused();
  // At a person's pace: keys under 100 ms apart ended by Enter are a scanner's burst, which the
  // palette hands to the scan router (and no record is called "print item label …").
  await page.keyboard.type(`print item label ${next.lotNumber}`, { delay: 120 });
  await expect(palette.getByRole('menuitem', { name: /^Print item label…/ }).first()).toHaveAttribute('data-focused', 'true');
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('label-lot')).toContainText(`Lot ${next.lotNumber}`);
  await expect(dialog.getByLabel('Copies')).toBeFocused();
});

type BoxItem = { inventory_id: number; quantity: number; lot_number: string | null; lot_date: string | null };
type Box = { box_id: number; box_number: number; box_items: BoxItem[] | null };

test('a receiving order’s box line: its scanned box’s item labels on Alt+I, with the box’s lot and expiry; each line has its button', async ({
  page,
  host,
}) => {
  await useEmulatedPrinter(host);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  const { api } = await service(host.core.emulator.url);
  // A box whose first item carries a lot and an expiry and has a GTIN in the item cache.
  let found: { orderId: number; box: Box; item: BoxItem; gtin: string } | null = null;
  for (const wro of await api.get<{ id: number; status: string }[]>('/2026-07/receiving?Limit=50')) {
    if (wro.status === 'Cancelled' || found) continue;
    for (const box of await api.get<Box[]>(`/2026-07/receiving/${wro.id}/boxes`)) {
      const item = box.box_items?.[0];
      if (!item?.lot_number || !item.lot_date || found) continue;
      const gtin = (await cachedItem(host, item.inventory_id)).codes.gtin;
      if (gtin) found = { orderId: wro.id, box, item, gtin };
    }
  }
  if (!found) throw new Error('the emulator seeds no receiving box with a lot-tracked item that has a GTIN');
  const sku = (await cachedItem(host, found.item.inventory_id)).sku;

  await expect.poll(() => page.evaluate(() => !(document.activeElement instanceof HTMLInputElement))).toBe(true);
  await scanCode(page, String(found.box.box_id), { msPerKey: 8 });
  await expect(page.getByTestId('box-reprint-offer')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: `Item label for ${sku} in box ${found.box.box_number}` })).toBeVisible();

  await page.keyboard.press('Alt+i');
  const dialog = dialogOf(page);
  await expect(dialog.getByLabel('Copies')).toBeFocused();
  await expect(dialog.getByLabel('Copies')).toHaveValue('1');
  if (found.item.quantity > 1) {
    await page.keyboard.press('Alt+u');
    await expect(dialog.getByLabel('Copies')).toHaveValue(String(Math.min(found.item.quantity, 999)));
  }
  await expect(dialog).toContainText(`For box ${found.box.box_number}.`);
  await expect(dialog.getByTestId('label-lot')).toContainText(`Lot ${found.item.lot_number}`);
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Printed 1 item label for ${sku}`)).toBeVisible();
  const { barcodes } = await printedBarcodes(host);
  expectLabelBarcodes(barcodes, sku, { gtin: found.gtin, lot: found.item.lot_number!, expiry: found.item.lot_date!.slice(0, 10) });
});
