import { said, type Saying } from '../../../../shared/errors.js';
import { IMPORT_LINES_MAX, type ImportCheckInput, type ImportCheckOutput, type ImportOrder, type ImportProblem } from '../../common/ipc.js';
import { englishLabel as labelOf } from '../../../../shared/i18n/english-labels.js';
import { ORDER_FIELDS, type ImportField } from '../../common/import-columns.js';
import { dayOrderHint, readDateTime, readDay, type DayOrder } from '../../common/import-dates.js';
import { decimalHint, readQuantityText, type DecimalMark } from '../../common/import-numbers.js';
import { BoxPackagingType, PackageType } from '../../../../shared/schemas/receiving.js';
import { WRO_LIMITS, type WroFormBox } from '../../../../shared/schemas/wro-form.js';
import { cellKey, type ParsedSheet } from './parse.js';

/** An item as the import needs it from the item cache. */
export interface ImportItem {
  inventory_id: number;
  sku: string;
  name: string;
  is_lot: boolean;
  digital: boolean;
  bundle: boolean;
}

export interface ImportLookup {
  /** Every cached item a code names, with what it matched (SKU, GTIN or other barcode, inventory id). */
  lookup(code: string): { item: ImportItem; by: readonly string[] }[];
  /** The centers known by name (the form's list and the cache's). */
  centers: readonly { id: number; name: string }[];
}

/** How long the check works before the event loop gets a turn. */
const SLICE_MS = 10;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The most boxes one order may have besides the Package limit: what the form's draft keeps. */
const MAX_BOXES = 1000;

type Options = Pick<ImportCheckInput, 'dayOrder' | 'localeDayOrder' | 'decimal' | 'localeDecimal' | 'edits' | 'dropped' | 'defaults' | 'want'> & {
  columns: readonly (ImportField | null)[];
};

type Result = Omit<ImportCheckOutput, 'headers' | 'columns' | 'columnsFrom' | 'kind' | 'sheets' | 'sheet' | 'separator' | 'bom' | 'rows'>;

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** An enum value from its own name or its words on the desk ("Pallet", "floor loaded container", "Several SKUs per box"). */
function enumOf<T extends string>(values: readonly T[], kind: 'PackageType' | 'BoxPackagingType', text: string, extra: Record<string, T> = {}): T | null {
  const f = fold(text);
  return values.find((v) => fold(v) === f || fold(labelOf(kind, v)) === f) ?? extra[f] ?? null;
}

/**
 * Every row of a parsed sheet checked against the item cache and the service's rules, each problem
 * with its row and column in the clerk's words; the boxes for the form when nothing is wrong. Pure:
 * the cache comes in as `ctx.lookup`. It lets the event loop run every few milliseconds of rows, so
 * the largest order a file gives (5,000 lines) never keeps the core from answering the clerk.
 */
export async function checkImport(sheet: ParsedSheet, opts: Options, ctx: ImportLookup): Promise<Result> {
  const problems: ImportProblem[] = [...sheet.problems];
  const col = (f: ImportField) => opts.columns.indexOf(f);
  const fail = (row: number | null, field: ImportField | null, problem: Saying) => {
    const c = field ? col(field) : -1;
    const column = c >= 0 ? c : null;
    problems.push({ row, column, field, said: problem });
  };

  const edits = new Map(opts.edits.map((e) => [e.row, e.cells]));
  const dropped = new Set(opts.dropped);
  // The rows left after the dropped ones, counted all, but taken only as far as an order can go.
  const rows: Row[] = [];
  let lines = 0;
  for (const r of sheet.rows) {
    if (dropped.has(r.row)) continue;
    lines++;
    if (rows.length < IMPORT_LINES_MAX) rows.push({ row: r.row, cells: edits.get(r.row) ?? r.cells, edited: edits.has(r.row) });
  }
  const cell = (r: { cells: string[] }, f: ImportField) => {
    const c = col(f);
    return c < 0 ? '' : (r.cells[c] ?? '').trim();
  };

  // A file of more lines than an order takes is refused whole (split it): its rows are not read one
  // by one, so the largest file the call carries costs no more than the largest it takes.
  const tooMany = lines > IMPORT_LINES_MAX;
  await turn();
  const fromFile = opts.dayOrder ? null : fileDayOrder(rows, cell);
  const dayOrder = opts.dayOrder ?? fromFile ?? opts.localeDayOrder;
  const dayOrderFrom = opts.dayOrder ? 'clerk' : fromFile ? 'file' : 'locale';
  // A number the workbook holds as a number reads with its point, whatever the file's mark.
  const quantityColumn = col('quantity');
  const typed = (r: Row) => !r.edited && sheet.numbers.has(cellKey(r.row, quantityColumn));
  const fileDecimal = opts.decimal ? null : decimalOfFile(rows, cell, typed, sheet.separator);
  const decimal = opts.decimal ?? fileDecimal ?? opts.localeDecimal;
  const decimalFrom = opts.decimal ? 'clerk' : fileDecimal ? 'file' : 'locale';
  const quantityOf = (r: Row) => readQuantity(r.row, cell(r, 'quantity'), typed(r) ? '.' : decimal, fail);
  const order = readOrder(rows, cell, opts.defaults, dayOrder, ctx, fail);
  await turn();

  if (col('item') < 0) fail(null, null, said('receiving.import.check.noItemColumn'));
  if (col('quantity') < 0) fail(null, null, said('receiving.import.check.noQuantityColumn'));
  if (lines === 0) fail(null, null, said('receiving.import.check.noRows'));
  if (tooMany) fail(null, null, said('receiving.import.check.tooManyLines', { lines, max: IMPORT_LINES_MAX }));

  const {
    items,
    boxes,
    distinct,
    lines: read,
  } = col('item') >= 0 && col('quantity') >= 0 && !tooMany ? await readLines(rows, cell, col, quantityOf, order, dayOrder, ctx, fail) : noLines();

  const boxLimit = order.package_type === 'Package' ? WRO_LIMITS.packageBoxes : MAX_BOXES;
  if (boxes.size > boxLimit)
    fail(
      null,
      col('box') >= 0 ? 'box' : col('tracking') >= 0 ? 'tracking' : null,
      order.package_type === 'Package'
        ? said('receiving.import.check.tooManyParcelBoxes', { boxes: boxes.size, max: WRO_LIMITS.packageBoxes })
        : said('receiving.import.check.tooManyBoxes', { boxes: boxes.size, max: MAX_BOXES }),
    );
  if (order.box_packaging_type === 'EverythingInOneBox' && boxes.size > 1) fail(null, 'box', said('receiving.import.check.oneBoxOnly', { boxes: boxes.size }));
  if (distinct.size > WRO_LIMITS.distinctItems)
    fail(null, 'item', said('receiving.import.check.tooManyItems', { items: distinct.size, max: WRO_LIMITS.distinctItems }));

  await turn();
  problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0) || (a.column ?? -1) - (b.column ?? -1));
  return {
    dayOrder,
    dayOrderFrom,
    decimal,
    decimalFrom,
    items,
    problems,
    summary: { lines, boxes: boxes.size, items: distinct.size },
    order,
    ...(opts.want === 'preview' ? { lines: read } : {}),
    ...(opts.want === 'lines' && problems.length === 0 ? { boxes: [...boxes.values()].map((b) => b.box) } : {}),
  };
}

type Row = { row: number; cells: string[]; edited: boolean };
type Cell = (r: { cells: string[] }, f: ImportField) => string;
type Line = NonNullable<ImportCheckOutput['lines']>[number];
type Fail = (row: number | null, field: ImportField | null, problem: Saying) => void;

type BoxAt = { box: WroFormBox; firstRow: number; trackingRow: number | null; seen: Map<string, number>; skus: Map<number, number> };

function noLines() {
  return { items: {} as Result['items'], boxes: new Map<string, BoxAt>(), distinct: new Set<number>(), lines: [] as Line[] };
}

/** Each row as a box line: its item resolved, its quantity, lot and expiry read, its box found; each problem named. */
async function readLines(
  rows: readonly Row[],
  cell: Cell,
  col: (f: ImportField) => number,
  quantityOf: (r: Row) => number | null,
  order: ImportOrder,
  dayOrder: DayOrder,
  ctx: ImportLookup,
  fail: Fail,
) {
  const items: Result['items'] = {};
  const boxes = new Map<string, BoxAt>();
  const distinct = new Set<number>();
  const lines: Line[] = [];
  let lastBox: string | null = null;
  let slice = performance.now();
  for (const r of rows) {
    if (performance.now() - slice > SLICE_MS) {
      await turn();
      slice = performance.now();
    }
    const item = readItem(r.row, cell(r, 'item'), ctx, fail);
    if (item) {
      items[String(r.row)] = { sku: item.sku, name: item.name };
      distinct.add(item.inventory_id);
    }
    const quantity = quantityOf(r);
    const lot = cell(r, 'lot');
    if (lot.length > WRO_LIMITS.textMax) fail(r.row, 'lot', said('receiving.import.check.lotTooLong', { length: lot.length, max: WRO_LIMITS.textMax }));
    if (item?.is_lot && !lot)
      fail(r.row, col('lot') >= 0 ? 'lot' : 'item', said('receiving.import.check.lotNeeded', { sku: item.sku, lotColumn: col('lot') >= 0 ? 'yes' : 'no' }));
    if (item && !item.is_lot && lot) fail(r.row, 'lot', said('receiving.import.check.lotNotTaken', { sku: item.sku }));
    const expiryText = cell(r, 'expiry');
    const expiry = expiryText ? readDay(expiryText, dayOrder) : '';
    if (expiry === null) fail(r.row, 'expiry', said('receiving.import.check.expiryUnread', { text: expiryText }));
    else if (expiry && item && !item.is_lot) fail(r.row, 'expiry', said('receiving.import.check.expiryNotTaken', { sku: item.sku }));

    const key = boxKey(r, cell, lastBox);
    lastBox = key;
    lines.push({ row: r.row, code: cell(r, 'item'), box: key, quantity, lot, expiry: expiry || expiryText });
    let box = boxes.get(key);
    if (!box) boxes.set(key, (box = { box: { tracking_number: '', box_items: [] }, firstRow: r.row, trackingRow: null, seen: new Map(), skus: new Map() }));
    const tracking = cell(r, 'tracking');
    if (tracking) {
      if (tracking.length > WRO_LIMITS.textMax) fail(r.row, 'tracking', said('receiving.import.check.trackingTooLong', { max: WRO_LIMITS.textMax }));
      else if (!box.box.tracking_number) {
        box.box.tracking_number = tracking;
        box.trackingRow = r.row;
      } else if (box.box.tracking_number !== tracking)
        fail(r.row, 'tracking', said('receiving.import.check.trackingTwice', { box: key, tracking: box.box.tracking_number, row: box.trackingRow ?? r.row }));
    }
    if (item) {
      const same = `${item.inventory_id}|${lot.toLowerCase()}`;
      const earlier = box.seen.get(same);
      if (earlier !== undefined)
        fail(r.row, 'item', said('receiving.import.check.itemTwice', { sku: item.sku, hasLot: lot ? 'yes' : 'no', lot, box: key, row: earlier }));
      else box.seen.set(same, r.row);
      if (order.box_packaging_type === 'OneSkuPerBox' && box.skus.size > 0 && !box.skus.has(item.inventory_id)) {
        const [other, at] = [...box.skus.entries()][0]!;
        fail(r.row, 'item', said('receiving.import.check.oneSkuPerBox', { box: key, row: at, id: other }));
      }
      if (!box.skus.has(item.inventory_id)) box.skus.set(item.inventory_id, r.row);
    }
    box.box.box_items.push({
      code: cell(r, 'item'),
      inventory_id: item?.inventory_id ?? null,
      sku: item?.sku ?? null,
      name: item?.name ?? null,
      is_lot: item?.is_lot ?? false,
      quantity,
      lot_number: lot,
      lot_date: expiry ?? '',
    });
  }

  return { items, boxes, distinct, lines };
}

/** The file's own day order, from dates that can only read one way; null when none says. */
function fileDayOrder(rows: readonly { cells: string[] }[], cell: Cell): DayOrder | null {
  const votes = { dmy: 0, mdy: 0 };
  for (const r of rows)
    for (const f of ['expiry', 'arrival'] as const) {
      const hint = dayOrderHint(cell(r, f));
      if (hint) votes[hint]++;
    }
  if (votes.dmy === votes.mdy) return null;
  return votes.dmy > votes.mdy ? 'dmy' : 'mdy';
}

/** Rows go to the box their box cell names; an empty box cell (a merged cell, exported) continues the box above. */
function boxKey(r: { cells: string[] }, cell: Cell, last: string | null): string {
  const box = cell(r, 'box');
  if (box) return box;
  return last ?? (cell(r, 'tracking') || '1');
}

function readItem(row: number, code: string, ctx: ImportLookup, fail: Fail): ImportItem | null {
  if (!code) {
    fail(row, 'item', said('receiving.import.check.noItem'));
    return null;
  }
  let matches = ctx.lookup(code);
  // A code that is one item's SKU and another's barcode or id means the SKU, as the clerk reads it.
  if (matches.length > 1) {
    const bySku = matches.filter((m) => m.by.includes('sku'));
    if (bySku.length === 1) matches = bySku;
  }
  if (matches.length === 0) {
    fail(row, 'item', said('receiving.import.check.unknownItem', { code }));
    return null;
  }
  if (matches.length > 1) {
    fail(row, 'item', said('receiving.import.check.ambiguous', { code, count: matches.length, skus: matches.map((m) => m.item.sku).join(', ') }));
    return null;
  }
  const item = matches[0]!.item;
  if (item.digital || item.bundle) {
    fail(row, 'item', said('receiving.import.check.notReceivable', { sku: item.sku, kind: item.digital ? 'digital' : 'bundle' }));
    return null;
  }
  return item;
}

function readQuantity(row: number, text: string, decimal: DecimalMark, fail: Fail): number | null {
  if (!text) {
    fail(row, 'quantity', said('receiving.import.check.noQuantity'));
    return null;
  }
  const read = readQuantityText(text, decimal);
  if (read && 'fraction' in read) {
    fail(row, 'quantity', said('receiving.import.check.fraction', { text }));
    return null;
  }
  const n = read?.whole ?? NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 2147483647) {
    fail(row, 'quantity', said('receiving.import.check.badQuantity', { text }));
    return null;
  }
  return n;
}

/**
 * The file's decimal mark, from its quantities written as text that can only read one way ("12,0",
 * "12.50"), else from its dates written with dots (30.06.2027: a continental file) or its semicolons
 * (what a spreadsheet set to a decimal comma exports); null when nothing says.
 */
function decimalOfFile(rows: readonly Row[], cell: Cell, typed: (r: Row) => boolean, separator: ParsedSheet['separator']): DecimalMark | null {
  const votes = { ',': 0, '.': 0 };
  let dotted = 0;
  for (const r of rows) {
    const hint = typed(r) ? null : decimalHint(cell(r, 'quantity'));
    if (hint) votes[hint]++;
    if (/^\d{1,2}\.\d{1,2}\.\d{2,4}\b/.test(cell(r, 'expiry')) || /^\d{1,2}\.\d{1,2}\.\d{2,4}\b/.test(cell(r, 'arrival'))) dotted++;
  }
  if (votes[','] !== votes['.']) return votes[','] > votes['.'] ? ',' : '.';
  if (dotted > 0 || separator === ';') return ',';
  return null;
}

/** The order's fields: each from the first row that gives it (every other row must agree), else the form's. */
function readOrder(
  rows: readonly { row: number; cells: string[] }[],
  cell: Cell,
  defaults: Options['defaults'],
  dayOrder: DayOrder,
  ctx: ImportLookup,
  fail: Fail,
): ImportOrder {
  const order: ImportOrder = {
    fulfillment_center: { id: defaults.fc, name: ctx.centers.find((c) => c.id === defaults.fc)?.name ?? null },
    package_type: defaults.package_type,
    box_packaging_type: defaults.box_packaging_type,
    expected_arrival_date: defaults.expected_arrival_date,
    purchase_order_number: defaults.purchase_order_number,
    fromFile: [],
  };
  for (const field of ORDER_FIELDS) {
    let first: { row: number; text: string } | null = null;
    for (const r of rows) {
      const text = cell(r, field);
      if (!text) continue;
      if (!first) first = { row: r.row, text };
      else if (fold(text) !== fold(first.text)) fail(r.row, field, said('receiving.import.check.differs', { text, first: first.text, row: first.row, field }));
    }
    if (!first) continue;
    const { row, text } = first;
    let read = true;
    const bad = (what: Saying) => {
      read = false;
      fail(row, field, what);
    };
    if (field === 'po') {
      if (text.length > WRO_LIMITS.textMax) bad(said('receiving.import.check.poTooLong', { max: WRO_LIMITS.textMax }));
      else order.purchase_order_number = text;
    } else if (field === 'center') {
      const f = fold(text);
      const center = ctx.centers.find((c) => String(c.id) === text || fold(c.name) === f);
      if (!center)
        bad(
          said('receiving.import.check.unknownCenter', {
            text,
            known: ctx.centers.length > 0 ? 'yes' : 'no',
            centers: ctx.centers.map((c) => c.name).join(', '),
          }),
        );
      else order.fulfillment_center = { id: center.id, name: center.name };
    } else if (field === 'arrival') {
      const at = readDateTime(text, dayOrder);
      if (!at) bad(said('receiving.import.check.arrivalUnread', { text }));
      else order.expected_arrival_date = at;
    } else if (field === 'packageType') {
      const v = enumOf(PackageType.options, 'PackageType', text, { package: 'Package', container: 'FloorLoadedContainer' });
      if (!v) bad(said('receiving.import.check.badPackageType', { text }));
      else order.package_type = v;
    } else {
      const v = enumOf(BoxPackagingType.options, 'BoxPackagingType', text, { multipleskusperbox: 'MultipleSkuPerBox', onesku: 'OneSkuPerBox' });
      if (!v) bad(said('receiving.import.check.badBoxPackaging', { text }));
      else order.box_packaging_type = v;
    }
    if (read) order.fromFile.push(field);
  }
  return order;
}
