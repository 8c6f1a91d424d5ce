import { axeCheck, expect, signInThroughPopup, test } from './fixtures.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';

/**
 * Every lot exclusion in force, on the Lot exclusions page, against the emulator: the list holds
 * exactly the exclusions the emulator keeps active, each by item name and SKU, lot, expiry day and
 * since when, and as of when; the desk's account mirror reads each lot-tracked item once in the
 * background (the service lists exclusions per item only) and the view asks the service nothing, on
 * the first visit or the second; the filter narrows it, ↓ moves from a search into its rows and Enter
 * opens; Delete exclusion deletes it through the confirmation, whose Cancel has focus.
 */
test('the exclusions in force: every one the emulator keeps, names first, from the mirror, filter, keys, restore', async ({ page, host }) => {
  test.setTimeout(300_000);
  const control = host.core.emulator.control;
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);

  const inventory = await control.data('inventory');
  const active = (await control.data('lotExclusions')).filter((x) => !x.is_deleted);
  expect(active.length, 'the seed keeps some exclusions in force').toBeGreaterThan(1);
  const lotTracked = inventory.filter((i) => i.is_lot || i.lots.length > 0).length;
  const exclusionGets = async () => (await control.requests()).filter((r) => r.method === 'GET' && r.path === '/2026-07/lot-exclusion').length;

  await page.keyboard.press('Alt+4');
  const status = page.getByTestId('in-force-status');
  // The mirror's first pass after sign-in, a request a second in the background lane.
  await expect(status).toHaveText(`${active.length} exclusions in force across the ${lotTracked} items that are lot-tracked.`, { timeout: 240_000 });
  await expect(page.getByTestId('in-force-as-of')).toContainText('As of');
  // The mirror read each item that can have an exclusion once (the API has no list across items); the view itself none.
  const before = await exclusionGets();
  expect(before).toBe(lotTracked);

  const table = page.getByRole('table', { name: 'Exclusions in force' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(active.length);
  for (const x of active) {
    const item = inventory.find((i) => i.inventory_id === x.inventory_id)!;
    const row = rows.filter({ hasText: item.sku }).filter({ hasText: x.lot_number });
    await expect(row).toHaveCount(1);
    // Name, then SKU; the lot and its expiry day; never the inventory id in what is read.
    await expect(row.getByRole('rowheader')).toHaveText(`${item.name} (${item.sku})`);
    await expect(row.locator('td').nth(1)).toHaveText(/\d{4}|—/);
    await expect(row).not.toContainText(String(x.inventory_id));
  }
  await axeCheck(page, 'lots-in-force');
  await page.emulateMedia({ colorScheme: 'dark' });
  await axeCheck(page, 'lots-in-force-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // A second visit within minutes asks the service nothing.
  await page.keyboard.press('Alt+1');
  await page.keyboard.press('Alt+4');
  await expect(status).toContainText(`${active.length} exclusions in force`);
  expect((await exclusionGets()) - before).toBe(0);

  // The filter narrows by SKU; ↓ from it moves into the rows, Enter opens the item's lots.
  const target = active.at(-1)!;
  const targetItem = inventory.find((i) => i.inventory_id === target.inventory_id)!;
  await page.getByRole('searchbox', { name: 'Filter' }).fill(targetItem.sku);
  await expect(rows).toHaveCount(active.filter((x) => x.inventory_id === target.inventory_id).length);
  await expect(status).toContainText('the filter shows');
  await page.getByRole('searchbox', { name: 'Filter' }).press('ArrowDown');
  await expect(rows.first().getByRole('link', { name: targetItem.name })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#/lots/${target.inventory_id}`);
  await page.goBack();

  // `/` reaches the item search from anywhere on the page; ↓ moves into its results, Enter opens.
  await page.getByRole('heading', { level: 1, name: 'Lot exclusions' }).click();
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: /^Item/ });
  await expect(search).toBeFocused();
  await page.keyboard.type(targetItem.sku, { delay: 120 });
  await expect(page.getByRole('table', { name: 'Matching items' })).toContainText(targetItem.sku);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('table', { name: 'Matching items' }).locator('tbody tr').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#/lots/${target.inventory_id}`);

  // Delete exclusion (the lot fulfills again): the confirmation opens with its safe choice focused; confirmed, the exclusion is
  // deleted at the service (one request), the row goes, and nothing is read again: the mirror takes the service's answer.
  await openAddress(page, '/lots');
  await page.getByRole('searchbox', { name: 'Filter' }).fill(target.lot_number);
  // Named with the confirmation's words; "restore" is kept for making a deleted exclusion active again.
  const deleteExclusion = page.getByRole('button', { name: `Delete exclusion of lot ${target.lot_number} of ${targetItem.sku}` });
  await expect(deleteExclusion).toHaveText('Delete exclusion…');
  await deleteExclusion.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Delete the exclusion of lot ${target.lot_number}?`);
  await expect(dialog).toContainText(`Item ${targetItem.name} (${targetItem.sku}), lot ${target.lot_number}.`);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await axeCheck(page, 'lots-in-force-restore');
  const readsBefore = await exclusionGets();
  await dialog.getByRole('button', { name: 'Delete exclusion', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await control.data('lotExclusions')).find((x) => x.id === target.id)?.is_deleted).toBe(true);
  await page.getByRole('searchbox', { name: 'Filter' }).fill('');
  await expect(status).toHaveText(`${active.length - 1} exclusions in force across the ${lotTracked} items that are lot-tracked.`);
  await expect(rows.filter({ hasText: targetItem.sku }).filter({ hasText: target.lot_number })).toHaveCount(0);
  expect((await exclusionGets()) - readsBefore).toBe(0);
});
