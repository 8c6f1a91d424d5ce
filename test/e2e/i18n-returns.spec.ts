import type { Page } from '@playwright/test';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { scanCode } from './scanner.js';
import { returnsWithReference } from './returns-support.js';

/**
 * Return intake on a German and on a Spanish system, by keys and scans only: the desk follows the
 * system's language from the first page, the scan detector and the shortcuts work as in English,
 * counts of 1, 2 and 5 read as the language counts, and an expiry typed in its day order (day,
 * month, year in both) reads back exactly. The words are written out here as a clerk reads them.
 */
const LANGUAGES = [
  {
    locale: 'de-DE',
    signInTitle: /^Bei .* anmelden$/,
    signIn: 'Anmelden',
    returns: 'Retouren',
    newReturn: 'Neue Retoure',
    intake: 'Retourenannahme',
    cacheAsOf: /Artikel-Cache vom/,
    tracking: 'Sendungsnummer',
    scanItems: 'Artikel scannen',
    reference: 'Referenz-ID',
    center: 'Fulfillment-Center',
    trackingTaken: (code: string) => `Angenommen: Sendungsnummer ${code}.`,
    addedAsLine1: 'als Zeile 1 hinzugefügt.',
    totals: ['1 Artikel, 1 Einheit', '1 Artikel, 2 Einheiten', '2 Artikel, 5 Einheiten'],
    mergedTo2: /^Hinzugezählt: .*Menge 2 in Zeile 1\.$/,
    quantityOf: /^Menge von/,
    lines: 'Artikel in dieser Retoure',
    columns: ['Artikel', 'SKU', 'Menge', 'Charge', 'MHD', 'Aktion'],
    needsLot: 'Er wird chargengeführt: Chargennummer scannen oder eingeben.',
    lotOf: /^Chargennummer von/,
    sent: (reference: string) => new RegExp(`^Retoure ${reference}: gesendet, Retoure \\d+\\.$`),
    unknown: (code: string) => `Kein Artikel passt zu ${code}: Er ist nicht im Artikel-Cache, und auch der Dienst kennt ihn nicht.`,
  },
  {
    locale: 'es-ES',
    signInTitle: /^Iniciar sesión en /,
    signIn: 'Iniciar sesión',
    returns: 'Devoluciones',
    newReturn: 'Nueva devolución',
    intake: 'Recepción de devoluciones',
    cacheAsOf: /Caché de artículos a las/,
    tracking: 'Número de seguimiento',
    scanItems: 'Escanear artículos',
    reference: 'Id de referencia',
    center: 'Centro de distribución',
    trackingTaken: (code: string) => `Aceptado: Número de seguimiento ${code}.`,
    addedAsLine1: 'añadido como línea 1.',
    totals: ['1 artículo, 1 unidad', '1 artículo, 2 unidades', '2 artículos, 5 unidades'],
    mergedTo2: /^Sumado: .*cantidad 2 en la línea 1\.$/,
    quantityOf: /^Cantidad de/,
    lines: 'Artículos de esta devolución',
    columns: ['Artículo', 'SKU', 'Cantidad', 'Lote', 'Caducidad', 'Acción'],
    needsLot: 'Se gestiona por lotes: escanee o escriba su número de lote.',
    lotOf: /^Número de lote de/,
    sent: (reference: string) => new RegExp(`^Devolución ${reference}: enviada, devolución \\d+\\.$`),
    unknown: (code: string) => `Ningún artículo coincide con ${code}: no está en la caché de artículos y el servicio tampoco lo conoce.`,
  },
];

const scan = (page: Page, code: string) => scanCode(page, code, { msPerKey: 5 });
const line = (page: Page, i: number) => page.getByTestId(`intake-line-${i}`);

for (const w of LANGUAGES) {
  test.describe(w.locale, () => {
    test.use({ locale: w.locale });

    test('return intake by scans and keys: the system’s words, 1, 2 and 5 units, an expiry typed day first; sent to the service', async ({ page, host }) => {
      const inventory = await host.core.emulator.control.data('inventory');
      const usable = inventory.filter((i) => i.is_active && !i.is_digital && !i.is_bundle && /^\d{13}$/.test(i.barcode));
      const [a, b] = usable.filter((i) => !i.is_lot);
      const lot = usable.find((i) => i.is_lot)!;

      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(host.url);
      await expect(page.getByRole('heading', { level: 1, name: w.signInTitle })).toBeVisible();
      await signInThroughPopup(page, w.signIn);

      // Alt+5 opens Returns; its own words are the system's, the shortcut is the same.
      await page.keyboard.press('Alt+5');
      await expect(page.getByRole('heading', { level: 1, name: w.returns })).toBeVisible();
      await expect(page.getByRole('link', { name: w.newReturn })).toBeVisible();
      // The list puts focus on its first row when its rows come in: only then is the link the clerk's next stop.
      await expect(page.locator('.data-table tbody tr[aria-rowindex]').first()).toBeFocused({ timeout: 30_000 });
      await page.getByRole('link', { name: w.newReturn }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: w.intake })).toBeVisible();
      await expect(page.getByText(w.cacheAsOf)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByLabel(w.tracking)).toBeFocused();
      const reference = await page.getByLabel(w.reference).inputValue();

      await scan(page, '1ZDE00000000000001');
      await expect(page.getByLabel(w.tracking)).toHaveValue('1ZDE00000000000001');
      await expect(page.getByLabel(w.scanItems)).toBeFocused();
      await expect(page.getByTestId('intake-last-scan')).toHaveText(w.trackingTaken('1ZDE00000000000001'));

      const totals = page.locator('#intake-totals');
      await scan(page, a!.barcode);
      await expect(line(page, 0)).toContainText(a!.sku);
      await expect(page.getByTestId('intake-last-scan')).toContainText(w.addedAsLine1);
      await expect(totals).toHaveText(w.totals[0]!);
      await scan(page, a!.barcode);
      await expect(page.getByTestId('intake-last-scan')).toContainText(w.mergedTo2);
      await expect(totals).toHaveText(w.totals[1]!);
      for (let i = 0; i < 3; i++) await scan(page, b!.barcode);
      await expect(line(page, 1).getByLabel(w.quantityOf)).toHaveValue('3');
      await expect(totals).toHaveText(w.totals[2]!);
      await expect(page.getByRole('table', { name: w.lines }).getByRole('columnheader')).toContainText(w.columns);

      // A code neither the item cache nor the service knows is refused in the clerk's words, and adds nothing.
      await scan(page, 'NO-SUCH-ITEM-7');
      await expect(page.getByTestId('intake-last-scan')).toContainText(w.unknown('NO-SUCH-ITEM-7'));
      await expect(totals).toHaveText(w.totals[2]!);

      // A lot item without its lot asks for it; the expiry is typed in the language's order (day, month, year).
      await scan(page, lot.barcode);
      await expect(page.getByTestId('intake-last-scan')).toContainText(w.needsLot);
      const lotField = line(page, 2).getByLabel(w.lotOf);
      await expect(lotField).toBeFocused();
      await scan(page, 'L-DE-2028');
      await expect(lotField).toHaveValue('L-DE-2028');
      await line(page, 2).locator('.expiry [data-type="day"]').focus();
      await page.keyboard.type('30062028', { delay: 150 });
      await expect(line(page, 2).locator('.expiry')).toHaveAttribute('data-value', '2028-06-30');
      await expect(line(page, 2).locator('.expiry [data-type="day"]')).toHaveText('30');

      // The intake's shortcuts are the same keys in every language: Alt+I back to the item field, Alt+S submits.
      await page.getByLabel(w.scanItems).focus();
      const select = page.getByLabel(w.center);
      if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
      await page.keyboard.press('Alt+i');
      await expect(page.getByLabel(w.scanItems)).toBeFocused();

      await page.keyboard.press('Alt+s');
      await expect(page.getByTestId('last-submission')).toContainText(w.sent(reference));
      await expect(page.getByRole('heading', { level: 1, name: w.intake })).toBeVisible();
      const held = await returnsWithReference(host.core.emulator, reference);
      expect(held).toHaveLength(1);
      expect(held[0]!.inventory.map((l) => l.quantity).sort()).toEqual([1, 2, 3]);
    });
  });
}
