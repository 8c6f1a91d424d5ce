import type { Page } from '@playwright/test';
import { axeCheck, expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { address, allPages, openAddress, serviceApi, tabTo, waitForFirstSync } from './inventory-support.js';
import { csvRecords, localStampIn, serviceLots } from './stock-support.js';
import type { Service } from './service.js';

/**
 * The stock views in Chromium against the browser host and its emulator: the expiring list shows
 * the lots the service lists, a lot is excluded and its exclusion deleted by keyboard through Lot
 * exclusions' confirmation (the emulator's API following each step), the CSV holds names and local
 * times, and the inventory browser sorts and filters from its address, Enter opening an item.
 */
interface ExclusionList {
  lot_exclusions: { lot_number: string; is_deleted: boolean }[];
}

async function activeExclusions(api: Service, inventoryId: number): Promise<string[]> {
  const list = await api.call<ExclusionList>('GET', `/2026-07/lot-exclusion?inventory_id=${inventoryId}`);
  return list.lot_exclusions.filter((e) => !e.is_deleted).map((e) => e.lot_number);
}

const row = (page: Page, text: string) => page.getByRole('table', { name: 'Expiring lots' }).getByRole('row').filter({ hasText: text });

async function signedIn(page: Page, host: Parameters<typeof serviceApi>[0]) {
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
}

test('the expiring list shows the service’s lots; X excludes one and deletes its exclusion, each confirmed; the CSV has names and local times', async ({
  page,
  host,
}) => {
  test.setTimeout(150_000);
  const api = await serviceApi(host);
  await signedIn(page, host);
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const lots = (await serviceLots(api, timeZone)).filter((l) => l.daysLeft >= 0 && l.daysLeft <= 90);
  expect(lots.length).toBeGreaterThan(0);

  await openAddress(page, '#/stock/expiring?days=90');
  await expectViewFocus(page, 'Expiring stock');
  await expect(page.getByRole('status').filter({ hasText: 'expiring within 90 days' })).toContainText(`${lots.length} lot`);
  await expect(page.getByRole('table', { name: 'Expiring lots' })).toHaveAttribute('aria-rowcount', String(lots.length + 1));
  // The first row has focus, and it is the soonest to expire.
  const soonest = Math.min(...lots.map((l) => l.daysLeft));
  await expect(page.locator('.data-table tbody tr[tabindex="0"]')).toBeFocused();
  await expect(page.locator('.data-table tbody tr[tabindex="0"] td').nth(6)).toHaveText(String(soonest));
  // The order is the only one the list has, and its header says so rather than offering a sort that does nothing.
  const expires = page.getByRole('table', { name: 'Expiring lots' }).getByRole('columnheader', { name: 'Expires (soonest first)' });
  await expect(expires).toBeVisible();
  await expect(expires.getByRole('button')).toHaveCount(0);
  await axeCheck(page, 'stock-expiring');

  // A lot with no exclusion at all yet: moved to by arrows, excluded with X and the confirmation.
  const target = await lotWithoutExclusions(api, lots);
  const rowIndex = await rowIndexOf(page, target.item.sku, target.lot);
  for (let i = 0; i < rowIndex; i++) await page.keyboard.press('ArrowDown');
  await expect(page.locator('.data-table tbody tr[tabindex="0"]')).toContainText(target.lot);
  await expect(row(page, target.lot).first()).toContainText('Not excluded');
  await page.keyboard.press('x');
  await expect(page.getByRole('dialog')).toContainText(`Exclude lot ${target.lot}?`);
  await axeCheck(page, 'stock-expiring-confirm');
  // The dialog opens on the safe choice; the clerk tabs to the action.
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Exclude lot', exact: true })).not.toBeFocused();
  await tabTo(page, /^Exclude lot$/, 6);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect.poll(() => activeExclusions(api, target.item.inventory_id)).toEqual([target.lot]);
  await expect(row(page, target.lot).first()).toContainText('Excluded');

  // X again on the same row: delete the exclusion (the lot can be used again).
  await page.locator('.data-table tbody tr[tabindex="0"]').focus();
  await page.keyboard.press('x');
  await expect(page.getByRole('dialog')).toContainText(`Delete the exclusion of lot ${target.lot}?`);
  await tabTo(page, /^Delete exclusion$/, 6);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect.poll(() => activeExclusions(api, target.item.inventory_id)).toEqual([]);
  await expect(row(page, target.lot).first()).toContainText('Not excluded');

  // The CSV: every lot of the list, names before ids, the cache's as-of in local time (after the
  // refresh sync the exclusion started has ended, so the as-of is the one the file is made from).
  await expect.poll(() => host.core.inventory.status().state, { timeout: 60_000 }).toBe('idle');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  // The clerk is told it is done, and where the file went.
  await expect(page.getByTestId('notices')).toContainText(`Saved as ${download.suggestedFilename()} in your downloads.`);
  const records = await csvRecords(download);
  expect(records[0]).toEqual([
    'Item',
    'SKU',
    'Inventory id',
    'Lot',
    'Fulfillment center',
    'On hand',
    'Fulfillable',
    'Expires',
    'Days left',
    'Exclusion',
    'Cache as of (local)',
  ]);
  expect(records).toHaveLength(lots.length + 1);
  const line = records.find((r) => r[3] === target.lot && r[1] === target.item.sku)!;
  expect(line[0]).toBe(target.item.name);
  expect(line[9]).toBe('Not excluded');
  const syncedAt = host.core.inventory.freshness().syncedAt!;
  expect(line[10]).toBe(await localStampIn(page, syncedAt));
  expect(records.slice(1).map((r) => Number(r[8]))).toEqual(
    records
      .slice(1)
      .map((r) => Number(r[8]))
      .sort((a, b) => a - b),
  );
});

async function lotWithoutExclusions<L extends { item: { inventory_id: number } }>(api: Service, lots: L[]): Promise<L> {
  for (const l of lots)
    if ((await api.call<ExclusionList>('GET', `/2026-07/lot-exclusion?inventory_id=${l.item.inventory_id}`)).lot_exclusions.length === 0) return l;
  throw new Error('no expiring lot of an item without exclusions');
}

/** The position of the lot's row in the list (rows are read from the page's table as the list is sorted). */
async function rowIndexOf(page: Page, sku: string, lot: string): Promise<number> {
  const table = page.getByRole('table', { name: 'Expiring lots' });
  for (let i = 0; i < 400; i++) {
    const hit = table.locator(`tbody tr[data-index="${i}"]`);
    if ((await hit.count()) === 0) {
      await page.keyboard.press('PageDown');
      await page.keyboard.press('Home');
      continue;
    }
    const text = await hit.innerText();
    if (text.includes(sku) && text.includes(lot)) return i;
  }
  throw new Error(`lot ${lot} of ${sku} is not in the list`);
}

test('the inventory browser: sort and filter from the address, / to the filter, Enter opens the item', async ({ page, host }) => {
  const api = await serviceApi(host);
  await signedIn(page, host);
  interface Level {
    inventory_id: number;
    sku: string;
    name: string;
    total_on_hand_quantity: number;
    total_fulfillable_quantity: number;
  }
  const levels = await allPages<Level>(api, '/2026-07/inventory-level?PageSize=100');
  const items = await allPages<{ inventory_id: number }>(api, '/2026-07/inventory?PageSize=100');

  await openAddress(page, '#/stock/items');
  await expectViewFocus(page, 'All stock');
  await expect(page.getByRole('status').filter({ hasText: 'shown' })).toContainText(`${items.length} items of ${items.length} shown`);
  await axeCheck(page, 'stock-items');

  // Sorted by on hand, most first: the first row is the item the service counts most of.
  await openAddress(page, '#/stock/items?sort=onHand&dir=desc');
  const most = Math.max(...levels.map((l) => l.total_on_hand_quantity));
  const table = page.getByRole('table', { name: 'Items in stock' });
  await expect(table.locator('tbody tr[data-index="0"] td').nth(3)).toHaveText(most.toLocaleString('en-US'));
  await expect(table.getByRole('columnheader', { name: /On hand/ })).toHaveAttribute('aria-sort', 'descending');

  // Low stock under 5 at any center: the count the service's levels give for physical items.
  await openAddress(page, '#/stock/items?stock=low&threshold=5&kind=physical');
  const low = levels.filter((l) => l.total_fulfillable_quantity > 0 && l.total_fulfillable_quantity < 5);
  await expect(page.getByRole('status').filter({ hasText: 'shown' })).toContainText(`${low.length} item`);

  // `/` to the filter, a SKU, Enter; then into the rows and Enter opens the item.
  const pick = levels.find((l) => l.total_on_hand_quantity > 0)!;
  await openAddress(page, '#/stock/items');
  await expect(page.getByRole('status').filter({ hasText: 'shown' })).toContainText(`${items.length} items of`);
  await page.getByRole('heading', { level: 1 }).focus();
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Item or SKU' })).toBeFocused();
  // At a person's pace (a scanner's burst would be routed as a scan).
  await page.keyboard.type(pick.sku, { delay: 120 });
  await page.keyboard.press('Enter');
  await expect.poll(() => address(page)).toContain(`q=${pick.sku}`);
  await expect(page.getByRole('status').filter({ hasText: 'shown' })).toContainText('1 item of');
  await table.locator('tbody tr[data-index="0"]').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => address(page)).toContain(`/inventory/items/${pick.inventory_id}`);
});
