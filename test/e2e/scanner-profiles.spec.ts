import type { Page } from '@playwright/test';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { waitForFirstSync } from './inventory-support.js';
import { scanCode } from './scanner.js';

/**
 * Scanners as a desk has them, typed into the real page with real key events (Chromium's input
 * pipeline, each key stamped its profile's gap apart, as the OS stamps a scanner's keys), into every
 * view a clerk scans in. Each scan arrives whole, goes where that view sends it (the item opens, or
 * the view's search takes it) and leaves nothing of itself in a field it does not belong to.
 */

const GS = '\x1d';
const address = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));

interface Profile {
  name: string;
  msPerKey: number;
  suffix: 'Enter' | 'Tab';
  /** What it sends for an item: its barcode plain, or a GS1 element string with an AIM prefix and GS. */
  aim: ']C1' | ']d2' | null;
}

const PROFILES: Profile[] = [
  { name: 'USB HID imager, 2 ms a key, Enter suffix', msPerKey: 2, suffix: 'Enter', aim: null },
  { name: 'GS1-128 reader, 10 ms a key, ]C1 prefix, GS as Ctrl+]', msPerKey: 10, suffix: 'Enter', aim: ']C1' },
  { name: 'imager set to a Tab suffix, 5 ms a key', msPerKey: 5, suffix: 'Tab', aim: null },
  { name: 'Bluetooth keyboard wedge, 95 ms a key', msPerKey: 95, suffix: 'Enter', aim: null },
  { name: 'GS1 DataMatrix imager, 20 ms a key, ]d2 prefix, GS as Ctrl+]', msPerKey: 20, suffix: 'Enter', aim: ']d2' },
];

interface Stock {
  inventoryId: number;
  barcode: string;
  wroId: string;
}

/** The views a clerk scans in; `opens` is where a scan of the item leads from there. */
const VIEWS: { name: string; at: (s: Stock) => string; heading: RegExp; opens: (s: Stock, lot: string | null, code: string) => string }[] = [
  { name: 'Today', at: () => '/today', heading: /^Today$/, opens: itemPage },
  { name: 'Receiving list', at: () => '/receiving', heading: /^Receiving$/, opens: itemPage },
  { name: 'Receiving order', at: (s) => `/receiving/${s.wroId}`, heading: /^Receiving order/, opens: itemPage },
  { name: 'Inventory lookup', at: () => '/inventory', heading: /^Inventory$/, opens: itemPage },
  { name: 'Inventory history', at: () => '/inventory/history', heading: /history/i, opens: itemPage },
  { name: 'Lot exclusions', at: () => '/lots', heading: /^Lot exclusions$/, opens: (s) => `/lots/${s.inventoryId}` },
  // The receipts search takes the code itself (a receipt's barcode or tracking number).
  { name: 'Unidentified receipts', at: () => '/unidentified', heading: /^Unidentified receipts$/, opens: (_s, _lot, code) => `/unidentified?q=${code}` },
];

function itemPage(s: Stock, lot: string | null): string {
  return `/inventory/items/${s.inventoryId}${lot ? `?lot=${lot}` : ''}`;
}

/** The text the view's fields hold: none of the scan's characters stay in a field that did not take it. */
const fieldText = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('#content input:not([type="hidden"]), #content textarea')]
      .map((f) => f.value)
      .filter((v) => v !== '')
      .join(' | '),
  );

test('every scanner profile, scanned in every scan view, arrives whole and goes where the view sends it', async ({ page, host }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  await signInThroughPopup(page);
  await page.keyboard.press('Alt+1');
  const firstRow = page.locator('tbody tr[aria-rowindex]').first();
  await expect(firstRow).toBeVisible();
  await waitForFirstSync(host);
  const stocked = (await host.core.emulator.control.data('inventory')).find((i) => i.is_active && !i.is_digital && !i.is_bundle && /^\d{13}$/.test(i.barcode))!;
  const stock: Stock = { inventoryId: stocked.inventory_id, barcode: stocked.barcode, wroId: (await firstRow.locator('td').first().innerText()).trim() };

  const failures: string[] = [];
  for (const [v, view] of VIEWS.entries()) {
    for (const [p, profile] of PROFILES.entries()) {
      const lot = profile.aim ? `P${v}${p}` : null;
      const code = profile.aim ? `${profile.aim}01${stock.barcode.padStart(14, '0')}10${lot}${GS}17261231` : stock.barcode;
      const data = code.replace(/^\][A-Za-z][0-9]/, '').replaceAll(GS, '');
      await page.evaluate((hash) => {
        window.location.hash = hash;
      }, view.at(stock));
      await expect(page.getByRole('heading', { level: 1, name: view.heading })).toBeVisible();
      await scanCode(page, code, { msPerKey: profile.msPerKey, terminator: profile.suffix });
      const expected = view.opens(stock, lot, data);
      // Where the scan went, and whether a field it does not belong to holds it (the field that took it may show it).
      const outcome = async () => {
        const fields = await fieldText(page);
        return [await address(page), fields.includes(data.slice(0, 8)) && !expected.includes('?q=') ? `"${fields}" left in a field` : 'no field holds it'];
      };
      try {
        await expect.poll(outcome, { timeout: 60_000 }).toEqual([expected, 'no field holds it']);
      } catch {
        failures.push(`${profile.name} in ${view.name}: ${(await outcome()).join(', ')} (expected ${expected})`);
      }
    }
  }
  expect(failures).toEqual([]);
});
