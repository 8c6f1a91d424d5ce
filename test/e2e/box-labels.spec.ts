import type { Page } from '@playwright/test';
import type { LabelPrinterJob } from '../../emulator/label-printer.js';
import { LABEL_SIZES } from '../../areas/printing/common/item-label.js';
import { renderZpl } from '../support/zpl-render.js';
import { axeCheck, expect, signInThroughPopup, test } from './fixtures.js';
import { scanCode } from './scanner.js';
import { emulatorControl, service } from './service.js';
import { holdLabelPrints } from './label-frame.js';

/**
 * Box labels at the receiving desk, from the keyboard alone, with the service's request limit on:
 * the desk's box-label printer is the built-in emulator's label printer (set up through main, as
 * Settings → Printers does); a receiving order opened by scanning its id prints all its labels on
 * Alt+P in one job, one label per box; a box label scanned then offers its reprint, which Enter sends.
 * What printed is read back from the printer's jobs, drawn and scanned.
 */
type Box = { box_id: number; box_number: number };

async function printerJobs(emulatorUrl: string): Promise<LabelPrinterJob[]> {
  return ((await emulatorControl(emulatorUrl, 'GET', '/label-printer/jobs')) as { items: LabelPrinterJob[] }).items;
}
const labelsIn = (zpl: string) => zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
const scanned = async (zpl: string) => (await renderZpl(zpl, LABEL_SIZES['4x6'], 203)).map((l) => l.barcodes);

async function focusIsOnPage(page: Page): Promise<void> {
  // The scan router takes a scan only when focus is not in an editable field.
  await expect.poll(() => page.evaluate(() => !(document.activeElement instanceof HTMLInputElement))).toBe(true);
}

test('box labels print to the label printer by key, one job with a label per box, and a scanned box label reprints on Enter', async ({ page, host }) => {
  const printer = await host.core.dispatch('printing.emulatedPrinter', {});
  if (!printer.ok || !printer.value) throw new Error('the built-in emulator runs no label printer');
  const { host: address, port } = printer.value as { host: string; port: number };
  const saved = await host.core.dispatch('printing.profiles.save', { name: 'Dock Zebra', kind: 'network-label', host: address, port });
  expect(saved.ok).toBe(true);

  const { api } = await service(host.core.emulator.url);
  let order: { id: number; boxes: Box[] } | null = null;
  for (const wro of await api.get<{ id: number; status: string }[]>('/2026-07/receiving?Limit=50')) {
    if (wro.status === 'Cancelled') continue;
    const boxes = await api.get<Box[]>(`/2026-07/receiving/${wro.id}/boxes`);
    if (boxes.length >= 2) {
      order = { id: wro.id, boxes };
      break;
    }
  }
  if (!order) throw new Error('the emulator seeds no receiving order with two boxes or more');

  await page.goto(host.url);
  await signInThroughPopup(page);
  await focusIsOnPage(page);
  await scanCode(page, String(order.id), { msPerKey: 8 });
  await expect(page.getByRole('heading', { level: 1, name: `Receiving order ${order.id}` })).toBeVisible({ timeout: 15_000 });
  const print = page.getByRole('button', { name: 'Print labels' });
  await expect(print).toHaveAccessibleDescription('to Dock Zebra');

  await page.keyboard.press('Alt+p');
  await expect(page.getByText(`${order.boxes.length} box labels for receiving order ${order.id}: printed`)).toBeVisible({ timeout: 20_000 });
  const jobs = await printerJobs(host.core.emulator.url);
  expect(jobs).toHaveLength(1);
  expect(labelsIn(jobs[0]!.zpl)).toHaveLength(order.boxes.length);
  expect(await scanned(jobs[0]!.zpl)).toEqual(order.boxes.map((b) => [String(b.box_id)]));

  // The clerk scans the label of the second box: its order opens at that box, its Reprint in focus.
  const box = order.boxes[1]!;
  await focusIsOnPage(page);
  await scanCode(page, String(box.box_id), { msPerKey: 8 });
  await expect(page.getByTestId('box-reprint-offer')).toHaveText(`Box ${box.box_number} scanned: Enter reprints its label.`, { timeout: 15_000 });
  const reprint = page.getByRole('button', { name: `Reprint the label of box ${box.box_number}` });
  await expect(reprint).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Box label for box ${box.box_number} of receiving order ${order.id}: printed`)).toBeVisible({ timeout: 20_000 });
  const after = await printerJobs(host.core.emulator.url);
  expect(after).toHaveLength(2);
  expect(await scanned(after[1]!.zpl)).toEqual([[String(box.box_id)]]);

  // The first box's reprint from the command palette, among the page's own actions.
  const first = order.boxes[0]!;
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('textbox', { name: 'Search views, actions and records' })).toBeFocused();
  // At a person's pace: a burst into the palette's find would be a scan.
  await page.keyboard.type(`Reprint the label of box ${first.box_number}`, { delay: 120 });
  await expect(palette.getByRole('menuitem').first()).toHaveAccessibleName(new RegExp(`^Reprint the label of box ${first.box_number}\\b`));
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Box label for box ${first.box_number} of receiving order ${order.id}: printed`)).toBeVisible({ timeout: 20_000 });
  const third = await printerJobs(host.core.emulator.url);
  expect(third).toHaveLength(3);
  expect(await scanned(third[2]!.zpl)).toEqual([[String(first.box_id)]]);
  await axeCheck(page, 'receiving-order-label-printer');
});

test('without a box-label printer, Print labels keeps the PDF path and says where a label printer is set', async ({ page, host }) => {
  const { api } = await service(host.core.emulator.url);
  const wro = (await api.get<{ id: number; status: string }[]>('/2026-07/receiving?Statuses=Awaiting&Limit=1'))[0]!;
  await page.goto(host.url);
  await signInThroughPopup(page);
  await focusIsOnPage(page);
  await scanCode(page, String(wro.id), { msPerKey: 8 });
  await expect(page.getByRole('heading', { level: 1, name: `Receiving order ${wro.id}` })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('label-printer-hint')).toContainText('A label printer can be set in Settings → Printers');
  await expect(page.getByRole('button', { name: /^Reprint the label/ })).toHaveCount(0);
  // Alt+P prints the PDF as before: the browser's print of the labels in a hidden frame.
  await holdLabelPrints(page);
  await page.keyboard.press('Alt+p');
  const frame = page.locator(`iframe[data-labels="${wro.id}"]`);
  await expect(frame).toHaveCount(1, { timeout: 15_000 });
  await expect(frame).toHaveAttribute('data-prints-on-load', 'true');
  await expect(frame).toHaveAttribute('src', /^blob:/);
  expect(await printerJobs(host.core.emulator.url)).toEqual([]);
});
