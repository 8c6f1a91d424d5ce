import v8 from 'node:v8';
import { z } from 'zod';
import { normalizeGtin } from '../../../shared/scan/codes.js';
import { CacheSyncedAt, CachedCenter, type CachedItem, type CachedLevel, type InventoryCacheSnapshot } from '../../../shared/schemas/inventory-cache.js';
import { DurableFile, type DurableCodec } from '../data/durable-file.js';
import { BLOCK, BLOCK_BYTES, blockBitmaps, entryStart, foldColumn, foldText, type StringColumn } from './search-text.js';

/**
 * The inventory cache's storage format: columns, not one object per item. Measured with 100,000
 * generated items (ARCHITECTURE.md, "Offline cache"): one object per item made a 67 MB JSON file that
 * took 0.6 s to parse (v8.deserialize of the same objects: 0.8 to 1.3 s) and a few hundred MB of heap.
 * Columns keep every number in a typed array and every string field in one string per column (entries
 * separated by a NUL), so a load is a few large copies, the heap holds a handful of big objects, and
 * the search index scans the name and SKU columns directly. Items become objects only when a lookup
 * or a search page returns them (`materialize`).
 *
 * The columns are written with v8.serialize (typed arrays and long strings go through as raw bytes).
 * Its wire format reads older versions, not newer ones: a cache written by a newer Electron and read
 * after a downgrade fails to decode, is reported once and resynced, which is all a cache needs.
 *
 * The exact-lookup indexes are stored too, built once by the writer: the inventory ids and the folded
 * SKUs as sorted permutations, every GTIN-valid code as a sorted GTIN-14 (as a number: 14 digits fit a
 * double exactly), every other code as a sorted folded string. Lookups binary-search them, so a load
 * builds no hash maps (building them took about 400 ms of a 570 ms cold load at 100,000 items).
 *
 * Bump CACHE_FORMAT_VERSION whenever this layout, the record schema, search-text.ts or `normalizeGtin`'s
 * meaning changes: the old file is then reported as old-format and replaced by a resync (a cache is
 * never migrated).
 */
export const CACHE_FORMAT_VERSION = 2;
export const CACHE_FILE_KIND = 'inventory-cache';

/** A string column whose entries may be null (`present[i] === 0`; the entry is then empty). */
export interface NullableStringColumn extends StringColumn {
  present: Uint8Array;
}

/** Numbers per level, in this order (`levelNumbers[level * LEVEL_WIDTH + k]`); 32-bit integers. */
export const LEVEL_FIELDS = [
  'fcId',
  'onHand',
  'committed',
  'fulfillable',
  'sellable',
  'awaiting',
  'backordered',
  'exception',
  'internalTransfer',
] as const satisfies readonly (keyof CachedLevel)[];
const LEVEL_WIDTH = LEVEL_FIELDS.length;
/** Numbers per lot: fcId, onHand, fulfillable. */
const LOT_WIDTH = 3;

export interface CacheColumns {
  count: number;
  syncedAt: CacheSyncedAt;
  centers: CachedCenter[];
  inventoryId: Float64Array;
  /** Bits 0..5: lot, digital, bundle, case, active, hazmat. */
  flags: Uint8Array;
  name: StringColumn;
  sku: StringColumn;
  /** Unit names used by dimensions and weights; the per-item unit columns index it (-1: no value). */
  units: string[];
  /** length, width, height per item. */
  dims: Float64Array;
  dimUnit: Int16Array;
  weight: Float64Array;
  weightUnit: Int16Array;
  inventoryBarcode: NullableStringColumn;
  /** NaN: no variant. */
  variantId: Float64Array;
  gtin: NullableStringColumn;
  upc: NullableStringColumn;
  /** Item i's barcodes are entries barcodeStart[i] .. barcodeStart[i + 1] - 1 of `barcodes`. */
  barcodeStart: Uint32Array;
  barcodes: StringColumn;
  /** The variant's return preference; an item with none has all three absent. */
  returnPrimary: NullableStringColumn;
  returnBackup: NullableStringColumn;
  returnInstructions: NullableStringColumn;
  levelStart: Uint32Array;
  levelNumbers: Int32Array;
  lotStart: Uint32Array;
  lotNumber: StringColumn;
  lotExpiresAt: NullableStringColumn;
  lotNumbers: Int32Array;
  /** Item positions ordered by inventory id. */
  idOrder: Uint32Array;
  /** Item positions ordered by folded SKU (`foldText`, then UTF-16 code units). */
  skuOrder: Uint32Array;
  /** Every GTIN-valid code of every item as GTIN-14, ascending, with its item's position. */
  gtinKeys: Float64Array;
  gtinItems: Uint32Array;
  /** Every other code, folded, ascending, with its item's position. */
  codeKeys: StringColumn;
  codeItems: Uint32Array;
  /** Search block bitmaps of the folded name and SKU columns (search-text.ts). */
  nameBlocks: Uint8Array;
  skuBlocks: Uint8Array;
}

/** NUL separates a column's entries, so a NUL inside a value is stored as U+FFFD. */
function safe(value: string): string {
  return value.includes('\u0000') ? value.replaceAll('\u0000', '\ufffd') : value;
}

export function entry(column: StringColumn, i: number): string {
  return column.text.slice(entryStart(column, i), column.ends[i]);
}

function nullableEntry(column: NullableStringColumn, i: number): string | null {
  return column.present[i] ? entry(column, i) : null;
}

/**
 * Display order: by folded name (`foldText`, UTF-16 code units), then SKU. Search relies on it: the
 * names starting with a query are one contiguous run, found by binary search. Also answers every
 * item's folded SKU (the SKU lookup's keys), folded once here.
 */
function displayOrder(items: readonly CachedItem[]): { order: Uint32Array; foldedSku: string[] } {
  const n = items.length;
  const keys = new Array<string>(n);
  const foldedSku = new Array<string>(n);
  const ids = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const it = items[i]!;
    foldedSku[i] = foldText(safe(it.sku));
    keys[i] = `${foldText(safe(it.name))}\u0000${foldedSku[i]}`;
    ids[i] = it.inventoryId;
  }
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : ids[a]! - ids[b]!));
  return { order, foldedSku };
}

/**
 * Snapshot -> columns, items in display order. The records are trusted (the sync validated them).
 * Every item is read once, in the snapshot's order, and written at its display position: typed
 * arrays sized up front, strings gathered by position and joined at the end. Reading the items in
 * display order instead jumped about the heap (the records were made in the snapshot's order), and
 * at 100,000 items those cache misses were most of this function's time, on a sync's critical path.
 */
export function toColumns(snapshot: InventoryCacheSnapshot): CacheColumns {
  const items = snapshot.items;
  const { order, foldedSku } = displayOrder(items);
  const n = order.length;
  const position = new Uint32Array(n);
  for (let i = 0; i < n; i++) position[order[i]!] = i;
  const c = fixedColumns(n);
  runStarts(items, position, c);
  const levelNumbers = new Int32Array(c.levelStart[n]! * LEVEL_WIDTH);
  const lotNumbers = new Int32Array(c.lotStart[n]! * LOT_WIDTH);
  const s = stringParts(n, c.barcodeStart[n]!, c.lotStart[n]!);
  const unitNames = { dim: new Array<string | undefined>(n), weight: new Array<string | undefined>(n) };
  const codes = new CodeKeys();
  for (let j = 0; j < n; j++) {
    const it = items[j]!;
    const i = position[j]!;
    writeFixed(c, i, it, unitNames);
    s.name[i] = it.name;
    s.sku[i] = it.sku;
    s.inventoryBarcode[i] = it.codes.inventoryBarcode;
    s.gtin[i] = it.codes.gtin;
    s.upc[i] = it.codes.upc;
    let barcode = c.barcodeStart[i]!;
    for (const b of it.codes.barcodes) s.barcodes[barcode++] = b;
    s.returnPrimary[i] = it.codes.returnPreference?.primaryAction ?? null;
    s.returnBackup[i] = it.codes.returnPreference?.backupAction ?? null;
    s.returnInstructions[i] = it.codes.returnPreference?.instructions ?? null;
    let level = c.levelStart[i]!;
    for (const l of it.levels) level = writeLevel(levelNumbers, level, l, it);
    let lot = c.lotStart[i]!;
    for (const one of it.lots) {
      s.lotNumber[lot] = one.lotNumber;
      s.lotExpiresAt[lot] = one.expiresAt;
      const at = lot++ * LOT_WIDTH;
      lotNumbers[at] = int32(one.fcId, it, 'lot fcId');
      lotNumbers[at + 1] = int32(one.onHand, it, 'lot onHand');
      lotNumbers[at + 2] = int32(one.fulfillable, it, 'lot fulfillable');
    }
    codes.note(it, i);
  }
  const units = unitIndexes(c, unitNames);
  const skuKeys = new Array<string>(n);
  for (let i = 0; i < n; i++) skuKeys[i] = foldedSku[order[i]!]!;
  const nameColumn = stringColumn(s.name);
  const skuColumn = stringColumn(s.sku);
  return {
    count: n,
    syncedAt: snapshot.syncedAt,
    centers: snapshot.centers,
    ...c,
    name: nameColumn,
    sku: skuColumn,
    units,
    inventoryBarcode: nullableStringColumn(s.inventoryBarcode),
    gtin: nullableStringColumn(s.gtin),
    upc: nullableStringColumn(s.upc),
    barcodes: stringColumn(s.barcodes),
    returnPrimary: nullableStringColumn(s.returnPrimary),
    returnBackup: nullableStringColumn(s.returnBackup),
    returnInstructions: nullableStringColumn(s.returnInstructions),
    levelNumbers,
    lotNumber: stringColumn(s.lotNumber),
    lotExpiresAt: nullableStringColumn(s.lotExpiresAt),
    lotNumbers,
    ...lookupOrders(c.inventoryId, skuKeys),
    ...codes.build(),
    nameBlocks: blockBitmaps(foldColumn(nameColumn, n), n),
    skuBlocks: blockBitmaps(foldColumn(skuColumn, n), n),
  };
}

/** Each item's barcode, level and lot runs: their starts in display order (`xStart[i]` to `xStart[i + 1]`). */
function runStarts(items: readonly CachedItem[], position: Uint32Array, c: ReturnType<typeof fixedColumns>): void {
  for (let j = 0; j < items.length; j++) {
    const it = items[j]!;
    const next = position[j]! + 1;
    c.barcodeStart[next] = it.codes.barcodes.length;
    c.levelStart[next] = it.levels.length;
    c.lotStart[next] = it.lots.length;
  }
  for (let i = 1; i <= items.length; i++) {
    c.barcodeStart[i]! += c.barcodeStart[i - 1]!;
    c.levelStart[i]! += c.levelStart[i - 1]!;
    c.lotStart[i]! += c.lotStart[i - 1]!;
  }
}

/** The string columns' entries gathered by position before they are joined. */
function stringParts(n: number, barcodes: number, lots: number) {
  return {
    name: new Array<string>(n),
    sku: new Array<string>(n),
    inventoryBarcode: new Array<string | null>(n),
    gtin: new Array<string | null>(n),
    upc: new Array<string | null>(n),
    barcodes: new Array<string>(barcodes),
    returnPrimary: new Array<string | null>(n),
    returnBackup: new Array<string | null>(n),
    returnInstructions: new Array<string | null>(n),
    lotNumber: new Array<string>(lots),
    lotExpiresAt: new Array<string | null>(lots),
  };
}

/** A string column of these entries (the array is reused for the joined parts). */
function stringColumn(parts: string[]): StringColumn {
  const ends = new Uint32Array(parts.length);
  let length = -1;
  for (let k = 0; k < parts.length; k++) {
    const v = safe(parts[k]!);
    parts[k] = v;
    length += v.length + 1;
    ends[k] = length;
  }
  return { text: parts.join('\u0000'), ends };
}

/** A string column whose null entries are stored empty and marked absent. */
function nullableStringColumn(parts: (string | null)[]): NullableStringColumn {
  const present = new Uint8Array(parts.length);
  for (let k = 0; k < parts.length; k++) {
    if (parts[k] === null) parts[k] = '';
    else present[k] = 1;
  }
  return { ...stringColumn(parts as string[]), present };
}

/** The unit names dimensions and weights use, each once, in order of first use (display order). */
class UnitTable {
  readonly list: string[] = [];

  indexOf(unit: string): number {
    const at = this.list.indexOf(unit);
    if (at >= 0) return at;
    if (this.list.length >= 0x7fff) throw new Error('Too many distinct units in the inventory cache.');
    return this.list.push(unit) - 1;
  }
}

/** Fills the unit columns from the unit names gathered by position; answers the unit list. */
function unitIndexes(c: ReturnType<typeof fixedColumns>, names: { dim: (string | undefined)[]; weight: (string | undefined)[] }): string[] {
  const units = new UnitTable();
  for (let i = 0; i < names.dim.length; i++) {
    const dim = names.dim[i];
    if (dim !== undefined) c.dimUnit[i] = units.indexOf(dim);
    const weight = names.weight[i];
    if (weight !== undefined) c.weightUnit[i] = units.indexOf(weight);
  }
  return units.list;
}

/** Item i's one-per-item numbers: id, flags, dimensions, weight, variant; its unit names for `unitIndexes`. */
function writeFixed(
  c: ReturnType<typeof fixedColumns>,
  i: number,
  it: CachedItem,
  unitNames: { dim: (string | undefined)[]; weight: (string | undefined)[] },
): void {
  c.inventoryId[i] = it.inventoryId;
  const f = it.flags;
  c.flags[i] = (f.lot ? 1 : 0) | (f.digital ? 2 : 0) | (f.bundle ? 4 : 0) | (f.case ? 8 : 0) | (f.active ? 16 : 0) | (f.hazmat ? 32 : 0);
  if (it.dimensions) {
    c.dims[i * 3] = it.dimensions.length;
    c.dims[i * 3 + 1] = it.dimensions.width;
    c.dims[i * 3 + 2] = it.dimensions.height;
    unitNames.dim[i] = it.dimensions.unit;
  }
  if (it.weight) {
    c.weight[i] = it.weight.value;
    unitNames.weight[i] = it.weight.unit;
  }
  c.variantId[i] = it.codes.variantId ?? Number.NaN;
}

/** One level's numbers in LEVEL_FIELDS order at level position `at`; answers the next position. */
function writeLevel(into: Int32Array, at: number, l: CachedLevel, it: CachedItem): number {
  const base = at * LEVEL_WIDTH;
  for (let k = 0; k < LEVEL_WIDTH; k++) {
    const field = LEVEL_FIELDS[k]!;
    into[base + k] = int32(l[field], it, field);
  }
  return at + 1;
}

/** The columns of one number (or a fixed few) per item, and the starts of each item's runs in the others. */
function fixedColumns(n: number) {
  return {
    inventoryId: new Float64Array(n),
    flags: new Uint8Array(n),
    dims: new Float64Array(n * 3),
    dimUnit: new Int16Array(n).fill(-1),
    weight: new Float64Array(n),
    weightUnit: new Int16Array(n).fill(-1),
    variantId: new Float64Array(n),
    barcodeStart: new Uint32Array(n + 1),
    levelStart: new Uint32Array(n + 1),
    lotStart: new Uint32Array(n + 1),
  };
}

/** Positions (display order) sorted by inventory id and by folded SKU, for the lookups by either. */
function lookupOrders(ids: Float64Array, skuKeys: string[]) {
  const positions = () => {
    const p = new Uint32Array(ids.length);
    for (let i = 0; i < p.length; i++) p[i] = i;
    return p;
  };
  return {
    idOrder: positions().sort((a, b) => ids[a]! - ids[b]! || a - b),
    skuOrder: positions().sort((a, b) => (skuKeys[a]! < skuKeys[b]! ? -1 : skuKeys[a]! > skuKeys[b]! ? 1 : a - b)),
  };
}

/**
 * The code lookup's keys as items are written: an item's codes, each once; a GTIN (any length) as
 * its GTIN-14 number, every other code folded. Kept as parallel lists, sorted once at the end.
 */
class CodeKeys {
  private readonly gtinKeys: number[] = [];
  private readonly gtinItems: number[] = [];
  private readonly codeKeys: string[] = [];
  private readonly codeItems: number[] = [];
  private readonly seen: string[] = [];

  note(it: CachedItem, i: number): void {
    this.seen.length = 0;
    this.one(it.codes.inventoryBarcode, i);
    this.one(it.codes.gtin, i);
    this.one(it.codes.upc, i);
    for (const b of it.codes.barcodes) this.one(b, i);
  }

  private one(raw: string | null, i: number): void {
    const code = raw?.trim() ?? '';
    if (code === '' || this.seen.includes(code)) return;
    this.seen.push(code);
    const gtin = normalizeGtin(code);
    if (gtin !== null) {
      this.gtinKeys.push(Number(gtin));
      this.gtinItems.push(i);
    } else {
      this.codeKeys.push(foldText(safe(code)));
      this.codeItems.push(i);
    }
  }

  /** Sorted columns: GTINs by number, other codes by folded text, ties by display order. */
  build() {
    const gk = this.gtinKeys;
    const gi = this.gtinItems;
    const gtinOrder = indexes(gk.length).sort((a, b) => gk[a]! - gk[b]! || gi[a]! - gi[b]!);
    const ck = this.codeKeys;
    const ci = this.codeItems;
    const codeOrder = indexes(ck.length).sort((a, b) => (ck[a]! < ck[b]! ? -1 : ck[a]! > ck[b]! ? 1 : ci[a]! - ci[b]!));
    const codeKeys = new Array<string>(ck.length);
    const codeItems = new Uint32Array(ck.length);
    codeOrder.forEach((from, k) => {
      codeKeys[k] = ck[from]!;
      codeItems[k] = ci[from]!;
    });
    return {
      gtinKeys: Float64Array.from(gtinOrder, (from) => gk[from]!),
      gtinItems: Uint32Array.from(gtinOrder, (from) => gi[from]!),
      codeKeys: stringColumn(codeKeys),
      codeItems,
    };
  }
}

function indexes(n: number): Uint32Array {
  const p = new Uint32Array(n);
  for (let i = 0; i < n; i++) p[i] = i;
  return p;
}

/** Quantities and center ids are stored as 32-bit integers (half the size of doubles); anything else is refused. */
function int32(value: number, item: CachedItem, field: string): number {
  if ((value | 0) !== value) throw new RangeError(`Item ${item.inventoryId} (${item.sku}): ${field} ${value} is not a 32-bit integer.`);
  return value;
}

/** One item as a plain record (what lookups and search pages return). */
export function materialize(c: CacheColumns, i: number): CachedItem {
  const flags = c.flags[i]!;
  const levels: CachedLevel[] = [];
  for (let l = c.levelStart[i]!; l < c.levelStart[i + 1]!; l++) {
    const at = l * LEVEL_WIDTH;
    const n = c.levelNumbers;
    levels.push({
      fcId: n[at]!,
      onHand: n[at + 1]!,
      committed: n[at + 2]!,
      fulfillable: n[at + 3]!,
      sellable: n[at + 4]!,
      awaiting: n[at + 5]!,
      backordered: n[at + 6]!,
      exception: n[at + 7]!,
      internalTransfer: n[at + 8]!,
    });
  }
  const lots: CachedItem['lots'] = [];
  for (let l = c.lotStart[i]!; l < c.lotStart[i + 1]!; l++) {
    lots.push({
      lotNumber: entry(c.lotNumber, l),
      expiresAt: nullableEntry(c.lotExpiresAt, l),
      fcId: c.lotNumbers[l * LOT_WIDTH]!,
      onHand: c.lotNumbers[l * LOT_WIDTH + 1]!,
      fulfillable: c.lotNumbers[l * LOT_WIDTH + 2]!,
    });
  }
  const barcodes: string[] = [];
  for (let b = c.barcodeStart[i]!; b < c.barcodeStart[i + 1]!; b++) barcodes.push(entry(c.barcodes, b));
  const dimUnit = c.dimUnit[i]!;
  const weightUnit = c.weightUnit[i]!;
  const variantId = c.variantId[i]!;
  return {
    inventoryId: c.inventoryId[i]!,
    sku: entry(c.sku, i),
    name: entry(c.name, i),
    flags: {
      lot: (flags & 1) !== 0,
      digital: (flags & 2) !== 0,
      bundle: (flags & 4) !== 0,
      case: (flags & 8) !== 0,
      active: (flags & 16) !== 0,
      hazmat: (flags & 32) !== 0,
    },
    dimensions: dimUnit < 0 ? null : { length: c.dims[i * 3]!, width: c.dims[i * 3 + 1]!, height: c.dims[i * 3 + 2]!, unit: c.units[dimUnit] ?? '' },
    weight: weightUnit < 0 ? null : { value: c.weight[i]!, unit: c.units[weightUnit] ?? '' },
    codes: {
      inventoryBarcode: nullableEntry(c.inventoryBarcode, i),
      variantId: Number.isNaN(variantId) ? null : variantId,
      gtin: nullableEntry(c.gtin, i),
      upc: nullableEntry(c.upc, i),
      barcodes,
      returnPreference: preferenceAt(c, i),
    },
    levels,
    lots,
  };
}

function preferenceAt(c: CacheColumns, i: number): CachedItem['codes']['returnPreference'] {
  if (!c.returnPrimary.present[i] && !c.returnBackup.present[i] && !c.returnInstructions.present[i]) return null;
  return {
    primaryAction: nullableEntry(c.returnPrimary, i),
    backupAction: nullableEntry(c.returnBackup, i),
    instructions: nullableEntry(c.returnInstructions, i),
  };
}

// ---------------------------------------------------------------- decoding: shape checks

const f64 = z.instanceof(Float64Array);
const i32 = z.instanceof(Int32Array);
const u32 = z.instanceof(Uint32Array);
const Strings = z.object({ text: z.string(), ends: u32 });
const NullableStrings = Strings.extend({ present: z.instanceof(Uint8Array) });
const ColumnsShape = z.object({
  count: z.number().int().min(0),
  syncedAt: CacheSyncedAt,
  centers: z.array(CachedCenter),
  inventoryId: f64,
  flags: z.instanceof(Uint8Array),
  name: Strings,
  sku: Strings,
  units: z.array(z.string()),
  dims: f64,
  dimUnit: z.instanceof(Int16Array),
  weight: f64,
  weightUnit: z.instanceof(Int16Array),
  inventoryBarcode: NullableStrings,
  variantId: f64,
  gtin: NullableStrings,
  upc: NullableStrings,
  barcodeStart: u32,
  barcodes: Strings,
  returnPrimary: NullableStrings,
  returnBackup: NullableStrings,
  returnInstructions: NullableStrings,
  levelStart: u32,
  levelNumbers: i32,
  lotStart: u32,
  lotNumber: Strings,
  lotExpiresAt: NullableStrings,
  lotNumbers: i32,
  idOrder: u32,
  skuOrder: u32,
  gtinKeys: f64,
  gtinItems: u32,
  codeKeys: Strings,
  codeItems: u32,
  nameBlocks: z.instanceof(Uint8Array),
  skuBlocks: z.instanceof(Uint8Array),
});

/**
 * Checks that the columns fit together: types, every length against `count`, every offset column
 * ending where its column ends. The checksum already caught damage on disk and the format version a
 * layout change; this catches a writer bug or a forgotten version bump. `deep` also walks every
 * offset, permutation and sort order (for tests of the writer): it is left out of a load because in
 * a cold process those loops cost about 60 ms at 100,000 items, and a wrong offset can only give a
 * wrong answer (typed arrays do not read out of range, answers are schema-checked at IPC), never a
 * crash.
 */
export function checkColumns(value: unknown, { deep = false } = {}): CacheColumns {
  const c = ColumnsShape.parse(value) as CacheColumns;
  const n = c.count;
  const fail = (what: string) => {
    throw new Error(`inventory cache columns: ${what}`);
  };
  const perItem: [string, { length: number }, number][] = [
    ['inventoryId', c.inventoryId, n],
    ['flags', c.flags, n],
    ['dims', c.dims, n * 3],
    ['dimUnit', c.dimUnit, n],
    ['weight', c.weight, n],
    ['weightUnit', c.weightUnit, n],
    ['variantId', c.variantId, n],
    ['barcodeStart', c.barcodeStart, n + 1],
    ['levelStart', c.levelStart, n + 1],
    ['lotStart', c.lotStart, n + 1],
  ];
  for (const [what, column, length] of perItem) if (column.length !== length) fail(`${what} has ${column.length} entries, expected ${length}`);
  const strings = (what: string, column: StringColumn, length: number) => {
    if (column.ends.length !== length) fail(`${what} has ${column.ends.length} entries, expected ${length}`);
    let start = 0;
    for (let i = 0; deep && i < length; i++) {
      if (column.ends[i]! < start) fail(`${what} offsets go backwards`);
      start = column.ends[i]! + 1;
    }
    if (length > 0 && column.ends[length - 1] !== column.text.length) fail(`${what} offsets do not end at its text's end`);
    if ('present' in column && (column as NullableStringColumn).present.length !== length) fail(`${what} presence has the wrong length`);
  };
  const starts = (what: string, column: Uint32Array, total: number) => {
    if (column[0] !== 0 || column[n] !== total) fail(`${what} does not span its column`);
    for (let i = 0; deep && i < n; i++) if (column[i + 1]! < column[i]!) fail(`${what} goes backwards`);
  };
  strings('name', c.name, n);
  strings('sku', c.sku, n);
  strings('inventoryBarcode', c.inventoryBarcode, n);
  strings('gtin', c.gtin, n);
  strings('upc', c.upc, n);
  starts('barcodeStart', c.barcodeStart, c.barcodes.ends.length);
  strings('barcodes', c.barcodes, c.barcodes.ends.length);
  strings('returnPrimary', c.returnPrimary, n);
  strings('returnBackup', c.returnBackup, n);
  strings('returnInstructions', c.returnInstructions, n);
  if (c.levelNumbers.length % LEVEL_WIDTH !== 0) fail('levelNumbers is not whole levels');
  starts('levelStart', c.levelStart, c.levelNumbers.length / LEVEL_WIDTH);
  if (c.lotNumbers.length % LOT_WIDTH !== 0) fail('lotNumbers is not whole lots');
  const lots = c.lotNumbers.length / LOT_WIDTH;
  starts('lotStart', c.lotStart, lots);
  strings('lotNumber', c.lotNumber, lots);
  strings('lotExpiresAt', c.lotExpiresAt, lots);
  if (c.idOrder.length !== n || c.skuOrder.length !== n) fail(`idOrder or skuOrder does not have ${n} entries`);
  if (c.gtinItems.length !== c.gtinKeys.length) fail('gtinItems and gtinKeys differ in length');
  strings('codeKeys', c.codeKeys, c.codeItems.length);
  const blockBytes = Math.ceil(n / BLOCK) * BLOCK_BYTES;
  if (c.nameBlocks.length !== blockBytes || c.skuBlocks.length !== blockBytes) fail('a search block bitmap has the wrong size');
  if (!deep) return c;

  for (const unitColumn of [c.dimUnit, c.weightUnit]) for (const u of unitColumn) if (u >= c.units.length || u < -1) fail('a unit index is out of range');
  const permutation = (what: string, order: Uint32Array) => {
    const seen = new Uint8Array(n);
    for (const i of order) {
      if (i >= n || seen[i]) fail(`${what} is not a permutation`);
      seen[i] = 1;
    }
  };
  permutation('idOrder', c.idOrder);
  for (let k = 1; k < n; k++) if (c.inventoryId[c.idOrder[k]!]! < c.inventoryId[c.idOrder[k - 1]!]!) fail('idOrder is not sorted');
  permutation('skuOrder', c.skuOrder);
  for (let k = 1; k < c.gtinKeys.length; k++) if (!(c.gtinKeys[k]! >= c.gtinKeys[k - 1]!)) fail('gtinKeys is not sorted');
  for (const items of [c.gtinItems, c.codeItems]) for (const i of items) if (i >= n) fail('a code points past the last item');
  return c;
}

export const cacheCodec: DurableCodec<CacheColumns> = {
  encode: (columns) => v8.serialize(columns),
  decode: (bytes) => checkColumns(v8.deserialize(bytes)),
};

/**
 * The cache file for one environment and account; the caller picks the folder (one per environment
 * and account under the app's data folder). Read: `(await file.read()).value` is the columns or null.
 */
export function inventoryCacheFile(path: string): DurableFile<CacheColumns> {
  return new DurableFile({ path, kind: CACHE_FILE_KIND, version: CACHE_FORMAT_VERSION, codec: cacheCodec });
}

/** Every distinct ArrayBuffer under the columns (or any object of them): the transfer list when columns cross a thread. */
export function columnBuffers(columns: object): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const visit = (value: unknown) => {
    if (ArrayBuffer.isView(value)) {
      if (value.buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength) buffers.add(value.buffer);
    } else if (value && typeof value === 'object' && !Array.isArray(value)) for (const v of Object.values(value)) visit(v);
  };
  visit(columns);
  return [...buffers];
}
