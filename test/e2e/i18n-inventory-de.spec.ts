import type { Page } from '@playwright/test';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { allPages, openAddress, scan, serviceApi, waitForFirstSync, type LotLevelItem } from './inventory-support.js';
import { keyPause } from './scanner.js';

/**
 * The inventory lookup on a German system, by keys and scans: the desk follows the system's language
 * with nothing chosen, Alt+3 and `/` reach the item search as in English (shortcuts do not change
 * with the language), typed text lists results, a scanned code that names no item is refused in
 * German, a scanned SKU opens the item in German; counts of 1, 2 and 5 days read right (the lot
 * expiry threshold set in Settings → Chargen, said under the item's lots and beside the field).
 */
test.use({ locale: 'de-DE' });

/** An EAN-13 with a valid check digit that no item of the emulator's catalog has. */
const UNKNOWN_CODE = '4006381333931';

/** Settings → Chargen: the threshold typed into its field and saved with Enter. */
async function setThreshold(page: Page, days: number) {
  await openAddress(page, '/settings');
  const field = page.getByLabel('Chargen markieren, deren MHD erreicht wird in');
  await field.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(String(days), { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Gespeichert.', { exact: true })).toBeVisible({ timeout: 15_000 });
}

test('Bestand auf Deutsch: search by keys, scans refused and opened, and 1, 2 and 5 days said right', async ({ page, host }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const api = await serviceApi(host);
  const lotted = await allPages<LotLevelItem>(api, '/2026-07/inventory-level/lots?PageSize=100');
  const item = lotted.find((i) => i.lots.some((l) => l.on_hand_quantity > 0));
  if (!item) throw new Error('the emulator has no lot-tracked item with a lot in stock');

  await page.goto(host.url);
  await signInThroughPopup(page, 'Anmelden');
  await waitForFirstSync(host);
  await expect(page.getByTestId('status-freshness')).toContainText(/Bestand, Stand: /, { timeout: 15_000 });

  // Alt+3 and `/`, the same keys as in English.
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { level: 1, name: 'Bestand' })).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('/');
  const field = page.getByRole('searchbox', { name: 'Artikel' });
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('placeholder', 'SKU, Name, Barcode oder GTIN; scannen oder tippen');

  // Typed at a person's pace: results as they type, counted in German.
  const stem = item.sku.slice(0, 5);
  await page.keyboard.type(stem, { delay: 120 });
  await expect(page.getByRole('status').filter({ hasText: `gefunden für „${stem}“` })).toHaveText(/^\d[\d.]*\+? Artikel gefunden für/);
  const table = page.getByRole('table', { name: 'Bestandsartikel' });
  await expect(table.getByRole('columnheader', { name: /Treffer/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Erfüllbar/ })).toBeVisible();

  // A scanned code that names no item: refused, said in German.
  await scan(page, UNKNOWN_CODE);
  await expect(page.getByRole('status').filter({ hasText: `Kein Artikel hat den Code ${UNKNOWN_CODE}` })).toBeVisible({ timeout: 30_000 });

  // A scanned SKU opens its item, in German.
  await keyPause(page, 400);
  await scan(page, item.sku);
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Kennungen und Codes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mengen je Fulfillment-Center' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Chargen' })).toBeVisible();

  // 1, 2 and 5 days: the threshold beside its field and under the item's lots.
  for (const [days, word] of [
    [1, 'Tag'],
    [2, 'Tagen'],
    [5, 'Tagen'],
  ] as const) {
    await setThreshold(page, days);
    await expect(page.locator('.lot-expiry-settings form > span').first()).toHaveText(word);
    await openAddress(page, `/inventory/items/${item.inventory_id}`);
    await expect(page.getByText(`Chargen, deren MHD in ${days} ${word} erreicht ist, sind markiert (Einstellungen → Chargen).`)).toBeVisible();
  }
});
