import v8 from 'node:v8';
import { z } from 'zod';
import { normalizeGtin } from '../../../shared/scan/codes.js';
import { CacheSyncedAt, CachedCenter, type CachedItem, type InventoryCacheSnapshot } from '../../../shared/schemas/inventory-cache.js';
import { DurableFile, type DurableCodec } from '../../../electron/core/data/durable-file.js';
import {
  FLAG_BITS,
  ITEM_FIELDS,
  LEVEL_FIELDS,
  LOT_NUMBERS,
  type Field,
  type Fields,
  type NullableStringColumn,
  type RecordColumns,
  type SubTable,
} from './cache-columns.js';
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

export type { NullableStringColumn } from './cache-columns.js';

/** The lookup and search indexes the writer builds over the item columns. */
interface IndexColumns {
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

/**
 * The whole cache: the items in display order, one column per stored field (cache-columns.ts says
 * which), and the indexes over them. Item i's runs (barcodes, levels, lots) are entries
 * `xStart[i]` to `xStart[i + 1] - 1` of their columns; `units` holds the unit names the measure
 * columns index (-1: no value).
 */
export interface CacheColumns extends RecordColumns, IndexColumns {
  count: number;
  syncedAt: CacheSyncedAt;
  centers: CachedCenter[];
}

// ---------------------------------------------------------------- the file's columns, from the tables

type ArrayType = 'f64' | 'i32' | 'u32' | 'i16' | 'u8';
/** One stored column: its type and how many entries it must have. */
interface FileColumn {
  name: string;
  type: ArrayType | 'text' | 'nullableText' | 'names';
  /** Where the writer inserts it (see cache-columns.ts): 0 the items' numbers, 1 their text, 2 a run's columns. */
  section: 0 | 1 | 2;
  /** `width` entries per item; `n + 1` run starts; `width` entries per entry of the run `starts` spans; any. */
  length: { per: 'item'; width: number } | { per: 'starts' } | { per: 'run'; starts: string; width: number; plural: string } | { per: 'any' };
  /** Entries index `units` (-1: none). */
  unitIndex?: true;
}

/** The stored columns of some fields, in table order. */
function fileColumnsOf(fields: Fields): FileColumn[] {
  return Object.values(fields).flatMap((field) => fileColumnsOfField(field));
}

function fileColumnsOfField(field: Field): FileColumn[] {
  const perItem = { per: 'item', width: 1 } as const;
  switch (field.kind) {
    case 'number':
    case 'nullableNumber':
      return [{ name: field.column, type: 'f64', section: 0, length: perItem }];
    case 'int32':
      throw new Error('an int32 field belongs in a sub-table');
    case 'string':
    case 'nullableString':
      return [{ name: field.column, type: field.kind === 'string' ? 'text' : 'nullableText', section: 1, length: perItem }];
    case 'flags':
      if (field.names.length > 8) throw new Error(`${field.column}: more flags than one byte holds`);
      return [{ name: field.column, type: 'u8', section: 0, length: perItem }];
    case 'measure':
      return [
        { name: field.column, type: 'f64', section: 0, length: { per: 'item', width: field.numbers.length } },
        { name: field.unitColumn, type: 'i16', section: 0, length: perItem, unitIndex: true },
        { name: 'units', type: 'names', section: 1, length: { per: 'any' } },
      ];
    case 'strings':
      return [
        { name: field.starts, type: 'u32', section: 0, length: { per: 'starts' } },
        { name: field.column, type: 'text', section: 1, length: { per: 'run', starts: field.starts, width: 1, plural: field.column } },
      ];
    case 'records': {
      const run = (width: number) => ({ per: 'run', starts: field.starts, width, plural: field.plural }) as const;
      const sub = Object.values(field.table.fields);
      const width = sub.filter((f) => f.kind === 'int32').length;
      return [
        { name: field.starts, type: 'u32', section: 0, length: { per: 'starts' } },
        ...sub.flatMap((f): FileColumn[] =>
          f.kind === 'int32' ? [] : [{ name: f.column, type: f.kind === 'string' ? 'text' : 'nullableText', section: 2, length: run(1) }],
        ),
        ...(width > 0 ? [{ name: field.table.numbers, type: 'i32', section: 2, length: run(width) } as const] : []),
      ];
    }
    case 'group':
    case 'nullableGroup':
      return fileColumnsOf(field.fields);
  }
}

/**
 * The item table's stored columns in the order the writer inserts them (the file's order): by
 * section, then table order; `units` once.
 */
const FILE_COLUMNS: readonly FileColumn[] = (() => {
  const all = fileColumnsOf(ITEM_FIELDS);
  const once = all.filter((c, k) => all.findIndex((o) => o.name === c.name) === k);
  return ([0, 1, 2] as const).flatMap((section) => once.filter((c) => c.section === section));
})();

/** The stored string columns (the sync's worker hands their texts over one by one). */
export const TEXT_COLUMNS = FILE_COLUMNS.filter((c) => c.type === 'text' || c.type === 'nullableText').map((c) => c.name as keyof RecordColumns);

// ---------------------------------------------------------------- writing

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
  const sink = new ColumnSink(items, position);
  const write = groupWriter(ITEM_FIELDS, sink, [], false);
  const codes = new CodeKeys();
  for (let j = 0; j < n; j++) {
    const it = items[j]!;
    const i = position[j]!;
    write(it, i, it);
    codes.note(it, i);
  }
  const stored = sink.finish();
  const columns: Record<string, unknown> = { count: n, syncedAt: snapshot.syncedAt, centers: snapshot.centers };
  for (const column of FILE_COLUMNS) columns[column.name] = stored.get(column.name);
  const c = columns as unknown as RecordColumns;
  const skuKeys = new Array<string>(n);
  for (let i = 0; i < n; i++) skuKeys[i] = foldedSku[order[i]!]!;
  const indexes: IndexColumns = {
    ...lookupOrders(c.inventoryId, skuKeys),
    ...codes.build(),
    nameBlocks: blockBitmaps(foldColumn(c.name, n), n),
    skuBlocks: blockBitmaps(foldColumn(c.sku, n), n),
  };
  return Object.assign(columns, indexes) as unknown as CacheColumns;
}

type Rec = Readonly<Record<string, unknown>>;
/** Stores one field's value at display position i (`item`: the item it belongs to, for messages). */
type Write = (value: unknown, i: number, item: CachedItem) => void;

/** What the writers fill: the stored columns by name, and the work left for the end. */
class ColumnSink {
  readonly values = new Map<string, unknown>();
  readonly count: number;
  private readonly measures: { names: (string | undefined)[]; column: Int16Array }[] = [];
  private readonly finishers: (() => void)[] = [];

  constructor(
    readonly items: readonly CachedItem[],
    readonly position: Uint32Array,
  ) {
    this.count = items.length;
  }

  /** A string column made from parts gathered by position, at the end. */
  later(column: string, parts: (string | null)[], nullable: boolean): void {
    this.finishers.push(() => this.values.set(column, nullable ? nullableStringColumn(parts) : stringColumn(parts as string[])));
  }

  /** A measure's unit names by position, indexed into the shared unit list at the end. */
  units(names: (string | undefined)[], column: Int16Array): void {
    this.measures.push({ names, column });
  }

  /** The run at `path` in each item, as starts in display order (`starts[i]` to `starts[i + 1]`). */
  runStarts(path: readonly string[]): Uint32Array {
    const n = this.count;
    const starts = new Uint32Array(n + 1);
    for (let j = 0; j < n; j++) {
      let value: unknown = this.items[j];
      for (const key of path) value = (value as Rec)[key];
      starts[this.position[j]! + 1] = (value as unknown[]).length;
    }
    for (let i = 1; i <= n; i++) starts[i]! += starts[i - 1]!;
    return starts;
  }

  /** The unit names each once, in order of first use (display order, then table order); every string column joined. */
  finish(): Map<string, unknown> {
    const units = new UnitTable();
    for (let i = 0; i < this.count; i++) {
      for (const m of this.measures) {
        const name = m.names[i];
        if (name !== undefined) m.column[i] = units.indexOf(name);
      }
    }
    this.values.set('units', units.list);
    for (const finish of this.finishers) finish();
    return this.values;
  }
}

/**
 * The writer of an object of these fields (`path`: where it is in the item). Each field's value is
 * read here and handed to its writer: one property read per field, as a hand-written writer would
 * do; a getter closure per field (reaching from the item each time) made the writer a third slower.
 */
function groupWriter(fields: Fields, sink: ColumnSink, path: readonly string[], nullable: boolean): Write {
  const keys = Object.keys(fields);
  const writes = keys.map((key) => {
    const field = fields[key]!;
    if (nullable && field.kind !== 'nullableString' && field.kind !== 'nullableNumber')
      throw new Error(`${key}: a field of a nullable group must be nullable itself`);
    return fieldWriter(field, sink, [...path, key]);
  });
  const count = keys.length;
  if (nullable)
    return (value, i, item) => {
      const o = value as Rec | null;
      for (let k = 0; k < count; k++) writes[k]!(o === null ? null : o[keys[k]!], i, item);
    };
  return (value, i, item) => {
    const o = value as Rec;
    for (let k = 0; k < count; k++) writes[k]!(o[keys[k]!], i, item);
  };
}

function fieldWriter(field: Field, sink: ColumnSink, path: readonly string[]): Write {
  const n = sink.count;
  switch (field.kind) {
    case 'number':
    case 'nullableNumber': {
      const a = new Float64Array(n);
      sink.values.set(field.column, a);
      if (field.kind === 'number')
        return (v, i) => {
          a[i] = v as number;
        };
      return (v, i) => {
        a[i] = (v as number | null) ?? Number.NaN;
      };
    }
    case 'string':
    case 'nullableString': {
      const parts = new Array<string | null>(n);
      sink.later(field.column, parts, field.kind === 'nullableString');
      return (v, i) => {
        parts[i] = v as string | null;
      };
    }
    case 'flags': {
      const a = new Uint8Array(n);
      sink.values.set(field.column, a);
      const names = field.names;
      return (v, i) => {
        const flags = v as Rec;
        let bits = 0;
        for (let k = 0; k < names.length; k++) if (flags[names[k]!]) bits |= 1 << k;
        a[i] = bits;
      };
    }
    case 'measure': {
      const numbers = field.numbers;
      const width = numbers.length;
      const a = new Float64Array(n * width);
      const unit = new Int16Array(n).fill(-1);
      const names = new Array<string | undefined>(n);
      sink.values.set(field.column, a);
      sink.values.set(field.unitColumn, unit);
      sink.units(names, unit);
      return (v, i) => {
        const m = v as Rec | null;
        if (!m) return;
        for (let k = 0; k < width; k++) a[i * width + k] = m[numbers[k]!] as number;
        names[i] = m.unit as string;
      };
    }
    case 'strings': {
      const starts = sink.runStarts(path);
      const parts = new Array<string>(starts[n]!);
      sink.values.set(field.starts, starts);
      sink.later(field.column, parts, false);
      return (v, i) => {
        let at = starts[i]!;
        for (const one of v as string[]) parts[at++] = one;
      };
    }
    case 'records': {
      const starts = sink.runStarts(path);
      sink.values.set(field.starts, starts);
      const write = subRecordWriter(field.table, starts[n]!, sink);
      return (v, i, item) => {
        let at = starts[i]!;
        for (const sub of v as Rec[]) write(sub, at++, item);
      };
    }
    case 'group':
    case 'nullableGroup':
      return groupWriter(field.fields, sink, path, field.kind === 'nullableGroup');
    case 'int32':
      throw new Error('an int32 field belongs in a sub-table');
  }
}

/** Stores one sub-record at run position `at`: its int32 fields packed, its strings gathered. */
function subRecordWriter(table: SubTable, total: number, sink: ColumnSink): (sub: Rec, at: number, item: CachedItem) => void {
  const fields = Object.entries(table.fields);
  const intKeys = fields.filter(([, f]) => f.kind === 'int32').map(([key]) => key);
  const labels = intKeys.map((key) => `${table.label}${key}`);
  const width = intKeys.length;
  const numbers = new Int32Array(total * width);
  sink.values.set(table.numbers, numbers);
  const textKeys: string[] = [];
  const textParts: (string | null)[][] = [];
  for (const [key, f] of fields) {
    if (f.kind === 'int32') continue;
    const parts = new Array<string | null>(total);
    sink.later(f.column, parts, f.kind === 'nullableString');
    textKeys.push(key);
    textParts.push(parts);
  }
  return (sub, at, item) => {
    const base = at * width;
    for (let k = 0; k < width; k++) numbers[base + k] = int32(sub[intKeys[k]!] as number, item, labels[k]!);
    for (let k = 0; k < textKeys.length; k++) textParts[k]![at] = sub[textKeys[k]!] as string | null;
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

// ---------------------------------------------------------------- reading

type Stored = Readonly<Record<string, unknown>>;
type Read = (c: Stored, i: number) => unknown;

/** The readers of some fields, in table order. */
function readersOf(fields: Fields): [string, Read][] {
  return Object.entries(fields).map(([key, field]) => [key, readerOf(field)]);
}

function readerOf(field: Field): Read {
  switch (field.kind) {
    case 'number': {
      const col = field.column;
      return (c, i) => (c[col] as Float64Array)[i]!;
    }
    case 'nullableNumber': {
      const col = field.column;
      return (c, i) => {
        const v = (c[col] as Float64Array)[i]!;
        return Number.isNaN(v) ? null : v;
      };
    }
    case 'string': {
      const col = field.column;
      return (c, i) => entry(c[col] as StringColumn, i);
    }
    case 'nullableString': {
      const col = field.column;
      return (c, i) => nullableEntry(c[col] as NullableStringColumn, i);
    }
    case 'flags': {
      const { column, names } = field;
      return (c, i) => {
        const bits = (c[column] as Uint8Array)[i]!;
        return Object.fromEntries(names.map((name, k) => [name, (bits & (1 << k)) !== 0]));
      };
    }
    case 'measure': {
      const { column, unitColumn, numbers } = field;
      const width = numbers.length;
      return (c, i) => {
        const unit = (c[unitColumn] as Int16Array)[i]!;
        if (unit < 0) return null;
        const a = c[column] as Float64Array;
        const m: Record<string, unknown> = {};
        numbers.forEach((name, k) => (m[name] = a[i * width + k]!));
        m.unit = (c.units as string[])[unit] ?? '';
        return m;
      };
    }
    case 'strings': {
      const { starts, column } = field;
      return (c, i) => {
        const s = c[starts] as Uint32Array;
        const out: string[] = [];
        for (let b = s[i]!; b < s[i + 1]!; b++) out.push(entry(c[column] as StringColumn, b));
        return out;
      };
    }
    case 'records':
      return runReader(field.starts, field.table);
    case 'group': {
      const subs = readersOf(field.fields);
      return (c, i) => readWith(subs, c, i);
    }
    case 'nullableGroup': {
      const subs = readersOf(field.fields);
      return (c, i) => {
        const value = readWith(subs, c, i);
        return Object.values(value).every((v) => v === null) ? null : value;
      };
    }
    case 'int32':
      throw new Error('an int32 field belongs in a sub-table');
  }
}

/** The sub-records of item i's run: `starts` spans them, the sub-table says their columns. */
function runReader(starts: string, table: SubTable): Read {
  const width = Object.values(table.fields).filter((f) => f.kind === 'int32').length;
  let k = 0;
  const subs = Object.entries(table.fields).map(([key, f]): [string, Read] => {
    if (f.kind !== 'int32') return [key, readerOf(f)];
    const offset = k++;
    return [key, (c, at) => (c[table.numbers] as Int32Array)[at * width + offset]!];
  });
  return (c, i) => {
    const s = c[starts] as Uint32Array;
    const out: Record<string, unknown>[] = [];
    for (let at = s[i]!; at < s[i + 1]!; at++) out.push(readWith(subs, c, at));
    return out;
  };
}

function readWith(readers: [string, Read][], c: Stored, i: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, read] of readers) out[key] = read(c, i);
  return out;
}

const ITEM_READERS = readersOf(ITEM_FIELDS);

/** Item i as the item table reads it: the reference `materialize` is checked against. */
export function readItem(c: CacheColumns, i: number): CachedItem {
  return readWith(ITEM_READERS, c as unknown as Stored, i) as CachedItem;
}

/** Each name's position in its numbers column. */
function positions<N extends string>(names: readonly N[]): Readonly<Record<N, number>> {
  return Object.fromEntries(names.map((name, k) => [name, k])) as Record<N, number>;
}
const LEVEL = positions(LEVEL_FIELDS);
const LEVEL_WIDTH = LEVEL_FIELDS.length;
const LOT = positions(LOT_NUMBERS);
const LOT_WIDTH = LOT_NUMBERS.length;

/**
 * One item as a plain record (what lookups and search pages return). Written out by hand, not
 * walked from the item table as `readItem` does: this is the hot path of every lookup and search
 * page, and the table walk was about six times slower (100,000 records: 739 ms against 121 ms,
 * medians of 15 runs interleaved in one process). The numbers' positions still come from the
 * tables, and a unit test checks that both read the same records from random columns, so the two
 * cannot drift apart.
 */
export function materialize(c: CacheColumns, i: number): CachedItem {
  const flags = c.flags[i]!;
  const levels: CachedItem['levels'] = [];
  const n = c.levelNumbers;
  for (let l = c.levelStart[i]!; l < c.levelStart[i + 1]!; l++) {
    const at = l * LEVEL_WIDTH;
    levels.push({
      fcId: n[at + LEVEL.fcId]!,
      onHand: n[at + LEVEL.onHand]!,
      committed: n[at + LEVEL.committed]!,
      fulfillable: n[at + LEVEL.fulfillable]!,
      sellable: n[at + LEVEL.sellable]!,
      awaiting: n[at + LEVEL.awaiting]!,
      backordered: n[at + LEVEL.backordered]!,
      exception: n[at + LEVEL.exception]!,
      internalTransfer: n[at + LEVEL.internalTransfer]!,
    });
  }
  const lots: CachedItem['lots'] = [];
  for (let l = c.lotStart[i]!; l < c.lotStart[i + 1]!; l++) {
    const at = l * LOT_WIDTH;
    lots.push({
      lotNumber: entry(c.lotNumber, l),
      expiresAt: nullableEntry(c.lotExpiresAt, l),
      fcId: c.lotNumbers[at + LOT.fcId]!,
      onHand: c.lotNumbers[at + LOT.onHand]!,
      fulfillable: c.lotNumbers[at + LOT.fulfillable]!,
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
      lot: (flags & FLAG_BITS.lot) !== 0,
      digital: (flags & FLAG_BITS.digital) !== 0,
      bundle: (flags & FLAG_BITS.bundle) !== 0,
      case: (flags & FLAG_BITS.case) !== 0,
      active: (flags & FLAG_BITS.active) !== 0,
      hazmat: (flags & FLAG_BITS.hazmat) !== 0,
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

const u32 = z.instanceof(Uint32Array);
const Strings = z.object({ text: z.string(), ends: u32 });
const SCHEMAS = {
  f64: z.instanceof(Float64Array),
  i32: z.instanceof(Int32Array),
  u32,
  i16: z.instanceof(Int16Array),
  u8: z.instanceof(Uint8Array),
  text: Strings,
  nullableText: Strings.extend({ present: z.instanceof(Uint8Array) }),
  names: z.array(z.string()),
} as const;
/** Every column's type (the record columns' from the tables). */
const ColumnsShape = z.object({
  count: z.number().int().min(0),
  syncedAt: CacheSyncedAt,
  centers: z.array(CachedCenter),
  ...Object.fromEntries(FILE_COLUMNS.map((column) => [column.name, SCHEMAS[column.type]])),
  idOrder: u32,
  skuOrder: u32,
  gtinKeys: SCHEMAS.f64,
  gtinItems: u32,
  codeKeys: Strings,
  codeItems: u32,
  nameBlocks: SCHEMAS.u8,
  skuBlocks: SCHEMAS.u8,
});

/**
 * Checks that the columns fit together: types, every length against `count`, every offset column
 * ending where its column ends. The checksum already caught damage on disk and the format version a
 * layout change; this catches a writer bug or a forgotten version bump. `deep` also walks every
 * offset, permutation and sort order (for tests of the writer): it is left out of a load because in
 * a cold process those loops cost about 60 ms at 100,000 items, and a wrong offset can only give a
 * wrong answer (typed arrays do not read out of range, answers are schema-checked at IPC), never a
 * crash. The record columns' rules come from the tables (cache-columns.ts): `width` entries per item,
 * `count + 1` run starts spanning their run, whole sub-records in a run's numbers.
 */
export function checkColumns(value: unknown, { deep = false } = {}): CacheColumns {
  const c = ColumnsShape.parse(value) as unknown as CacheColumns;
  const stored = c as unknown as Stored;
  const n = c.count;
  const fail = (what: string): never => {
    throw new Error(`inventory cache columns: ${what}`);
  };
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
  const entries = (column: FileColumn, length: number) => {
    const v = stored[column.name];
    if (column.type === 'text' || column.type === 'nullableText') strings(column.name, v as StringColumn, length);
    else if (column.type !== 'names' && (v as ArrayLike<number>).length !== length)
      fail(`${column.name} has ${(v as ArrayLike<number>).length} entries, expected ${length}`);
  };
  const starts = (what: string, column: Uint32Array, total: number) => {
    if (column[0] !== 0 || column[n] !== total) fail(`${what} does not span its column`);
    for (let i = 0; deep && i < n; i++) if (column[i + 1]! < column[i]!) fail(`${what} goes backwards`);
  };
  for (const column of FILE_COLUMNS) {
    if (column.length.per === 'item') entries(column, n * column.length.width);
    else if (column.length.per === 'starts') entries(column, n + 1);
  }
  for (const run of FILE_COLUMNS.filter((column) => column.length.per === 'starts')) {
    const members = FILE_COLUMNS.filter((column) => column.length.per === 'run' && column.length.starts === run.name);
    // A run's length: its packed numbers' in whole sub-records, else its first column's entries.
    const numbers = members.find((column) => column.type === 'i32');
    let total: number;
    if (numbers && numbers.length.per === 'run') {
      const width = numbers.length.width;
      const length = (stored[numbers.name] as Int32Array).length;
      if (length % width !== 0) fail(`${numbers.name} is not whole ${numbers.length.plural}`);
      total = length / width;
    } else total = (stored[members[0]!.name] as StringColumn).ends.length;
    starts(run.name, stored[run.name] as Uint32Array, total);
    for (const column of members) if (column.length.per === 'run') entries(column, total * column.length.width);
  }
  if (c.idOrder.length !== n || c.skuOrder.length !== n) fail(`idOrder or skuOrder does not have ${n} entries`);
  if (c.gtinItems.length !== c.gtinKeys.length) fail('gtinItems and gtinKeys differ in length');
  strings('codeKeys', c.codeKeys, c.codeItems.length);
  const blockBytes = Math.ceil(n / BLOCK) * BLOCK_BYTES;
  if (c.nameBlocks.length !== blockBytes || c.skuBlocks.length !== blockBytes) fail('a search block bitmap has the wrong size');
  if (!deep) return c;

  for (const column of FILE_COLUMNS)
    if (column.unitIndex)
      for (const u of stored[column.name] as Int16Array) if (u >= c.units.length || u < -1) fail(`a unit index in ${column.name} is out of range`);
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
