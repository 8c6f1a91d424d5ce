import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/ipc/contract.js';
import { IMPORT_FILE_MAX, IMPORT_LINES_MAX } from '../../areas/receiving/common/ipc.js';
import { emptyWroForm } from '../../shared/schemas/wro-form.js';
import { problemLine } from '../../areas/receiving/common/import-problems.js';
import { englishOf } from '../../electron/core/words.js';
import type { Saying } from '../../shared/errors.js';
import { bestRun, watchDesk } from '../support/desk-watch.js';
import { EmulatorClient } from '../support/emulator-client.js';
import { createTestCore, emulatorControl, signIn } from '../support/test-core.js';

/**
 * A supplier's spreadsheet through the real core: read and checked in main against the item cache the
 * sync filled from the real emulator, then created as an ordinary receiving order whose boxes are read
 * back from the emulator over HTTP, as the warehouse would see them.
 */
let t: Awaited<ReturnType<typeof createTestCore>>;
let api: EmulatorClient;
type Inv = { inventory_id: number; sku: string; is_lot: boolean; variant: { is_bundle: boolean; is_digital: boolean; is_active: boolean } };
let plain: Inv[];
let lot: Inv;
let fcId: number;

async function ok<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const r = await t.core.dispatch(channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value as ChannelOutput<C>;
}

/** A file's bytes as the dialog sends them: text as UTF-8, a workbook as it is. */
const base64 = (file: string | Uint8Array) => Buffer.from(typeof file === 'string' ? Buffer.from(file, 'utf8') : file).toString('base64');

function checkInput(file: string | Uint8Array, more: Partial<ChannelInput<'receiving.importCheck'>> = {}): ChannelInput<'receiving.importCheck'> {
  return {
    fileName: 'asn.csv',
    bytes: base64(file),
    localeDayOrder: 'dmy',
    localeDecimal: '.',
    edits: [],
    dropped: [],
    defaults: { fc: fcId, package_type: 'Package', box_packaging_type: 'MultipleSkuPerBox', expected_arrival_date: '', purchase_order_number: '' },
    centers: [],
    want: 'lines',
    ...more,
  };
}

beforeAll(async () => {
  t = await createTestCore();
  await signIn(t);
  const pat = (await emulatorControl(t, 'POST', '/pats', { name: 'receiving-import' })) as { token: string };
  api = new EmulatorClient(t.core.emulator.url, pat.token);
  const { items } = await api.get<{ items: Inv[] }>('/2026-07/inventory?PageSize=500');
  const usable = items.filter((i) => !i.variant.is_bundle && !i.variant.is_digital && i.variant.is_active && i.sku && !i.sku.includes(';'));
  plain = usable.filter((i) => !i.is_lot).slice(0, 40);
  lot = usable.find((i) => i.is_lot)!;
  fcId = (await ok('inventory.centers', {})).items[0]!.id;
  // The rows are resolved against the item cache: the first sync must have ended.
  await t.inventorySyncsEnded(1, 120_000);
}, 180_000);
afterAll(async () => t?.dispose());

describe('a receiving order from a spreadsheet', () => {
  it('a file as a spreadsheet saves it (BOM, semicolons, quotes, CRLF, other headings) becomes an order with the same boxes, lines, lots and expiry', async () => {
    const [a, b] = plain;
    const rows = [
      'Item;Qty;Carton;Tracking;Batch;Best before',
      `${a!.sku};12;1;1ZIMPORT0001;;`,
      `"${lot.sku}";4;1;1ZIMPORT0001;"L;7";30/06/2027`,
      `${b!.sku};"3";2;1ZIMPORT0002;;`,
    ];
    const text = `\ufeff${rows.join('\r\n')}\r\n`;
    const checked = await ok('receiving.importCheck', checkInput(text));
    expect(checked.problems).toEqual([]);
    expect(checked).toMatchObject({ separator: ';', bom: true, summary: { lines: 3, boxes: 2 } });

    const po = `PO-IMPORT-${Date.now()}`;
    const form = { ...emptyWroForm(), fulfillment_center: { id: fcId }, purchase_order_number: po, boxes: checked.boxes! };
    const inTwoDays = new Date(Date.now() + 48 * 3600_000);
    const p = (n: number) => String(n).padStart(2, '0');
    form.expected_arrival_date = `${inTwoDays.getFullYear()}-${p(inTwoDays.getMonth() + 1)}-${p(inTwoDays.getDate())}T10:00`;
    const { order } = await ok('receiving.create', { draftId: `import-${Date.now()}`, form });

    const boxes = await api.get<
      { tracking_number: string | null; box_items: { inventory_id: number; quantity: number; lot_number: string | null; lot_date: string | null }[] }[]
    >(`/2026-07/receiving/${order.id}/boxes`);
    const seen = boxes.map((box) => ({
      tracking: box.tracking_number,
      items: box.box_items.map((i) => ({ id: i.inventory_id, quantity: i.quantity, lot: i.lot_number, expiry: i.lot_date?.slice(0, 10) ?? null })),
    }));
    expect(seen).toEqual([
      {
        tracking: '1ZIMPORT0001',
        items: [
          { id: a!.inventory_id, quantity: 12, lot: null, expiry: null },
          { id: lot.inventory_id, quantity: 4, lot: 'L;7', expiry: '2027-06-30' },
        ],
      },
      { tracking: '1ZIMPORT0002', items: [{ id: b!.inventory_id, quantity: 3, lot: null, expiry: null }] },
    ]);
  });

  it('names every problem by its row and column, and gives no lines while any is left', async () => {
    const [a] = plain;
    const rows = [
      'sku,quantity,box,lot,expiry',
      `NO-SUCH-ITEM-42,1,1,,`, // row 2: unknown item
      `${a!.sku},2.5,1,,`, // row 3: not a whole number
      `${lot.sku},1,1,L-1,someday`, // row 4: a date in no known form
      `${a!.sku},1,2,L-9,`, // row 5: a lot on an item without lots
      `${lot.sku},1,2,,`, // row 6: a lot item without a lot
      `${lot.sku},1,3,L-2,2027-01-01`, // rows 7, 8: the same item and lot twice in one box
      `${lot.sku},1,3,L-2,2027-01-01`,
    ];
    const checked = await ok('receiving.importCheck', checkInput(rows.join('\n')));
    expect(checked.boxes).toBeUndefined();
    const at = (row: number) => checked.problems.filter((p) => p.row === row);
    expect(at(2)).toMatchObject([{ column: 0, field: 'item' }]);
    const english = (p: (typeof checked.problems)[number]) => problemLine(p, checked.headers, (words) => englishOf(words as Saying));
    expect(english(at(2)[0]!)).toContain('NO-SUCH-ITEM-42');
    expect(at(3)).toMatchObject([{ column: 1, field: 'quantity' }]);
    expect(at(4)).toMatchObject([{ column: 4, field: 'expiry' }]);
    expect(at(5)).toMatchObject([{ column: 3, field: 'lot' }]);
    expect(at(6)).toMatchObject([{ column: 3, field: 'lot' }]);
    expect(at(8).length + at(7).length).toBeGreaterThan(0);
    expect(checked.problems.every((p) => english(p).length > 20)).toBe(true);

    // Dropping the wrong rows and fixing one in place leaves a file that gives lines.
    const fixed = await ok(
      'receiving.importCheck',
      checkInput(rows.join('\n'), { dropped: [2, 4, 5, 6, 8], edits: [{ row: 3, cells: [a!.sku, '3', '1', '', ''] }] }),
    );
    expect(fixed.problems).toEqual([]);
    expect(fixed.summary).toMatchObject({ lines: 2, boxes: 2 });
  });

  it('2,000 lines in 200 boxes are read and checked in one call', async () => {
    const rows = ['SKU,Qty,Box,Tracking'];
    for (let box = 1; box <= 200; box++)
      for (let line = 0; line < 10; line++) rows.push(`${plain[(box + line) % plain.length]!.sku},${line + 1},${box},1ZBIG${String(box).padStart(5, '0')}`);
    const started = performance.now();
    const checked = await ok('receiving.importCheck', checkInput(rows.join('\n'), { defaults: { ...checkInput('').defaults, package_type: 'Pallet' } }));
    const took = performance.now() - started;
    console.log(`2,000 lines in 200 boxes read and checked through the core in ${took.toFixed(0)} ms`);
    expect(checked.problems).toEqual([]);
    expect(checked.summary).toMatchObject({ lines: 2000, boxes: 200 });
    expect(checked.boxes).toHaveLength(200);
    expect(checked.boxes!.every((b) => b.box_items.length === 10)).toBe(true);
  });

  it('the largest order a file may give, and the largest file the call carries, as CSV and as a workbook, are checked while the desk answers within 100 ms', async () => {
    // 5,000 lines (the most one order takes) of real items, filled out with a note to the largest file.
    const header = ['SKU', 'Qty', 'Box', 'Tracking', 'Note'];
    const note = 'x'.repeat(Math.floor(IMPORT_FILE_MAX / IMPORT_LINES_MAX) - 60);
    const table: (string | number)[][] = [];
    for (let i = 0; i < IMPORT_LINES_MAX; i++) {
      const box = Math.floor(i / plain.length) + 1;
      table.push([plain[i % plain.length]!.sku, (i % 9) + 1, box, `1ZFULL${String(box).padStart(5, '0')}`, note]);
    }
    const largest = [header, ...table].map((r) => r.join(',')).join('\n');
    expect(Buffer.byteLength(largest)).toBeLessThanOrEqual(IMPORT_FILE_MAX);
    // The most rows the file can hold (about 175,000 of "7,1", an item by a one-digit code): refused
    // whole, as more lines than an order takes.
    let most = 'SKU,Qty\n';
    most += '7,1\n'.repeat(Math.floor((IMPORT_FILE_MAX - most.length) / 4));
    expect(most.length).toBeLessThanOrEqual(IMPORT_FILE_MAX);
    // The same 5,000 lines as a workbook (compressed, as spreadsheet programs save it), each note
    // different so the file does not pack them away, and more rows than a workbook's sheet is read to
    // (20,000), refused whole.
    const book = (rows: (string | number)[][]) => {
      const b = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(b, XLSX.utils.aoa_to_sheet(rows), 'Lines');
      return XLSX.write(b, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array;
    };
    const workbook = book([header, ...table.map((r) => [...r.slice(0, 4), randomBytes(24).toString('hex')])]);
    const workbookRows = book([['SKU', 'Qty'], ...Array.from({ length: 22_000 }, () => ['7', 1])]);
    for (const file of [workbook, workbookRows]) expect(file.length).toBeLessThanOrEqual(IMPORT_FILE_MAX);
    const pallets = { defaults: { ...checkInput('').defaults, package_type: 'Pallet' as const } };
    // A desk that has checked files before: the first checks of a process run their code cold (the
    // answer's own check against the contract takes tens of ms more the first few times).
    for (const want of ['lines', 'preview', 'lines', 'preview'] as const) {
      await ok('receiving.importCheck', checkInput([header, ...table.slice(0, 1000)].map((r) => r.join(',')).join('\n'), { ...pallets, want }));
      await ok('receiving.importCheck', checkInput(book([header, ...table.slice(0, 1000)]), { ...pallets, fileName: 'asn.xlsx', want }));
    }

    for (const [what, file, want, order] of [
      ['5,000 lines, for lines', largest, 'lines', true],
      ['5,000 lines, previewed', largest, 'preview', true],
      ['the most rows, previewed', most, 'preview', false],
      ['5,000 lines in an .xlsx, for lines', workbook, 'lines', true],
      ['5,000 lines in an .xlsx, previewed', workbook, 'preview', true],
      ['the most rows of an .xlsx, previewed', workbookRows, 'preview', false],
    ] as const) {
      const fileName = typeof file === 'string' ? 'asn.csv' : 'asn.xlsx';
      const { checked, figures } = await bestRun(3, 100, async (attempt) => {
        const watch = await watchDesk(t.core);
        const started = performance.now();
        const checked = await ok('receiving.importCheck', checkInput(file, { ...pallets, fileName, want }));
        const took = performance.now() - started;
        const figures = await watch.stop();
        console.log(`${what}, run ${attempt} (${(file.length / 1000).toFixed(0)} kB) checked in ${took.toFixed(0)} ms;`, JSON.stringify(figures));
        return { checked, figures };
      });
      expect(figures.heldMs, what).toBeLessThan(100);
      if (order) {
        expect(checked.problems, what).toEqual([]);
        expect(checked.summary, what).toMatchObject({ lines: IMPORT_LINES_MAX, boxes: Math.ceil(IMPORT_LINES_MAX / plain.length) });
        if (want === 'lines') expect(checked.items, what).toBeUndefined();
        else expect(checked.lines, what).toHaveLength(IMPORT_LINES_MAX);
      } else {
        expect(checked.problems, what).toMatchObject([{ said: { id: 'receiving.import.check.tooManyLines' } }]);
        expect(checked.summary.lines, what).toBeGreaterThan(typeof file === 'string' ? 150_000 : 19_000);
        expect(checked.rows, what).toHaveLength(IMPORT_LINES_MAX);
      }
    }
  }, 400_000);
});

type Seen = { tracking: string | null; items: { id: number; quantity: number; lot: string | null; expiry: string | null }[] }[];

/** The checked lines created as an order through the core; its boxes as the emulator then holds them. */
async function createAndReadBack(
  boxes: NonNullable<ChannelOutput<'receiving.importCheck'>['boxes']>,
  packageType: 'Package' | 'Pallet' = 'Package',
): Promise<Seen> {
  const form = { ...emptyWroForm(), fulfillment_center: { id: fcId }, package_type: packageType, purchase_order_number: `PO-WB-${Date.now()}`, boxes };
  const inTwoDays = new Date(Date.now() + 48 * 3600_000);
  form.expected_arrival_date = `${inTwoDays.toISOString().slice(0, 10)}T10:00`;
  const { order } = await ok('receiving.create', { draftId: `import-wb-${Date.now()}-${Math.random()}`, form });
  const stored = await api.get<
    { tracking_number: string | null; box_items: { inventory_id: number; quantity: number; lot_number: string | null; lot_date: string | null }[] }[]
  >(`/2026-07/receiving/${order.id}/boxes`);
  return stored.map((box) => ({
    tracking: box.tracking_number,
    items: box.box_items.map((i) => ({ id: i.inventory_id, quantity: i.quantity, lot: i.lot_number, expiry: i.lot_date?.slice(0, 10) ?? null })),
  }));
}

async function refusal(file: Uint8Array, fileName: string): Promise<string> {
  const r = await t.core.dispatch('receiving.importCheck', checkInput(file, { fileName }));
  if (r.ok) throw new Error(`${fileName} was read`);
  return r.error.message;
}

/**
 * A supplier's workbook as a spreadsheet program saves it, made here with SheetJS: a title merged
 * across the columns above the headings, numbers as numbers (one a formula), the expiry a date cell,
 * a box number merged down its rows, and a second sheet with a later delivery.
 */
function supplierWorkbook(bookType: 'xlsx' | 'ods'): Uint8Array {
  const [a, b] = plain;
  const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
  const lines = XLSX.utils.aoa_to_sheet(
    [
      ['Lieferschein 4711 (Lager Nord)', null, null, null, null, null],
      ['Article no.', 'Quantity', 'Carton', 'Tracking', 'Batch', 'Best before'],
      [a!.sku, 12, 1, '1ZWB0001', null, null],
      [lot.sku, { t: 'n', f: 'B3/2', v: 6 }, null, null, 'L-WB-7', day(2027, 6, 30)],
      [b!.sku, 1200, 2, '1ZWB0002', null, null],
    ],
    { cellDates: true, UTC: true },
  );
  lines['!merges'] = [
    { s: { r: 0, c: 0 }, e: { r: 0, c: 5 } },
    { s: { r: 2, c: 2 }, e: { r: 3, c: 2 } },
    { s: { r: 2, c: 3 }, e: { r: 3, c: 3 } },
  ];
  const later = XLSX.utils.aoa_to_sheet([
    ['Artikelnummer', 'Menge', 'Karton'],
    [b!.sku, 3, 1],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, lines, 'Lieferung');
  XLSX.utils.book_append_sheet(book, later, 'Nachlieferung');
  return XLSX.write(book, { type: 'buffer', bookType }) as Uint8Array;
}

describe('paperwork as suppliers send it', () => {
  for (const bookType of ['xlsx', 'ods'] as const)
    it(`an .${bookType} workbook: typed numbers, a formula, a date cell, merged cells; the first sheet, or the one chosen, becomes the order`, async () => {
      const [a, b] = plain;
      const file = supplierWorkbook(bookType);
      const preview = await ok('receiving.importCheck', checkInput(file, { fileName: `asn.${bookType}`, want: 'preview' }));
      expect(preview).toMatchObject({ kind: bookType, sheets: ['Lieferung', 'Nachlieferung'], sheet: 'Lieferung', separator: null, problems: [] });
      expect(preview.headers).toEqual(['Article no.', 'Quantity', 'Carton', 'Tracking', 'Batch', 'Best before']);
      // Every row as the line it will be, the date cell read as the day it holds.
      expect(preview.lines).toEqual([
        { row: 3, code: a!.sku, box: '1', quantity: 12, lot: '', expiry: '' },
        { row: 4, code: lot.sku, box: '1', quantity: 6, lot: 'L-WB-7', expiry: '2027-06-30' },
        { row: 5, code: b!.sku, box: '2', quantity: 1200, lot: '', expiry: '' },
      ]);
      const checked = await ok('receiving.importCheck', checkInput(file, { fileName: `asn.${bookType}` }));
      expect(checked.summary).toMatchObject({ lines: 3, boxes: 2 });
      expect(await createAndReadBack(checked.boxes!)).toEqual([
        {
          tracking: '1ZWB0001',
          items: [
            { id: a!.inventory_id, quantity: 12, lot: null, expiry: null },
            { id: lot.inventory_id, quantity: 6, lot: 'L-WB-7', expiry: '2027-06-30' },
          ],
        },
        { tracking: '1ZWB0002', items: [{ id: b!.inventory_id, quantity: 1200, lot: null, expiry: null }] },
      ]);

      const second = await ok('receiving.importCheck', checkInput(file, { fileName: `asn.${bookType}`, sheet: 'Nachlieferung' }));
      expect(second).toMatchObject({ sheet: 'Nachlieferung', problems: [], summary: { lines: 1, boxes: 1 } });
      expect(await createAndReadBack(second.boxes!)).toEqual([{ tracking: null, items: [{ id: b!.inventory_id, quantity: 3, lot: null, expiry: null }] }]);
    });

  it('a German CSV: "12,0" and "1.200" read as twelve and twelve hundred, "30.06.2027" as a day; "2,5" refused by row and column', async () => {
    const [a, b] = plain;
    const rows = ['Art.-Nr.;Menge;Karton;Charge;MHD', `${a!.sku};12,0;1;;`, `${lot.sku};4;1;L-DE-1;30.06.2027`, `${b!.sku};1.200;2;;`];
    const checked = await ok('receiving.importCheck', checkInput(`\ufeff${rows.join('\r\n')}\r\n`, { localeDecimal: '.' }));
    expect(checked).toMatchObject({ separator: ';', decimal: ',', decimalFrom: 'file', problems: [] });
    expect(await createAndReadBack(checked.boxes!)).toEqual([
      {
        tracking: null,
        items: [
          { id: a!.inventory_id, quantity: 12, lot: null, expiry: null },
          { id: lot.inventory_id, quantity: 4, lot: 'L-DE-1', expiry: '2027-06-30' },
        ],
      },
      { tracking: null, items: [{ id: b!.inventory_id, quantity: 1200, lot: null, expiry: null }] },
    ]);

    const fraction = await ok('receiving.importCheck', checkInput([...rows, `${b!.sku};2,5;3;;`].join('\r\n')));
    expect(fraction.boxes).toBeUndefined();
    expect(fraction.problems).toMatchObject([{ row: 5, column: 1, field: 'quantity' }]);
    expect(problemLine(fraction.problems[0]!, fraction.headers, (words) => englishOf(words as Saying))).toBe(
      'Row 5, "Menge": "2,5" is a fraction of a unit: a line takes whole units, 1 or more.',
    );
  });

  // Each heading of a supplier's language, as the item, quantity, lot and expiry columns.
  const headings: [string, string[]][] = [
    ['English', ['Article no.', 'Quantity', 'Batch', 'Best before']],
    ['German', ['Art.-Nr.', 'Menge', 'Charge', 'MHD']],
    ['German', ['Artikelnummer', 'Menge', 'Charge', 'MHD']],
    ['Spanish', ['Artículo', 'Cantidad', 'Lote', 'Fecha de caducidad']],
    ['Polish', ['Kod towaru', 'Ilość', 'Partia', 'Data ważności']],
    ['French', ['Référence', 'Quantité', 'N° lot', 'DLUO']],
  ];
  for (const [language, names] of headings)
    it(`${language} headings ${names.join(', ')} are matched and the order is created from them`, async () => {
      const [a] = plain;
      const text = [names.join(','), `${a!.sku},5,,`, `${lot.sku},7,L-${language.slice(0, 2).toUpperCase()},2027-03-31`].join('\n');
      const checked = await ok('receiving.importCheck', checkInput(text));
      expect(checked.columns).toEqual(['item', 'quantity', 'lot', 'expiry']);
      expect(checked.problems).toEqual([]);
      expect(await createAndReadBack(checked.boxes!)).toEqual([
        {
          tracking: null,
          items: [
            { id: a!.inventory_id, quantity: 5, lot: null, expiry: null },
            { id: lot.inventory_id, quantity: 7, lot: `L-${language.slice(0, 2).toUpperCase()}`, expiry: '2027-03-31' },
          ],
        },
      ]);
    });

  it('a PNG and a zip named .csv are refused in one sentence that says what they look like', async () => {
    const png = new PNG({ width: 4, height: 4 });
    const pngMessage = await refusal(PNG.sync.write(png), 'asn.csv');
    expect(pngMessage).toBe('asn.csv looks like a PNG image, which Dockdesk does not read: choose an .xlsx, .ods, CSV or TSV file.');

    const zip = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(zip, 'asn/lines.txt', Buffer.from('SKU,Qty\nA,1\n'));
    const zipped = XLSX.CFB.write(zip, { type: 'buffer', fileType: 'zip' }) as Uint8Array;
    const zipMessage = await refusal(zipped, 'lieferung.csv');
    expect(zipMessage).toBe('lieferung.csv looks like a ZIP archive, which Dockdesk does not read: choose an .xlsx, .ods, CSV or TSV file.');
    for (const m of [pngMessage, zipMessage]) expect(m.match(/[.:!?](\s|$)/g)?.filter((end) => end.trim() !== ':').length, m).toBe(1);
  });
});
