import { axeCheck, expect, test } from '../fixtures.js';
import { openImportDialog } from '../import-support.js';
import { SCREENSHOT_SIZES, shotWindow } from './matrix.js';

const sizes = SCREENSHOT_SIZES;

for (const size of sizes) {
  for (const scheme of ['light', 'dark'] as const) {
    // The import preview as a clerk first meets a supplier's file: the column match, rows with problems to fix or drop, every line.
    test(`the spreadsheet import's preview with problems at ${size.width}x${size.height}, ${scheme}`, async ({ page, host }) => {
      const tag = await shotWindow(page, size, scheme);
      const inventory = await host.core.emulator.control.data('inventory');
      const plain = inventory.filter((i) => i.is_active && !i.is_digital && !i.is_bundle && !i.is_lot);
      const lot = inventory.find((i) => i.is_active && i.is_lot && !i.is_bundle)!;
      const csv = [
        'Carton,Tracking,Item,Description,Qty,Batch,Best before',
        `1,1ZASN0001,${plain[0]!.sku},Supplier's own words,12,,`,
        `1,1ZASN0001,NO-SUCH-ITEM-7,Unknown to the desk,4,,`,
        `2,1ZASN0002,${plain[1]!.sku},Half a unit,2.5,,`,
        `2,1ZASN0002,${lot.sku},Lot item without its lot,6,,`,
        `3,1ZASN0003,${lot.sku},Expiry in no known form,6,B-77,next spring`,
      ].join('\r\n');
      const dialog = await openImportDialog(page, host);
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'asn.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
      await expect(dialog.locator('[data-import-row]')).toHaveCount(4);
      await axeCheck(page, `${tag}-32-receiving-import-problems`);
      // Further down: every row as the line it will be, the rows with problems first.
      await dialog.getByRole('table', { name: 'Lines as they will be, problems first' }).scrollIntoViewIfNeeded();
      await axeCheck(page, `${tag}-33-receiving-import-lines`);
    });
  }
}
