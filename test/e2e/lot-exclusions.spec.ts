import type { Page } from '@playwright/test';
import { axeCheck, expect, signInThroughPopup, test } from './fixtures.js';
import { allPages, daysUntilExpiry, openAddress, serviceApi, setExpiryThreshold, tabTo, waitForFirstSync, type LotLevelItem } from './inventory-support.js';

/**
 * Lot exclusions (spec 4.9) in Chromium against the browser host and its
 * emulator: find the item by typing its SKU, exclude a lot, see a duplicate refused in words,
 * delete the exclusion, restore it by keyboard alone, see an unknown lot refused; after each step
 * the emulator's own API says the same. Expiry marks follow the threshold set in Settings.
 */
interface ExclusionList {
  lot_exclusions: { lot_number: string; is_deleted: boolean }[];
}

async function emulatorState(api: Awaited<ReturnType<typeof serviceApi>>, inventoryId: number) {
  const list = await api.call<ExclusionList>('GET', `/2026-07/lot-exclusion?inventory_id=${inventoryId}`);
  return {
    active: list.lot_exclusions.filter((e) => !e.is_deleted).map((e) => e.lot_number),
    deleted: list.lot_exclusions.filter((e) => e.is_deleted).map((e) => e.lot_number),
  };
}

/** A lotted item with no exclusion at all yet, and one of its lots. */
async function freshLottedItem(api: Awaited<ReturnType<typeof serviceApi>>) {
  const lotted = (await allPages<LotLevelItem>(api, '/2026-07/inventory-level/lots?PageSize=100')).filter((i) => i.lots.length > 0);
  for (const item of lotted) {
    const state = await emulatorState(api, item.inventory_id);
    if (state.active.length === 0 && state.deleted.length === 0) return { item, lot: item.lots[0]!.lot_number };
  }
  throw new Error('the emulator has no lotted item without exclusions');
}

const dialog = (page: Page) => page.getByRole('dialog');

test('find an item by SKU, exclude a lot, duplicate refused, delete, exclude again by keyboard, unknown lot refused; the emulator follows', async ({
  page,
  host,
}) => {
  const api = await serviceApi(host);
  const { item, lot } = await freshLottedItem(api);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);

  // Find the item: Alt+4 puts focus in the field, type its SKU at a person's pace, Enter.
  await page.keyboard.press('Alt+4');
  await expect(page.getByRole('searchbox', { name: /^Item/ })).toBeFocused();
  await page.keyboard.type(item.sku, { delay: 120 });
  await expect(page.getByRole('table', { name: 'Matching items' })).toContainText(item.sku);
  await axeCheck(page, 'lots-find');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Lot exclusions · ${item.name} (${item.sku})` })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#/lots/${item.inventory_id}`);
  const lotsTable = page.getByRole('table', { name: 'Lots in stock' });
  await expect(lotsTable.getByRole('row', { name: new RegExp(lot) }).first()).toContainText('Not excluded');
  await axeCheck(page, 'lots-detail');
  await page.emulateMedia({ colorScheme: 'dark' });
  await axeCheck(page, 'lots-detail-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Exclude, confirmed in a dialog.
  await page
    .getByRole('button', { name: `Exclude lot ${lot}` })
    .first()
    .click();
  await expect(dialog(page)).toContainText(`Exclude lot ${lot}?`);
  // The item by its name first, the SKU after.
  await expect(dialog(page)).toContainText(`Item ${item.name} (${item.sku}), lot ${lot}.`);
  await axeCheck(page, 'lots-confirm-exclude');
  await dialog(page).getByRole('button', { name: 'Exclude lot', exact: true }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByText(`Lot ${lot} is excluded.`)).toBeVisible();
  await expect.poll(() => emulatorState(api, item.inventory_id)).toEqual({ active: [lot], deleted: [] });
  await expect(page.getByRole('table', { name: 'Exclusions in force' })).toContainText(lot);
  // The quantities are read again: the lot, on hand still, is no longer fulfillable on the item's page.
  await openAddress(page, `#/inventory/items/${item.inventory_id}`);
  const lotRow = page
    .locator('table', { has: page.getByRole('columnheader', { name: 'Lot' }) })
    .getByRole('row', { name: new RegExp(lot) })
    .first();
  await expect(lotRow).toContainText('Excluded', { timeout: 30_000 });
  await expect(lotRow.locator('td.end').nth(1)).toHaveText('0', { timeout: 30_000 });
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: `Lot exclusions · ${item.name} (${item.sku})` })).toBeVisible();

  // The same lot again, by number: the service's 409 in words, nothing changed.
  await page.getByLabel('Lot number').fill(lot);
  await page.getByRole('button', { name: 'Exclude…', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Exclude lot', exact: true }).click();
  await expect(dialog(page).getByRole('alert')).toContainText(`Lot ${lot} of item ${item.inventory_id} is already excluded; nothing was changed`);
  // Sending it again would only be refused again: the dialog offers Close alone.
  await expect(dialog(page).getByRole('button', { name: 'Exclude lot', exact: true })).toBeHidden();
  await axeCheck(page, 'lots-refused-duplicate');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  expect(await emulatorState(api, item.inventory_id)).toEqual({ active: [lot], deleted: [] });

  // Delete the exclusion.
  await page
    .getByRole('table', { name: 'Exclusions in force' })
    .getByRole('button', { name: `Delete exclusion of lot ${lot}` })
    .click();
  await dialog(page).getByRole('button', { name: 'Delete exclusion', exact: true }).click();
  await expect(dialog(page)).toBeHidden();
  await expect.poll(() => emulatorState(api, item.inventory_id)).toEqual({ active: [], deleted: [lot] });
  await expect(page.getByRole('table', { name: 'Deleted exclusions' })).toContainText(lot);

  // Exclude it again with the keyboard alone: Tab to the row's button, Enter, Tab to the confirmation, Enter.
  await page.getByRole('heading', { level: 1 }).focus();
  await tabTo(page, new RegExp(`Exclude again: lot ${lot}`));
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toContainText(`Exclude lot ${lot} again?`);
  await tabTo(page, /^Exclude again$/, 6);
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect.poll(() => emulatorState(api, item.inventory_id)).toEqual({ active: [lot], deleted: [] });
  await expect(page.getByRole('table', { name: 'Exclusions in force' })).toContainText(lot);
  await expect(page.getByText('No deleted exclusions.')).toBeVisible();

  // A lot the service does not know: its 404 in words.
  await page.getByLabel('Lot number').fill('NO-SUCH-LOT');
  await page.getByRole('button', { name: 'Exclude…', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Exclude lot', exact: true }).click();
  await expect(dialog(page).getByRole('alert')).toContainText('The service does not know lot NO-SUCH-LOT');
  await page.keyboard.press('Escape');
  expect(await emulatorState(api, item.inventory_id)).toEqual({ active: [lot], deleted: [] });
});

test('expired and soon-to-expire lots are marked by the threshold in Settings; the palette opens an item’s lot exclusions', async ({ page, host }) => {
  const api = await serviceApi(host);
  const lotted = (await allPages<LotLevelItem>(api, '/2026-07/inventory-level/lots?PageSize=100')).filter((i) => i.lots.length >= 2);
  // An item with lots on both sides of today, when there is one. A lot's expiry is a day: expired
  // once that day has passed (shared/time/expiry.ts).
  const left = (l: LotLevelItem['lots'][number]) => daysUntilExpiry(l.lot_date!);
  const item = lotted.find((i) => i.lots.some((l) => left(l) < 0) && i.lots.some((l) => left(l) > 0)) ?? lotted[0]!;
  const expired = item.lots.filter((l) => left(l) < 0).length;
  const today = item.lots.filter((l) => left(l) === 0).length;
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);

  const marks = async () => {
    await openAddress(page, `/lots/${item.inventory_id}`);
    const table = page.getByRole('table', { name: 'Lots in stock' });
    await expect(table.locator('tbody tr')).toHaveCount(item.lots.length);
    return { expired: await table.getByText(/^Expired/).count(), soon: await table.getByText(/^Expires (in|today)/).count() };
  };

  await setExpiryThreshold(page, 3650);
  await axeCheck(page, 'settings-lots');
  expect(await marks()).toEqual({ expired, soon: item.lots.length - expired });
  await axeCheck(page, 'lots-detail-marked');
  await setExpiryThreshold(page, 0);
  // Threshold 0 still marks a lot whose expiry day is today ("Expires today").
  expect(await marks()).toEqual({ expired, soon: today });

  // Ctrl+K "lots <SKU>" offers the item's lot exclusions.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type(`lots ${item.sku}`, { delay: 120 });
  const entry = palette.getByRole('menuitem', { name: new RegExp(`Lot exclusions for ${item.sku}`) });
  // The palette asks every workspace's source; on a loaded machine the slowest takes a while.
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await entry.click();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#/lots/${item.inventory_id}`);
});
