import { expect, signInThroughPopup, test } from './fixtures.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';
import { layoutFaults } from './pseudo-check.js';
import { keyPause, scanCode } from './scanner.js';

/**
 * The receiving form's lines read as a table: on every line of a box the code, quantity, lot number,
 * expiry and Remove start at the same place, whatever the item's name and whether it has lots, and
 * no item's SKU is broken across lines. At the desk's two common window sizes.
 */

for (const size of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test(`the receiving form's lines in columns at ${size.width}x${size.height}`, async ({ page, host }) => {
    await page.setViewportSize(size);
    await page.goto(host.url);
    await signInThroughPopup(page);
    await waitForFirstSync(host);
    const inventory = await host.core.emulator.control.data('inventory');
    const usable = inventory.filter((i) => i.is_active && !i.is_bundle && !i.is_digital);
    // Names of different lengths, items with and without lots, as a real box holds them.
    const plain = usable.filter((i) => !i.is_lot).sort((a, b) => a.name.length - b.name.length);
    const lots = usable.filter((i) => i.is_lot).sort((a, b) => a.name.length - b.name.length);
    const items = [plain[0]!, lots.at(-1)!, plain.at(-1)!, lots[0]!];

    await openAddress(page, '#/receiving/new');
    await expect(page.locator('main h1')).toBeVisible();
    for (const item of items) {
      await page.getByLabel('Scan an item into box 1').focus();
      await scanCode(page, item.sku, { msPerKey: 5 });
      await keyPause(page, 300);
    }
    const lines = page
      .locator('.box-fieldset')
      .first()
      .getByRole('group', { name: /^Box 1 item \d+$/ });
    await expect(lines).toHaveCount(4);
    for (const [i, item] of items.entries()) await expect(lines.nth(i)).toContainText(item.sku);

    const at = await lines.evaluateAll((rows) =>
      rows.map((row) => {
        const left = (el: Element | null | undefined) => (el ? Math.round(el.getBoundingClientRect().left) : null);
        const inputs = [...row.querySelectorAll('input')];
        return {
          code: left(inputs[0]),
          quantity: left(row.querySelector('input[type="number"]')),
          lot: left(inputs.find((input) => input.closest('.field')?.querySelector('label')?.textContent === 'Lot number')),
          expiry: left(row.querySelector('[role="group"]')),
          remove: left(row.querySelector(':scope > button')),
        };
      }),
    );
    const [first, withLot, , otherLot] = at;
    for (const line of at) {
      expect(line.code, 'the code box').toBe(first!.code);
      expect(line.quantity, 'the quantity').toBe(first!.quantity);
      expect(line.remove, 'Remove').toBe(first!.remove);
    }
    expect(withLot!.lot).not.toBeNull();
    expect(otherLot!.lot, 'the lot number').toBe(withLot!.lot);
    expect(otherLot!.expiry, 'the expiry').toBe(withLot!.expiry);
    expect(await layoutFaults(page)).toEqual([]);
  });
}
