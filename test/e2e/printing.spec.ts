import type { Page } from '@playwright/test';
import type { LabelPrinterCondition, LabelPrinterJob } from '../../emulator/label-printer.js';
import type { BrowserHost } from '../../electron/host/browser-host.js';
import { LABEL_SIZES } from '../../areas/printing/common/item-label.js';
import { renderZpl } from '../support/zpl-render.js';
import { axeCheck, expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { openAddress, scan, tabTo, waitForFirstSync } from './inventory-support.js';

/**
 * Printing at the desk, from the keyboard alone, against the built-in emulator's label printer (raw
 * ZPL over TCP) with the service's request limit on: set the printer up, test it, print item labels
 * from an item page, and the label printed scans back into the desk as its item. A printer out of
 * paper is said in words, the job is kept, and Send again prints it exactly once.
 */
const printed = async (host: BrowserHost) => (await host.core.emulator.control.call<{ items: LabelPrinterJob[] }>('GET', '/label-printer/jobs')).items;
const setPrinter = (host: BrowserHost, c: Partial<LabelPrinterCondition>) => host.core.emulator.control.call('PUT', '/label-printer', c);

async function signedIn(page: Page, host: BrowserHost) {
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  await host.core.emulator.control.call('DELETE', '/label-printer/jobs');
  await expectViewFocus(page, 'Today');
}

/** An item the label can carry: active, stocked, not lot-tracked (its page offers no lot). */
async function plainItem(host: BrowserHost) {
  return (await host.core.emulator.control.data('inventory')).find((i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot && i.sku.length <= 20)!;
}

test('a label printer set up and tested, item labels printed with Alt+P, and the printed label scanned back opens its item', async ({ page, host }) => {
  await signedIn(page, host);

  // The palette's "Printers…" opens Settings on its Printers section, on its first control.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Printers', { delay: 150 });
  await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('menuitem', { name: /^Printers…/ })).toHaveAttribute('data-focused', 'true');
  await page.keyboard.press('Enter');
  const useEmulator = page.getByRole('button', { name: 'Use the built-in emulator’s printer' });
  await expect(useEmulator).toBeFocused();
  await page.keyboard.press('Enter');

  // Saved, the new printer's Test print has focus: the next key the clerk needs.
  const row = page.getByTestId('printer-Emulator label printer');
  await expect(row).toContainText('Prints item labels and box labels');
  await expect(row.getByRole('button', { name: 'Test print on Emulator label printer' })).toBeFocused();
  await expect(useEmulator).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(row.getByRole('status')).toContainText('Test label printed');
  const [testJob] = await printed(host);
  expect(testJob!.zpl).toContain('Test print: Emulator label printer');
  await expect(page.getByTestId('status-printing')).toHaveText('Print queue · 1 printed');
  await axeCheck(page, 'printing-settings');

  // An item page: Alt+P, the copies field has focus with its 1 selected; typing 2 and Enter prints two.
  const item = await plainItem(host);
  await openAddress(page, `#/inventory/items/${item.inventory_id}`);
  await expectViewFocus(page, item.name);
  await page.keyboard.press('Alt+p');
  const dialog = page.getByRole('dialog', { name: 'Print item label' });
  await expect(dialog.getByLabel('Copies')).toBeFocused();
  await expect(dialog).toContainText('Prints on Emulator label printer (4x6 in labels)');
  await axeCheck(page, 'printing-item-label');
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Printed 2 item labels for ${item.sku}`)).toBeVisible();
  const jobs = await printed(host);
  expect(jobs).toHaveLength(2);
  expect(jobs[1]!.zpl).toContain('^PQ2,');

  // The label as the printer prints it: its SKU barcode, read back, is what a scanner would type.
  const [label] = await renderZpl(jobs[1]!.zpl, LABEL_SIZES['4x6'], 203);
  expect(label!.barcodes[0]).toBe(item.sku);
  await page.keyboard.press('Alt+1');
  await expectViewFocus(page, /Receiving/);
  await scan(page, label!.barcodes[0]!);
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible({ timeout: 30_000 });
});

test('a printer out of paper is said in words, the job is kept, and Send again prints it exactly once', async ({ page, host }) => {
  await signedIn(page, host);
  const emulated = (await host.core.dispatch('printing.emulatedPrinter', {})) as { ok: true; value: { host: string; port: number } };
  expect(
    (await host.core.dispatch('printing.profiles.save', { kind: 'network-label', name: 'Bench Zebra', host: emulated.value.host, port: emulated.value.port }))
      .ok,
  ).toBe(true);
  const item = await plainItem(host);
  await openAddress(page, `#/inventory/items/${item.inventory_id}`);
  await expectViewFocus(page, item.name);
  await setPrinter(host, { paperOut: true });

  await page.keyboard.press('Alt+p');
  const dialog = page.getByRole('dialog', { name: 'Print item label' });
  await expect(dialog.getByLabel('Copies')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('Bench Zebra did not print. It is out of labels: load a new roll of labels. Then send the job again.');
  await expect(dialog.getByRole('alert')).toContainText('The job is kept in the print queue');
  expect(await printed(host)).toHaveLength(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('status-printing')).toHaveText('Print queue · 1 kept');

  // The queue, from the palette's line for the status bar's button.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('print queue', { delay: 150 });
  await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('menuitem', { name: /Open the print queue/ })).toHaveAttribute(
    'data-focused',
    'true',
  );
  await page.keyboard.press('Enter');
  const queue = page.getByRole('dialog', { name: 'Print queue' });
  const job = queue.getByTestId('print-job');
  await expect(job).toContainText('Not sent');
  await expect(job).toContainText('It is out of labels');
  await axeCheck(page, 'printing-queue');

  await setPrinter(host, { paperOut: false });
  await tabTo(page, /^Send again:/);
  await expect(queue.getByRole('button', { name: `Send again: 1 item label for ${item.sku}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(job).toContainText('Printed');
  await expect(page.getByTestId('status-printing')).toHaveText('Print queue · 1 printed');
  const jobs = await printed(host);
  expect(jobs.map((j) => j.state)).toEqual(['printed']);
  expect(jobs[0]!.zpl).toContain(`SKU ${item.sku}`);

  // Dismissed, it leaves the queue; focus stays in the dialog.
  await page.keyboard.press('Tab');
  await expect(queue.getByRole('button', { name: `Dismiss: 1 item label for ${item.sku}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(queue).toContainText('Nothing in the print queue');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
});

test('a network label printer added, refused with its problems said, tested unreachable, and removed only after a confirmation that opens on Keep it', async ({
  page,
  host,
}) => {
  await signedIn(page, host);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Printers', { delay: 150 });
  await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('menuitem', { name: /^Printers…/ })).toHaveAttribute('data-focused', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Use the built-in emulator’s printer' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add a network label printer' })).toBeFocused();
  await page.keyboard.press('Enter');

  const form = page.getByRole('form', { name: 'Add a network label printer' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Bench 3 Zebra', { delay: 120 });
  await page.keyboard.press('Tab');
  await page.keyboard.type('printer one', { delay: 120 });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('70000', { delay: 120 });
  await page.keyboard.press('Enter');
  // Each problem beside its field, focus on the first, and nothing typed lost.
  await expect(form.getByLabel('Address')).toBeFocused();
  await expect(form.getByText('An address has letters, digits, dots, dashes or colons only')).toBeVisible();
  await expect(form.getByText('A port is a whole number from 1 to 65535')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Bench 3 Zebra');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('127.0.0.1', { delay: 120 });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('9', { delay: 120 });
  await page.keyboard.press('Enter');

  // Nothing listens on port 9: the test print says so, and what to check.
  const row = page.getByTestId('printer-Bench 3 Zebra');
  await expect(row.getByRole('button', { name: 'Test print on Bench 3 Zebra' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('alert')).toContainText('Bench 3 Zebra refused the connection at 127.0.0.1:9');
  await expect(row.getByRole('alert')).toContainText('Check that the printer is on');

  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(row.getByRole('button', { name: 'Remove Bench 3 Zebra' })).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Remove Bench 3 Zebra?' });
  await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Remove Bench 3 Zebra' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(confirm.getByRole('button', { name: 'Remove printer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No printer is set up on this desk yet.')).toBeVisible();
  expect(((await host.core.dispatch('printing.settings.get', {})) as { ok: true; value: { profiles: unknown[] } }).value.profiles).toEqual([]);
});
