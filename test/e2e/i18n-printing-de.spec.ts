import { expect, signInThroughPopup, test } from './fixtures.js';
import { typeDay } from './days.js';
import { openAddress, waitForFirstSync } from './inventory-support.js';

/**
 * Printing and the shared kit on a German system, by keys: Settings → Drucker (the emulator's
 * printer set up, tested, a form refusal said beside its field), the print queue in the status bar
 * and its dialog, the confirmation before a printer is removed (it opens on "Behalten", so a stray
 * Enter keeps the printer), and a day range (German day order, the calendar's words, the reversed
 * range said in German). Printer names and addresses are data and stay as they are.
 */
test.use({ locale: 'de-DE' });

const PRINTER = 'Emulator label printer';

test('Drucker auf Deutsch: printers set up and tested, the print queue, a removal that opens on Behalten, and a day range', async ({ page, host }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await signInThroughPopup(page, 'Anmelden');
  await waitForFirstSync(host);
  await host.core.emulator.control.call('DELETE', '/label-printer/jobs');

  // Settings → Drucker: the emulator's printer in one step; saved, its Testdruck has focus.
  await openAddress(page, '#/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Drucker' })).toBeVisible();
  await expect(page.getByText('Drucker dieses Arbeitsplatzes: auf diesem Computer gespeichert')).toBeVisible();
  const useEmulator = page.getByRole('button', { name: 'Drucker des eingebauten Emulators verwenden' });
  await useEmulator.focus();
  await page.keyboard.press('Enter');
  const row = page.getByTestId(`printer-${PRINTER}`);
  await expect(row).toContainText('Druckt Artikeletiketten und Kartonetiketten');
  await expect(row).toContainText(/Netzwerk-Etikettendrucker unter \S+ Port \d+ · Etiketten 4x6 Zoll · 203 dpi · Schwärzung wie am Drucker eingestellt/);
  await expect(page.getByLabel('Artikeletiketten drucken auf')).toBeVisible();
  await expect(row.getByRole('button', { name: `Testdruck auf ${PRINTER}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('status')).toContainText('Testetikett gedruckt.');

  // A new printer's form: German labels, a port out of range refused beside its field, Escape leaves it.
  await page.getByRole('button', { name: 'Netzwerk-Etikettendrucker hinzufügen' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Netzwerk-Etikettendrucker hinzufügen' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(form.getByRole('radio', { name: 'Systemdrucker' })).toBeVisible();
  await page.keyboard.type('Platz 3 Zebra', { delay: 100 });
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Adresse')).toBeFocused();
  await page.keyboard.type('127.0.0.1', { delay: 100 });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('70000', { delay: 100 });
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Port')).toBeFocused();
  await expect(form.getByText('Ein Port ist eine ganze Zahl von 1 bis 65535')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  // The print queue: its line in the status bar, its dialog and its table in German.
  const slot = page.getByTestId('status-printing');
  await expect(slot).toHaveText('Druckwarteschlange · 1 gedruckt');
  const open = slot.getByRole('button', { name: 'Druckwarteschlange · 1 gedruckt. Druckwarteschlange öffnen' });
  await open.focus();
  await page.keyboard.press('Enter');
  const queue = page.getByRole('dialog', { name: 'Druckwarteschlange' });
  const jobs = queue.getByRole('table', { name: 'Druckaufträge' });
  await expect(jobs.getByRole('columnheader')).toHaveText(['Was', 'Drucker', 'Zustand', 'Gesendet', 'Aktionen']);
  await expect(jobs.getByRole('button', { name: /^Verwerfen: / })).toBeVisible();
  await expect(queue.getByRole('button', { name: 'Druckwarteschlange schließen' })).toHaveText('Schließen');
  await page.keyboard.press('Escape');
  await expect(queue).toHaveCount(0);

  // Removing asks first, in German, with focus on the way out: Enter there keeps the printer.
  const remove = row.getByRole('button', { name: `${PRINTER} entfernen` });
  await remove.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: `${PRINTER} entfernen?` });
  await expect(confirm).toContainText(`Dieser Arbeitsplatz vergisst ${PRINTER} und seine Einstellungen;`);
  await expect(confirm.getByRole('button', { name: 'Drucker entfernen' })).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Behalten' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(row).toBeVisible();

  // A day range in the returns list: German day order, the calendar's words, a reversed range said in German.
  await page.keyboard.press('Alt+5');
  await expect(page.getByRole('heading', { level: 1, name: 'Retouren' })).toBeVisible();
  const from = page.getByRole('group', { name: 'Erstellt ab', exact: true });
  const order = await from
    .locator('[data-type="day"], [data-type="month"], [data-type="year"]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-type')));
  expect(order).toEqual(['day', 'month', 'year']);
  // The placeholders are React Aria’s own German ones, in German order.
  await expect(from).toHaveText(/tt\.mm\.jjjj/);
  await page.getByRole('group', { name: 'Erstellt bis', exact: true }).locator('[data-type="day"]').focus();
  await page.keyboard.press('Alt+ArrowDown');
  const calendar = page.getByRole('dialog', { name: 'Kalender für Erstellt bis' });
  await expect(calendar.getByRole('button', { name: 'Vorheriger Monat' })).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Nächster Monat' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toHaveCount(0);
  await typeDay(page, 'Erstellt ab', '2026-03-10');
  await typeDay(page, 'Erstellt bis', '2026-03-09');
  await expect(page.getByRole('alert').filter({ hasText: 'Das Ende liegt vor dem Anfang.' })).toBeVisible();
});
