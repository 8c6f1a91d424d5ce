import type { Locator } from '@playwright/test';
import { axeCheck, expect, signInThroughPopup, test } from '../fixtures.js';
import { SCREENSHOT_SIZES, shotWindow } from './matrix.js';
import { openAddress, waitForFirstSync } from '../inventory-support.js';
import { keyPause, scanCode } from '../scanner.js';
import { service } from '../service.js';

const sizes = SCREENSHOT_SIZES;

/** Two boxes on screen that share some area. */
const box = async (locator: Locator) => (await locator.boundingBox())!;
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const size of sizes) {
  for (const scheme of ['light', 'dark'] as const) {
    // The desk while the clerk works: a stack of errors folded and shown, a receiving order half typed,
    // the palette with a few letters in it, and the status bar while the inventory syncs.
    test(`the desk at work at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      test.setTimeout(240_000);
      const tag = await shotWindow(page, size, scheme);
      const { control } = await service(host.core.emulator.url, 'e2e-desk-screens');
      const item = (await host.core.emulator.control.data('inventory')).find(
        (i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot && /^\d{13}$/.test(i.barcode),
      )!;
      await page.goto(host.url);
      await signInThroughPopup(page);
      await waitForFirstSync(host);
      await page.keyboard.press('Alt+1');
      const table = page.getByRole('table', { name: 'Warehouse receiving orders' });
      await expect(table.locator('tbody tr:focus')).toBeVisible();
      // The pointer away from the notices: hovering pauses them and lights their buttons.
      await page.mouse.move(5, 5);
      const bar = page.getByRole('contentinfo', { name: 'Status' });
      const notices = page.getByTestId('notices');

      // Four scans nobody knows, each once the last one's error is up (lookups answered out of turn would
      // shuffle them): one line with their count, above the status bar, over neither it nor the row.
      const errors = page.locator('.toast-error:not(.toast-summary)');
      for (const code of ['NOPE-3001', 'NOPE-3002', 'NOPE-3003']) {
        await scanCode(page, code);
        await expect(errors.filter({ hasText: `Nothing matches ${code}` })).toBeVisible({ timeout: 30_000 });
      }
      await scanCode(page, 'NOPE-3004');
      const folded = page.getByTestId('notices-folded');
      await expect(folded).toContainText('4 errors', { timeout: 30_000 });
      await expect(folded).toContainText('Newest: Nothing matches NOPE-3004');
      // The refused scan's cue is a flash: gone before the picture, so every run shows the same screen.
      await expect(page.getByTestId('scan-cue')).toHaveCount(0);
      expect(overlaps(await box(notices), await box(bar))).toBe(false);
      expect(overlaps(await box(notices), await box(table.locator('tbody tr:focus')))).toBe(false);
      await axeCheck(page, `${tag}-37-notices-folded`);

      // Show all: the four errors one above the other, Dismiss all and Fold under them.
      await folded.getByRole('button', { name: 'Show all 4' }).click();
      await expect(errors).toHaveCount(4);
      await page.mouse.move(5, 5);
      expect(overlaps(await box(notices), await box(bar))).toBe(false);
      await axeCheck(page, `${tag}-38-notices-shown-all`);
      await page.getByRole('button', { name: 'Dismiss all 4 errors' }).click();
      await expect(notices).toHaveCount(0);

      // A new receiving order mid-entry: a center, a PO and a carrier typed, box 1 with its tracking and one item line.
      await openAddress(page, '/receiving/new');
      await expect(page.getByRole('heading', { level: 1, name: 'New receiving order' })).toBeVisible();
      const center = page.getByRole('combobox', { name: 'Fulfillment center' });
      await expect(center).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByLabel('PO number', { exact: true }).click();
      await page.keyboard.type('PO-2026-0417', { delay: 60 });
      await page.getByLabel('Carrier', { exact: true }).click();
      await page.keyboard.type('UPS Freight', { delay: 60 });
      await page.getByLabel('Box 1 tracking number').click();
      await page.keyboard.type('1Z999AA10123456784', { delay: 60 });
      const scanField = page.getByLabel('Scan an item into box 1');
      await scanField.click();
      await keyPause(page, 250);
      await scanCode(page, item.barcode, { msPerKey: 8 });
      const line = page.getByRole('group', { name: 'Box 1 item 1' });
      await expect(line).toContainText(item.sku);
      await line.getByLabel('Quantity').click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('24', { delay: 150 });
      await page.keyboard.press('Enter');
      await expect(scanField).toBeFocused();
      await expect(line.getByLabel('Quantity')).toHaveValue('24');
      await expect(page.getByTestId('draft-status')).toHaveAttribute('data-pending', 'false');
      await expect(page.locator('.wro-form [aria-invalid="true"]')).toHaveCount(0);
      await expect(page.getByTestId('scan-cue')).toHaveCount(0);
      await page.mouse.move(5, 5);
      await axeCheck(page, `${tag}-35-receiving-new-mid-entry`);

      // The palette over the form, with a few letters typed at a person's pace (a burst would be read as a scan).
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await expect(palette).toBeVisible();
      await page.keyboard.type('sync', { delay: 120 });
      const syncNow = palette.getByRole('menuitem', { name: /^Sync the inventory cache now/ });
      await expect(syncNow).toHaveAttribute('data-focused', 'true');
      await axeCheck(page, `${tag}-36-palette-typed`);

      // Sync now from the palette, against slow answers so that it keeps running: its progress in the status bar.
      await control('PUT', '/faults', { latencyMs: 3_000 });
      await page.keyboard.press('Enter');
      await expect(palette).toBeHidden();
      const sync = page.getByTestId('inventory-sync');
      await expect(sync).toBeVisible({ timeout: 15_000 });
      await expect(sync).toContainText(/\d+ items? · \d+ codes?/, { timeout: 30_000 });
      await axeCheck(page, `${tag}-39-status-bar-sync`);
      await control('DELETE', '/faults');
    });
  }
}
