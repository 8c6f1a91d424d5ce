import type { Page } from '@playwright/test';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { allPages, openAddress, scan, serviceApi, waitForFirstSync, type LotLevelItem } from './inventory-support.js';
import { keyPause } from './scanner.js';

/**
 * The inventory lookup on a German and on a Spanish system, by keys and scans: the desk follows the
 * system's language with nothing chosen, Alt+3 and `/` reach the item search as in English
 * (shortcuts do not change with the language), typed text lists results, a scanned code that names
 * no item is refused in the language, a scanned SKU opens the item in it; counts of 1, 2 and 5 days
 * read right (the lot expiry threshold set in Settings → Lots, said under the item's lots and beside
 * the field). The words are written out here as a clerk reads them.
 */
const LANGUAGES = [
  {
    locale: 'de-DE',
    signIn: 'Anmelden',
    freshness: /Bestand, Stand: /,
    inventory: 'Bestand',
    field: 'Artikel',
    placeholder: 'SKU, Name, Barcode oder GTIN; scannen oder tippen',
    found: (stem: string) => ({ has: `gefunden für „${stem}“`, full: /^\d[\d.]*\+? Artikel gefunden für/ }),
    results: 'Bestandsartikel',
    match: /Treffer/,
    fulfillable: /Erfüllbar/,
    noItem: (code: string) => `Kein Artikel hat den Code ${code}`,
    codes: 'Kennungen und Codes',
    perCenter: 'Mengen je Fulfillment-Center',
    lots: 'Chargen',
    thresholdField: 'Chargen markieren, deren MHD erreicht wird in',
    saved: 'Gespeichert.',
    days: [
      [1, 'Tag'],
      [2, 'Tagen'],
      [5, 'Tagen'],
    ] as const,
    lotsCaption: (days: number, word: string) => `Chargen, deren MHD in ${days} ${word} erreicht ist, sind markiert (Einstellungen → Chargen).`,
  },
  {
    locale: 'es-ES',
    signIn: 'Iniciar sesión',
    freshness: /Inventario actualizado: /,
    inventory: 'Inventario',
    field: 'Artículo',
    placeholder: 'SKU, nombre, código de barras o GTIN; escanee o escriba',
    found: (stem: string) => ({ has: `para «${stem}»`, full: /^\d[\d.]*\+? artículos? encontrados? para/ }),
    results: 'Artículos del inventario',
    match: /Coincidencia/,
    fulfillable: /Preparable/,
    noItem: (code: string) => `Ningún artículo tiene el código ${code}`,
    codes: 'Identificadores y códigos',
    perCenter: 'Cantidades por centro de distribución',
    lots: 'Lotes',
    thresholdField: 'Marcar los lotes que caducan en',
    saved: 'Guardado.',
    days: [
      [1, 'día'],
      [2, 'días'],
      [5, 'días'],
    ] as const,
    lotsCaption: (days: number, word: string) => `Se marcan los lotes cuya caducidad llega en ${days} ${word} (Ajustes → Lotes).`,
  },
];

/** An EAN-13 with a valid check digit that no item of the emulator's catalog has. */
const UNKNOWN_CODE = '4006381333931';

type Words = (typeof LANGUAGES)[number];

/** Settings → Lots: the threshold typed into its field and saved with Enter. */
async function setThreshold(page: Page, w: Words, days: number) {
  await openAddress(page, '/settings');
  const field = page.getByLabel(w.thresholdField);
  await field.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(String(days), { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByText(w.saved, { exact: true })).toBeVisible({ timeout: 15_000 });
}

for (const w of LANGUAGES) {
  test.describe(w.locale, () => {
    test.use({ locale: w.locale });

    test('the inventory lookup: search by keys, scans refused and opened, and 1, 2 and 5 days said right', async ({ page, host }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: 1280, height: 800 });
      const api = await serviceApi(host);
      const lotted = await allPages<LotLevelItem>(api, '/2026-07/inventory-level/lots?PageSize=100');
      const item = lotted.find((i) => i.lots.some((l) => l.on_hand_quantity > 0));
      if (!item) throw new Error('the emulator has no lot-tracked item with a lot in stock');

      await page.goto(host.url);
      await signInThroughPopup(page, w.signIn);
      await waitForFirstSync(host);
      await expect(page.getByTestId('status-freshness')).toContainText(w.freshness, { timeout: 15_000 });

      // Alt+3 and `/`, the same keys as in English.
      await page.keyboard.press('Alt+3');
      await expect(page.getByRole('heading', { level: 1, name: w.inventory })).toBeVisible();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('/');
      const field = page.getByRole('searchbox', { name: w.field });
      await expect(field).toBeFocused();
      await expect(field).toHaveAttribute('placeholder', w.placeholder);

      // Typed at a person's pace: results as they type, counted in the language.
      const stem = item.sku.slice(0, 5);
      await page.keyboard.type(stem, { delay: 120 });
      await expect(page.getByRole('status').filter({ hasText: w.found(stem).has })).toHaveText(w.found(stem).full);
      const table = page.getByRole('table', { name: w.results });
      await expect(table.getByRole('columnheader', { name: w.match })).toBeVisible();
      await expect(table.getByRole('columnheader', { name: w.fulfillable })).toBeVisible();

      // A scanned code that names no item: refused, said in the language.
      await scan(page, UNKNOWN_CODE);
      await expect(page.getByRole('status').filter({ hasText: w.noItem(UNKNOWN_CODE) })).toBeVisible({ timeout: 30_000 });

      // A scanned SKU opens its item, in the language.
      await keyPause(page, 400);
      await scan(page, item.sku);
      await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('heading', { name: w.codes })).toBeVisible();
      await expect(page.getByRole('heading', { name: w.perCenter })).toBeVisible();
      await expect(page.getByRole('table', { name: w.lots })).toBeVisible();

      // 1, 2 and 5 days: the threshold beside its field and under the item's lots.
      for (const [days, word] of w.days) {
        await setThreshold(page, w, days);
        await expect(page.locator('.lot-expiry-settings form > span').first()).toHaveText(word);
        await openAddress(page, `/inventory/items/${item.inventory_id}`);
        await expect(page.getByText(w.lotsCaption(days, word))).toBeVisible();
      }
    });
  });
}
