import { test } from './fixtures.js';
import { receivingByKeys } from './i18n-receiving-keys.js';

/**
 * Wareneingang on a German system and a German keyboard, by keys and scans only: the desk follows
 * the system's language, Alt+1 and the scan detector work as in English though every key comes
 * from its QWERTZ place (Z and Y swapped, '-' on the US '/' key), the arrival is typed day first
 * and reads back as 30.06.2028, 14:05, an unknown code is refused in German, the order is created,
 * and the cancel question counts 1, 2 and 5 Kartons in German.
 */
test.use({ locale: 'de-DE' });

const po = (number: string) => (/^PO\b/i.test(number) ? number : `Bestellung ${number}`);

test('Wareneingang by keys and scans on a German keyboard: German words, the date day first, 1, 2 and 5 Kartons', async ({ page, host }) => {
  test.setTimeout(180_000);
  await receivingByKeys(page, host, 'de', {
    signIn: 'Anmelden',
    title: 'Wareneingang',
    listTable: 'Wareneingänge',
    newOrder: 'Neuer Wareneingang',
    center: 'Fulfillment-Center',
    arrival: 'Erwartete Ankunft',
    arrivalKeys: '300620281405',
    arrivalShown: '30.06.2028, 14:05',
    po: 'Bestellnummer',
    boxTracking: 'Sendungsnummer von Karton 1',
    code: 'SKU, Barcode oder Bestands-ID',
    line: 'Karton 1, Artikel 1',
    scanInto: 'Artikel in Karton 1 scannen',
    noItem: (code) => `Kein Artikel für „${code}“ gefunden.`,
    quantity: 'Menge',
    submit: 'Wareneingang anlegen',
    orderTitle: (id) => `Wareneingang ${id}`,
    created: (id) => `Wareneingang ${id} angelegt`,
    boxes: 'Kartons',
    boxColumns: ['Karton', 'Karton-ID', 'Status', 'Sendungsnummer', 'Angekommen', 'Artikel'],
    cancelButton: 'Wareneingang stornieren…',
    cancelTitle: (id) => `Wareneingang ${id} stornieren?`,
    cancelSays: (number, center, boxes) =>
      `${po(number)}, erwartet in ${center}: Der Dienst erwartet ${boxes === 1 ? 'seinen 1 Karton' : `seine ${boxes} Kartons`} nicht mehr. Das kann nicht rückgängig gemacht werden.`,
    keep: 'Behalten',
  });
});
