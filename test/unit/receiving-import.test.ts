import { describe, expect, it } from 'vitest';
import { checkImport, parseSheet, type ImportItem, type ImportLookup } from '../../areas/receiving/core/import/index.js';
import { IMPORT_LINES_MAX } from '../../areas/receiving/common/ipc.js';
import {
  checkColumns,
  guessColumns,
  HEADING_SYNONYMS,
  importTemplateCsv,
  layoutKey,
  normalizeHeader,
  type ImportField,
} from '../../areas/receiving/common/import-columns.js';
import { decimalHint, readQuantityText } from '../../areas/receiving/common/import-numbers.js';
import { sniff } from '../../areas/receiving/core/import/sniff.js';
import { SheetRows, sheetOfRecords } from '../../areas/receiving/core/import/parse.js';
import { readDateTime, readDay } from '../../areas/receiving/common/import-dates.js';
import { problemLine } from '../../areas/receiving/common/import-problems.js';
import type { ImportProblem } from '../../areas/receiving/common/ipc.js';
import { englishOf } from '../../electron/core/words.js';
import type { Saying } from '../../shared/errors.js';
import { createIntl } from '@formatjs/intl';
import { compiled } from '../../build/i18n-catalogs.js';

/** A problem's whole line in English, its place first, as the log says it. */
const english = (p: ImportProblem, headers: readonly string[]) => problemLine(p, headers, (words) => englishOf(words as Saying));

const ITEMS: ImportItem[] = [
  { inventory_id: 101, sku: 'OAT-1', name: 'Oat milk', is_lot: false, digital: false, bundle: false },
  { inventory_id: 102, sku: 'YOG-2', name: 'Yoghurt', is_lot: true, digital: false, bundle: false },
  { inventory_id: 103, sku: 'GIFT-3', name: 'Gift card', is_lot: false, digital: true, bundle: false },
];
const ctx: ImportLookup = {
  centers: [{ id: 7, name: 'Reno' }],
  lookup: (code) =>
    ITEMS.filter(
      (i) => i.sku.toLowerCase() === code.toLowerCase() || String(i.inventory_id) === code || (code === '00012345678905' && i.inventory_id === 101),
    ).map((item) => ({ item, by: [item.sku.toLowerCase() === code.toLowerCase() ? 'sku' : 'gtin'] })),
};
const defaults = {
  fc: null,
  package_type: 'Package',
  box_packaging_type: 'MultipleSkuPerBox',
  expected_arrival_date: '',
  purchase_order_number: '',
} as const;

async function check(text: string, more: Partial<Parameters<typeof checkImport>[1]> = {}) {
  const sheet = await parseSheet(text);
  const columns = more.columns ?? guessColumns(sheet.headers);
  return {
    sheet,
    ...(await checkImport(sheet, { columns, localeDayOrder: 'dmy', localeDecimal: '.', edits: [], dropped: [], defaults, want: 'lines', ...more }, ctx)),
  };
}

describe('parseSheet', () => {
  it('reads comma, semicolon and tab files, with or without a BOM, CRLF or LF', async () => {
    for (const [sep, bom, eol] of [
      [',', '', '\n'],
      [';', '\ufeff', '\r\n'],
      ['\t', '\ufeff', '\r\n'],
    ] as const) {
      const s = await parseSheet(`${bom}SKU${sep}Qty${sep}Lot${eol}OAT-1${sep}3${sep}${eol}YOG-2${sep}4${sep}L1${eol}`);
      expect(s.separator).toBe(sep);
      expect(s.bom).toBe(bom !== '');
      expect(s.headers).toEqual(['SKU', 'Qty', 'Lot']);
      expect(s.rows).toEqual([
        { row: 2, cells: ['OAT-1', '3', ''] },
        { row: 3, cells: ['YOG-2', '4', 'L1'] },
      ]);
    }
  });
  it('keeps separators, quotes and line ends inside quoted fields, and numbers rows as the spreadsheet does', async () => {
    const s = await parseSheet('SKU;Note;Qty\r\n"OAT;1";"say ""hi""\r\nthere";2\r\n;;\r\nYOG-2;x;1\r\n');
    expect(s.rows).toEqual([
      { row: 2, cells: ['OAT;1', 'say "hi"\r\nthere', '2'] },
      { row: 4, cells: ['YOG-2', 'x', '1'] },
    ]);
  });
  it('reads a file of many pieces as one: rows numbered across them, a quoted line end on a cut, a quote left open at the end', async () => {
    const lines = ['SKU,Note,Qty'];
    for (let i = 0; i < 3000; i++) lines.push(i % 7 === 0 ? `OAT-${i},"two\nlines, one note",${i}` : `OAT-${i},plain,${i}`);
    const s = await parseSheet(`${lines.join('\n')}\nYOG-2,"open,1\n`);
    expect(s.rows).toHaveLength(3001);
    // Each quoted note takes two lines of the file: the spreadsheet's row number is the record's.
    expect(s.rows[2999]).toEqual({ row: 3001, cells: ['OAT-2999', 'plain', '2999'] });
    expect(s.rows[2996]).toEqual({ row: 2998, cells: ['OAT-2996', 'two\nlines, one note', '2996'] });
    expect(s.problems).toHaveLength(1);
    expect(s.problems[0]!.row).toBe(3002);
  });
  it('names the row of a quote left open', async () => {
    const s = await parseSheet('SKU,Qty\nOAT-1,"3\nYOG-2,4\n');
    expect(english(s.problems[0]!, s.headers)).toMatch(/^Row 2: a quoted field is not closed/);
  });
});

describe('column match', () => {
  it('matches headers by name and synonyms, each field once', async () => {
    expect(guessColumns(['Item', 'QTY.', 'Carton', 'Batch', 'Best before', 'Tracking #', 'PO #', 'Warehouse', 'ETA', 'Notes', 'Barcode'])).toEqual([
      'item',
      'quantity',
      'box',
      'lot',
      'expiry',
      'tracking',
      'po',
      'center',
      'arrival',
      null,
      null,
    ]);
    expect(guessColumns(['GTIN', 'Quantity (units)', 'Expiration date (DD/MM/YYYY)'])).toEqual(['item', 'quantity', 'expiry']);
  });
  it('a layout is the normalized header names; a match naming a field twice is refused in words', async () => {
    expect(layoutKey(['SKU ', 'Qty.'])).toBe(layoutKey(['sku', 'QTY']));
    expect(checkColumns(['A', 'B'], ['item', 'item'])).toMatch(/"A" and "B" are both matched to Item/);
  });
  it('the template reads back with every column matched', async () => {
    const s = await parseSheet(importTemplateCsv());
    expect(guessColumns(s.headers).every((f) => f !== null)).toBe(true);
  });
});

describe('dates', () => {
  it('reads ISO and spreadsheet forms, in the file day order', async () => {
    expect(readDay('2027-06-30', 'mdy')).toBe('2027-06-30');
    expect(readDay('30/06/2027', 'dmy')).toBe('2027-06-30');
    expect(readDay('06/30/2027', 'mdy')).toBe('2027-06-30');
    expect(readDay('30.06.27', 'mdy')).toBe('2027-06-30');
    expect(readDay('30-Jun-2027', 'mdy')).toBe('2027-06-30');
    expect(readDay('June 30, 2027', 'dmy')).toBe('2027-06-30');
    expect(readDay('31/02/2027', 'dmy')).toBeNull();
    expect(readDay('soon', 'dmy')).toBeNull();
    expect(readDateTime('2026-12-01 9:30 PM', 'dmy')).toBe('2026-12-01T21:30');
    expect(readDateTime('2026-12-01T09:00:00Z', 'dmy')).toBe('2026-12-01T09:00');
    expect(readDateTime('01/12/2026', 'dmy')).toBe('2026-12-01T00:00');
  });
});

describe('checkImport', () => {
  it('a clean file becomes boxes with lines, lots and expiry, and the order fields from the file', async () => {
    const r = await check(
      'SKU,Qty,Box,Tracking,Lot,Expiry,PO,FC,Package type\n' +
        'OAT-1,3,A,1Z1,,,PO-9,Reno,Pallet\n' +
        '00012345678905,2,B,,,,PO-9,,\n' +
        'YOG-2,4,,,L1,31/12/2027,,,\n',
    );
    expect(r.problems).toEqual([]);
    expect(r.order).toMatchObject({ fulfillment_center: { id: 7, name: 'Reno' }, purchase_order_number: 'PO-9', package_type: 'Pallet' });
    expect(r.boxes).toEqual([
      { tracking_number: '1Z1', box_items: [expect.objectContaining({ inventory_id: 101, quantity: 3, lot_number: '', lot_date: '' })] },
      {
        tracking_number: '',
        box_items: [
          expect.objectContaining({ inventory_id: 101, quantity: 2, code: '00012345678905' }),
          expect.objectContaining({ inventory_id: 102, quantity: 4, lot_number: 'L1', lot_date: '2027-12-31' }),
        ],
      },
    ]);
    expect(r.summary).toEqual({ lines: 3, boxes: 2, items: 2 });
  });

  it('names each problem by row and column, and builds nothing', async () => {
    const r = await check(
      'SKU,Qty,Box,Lot,Expiry\n' +
        'NOPE,1,1,,\n' + // row 2 unknown item
        'OAT-1,2.5,1,,\n' + // row 3 quantity
        'YOG-2,1,1,L1,2027-13-01\n' + // row 4 date
        'OAT-1,1,2,L9,\n' + // row 5 lot on a non-lot item
        'YOG-2,1,2,,\n' + // row 6 lot-tracked without lot
        'YOG-2,1,1,l1,\n' + // row 7 same item and lot in box 1 as row 4
        'GIFT-3,1,1,,\n', // row 8 digital
    );
    expect(r.boxes).toBeUndefined();
    expect(r.problems.map((p) => [p.row, p.field, p.column])).toEqual([
      [2, 'item', 0],
      [3, 'quantity', 1],
      [4, 'expiry', 4],
      [5, 'lot', 3],
      [6, 'lot', 3],
      [7, 'item', 0],
      [8, 'item', 0],
    ]);
    expect(english(r.problems[0]!, r.sheet.headers)).toBe(
      'Row 2, "SKU": no item "NOPE" in the desk\'s item list: check the SKU, barcode or inventory id, or sync the items if it is new.',
    );
    expect(english(r.problems[1]!, r.sheet.headers)).toMatch(/^Row 3, "Qty": "2.5" is a fraction of a unit/);
    expect(english(r.problems[2]!, r.sheet.headers)).toMatch(/is not a date Dockdesk reads. Write it as 2027-06-30, 30\/06\/2027/);
    expect(english(r.problems[5]!, r.sheet.headers)).toMatch(/YOG-2 lot l1 is already in box 1 on row 4/);
  });

  it('says each problem with its place in the clerk’s language', async () => {
    const german = createIntl({ locale: 'de', messages: compiled('de') });
    const say = (words: { id: string; values?: Record<string, string | number> }) => german.formatMessage({ id: words.id }, words.values);
    const lines = (r: Awaited<ReturnType<typeof check>>) => r.problems.map((p) => problemLine(p, r.sheet.headers, say));
    expect(lines(await check('SKU,Qty\nNOPE,1\n'))).toEqual([
      'Zeile 2, „SKU“: kein Artikel „NOPE“ in der Artikelliste des Arbeitsplatzes: Prüfen Sie SKU, Barcode oder Bestands-ID, oder synchronisieren Sie die Artikel, wenn er neu ist.',
    ]);
    expect(lines(await check('SKU,Qty\nOAT-1,1\n', { columns: ['item', null] }))).toEqual([
      'Keine Spalte ist „Menge“ zugeordnet: Wählen Sie die Spalte mit der Anzahl der Einheiten.',
    ]);
  });

  it('a fixed row and a dropped row clear their problems', async () => {
    const text = 'SKU,Qty\nNOPE,1\nOAT-1,x\nYOG-2,1\n';
    const r = await check(text, { edits: [{ row: 3, cells: ['OAT-1', '5'] }], dropped: [2] });
    expect(r.problems.map((p) => p.row)).toEqual([4]); // YOG-2 still needs a lot
    const fixed = await check('SKU,Qty,Lot\nNOPE,1,\nOAT-1,x,\nYOG-2,1,\n', {
      edits: [
        { row: 3, cells: ['OAT-1', '5', ''] },
        { row: 4, cells: ['YOG-2', '1', 'L2'] },
      ],
      dropped: [2],
    });
    expect(fixed.problems).toEqual([]);
    expect(fixed.boxes?.[0]?.box_items.map((i) => [i.sku, i.quantity])).toEqual([
      ['OAT-1', 5],
      ['YOG-2', 1],
    ]);
  });

  it('refuses a file of more lines than an order takes as a whole, without reading its rows one by one', async () => {
    const r = await check(`SKU,Qty\n${'NOPE,x\n'.repeat(IMPORT_LINES_MAX + 1)}`);
    expect(r.problems.map((p) => p.said.id)).toEqual(['receiving.import.check.tooManyLines']);
    expect(r.summary).toMatchObject({ lines: IMPORT_LINES_MAX + 1, boxes: 0 });
    expect(r.boxes).toBeUndefined();
  });

  it('refuses more boxes than a parcel order takes, and says what to do', async () => {
    const rows = Array.from({ length: 51 }, (_, i) => `OAT-1,1,${i + 1}`).join('\n');
    const r = await check(`SKU,Qty,Box\n${rows}\n`);
    expect(r.problems).toEqual([expect.objectContaining({ row: null, field: 'box', column: 2 })]);
    expect(english(r.problems[0]!, r.sheet.headers)).toMatch(/51 boxes; a Parcel order takes at most 50: choose Pallet/);
    expect((await check(`SKU,Qty,Box,Package type\n${rows.replace(/\n/g, ',Pallet\n')},Pallet\n`)).problems).toEqual([]);
  });

  it('order fields that disagree between rows, and a missing item column, are named', async () => {
    const r = await check('SKU,Qty,Box,PO\nOAT-1,1,1,PO-1\nOAT-1,1,2,PO-2\n');
    expect(r.problems.map((p) => english(p, r.sheet.headers))).toEqual(['Row 3, "PO": "PO-2" differs from "PO-1" on row 2: one order has one PO number.']);
    const none = await check('Code,Qty\nOAT-1,1\n');
    expect(english(none.problems[0]!, none.sheet.headers)).toMatch(/No column is matched to Item/);
  });

  it('finds the day order from the file, else the clerk’s', async () => {
    expect((await check('SKU,Qty,Lot,Expiry\nYOG-2,1,L1,12/31/2027\n')).dayOrder).toBe('mdy');
    expect((await check('SKU,Qty,Lot,Expiry\nYOG-2,1,L1,03/04/2027\n', { localeDayOrder: 'mdy' })).boxes?.[0]?.box_items[0]?.lot_date).toBe('2027-03-04');
    expect((await check('SKU,Qty,Lot,Expiry\nYOG-2,1,L1,03/04/2027\n')).boxes?.[0]?.box_items[0]?.lot_date).toBe('2027-04-03');
  });
});

describe('quantities as the file writes them', () => {
  it('reads zeros after the decimal mark as a whole number, grouping by the other mark, a fraction as a fraction', () => {
    expect(readQuantityText('12,0', ',')).toEqual({ whole: 12 });
    expect(readQuantityText('12,00', ',')).toEqual({ whole: 12 });
    expect(readQuantityText('1.200', ',')).toEqual({ whole: 1200 });
    expect(readQuantityText('1.200,00', ',')).toEqual({ whole: 1200 });
    expect(readQuantityText('1 200', ',')).toEqual({ whole: 1200 });
    expect(readQuantityText('12.00', '.')).toEqual({ whole: 12 });
    expect(readQuantityText('1,200', '.')).toEqual({ whole: 1200 });
    expect(readQuantityText("1'200", '.')).toEqual({ whole: 1200 });
    expect(readQuantityText('12,5', ',')).toEqual({ fraction: '12.5' });
    expect(readQuantityText('1.200', '.')).toEqual({ fraction: '1.2' });
    expect(readQuantityText('12,0', '.')).toBeNull();
    expect(readQuantityText('1.20.0', ',')).toBeNull();
    expect(readQuantityText('-3', '.')).toBeNull();
    expect(readQuantityText('twelve', '.')).toBeNull();
  });
  it('a number shows its decimal mark only where it can read one way', () => {
    expect(decimalHint('12,0')).toBe(',');
    expect(decimalHint('12.50')).toBe('.');
    expect(decimalHint('1.200,5')).toBe(',');
    expect(decimalHint('1,200.5')).toBe('.');
    expect(decimalHint('1.200')).toBeNull();
    expect(decimalHint('1,200')).toBeNull();
    expect(decimalHint('12')).toBeNull();
  });
  it('a German file: "12,0" says the decimal comma, so "1.200" is twelve hundred; a real fraction is named by row and column', async () => {
    const r = await check('Artikelnummer;Menge\nOAT-1;12,0\nOAT-1;1.200\nYOG-2;2,5\n');
    expect(r).toMatchObject({ decimal: ',', decimalFrom: 'file' });
    expect(r.problems.map((p) => [p.row, p.column, p.said.id])).toEqual(
      [
        [3, 0, 'receiving.import.check.itemTwice'],
        [4, 1, 'receiving.import.check.fraction'],
        [4, 0, 'receiving.import.check.lotNeeded'],
      ].sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number)),
    );
    const clean = await check('Artikelnummer;Menge;Karton\nOAT-1;12,0;1\nOAT-1;1.200;2\n');
    expect(clean.problems).toEqual([]);
    expect(clean.boxes!.map((b) => b.box_items[0]!.quantity)).toEqual([12, 1200]);
  });
  it('a file that does not say reads by the desk’s locale, or by the clerk’s choice', async () => {
    expect(await check('SKU,Qty\nOAT-1,1.200\n', { localeDecimal: ',' })).toMatchObject({ decimal: ',', decimalFrom: 'locale', problems: [] });
    const english = await check('SKU,Qty\nOAT-1,1.200\n', { localeDecimal: '.' });
    expect(english.problems.map((p) => p.said.id)).toEqual(['receiving.import.check.fraction']);
    expect(await check('SKU,Qty\nOAT-1,1.200\n', { localeDecimal: '.', decimal: ',' })).toMatchObject({ decimalFrom: 'clerk', problems: [] });
  });
});

describe('heading synonyms', () => {
  const cases: [string, ImportField][] = [
    ['Article no.', 'item'],
    ['Art.-Nr.', 'item'],
    ['Artikelnummer', 'item'],
    ['Artículo', 'item'],
    ['Référence', 'item'],
    ['Kod towaru', 'item'],
    ['Menge', 'quantity'],
    ['Cantidad', 'quantity'],
    ['Ilość', 'quantity'],
    ['ILOSC', 'quantity'],
    ['Quantité', 'quantity'],
    ['MHD', 'expiry'],
    ['Fecha de caducidad', 'expiry'],
    ['Data ważności', 'expiry'],
    ['DLUO', 'expiry'],
    ['Charge', 'lot'],
    ['Lote', 'lot'],
    ['Partia', 'lot'],
    ['N° lot', 'lot'],
    ['Karton', 'box'],
    ['Colis', 'box'],
    ['Numer przesyłki', 'tracking'],
    ['Bestellnummer', 'po'],
  ];
  it.each(cases)('"%s" is matched to %s', (heading, field) => {
    expect(guessColumns(['Notes', heading])).toEqual([null, field]);
  });
  it('every synonym in the list is matched to its own field, and none names two fields', () => {
    const seen = new Map<string, ImportField>();
    for (const [field, names] of Object.entries(HEADING_SYNONYMS) as [ImportField, readonly string[]][])
      for (const name of names) {
        const key = normalizeHeader(name);
        expect(key, name).not.toBe('');
        expect(seen.get(key) ?? field, `${name} is under ${seen.get(key)} and ${field}`).toBe(field);
        seen.set(key, field);
        expect(guessColumns([name]), name).toEqual([field]);
      }
  });
});

describe('the header row', () => {
  it('passes over a title above the table and blank rows', async () => {
    const s = await parseSheet('Lieferschein 4711;;\n;;\nArt.-Nr.;Menge;MHD\nOAT-1;3;\n');
    expect(s.headers).toEqual(['Art.-Nr.', 'Menge', 'MHD']);
    expect(s.rows).toEqual([{ row: 4, cells: ['OAT-1', '3', ''] }]);
  });
  it('is found the same when the rows come in pieces, and rows keep their numbers past the first piece', async () => {
    const records = [['Delivery note 4711'], [], ['Art.-Nr.', 'Menge'], ['OAT-1', '3'], [''], ['YOG-2', '4']];
    const pieces = new SheetRows();
    for (const r of records) pieces.add([r]);
    expect(pieces.finish()).toEqual(sheetOfRecords(records));
    expect(sheetOfRecords(records)).toEqual({
      headers: ['Art.-Nr.', 'Menge'],
      rows: [
        { row: 4, cells: ['OAT-1', '3'] },
        { row: 6, cells: ['YOG-2', '4'] },
      ],
    });
    // Some 100 kB: read in several pieces of 32 kB.
    const s = await parseSheet(`Delivery note 4711;\n;\nSKU;Qty\n${'OAT-1;1\n'.repeat(12_000)}\nYOG-2;"2\n"\n`);
    expect(s.headers).toEqual(['SKU', 'Qty']);
    expect(s.rows).toHaveLength(12_001);
    expect(s.rows.at(-1)).toEqual({ row: 12_005, cells: ['YOG-2', '2'] });
  });
});

describe('what a file is, from its bytes', () => {
  const bytes = (...b: number[]) => Uint8Array.from([...b, ...Array.from({ length: 40 }, () => 0x41)]);
  it('names images, documents and archives, and reads text as text', () => {
    expect(sniff(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toEqual({ kind: 'refused', looks: 'png' });
    expect(sniff(bytes(0xff, 0xd8, 0xff, 0xe0))).toEqual({ kind: 'refused', looks: 'jpeg' });
    expect(sniff(new TextEncoder().encode('%PDF-1.7\n'))).toEqual({ kind: 'refused', looks: 'pdf' });
    expect(sniff(bytes(0x50, 0x4b, 0x03, 0x04))).toEqual({ kind: 'refused', looks: 'zip' });
    expect(sniff(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toEqual({ kind: 'refused', looks: 'xls' });
    expect(sniff(Uint8Array.from([1, 2, 3, 0, 5]))).toEqual({ kind: 'refused', looks: 'binary' });
    expect(sniff(new TextEncoder().encode('\ufeffSKU;Menge\r\nÄ-1;2\r\n'))).toEqual({ kind: 'text', text: '\ufeffSKU;Menge\r\nÄ-1;2\r\n' });
    const utf16 = Uint8Array.from([0xff, 0xfe, ...[...'SKU\tQty'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(sniff(utf16)).toEqual({ kind: 'text', text: 'SKU\tQty' });
  });
});
