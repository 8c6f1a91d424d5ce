import type { Page } from '@playwright/test';
import type { BrowserHost } from '../../electron/host/browser-host.js';
import { expect, expectViewFocus, signInThroughPopup, test } from './fixtures.js';
import { recordAddresses, visitedAddresses } from './addresses.js';
import { waitForFirstSync } from './inventory-support.js';
import { keyPause, scanCode } from './scanner.js';

/**
 * Scans on Today and on the stock views, with real key events: typed 0, 20 or 50 ms after Alt+0 (or
 * after the view opened) at 2 to 90 ms a key, each arrives whole and opens its item. Today's tiles
 * open on a digit, so a scan of digits only (an EAN) must never open a tile on its way, while one
 * digit typed by a person still does.
 */

const address = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));

/** An active physical item with a 13-digit barcode: its GTIN scans with a lot, its barcode as digits only. */
async function scannableItem(host: BrowserHost) {
  const item = (await host.core.emulator.control.data('inventory')).find((i) => i.is_active && !i.is_digital && !i.is_bundle && /^\d{13}$/.test(i.barcode))!;
  return { id: item.inventory_id, barcode: item.barcode, gtin: item.barcode.padStart(14, '0') };
}

const GS = '\x1d';
/**
 * Each scan asks every workspace's resolver (receiving orders, returns, receipts: requests to the
 * service) after the first sync spent most of the minute's request budget, so a scan may wait its
 * turn in the budget for up to a minute before it opens anything. Whole and right is what is tested.
 */
const ROUTED_WITHIN_MS = 90_000;
const CASES = [2, 10, 40, 90].flatMap((ms) => [0, 20, 50].map((after) => ({ ms, after })));

/** A scan of case n: a GS1 string whose lot names the case (a lost or reordered key shows), or the barcode's digits alone. */
function scanOf(n: number, item: { id: number; barcode: string; gtin: string }, label: string) {
  if (n % 2 === 0) {
    const lot = `L${label}`;
    return { code: `]C101${item.gtin}10${lot}${GS}17261231`, opens: `/inventory/items/${item.id}?lot=${lot}` };
  }
  return { code: item.barcode, opens: `/inventory/items/${item.id}` };
}

async function signedIn(page: Page, host: BrowserHost): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await waitForFirstSync(host);
  // Today, open since sign-in, takes its stock tiles from the cache the first sync has just filled.
  await expect(page.getByText(/^Stock as of /)).toBeVisible();
  await recordAddresses(page);
}

test('a scan 0, 20 or 50 ms after Alt+0, at 2 to 90 ms a key, opens its item on Today; digits only never open a tile; one digit typed does', async ({
  page,
  host,
}) => {
  test.setTimeout(480_000);
  await signedIn(page, host);
  const item = await scannableItem(host);
  for (const [n, { ms, after }] of CASES.entries()) {
    const scan = scanOf(n, item, `${ms}X${after}`);
    await page.keyboard.press('Alt+1');
    await expectViewFocus(page, 'Receiving');
    await visitedAddresses(page);
    await page.keyboard.press('Alt+0');
    if (after > 0) await keyPause(page, after);
    await scanCode(page, scan.code, { msPerKey: ms });
    const message = `${n % 2 === 0 ? 'GS1' : 'digits only'}, ${ms} ms a key, ${after} ms after Alt+0`;
    await expect.poll(() => address(page), { message, timeout: ROUTED_WITHIN_MS }).toBe(scan.opens);
    // On the way: Today, then the item; no tile's list.
    expect(
      (await visitedAddresses(page)).filter((a) => !a.startsWith('/inventory/items/') && a !== '/today'),
      message,
    ).toEqual([]);
  }

  // On Today with a tile focused: a digits-only scan is a scan, not tiles 1, 2, 3…
  await page.keyboard.press('Alt+0');
  await expectViewFocus(page, 'Today');
  await expect(page.getByTestId('tile-expected-today')).toBeFocused();
  await visitedAddresses(page);
  await scanCode(page, item.barcode, { msPerKey: 10 });
  await expect.poll(() => address(page), { timeout: ROUTED_WITHIN_MS }).toBe(`/inventory/items/${item.id}`);
  expect((await visitedAddresses(page)).filter((a) => !a.startsWith('/inventory/items/'))).toEqual([]);

  // A person's one digit opens its tile.
  await page.keyboard.press('Alt+0');
  await expectViewFocus(page, 'Today');
  await page.keyboard.press('2');
  await expect.poll(() => address(page)).toBe('/today/receiving?when=overdue&fc=all');
});

test('a scan on the expiring list and the inventory browser, at 2 to 90 ms a key right after the view opens, opens its item', async ({ page, host }) => {
  test.setTimeout(480_000);
  await signedIn(page, host);
  const item = await scannableItem(host);
  const views = [
    { address: '#/stock/expiring', title: 'Expiring stock' },
    { address: '#/stock/items', title: 'All stock' },
  ];
  for (const [n, { ms, after }] of CASES.entries()) {
    const view = views[n % 2]!;
    const scan = scanOf(Math.floor(n / 2), item, `${ms}S${after}`);
    await page.keyboard.press('Alt+1');
    await expectViewFocus(page, 'Receiving');
    await page.evaluate((hash) => (window.location.hash = hash), view.address);
    if (after > 0) await keyPause(page, after);
    await scanCode(page, scan.code, { msPerKey: ms });
    await expect
      .poll(() => address(page), { message: `${view.title}: ${ms} ms a key, ${after} ms after it opened`, timeout: ROUTED_WITHIN_MS })
      .toBe(scan.opens);
  }
  // From a row of the list, once it is shown: the same.
  await page.evaluate(() => (window.location.hash = '#/stock/items'));
  await expectViewFocus(page, 'All stock');
  await scanCode(page, item.barcode, { msPerKey: 40 });
  await expect.poll(() => address(page), { timeout: ROUTED_WITHIN_MS }).toBe(`/inventory/items/${item.id}`);
});
