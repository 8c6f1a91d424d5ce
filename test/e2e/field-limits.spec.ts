import { expect, signInThroughPopup, test } from './fixtures.js';
import { openAddress } from './inventory-support.js';

/**
 * A field's limit is said before it cuts, and a value as long as the limit allows reads whole where
 * it is shown: the receiving form's PO number (100 characters, the service's limit) and the order's
 * page at 1280x800.
 */

test('the PO number says how much room is left, that it is full, and what a long paste kept', async ({ page, host, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.origin });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await openAddress(page, '#/receiving/new');
  const po = page.getByRole('textbox', { name: 'PO number' });
  await po.focus();
  // Far from the limit nothing is said.
  await page.keyboard.insertText('4711-'.repeat(17));
  await expect(po).toHaveValue(/^4711-/);
  await expect(page.getByText(/characters? left/)).toHaveCount(0);
  // The last ten: the count, read with the field.
  await page.keyboard.insertText('ABCDE');
  await expect(page.getByText('10 characters left')).toBeVisible();
  await expect(po).toHaveAccessibleDescription('10 characters left');
  await page.keyboard.type('FGHIJKLMN', { delay: 130 });
  await expect(page.getByText('1 character left')).toBeVisible();
  await page.keyboard.type('O', { delay: 130 });
  await expect(page.getByRole('status').filter({ hasText: 'At most 100 characters: the field takes no more.' })).toBeVisible();
  // Full: a further key changes nothing, and the sentence stays.
  await page.keyboard.type('P', { delay: 130 });
  await expect(po).toHaveValue(`${'4711-'.repeat(17)}ABCDEFGHIJKLMNO`);

  // A supplier's 5,000-character reference pasted into an empty field: the part that fits, and a word.
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await expect(page.getByText(/At most 100 characters/)).toHaveCount(0);
  const long = 'PO-'.padEnd(5000, '0123456789');
  await page.evaluate((text) => navigator.clipboard.writeText(text), long);
  await page.keyboard.press('Control+V');
  await expect(po).toHaveValue(long.slice(0, 100));
  await expect(page.getByText('The pasted text had 5,000 characters; 100 fit, as the field takes at most 100.')).toBeVisible();
  // Typed away from what the paste left, the note goes back to the count.
  await page.keyboard.press('Backspace');
  await expect(page.getByText('1 character left')).toBeVisible();
});

test('an order whose PO number is the longest the service takes shows it whole, wrapped, over nothing else', async ({ page, host }) => {
  const [first] = await host.core.emulator.control.data('receivingOrders');
  const po = 'PO-'.padEnd(100, '0123456789');
  await host.core.emulator.control.replace('receivingOrders', { ...first!, purchase_order_number: po });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await openAddress(page, `#/receiving/${first!.id}`);
  const value = page.locator('dl.facts dd').filter({ hasText: po });
  await expect(value).toHaveText(po);
  const layout = await value.evaluate((dd) => {
    const box = dd.getBoundingClientRect();
    const list = dd.closest('dl')!.getBoundingClientRect();
    const next = dd.nextElementSibling?.getBoundingClientRect() ?? null;
    const section = dd.closest('section')!;
    return {
      insideList: box.left >= list.left && box.right <= list.right + 0.5,
      wraps: box.height > parseFloat(getComputedStyle(dd).lineHeight) * 1.5,
      aboveNext: next === null || next.top >= box.bottom - 0.5,
      noSideScroll: section.scrollWidth <= section.clientWidth,
    };
  });
  expect(layout).toEqual({ insideList: true, wraps: true, aboveNext: true, noSideScroll: true });
});
