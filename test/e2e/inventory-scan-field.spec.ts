import { axeCheck, expect, signInThroughPopup, test } from './fixtures.js';
import {
  address,
  allPages,
  daysUntilExpiry,
  openAddress,
  results,
  scan,
  searchField,
  serviceApi,
  setExpiryThreshold,
  toSearch,
  waitForFirstSync,
  type LotLevelItem,
} from './inventory-support.js';

/**
 * The Inventory workspace's search field as a person and a scanner use it, in Chromium
 * against the browser host and its emulator: a person typing part of a SKU sees ranked results as
 * they type; a barcode scanned into the same field at scanner speed is taken whole (a code that
 * names no item is refused and left in the field as scanned, one that names an item opens it); a GS1
 * element string (GTIN, lot, GS, expiry) opens the item with that lot outlined. The item view marks
 * expired and soon-to-expire lots by the threshold set in Settings, in words and colour, in light
 * and dark.
 *
 * The browser runs in Auckland's time zone (UTC+13 in November), far from the service's UTC: a lot's
 * expiry is a day, and the marks count days from today there.
 */
const TIME_ZONE = 'Pacific/Auckland';
test.use({ timezoneId: TIME_ZONE });

const GS = '\x1d';
/** An EAN-13 with a valid check digit that no item of the emulator's catalog has. */
const UNKNOWN_CODE = '4006381333931';

type Lot = LotLevelItem['lots'][number];
const daysLeft = (lot: Lot) => daysUntilExpiry(lot.lot_date!, TIME_ZONE);
const plural = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * A lot-tracked item with an expired lot and a lot that expires later (not today): the nearest of
 * those is the "soon" one once the threshold is set to its days.
 */
async function itemWithExpiredAndComingLots(api: Awaited<ReturnType<typeof serviceApi>>) {
  const lotted = await allPages<LotLevelItem>(api, '/2026-07/inventory-level/lots?PageSize=100');
  for (const item of lotted) {
    const withDate = item.lots.filter((l) => l.lot_date);
    const expired = withDate.find((l) => daysLeft(l) < 0);
    const coming = withDate.filter((l) => daysLeft(l) > 0).sort((a, b) => daysLeft(a) - daysLeft(b));
    if (expired && coming.length > 0) return { item, expired, soon: coming[0]!, later: coming.slice(1) };
  }
  throw new Error('the emulator has no lot-tracked item with both an expired lot and one expiring later');
}

/** The ranks the Match column names, in the order shown: code matches, exact, starts with, contains. */
function rankOf(match: string): number {
  if (match.startsWith('code:')) return 0;
  if (match.endsWith(' exact')) return 1;
  if (match.endsWith(' starts with')) return 2;
  if (match.endsWith(' contains')) return 3;
  throw new Error(`unexpected match text ${JSON.stringify(match)}`);
}

test('the search field: typed text lists ranked results, a scan is taken whole, a GS1 string opens the item with its lot; lot expiry marked by the Settings threshold', async ({
  page,
  host,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const api = await serviceApi(host);
  const { item, expired, soon, later } = await itemWithExpiredAndComingLots(api);
  const threshold = daysLeft(soon);
  await page.goto(host.url);
  await signInThroughPopup(page);
  await waitForFirstSync(host);
  await setExpiryThreshold(page, threshold);

  // A person types part of the item's SKU at a person's pace: results show as they type, ranked.
  const stem = item.sku.split('-').slice(0, 2).join('-').toLowerCase(); // "org-coff" of ORG-COFF-000012
  await toSearch(page);
  await page.keyboard.type(stem.slice(0, 3), { delay: 120 });
  const rows = results(page).locator('tbody tr[aria-rowindex]');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`found for “${stem.slice(0, 3)}”`) })).toBeVisible();
  await page.keyboard.type(stem.slice(3), { delay: 120 });
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`found for “${stem}”`) })).toBeVisible();
  await expect(rows.filter({ hasText: item.sku })).toHaveCount(1);
  // Typing is not a scan: nothing opened, the field holds what was typed, the address follows it.
  await expect(searchField(page)).toHaveValue(stem);
  await expect.poll(() => address(page)).toBe(`/inventory?q=${stem}`);
  const matches = (await rows.locator('td:last-child').allInnerTexts()).map((t) => t.trim());
  expect(matches.length).toBeGreaterThan(0);
  expect(rankOf(matches[0]!)).toBeLessThanOrEqual(2); // the SKU starts with what was typed
  expect(matches.map(rankOf)).toEqual([...matches.map(rankOf)].sort((a, b) => a - b));
  const itemCells = (await rows.filter({ hasText: item.sku }).getByRole('cell').allInnerTexts()).map((c) => c.trim());
  const barcode = itemCells[3]!;
  expect(barcode).toMatch(/^\d{13}$/);

  // A code that names no item, scanned into the field over the typed text: refused, and the field
  // holds the whole code as scanned, not the typed text with a scan's half appended.
  await scan(page, UNKNOWN_CODE);
  await expect(page.getByText(`No item has the code ${UNKNOWN_CODE}`)).toBeVisible();
  await expect(searchField(page)).toHaveValue(UNKNOWN_CODE);
  await expect(page.getByTestId('scan-cue')).toContainText(`Scan refused No item matches ${UNKNOWN_CODE}`);
  await expect(searchField(page)).toBeFocused();
  expect(await address(page)).toMatch(/^\/inventory(\?|$)/);

  // The item's barcode, scanned into the field: the item opens.
  await scan(page, barcode);
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => address(page)).toBe(`/inventory/items/${item.inventory_id}`);
  await expect(page.getByTestId('scan-cue')).toContainText(`Scan accepted ${barcode}`);
  // Back: the field holds a whole code (the one typed before or the one scanned), never a fragment.
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  expect([UNKNOWN_CODE, barcode]).toContain(await searchField(page).inputValue());

  // A GS1 element string (AIM prefix, GTIN, lot, GS, expiry) scanned into the field: the item opens
  // with the scanned lot outlined and named.
  const yymmdd = expired.lot_date!.slice(2, 10).replaceAll('-', '');
  await toSearch(page);
  await scan(page, `]C101${barcode.padStart(14, '0')}10${expired.lot_number}${GS}17${yymmdd}`);
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => address(page)).toBe(`/inventory/items/${item.inventory_id}?lot=${expired.lot_number}`);
  const lots = page.getByRole('table', { name: 'Lots' });
  const scannedRow = lots.locator('tr[aria-current="true"]');
  await expect(scannedRow.first()).toContainText(expired.lot_number);
  await expect(scannedRow.first()).toContainText('scanned');
  await expect(page.getByText(/The scanned lot .* is not among/)).toHaveCount(0);

  // Expiry marks in words, by the threshold in Settings (the nearest coming lot's days).
  const lotRow = (lot: Lot) => lots.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${lot.lot_number}`) }) });
  await expect(page.getByText(`Lots expiring within ${threshold} days are marked`)).toBeVisible();
  await expect(lotRow(expired).first()).toContainText(`Expired ${plural(-daysLeft(expired))} ago`);
  await expect(lotRow(soon).first()).toContainText(`Expires in ${plural(threshold)}`);
  for (const lot of later.filter((l) => daysLeft(l) > threshold)) await expect(lotRow(lot).first()).not.toContainText(/Expire/);
  await axeCheck(page, 'inventory-item-lot-marks');
  await page.emulateMedia({ colorScheme: 'dark' });
  await axeCheck(page, 'inventory-item-lot-marks-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Lot exclusions marks the same lots the same way: one rule, one threshold.
  await page.getByRole('link', { name: 'Lot exclusions of this item' }).click();
  const inStock = page.getByRole('table', { name: 'Lots in stock' });
  await expect(inStock.getByRole('row', { name: new RegExp(`^${expired.lot_number}`) }).first()).toContainText(`Expired ${plural(-daysLeft(expired))} ago`);
  await expect(inStock.getByRole('row', { name: new RegExp(`^${soon.lot_number}`) }).first()).toContainText(`Expires in ${plural(threshold)}`);

  // One day less: the coming lot is no longer marked; the expired one still is.
  await setExpiryThreshold(page, threshold - 1);
  await openAddress(page, `/inventory/items/${item.inventory_id}`);
  await expect(page.getByText(`Lots expiring within ${threshold - 1} days are marked`)).toBeVisible();
  await expect(lotRow(soon).first()).not.toContainText(/Expire/);
  await expect(lotRow(expired).first()).toContainText(`Expired ${plural(-daysLeft(expired))} ago`);

  // A GS1 string whose lot the item does not have in stock: the item opens and says so.
  await toSearch(page);
  await scan(page, `]C101${barcode.padStart(14, '0')}10LOT-NOT-HERE`);
  await expect.poll(() => address(page)).toBe(`/inventory/items/${item.inventory_id}?lot=LOT-NOT-HERE`);
  await expect(page.getByRole('status').filter({ hasText: 'The scanned lot LOT-NOT-HERE is not among this item’s lots in stock.' })).toBeVisible();
  await expect(lots.locator('tr[aria-current="true"]')).toHaveCount(0);
});
