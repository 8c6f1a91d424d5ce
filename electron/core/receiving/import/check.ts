import { countOf } from '../../../../shared/counts.js';
import { IMPORT_LINES_MAX, type ImportCheckInput, type ImportCheckOutput, type ImportOrder, type ImportProblem } from '../../../../shared/ipc/receiving.js';
import { englishLabel as labelOf } from '../../../../shared/i18n/english-labels.js';
import { ORDER_FIELDS, type ImportField } from '../../../../shared/receiving/import-columns.js';
import { ACCEPTED_DATE_FORMS, dayOrderHint, readDateTime, readDay, type DayOrder } from '../../../../shared/receiving/import-dates.js';
import { BoxPackagingType, PackageType } from '../../../../shared/schemas/receiving.js';
import { WRO_LIMITS, type WroFormBox } from '../../../../shared/schemas/wro-form.js';
import type { ParsedSheet } from './parse.js';

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

/** The most boxes one order may have besides the Package limit: what the form's draft keeps. */
const MAX_BOXES = 1000;

type Options = Pick<ImportCheckInput, 'dayOrder' | 'localeDayOrder' | 'edits' | 'dropped' | 'defaults' | 'want'> & { columns: readonly (ImportField | null)[] };

type Result = Omit<ImportCheckOutput, 'headers' | 'columns' | 'columnsFrom' | 'separator' | 'bom' | 'rows'>;

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
 * the cache comes in as `ctx.lookup`.
 */
export function checkImport(sheet: ParsedSheet, opts: Options, ctx: ImportLookup): Result {
  const problems: ImportProblem[] = [...sheet.problems];
  const col = (f: ImportField) => opts.columns.indexOf(f);
  const heading = (c: number) => (sheet.headers[c] ? `"${sheet.headers[c]}"` : `column ${c + 1}`);
  const fail = (row: number | null, field: ImportField | null, text: string) => {
    const c = field ? col(field) : -1;
    const where = row === null ? (c >= 0 ? `${heading(c)}: ` : '') : `Row ${row}${c >= 0 ? `, ${heading(c)}` : ''}: `;
    problems.push({ row, column: c >= 0 ? c : null, field, message: where + text });
  };

  const edits = new Map(opts.edits.map((e) => [e.row, e.cells]));
  const dropped = new Set(opts.dropped);
  const rows = sheet.rows.filter((r) => !dropped.has(r.row)).map((r) => ({ row: r.row, cells: edits.get(r.row) ?? r.cells }));
  const cell = (r: { cells: string[] }, f: ImportField) => {
    const c = col(f);
    return c < 0 ? '' : (r.cells[c] ?? '').trim();
  };

  const dayOrder = opts.dayOrder ?? fileDayOrder(rows, cell) ?? opts.localeDayOrder;
  const dayOrderFrom = opts.dayOrder ? 'clerk' : fileDayOrder(rows, cell) ? 'file' : 'locale';
  const order = readOrder(rows, cell, opts.defaults, dayOrder, ctx, fail);

  if (col('item') < 0) fail(null, null, 'No column is matched to Item: choose the column with the SKU, barcode or inventory id.');
  if (col('quantity') < 0) fail(null, null, 'No column is matched to Quantity: choose the column with the number of units.');
  if (rows.length === 0) fail(null, null, 'The file has no rows under its header: nothing to import.');
  if (rows.length > IMPORT_LINES_MAX)
    fail(
      null,
      null,
      `The file has ${countOf(rows.length, 'line')}; Dockdesk imports at most ${IMPORT_LINES_MAX.toLocaleString('en')} into one order: split the file.`,
    );

  const { items, boxes, distinct } = col('item') >= 0 && col('quantity') >= 0 ? readLines(rows, cell, col, order, dayOrder, ctx, fail) : noLines();

  const boxLimit = order.package_type === 'Package' ? WRO_LIMITS.packageBoxes : MAX_BOXES;
  if (boxes.size > boxLimit)
    fail(
      null,
      col('box') >= 0 ? 'box' : col('tracking') >= 0 ? 'tracking' : null,
      order.package_type === 'Package'
        ? `the file has ${countOf(boxes.size, 'box')}; a Parcel order takes at most ${WRO_LIMITS.packageBoxes}: choose Pallet or Floor-loaded container as the package type, or split the file.`
        : `the file has ${countOf(boxes.size, 'box')}; one order takes at most ${MAX_BOXES}: split the file.`,
    );
  if (order.box_packaging_type === 'EverythingInOneBox' && boxes.size > 1)
    fail(
      null,
      'box',
      `the file has ${countOf(boxes.size, 'box')} but the order says Everything in one box: choose another box packaging, or put every row in one box.`,
    );
  if (distinct.size > WRO_LIMITS.distinctItems)
    fail(
      null,
      'item',
      `the file has ${countOf(distinct.size, 'item')} (distinct); the service takes at most ${WRO_LIMITS.distinctItems.toLocaleString('en')} in one order.`,
    );

  problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0) || (a.column ?? -1) - (b.column ?? -1));
  const lines = rows.length;
  return {
    dayOrder,
    dayOrderFrom,
    items,
    problems,
    summary: { lines, boxes: boxes.size, items: distinct.size },
    order,
    ...(opts.want === 'lines' && problems.length === 0 ? { boxes: [...boxes.values()].map((b) => b.box) } : {}),
  };
}

const ORDER_FIELD_NOUN: Record<(typeof ORDER_FIELDS)[number], string> = {
  center: 'fulfillment center',
  po: 'PO number',
  arrival: 'expected arrival',
  packageType: 'package type',
  boxPackaging: 'box packaging',
};

type Cell = (r: { cells: string[] }, f: ImportField) => string;
type Fail = (row: number | null, field: ImportField | null, text: string) => void;

type BoxAt = { box: WroFormBox; firstRow: number; trackingRow: number | null; seen: Map<string, number>; skus: Map<number, number> };

function noLines() {
  return { items: {} as Result['items'], boxes: new Map<string, BoxAt>(), distinct: new Set<number>() };
}

/** Each row as a box line: its item resolved, its quantity, lot and expiry read, its box found; each problem named. */
function readLines(
  rows: readonly { row: number; cells: string[] }[],
  cell: Cell,
  col: (f: ImportField) => number,
  order: ImportOrder,
  dayOrder: DayOrder,
  ctx: ImportLookup,
  fail: Fail,
) {
  const items: Result['items'] = {};
  const boxes = new Map<string, BoxAt>();
  const distinct = new Set<number>();
  let lastBox: string | null = null;
  for (const r of rows) {
    const item = readItem(r.row, cell(r, 'item'), ctx, fail);
    if (item) {
      items[String(r.row)] = { sku: item.sku, name: item.name };
      distinct.add(item.inventory_id);
    }
    const quantity = readQuantity(r.row, cell(r, 'quantity'), fail);
    const lot = cell(r, 'lot');
    if (lot.length > WRO_LIMITS.textMax) fail(r.row, 'lot', `the lot has ${lot.length} characters; the service takes at most ${WRO_LIMITS.textMax}.`);
    if (item?.is_lot && !lot)
      fail(r.row, col('lot') >= 0 ? 'lot' : 'item', `${item.sku} is lot-tracked: give its lot${col('lot') < 0 ? ' (match a column to Lot)' : ''}.`);
    if (item && !item.is_lot && lot) fail(r.row, 'lot', `${item.sku} is not lot-tracked, so it takes no lot: leave the lot empty or check the item.`);
    const expiryText = cell(r, 'expiry');
    const expiry = expiryText ? readDay(expiryText, dayOrder) : '';
    if (expiry === null) fail(r.row, 'expiry', `"${expiryText}" is not a date Dockdesk reads. Write it as ${ACCEPTED_DATE_FORMS}.`);
    else if (expiry && item && !item.is_lot) fail(r.row, 'expiry', `${item.sku} is not lot-tracked, so it takes no expiry: leave it empty or check the item.`);

    const key = boxKey(r, cell, lastBox);
    lastBox = key;
    let box = boxes.get(key);
    if (!box) boxes.set(key, (box = { box: { tracking_number: '', box_items: [] }, firstRow: r.row, trackingRow: null, seen: new Map(), skus: new Map() }));
    const tracking = cell(r, 'tracking');
    if (tracking) {
      if (tracking.length > WRO_LIMITS.textMax) fail(r.row, 'tracking', `the tracking number is longer than ${WRO_LIMITS.textMax} characters.`);
      else if (!box.box.tracking_number) {
        box.box.tracking_number = tracking;
        box.trackingRow = r.row;
      } else if (box.box.tracking_number !== tracking)
        fail(r.row, 'tracking', `box ${key} has tracking number "${box.box.tracking_number}" on row ${box.trackingRow}; one box has one tracking number.`);
    }
    if (item) {
      const same = `${item.inventory_id}|${lot.toLowerCase()}`;
      const earlier = box.seen.get(same);
      if (earlier !== undefined)
        fail(r.row, 'item', `${item.sku}${lot ? ` lot ${lot}` : ''} is already in box ${key} on row ${earlier}: put the whole quantity on one row.`);
      else box.seen.set(same, r.row);
      if (order.box_packaging_type === 'OneSkuPerBox' && box.skus.size > 0 && !box.skus.has(item.inventory_id)) {
        const [other, at] = [...box.skus.entries()][0]!;
        fail(
          r.row,
          'item',
          `box ${key} already holds another item (row ${at}, id ${other}) and the order is One SKU per box: give this row its own box, or choose Several SKUs per box.`,
        );
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

  return { items, boxes, distinct };
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
    fail(row, 'item', 'no item: give its SKU, barcode or inventory id, or drop the row.');
    return null;
  }
  let matches = ctx.lookup(code);
  // A code that is one item's SKU and another's barcode or id means the SKU, as the clerk reads it.
  if (matches.length > 1) {
    const bySku = matches.filter((m) => m.by.includes('sku'));
    if (bySku.length === 1) matches = bySku;
  }
  if (matches.length === 0) {
    fail(row, 'item', `no item "${code}" in the desk's item list: check the SKU, barcode or inventory id, or sync the items if it is new.`);
    return null;
  }
  if (matches.length > 1) {
    fail(row, 'item', `"${code}" names ${countOf(matches.length, 'item')} (${matches.map((m) => m.item.sku).join(', ')}): give the SKU instead.`);
    return null;
  }
  const item = matches[0]!.item;
  if (item.digital || item.bundle) {
    fail(row, 'item', `${item.sku} is a ${item.digital ? 'digital' : 'bundle'} item and cannot be received.`);
    return null;
  }
  return item;
}

function readQuantity(row: number, text: string, fail: Fail): number | null {
  if (!text) {
    fail(row, 'quantity', 'no quantity: give the number of units, 1 or more.');
    return null;
  }
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 2147483647) {
    fail(row, 'quantity', `"${text}" is not a whole number of units of 1 or more: write it in digits only, like 24.`);
    return null;
  }
  return n;
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
    fulfillment_center: { id: defaults.centerId, name: ctx.centers.find((c) => c.id === defaults.centerId)?.name ?? null },
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
      else if (fold(text) !== fold(first.text))
        fail(r.row, field, `"${text}" differs from "${first.text}" on row ${first.row}: one order has one ${ORDER_FIELD_NOUN[field]}.`);
    }
    if (!first) continue;
    const { row, text } = first;
    let read = true;
    const bad = (what: string) => {
      read = false;
      fail(row, field, what);
    };
    if (field === 'po') {
      if (text.length > WRO_LIMITS.textMax) bad(`the PO number is longer than ${WRO_LIMITS.textMax} characters.`);
      else order.purchase_order_number = text;
    } else if (field === 'center') {
      const f = fold(text);
      const center = ctx.centers.find((c) => String(c.id) === text || fold(c.name) === f);
      if (!center) bad(`no fulfillment center "${text}"; the centers are ${ctx.centers.map((c) => c.name).join(', ') || 'not known yet'}.`);
      else order.fulfillment_center = { id: center.id, name: center.name };
    } else if (field === 'arrival') {
      const at = readDateTime(text, dayOrder);
      if (!at)
        bad(
          `"${text}" is not a date and time Dockdesk reads. Write it as 2026-12-01 09:00, or a date as ${ACCEPTED_DATE_FORMS}, with a time after it if you like.`,
        );
      else order.expected_arrival_date = at;
    } else if (field === 'packageType') {
      const v = enumOf(PackageType.options, 'PackageType', text, { package: 'Package', container: 'FloorLoadedContainer' });
      if (!v) bad(`"${text}" is not a package type; use Parcel, Pallet or Floor-loaded container.`);
      else order.package_type = v;
    } else {
      const v = enumOf(BoxPackagingType.options, 'BoxPackagingType', text, { multipleskusperbox: 'MultipleSkuPerBox', onesku: 'OneSkuPerBox' });
      if (!v) bad(`"${text}" is not a box packaging; use Everything in one box, One SKU per box or Several SKUs per box.`);
      else order.box_packaging_type = v;
    }
    if (read) order.fromFile.push(field);
  }
  return order;
}
