import type { Page } from '@playwright/test';
import { expect, signInThroughPopup, test } from './fixtures.js';
import { scanCode } from './scanner.js';
import { returnsWithReference } from './returns-support.js';

/**
 * Return intake on a German system, by keys and scans only: the desk follows the system's language
 * from the first page, the scan detector and the shortcuts work as in English, counts of 1, 2 and 5
 * read as German counts, and an expiry typed in German day order reads back exactly.
 */
test.use({ locale: 'de-DE' });

const scan = (page: Page, code: string) => scanCode(page, code, { msPerKey: 5 });
const line = (page: Page, i: number) => page.getByTestId(`intake-line-${i}`);

test('Retourenannahme by scans and keys: German words, 1, 2 and 5 units, an expiry typed day first; sent to the service', async ({ page, host }) => {
  const inventory = await host.core.emulator.control.data('inventory');
  const usable = inventory.filter((i) => i.is_active && !i.is_digital && !i.is_bundle && /^\d{13}$/.test(i.barcode));
  const [a, b] = usable.filter((i) => !i.is_lot);
  const lot = usable.find((i) => i.is_lot)!;

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await expect(page.getByRole('heading', { level: 1, name: /^Bei .* anmelden$/ })).toBeVisible();
  await signInThroughPopup(page, 'Anmelden');

  // Alt+5 opens Returns; its own words are German, the shortcut is the same.
  await page.keyboard.press('Alt+5');
  await expect(page.getByRole('heading', { level: 1, name: 'Retouren' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Neue Retoure' })).toBeVisible();
  // The list puts focus on its first row when its rows come in: only then is the link the clerk's next stop.
  await expect(page.locator('.data-table tbody tr[aria-rowindex]').first()).toBeFocused({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Neue Retoure' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Retourenannahme' })).toBeVisible();
  await expect(page.getByText(/Artikel-Cache vom/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Sendungsnummer')).toBeFocused();
  const reference = await page.getByLabel('Referenz-ID').inputValue();

  await scan(page, '1ZDE00000000000001');
  await expect(page.getByLabel('Sendungsnummer')).toHaveValue('1ZDE00000000000001');
  await expect(page.getByLabel('Artikel scannen')).toBeFocused();
  await expect(page.getByTestId('intake-last-scan')).toHaveText('Angenommen: Sendungsnummer 1ZDE00000000000001.');

  const totals = page.locator('#intake-totals');
  await scan(page, a!.barcode);
  await expect(line(page, 0)).toContainText(a!.sku);
  await expect(page.getByTestId('intake-last-scan')).toContainText('als Zeile 1 hinzugefügt.');
  await expect(totals).toHaveText('1 Artikel, 1 Einheit');
  await scan(page, a!.barcode);
  await expect(page.getByTestId('intake-last-scan')).toContainText(/^Hinzugezählt: .*Menge 2 in Zeile 1\.$/);
  await expect(totals).toHaveText('1 Artikel, 2 Einheiten');
  for (let i = 0; i < 3; i++) await scan(page, b!.barcode);
  await expect(line(page, 1).getByLabel(/^Menge von/)).toHaveValue('3');
  await expect(totals).toHaveText('2 Artikel, 5 Einheiten');
  await expect(page.getByRole('table', { name: 'Artikel in dieser Retoure' }).getByRole('columnheader')).toContainText([
    'Artikel',
    'SKU',
    'Menge',
    'Charge',
    'MHD',
    'Aktion',
  ]);

  // A lot item without its lot asks for it; the expiry is typed in German order (day, month, year).
  await scan(page, lot.barcode);
  await expect(page.getByTestId('intake-last-scan')).toContainText('Er wird chargengeführt: Chargennummer scannen oder eingeben.');
  const lotField = line(page, 2).getByLabel(/^Chargennummer von/);
  await expect(lotField).toBeFocused();
  await scan(page, 'L-DE-2028');
  await expect(lotField).toHaveValue('L-DE-2028');
  await line(page, 2).locator('.expiry [data-type="day"]').focus();
  await page.keyboard.type('30062028', { delay: 150 });
  await expect(line(page, 2).locator('.expiry')).toHaveAttribute('data-value', '2028-06-30');
  await expect(line(page, 2).locator('.expiry [data-type="day"]')).toHaveText('30');

  // The intake's shortcuts are the same keys in German: Alt+I back to the item field, Alt+S submits.
  await page.getByLabel('Artikel scannen').focus();
  const select = page.getByLabel('Fulfillment-Center');
  if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
  await page.keyboard.press('Alt+i');
  await expect(page.getByLabel('Artikel scannen')).toBeFocused();

  await page.keyboard.press('Alt+s');
  await expect(page.getByTestId('last-submission')).toContainText(new RegExp(`^Retoure ${reference}: gesendet, Retoure \\d+\\.$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Retourenannahme' })).toBeVisible();
  const held = await returnsWithReference(host.core.emulator, reference);
  expect(held).toHaveLength(1);
  expect(held[0]!.inventory.map((l) => l.quantity).sort()).toEqual([1, 2, 3]);
});
