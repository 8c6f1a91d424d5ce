import type { CachedItem } from '../../../shared/schemas/inventory-cache.js';
import type { StringColumn } from './search-text.js';

/**
 * The inventory cache's record columns, described once: one table per record kind (item, level,
 * lot), each field with its kind and the file column(s) it is stored in. The writer, the reader, the
 * load-time checks and the column types (cache-format.ts) all walk these tables, so a new field is one
 * line here (and one in the record schema) instead of a change in each of them.
 *
 * A field's kind says what the record holds and how the file stores it:
 *   number          a number per record, in a Float64Array
 *   nullableNumber  a number or null per record, in a Float64Array (NaN: null)
 *   int32           a 32-bit integer per record, packed with its record's other int32 fields in the
 *                   table's `numbers` column (record r's field k at `r * width + k`); half a double's
 *                   size, and a value that does not fit is refused when written
 *   string          a string per record, in a StringColumn (entries joined by NUL)
 *   nullableString  a string or null, in a NullableStringColumn (null: stored empty, marked absent)
 *   flags           booleans packed as bits of one byte, in field order (bit 0 first)
 *   measure         null or some numbers and a unit: the numbers in a Float64Array (`width` per
 *                   record), the unit as an Int16Array index into the cache's shared unit names (-1: null)
 *   strings         a list of strings per record: a Uint32Array of run starts (`n + 1` entries) and a
 *                   StringColumn of every record's strings in turn
 *   records         a list of sub-records per record: run starts, and the sub-table's columns
 *   group           an object of fields (a grouping in the record only; its fields are columns)
 *   nullableGroup   an object of nullable fields, or null when all of them are null
 *
 * The order of the fields is part of the file: the columns are written with v8.serialize, which keeps
 * an object's keys in insertion order, and the writer inserts them as the first format did: the items'
 * numbers (with run starts), then the items' text (the unit names with the first measure's), then each
 * run's own columns. Moving a field therefore changes the bytes written (the format fixture test says
 * so): bump CACHE_FORMAT_VERSION then.
 */

export interface NumberField<C extends string = string> {
  kind: 'number' | 'nullableNumber';
  column: C;
}
export interface Int32Field {
  kind: 'int32';
}
export interface StringField<C extends string = string> {
  kind: 'string' | 'nullableString';
  column: C;
}
export interface FlagsField<C extends string = string, N extends string = string> {
  kind: 'flags';
  column: C;
  names: readonly N[];
}
export interface MeasureField<C extends string = string, U extends string = string, N extends string = string> {
  kind: 'measure';
  column: C;
  unitColumn: U;
  numbers: readonly N[];
}
export interface StringsField<S extends string = string, C extends string = string> {
  kind: 'strings';
  starts: S;
  column: C;
}
export interface RecordsField<S extends string = string, T extends SubTable = SubTable> {
  kind: 'records';
  starts: S;
  /** Used in messages: "levelNumbers is not whole levels". */
  plural: string;
  table: T;
}
export interface GroupField<F extends Fields = Fields> {
  kind: 'group' | 'nullableGroup';
  fields: F;
}

export type Field = NumberField | Int32Field | StringField | FlagsField | MeasureField | StringsField | RecordsField | GroupField;
export type Fields = Readonly<Record<string, Field>>;
/** A sub-record's fields: flat, one entry per sub-record. */
export type SubFields = Readonly<Record<string, Int32Field | StringField>>;
export interface SubTable<F extends SubFields = SubFields, N extends string = string> {
  /** The Int32Array of the int32 fields. */
  numbers: N;
  /** Prefix of a field's name in a write error ("lot fcId"). */
  label: string;
  fields: F;
}

// ---------------------------------------------------------------- the tables

const int32 = { kind: 'int32' } as const satisfies Int32Field;
const str = <C extends string>(column: C) => ({ kind: 'string', column }) as const;
const nullableStr = <C extends string>(column: C) => ({ kind: 'nullableString', column }) as const;

/** One row per item and fulfillment center: the quantities there. */
export const LEVEL_TABLE = {
  numbers: 'levelNumbers',
  label: '',
  fields: {
    fcId: int32,
    onHand: int32,
    committed: int32,
    fulfillable: int32,
    sellable: int32,
    awaiting: int32,
    backordered: int32,
    exception: int32,
    internalTransfer: int32,
  },
} as const satisfies SubTable;

/** One row per item, lot and center. */
export const LOT_TABLE = {
  numbers: 'lotNumbers',
  label: 'lot ',
  fields: {
    lotNumber: str('lotNumber'),
    expiresAt: nullableStr('lotExpiresAt'),
    fcId: int32,
    onHand: int32,
    fulfillable: int32,
  },
} as const satisfies SubTable;

/** One row per item. `name` before `sku`: the order the first format wrote their columns in. */
export const ITEM_FIELDS = {
  inventoryId: { kind: 'number', column: 'inventoryId' },
  name: str('name'),
  sku: str('sku'),
  flags: { kind: 'flags', column: 'flags', names: ['lot', 'digital', 'bundle', 'case', 'active', 'hazmat'] },
  dimensions: { kind: 'measure', column: 'dims', unitColumn: 'dimUnit', numbers: ['length', 'width', 'height'] },
  weight: { kind: 'measure', column: 'weight', unitColumn: 'weightUnit', numbers: ['value'] },
  codes: {
    kind: 'group',
    fields: {
      inventoryBarcode: nullableStr('inventoryBarcode'),
      variantId: { kind: 'nullableNumber', column: 'variantId' },
      gtin: nullableStr('gtin'),
      upc: nullableStr('upc'),
      barcodes: { kind: 'strings', starts: 'barcodeStart', column: 'barcodes' },
      returnPreference: {
        kind: 'nullableGroup',
        fields: { primaryAction: nullableStr('returnPrimary'), backupAction: nullableStr('returnBackup'), instructions: nullableStr('returnInstructions') },
      },
    },
  },
  levels: { kind: 'records', starts: 'levelStart', plural: 'levels', table: LEVEL_TABLE },
  lots: { kind: 'records', starts: 'lotStart', plural: 'lots', table: LOT_TABLE },
} as const satisfies Fields;

/** The int32 fields of a sub-table, in their order in its numbers column. */
export function int32Fields<F extends SubFields>(table: SubTable<F>): (keyof F & string)[] {
  return Object.keys(table.fields).filter((k) => table.fields[k]!.kind === 'int32');
}

/** Numbers per level, in this order (`levelNumbers[level * LEVEL_FIELDS.length + k]`). */
export const LEVEL_FIELDS = int32Fields(LEVEL_TABLE) as readonly (keyof typeof LEVEL_TABLE.fields)[];
/** Numbers per lot, in this order (`lotNumbers[lot * LOT_NUMBERS.length + k]`). */
export const LOT_NUMBERS = int32Fields(LOT_TABLE) as readonly ('fcId' | 'onHand' | 'fulfillable')[];
/** The bit of each item flag in the `flags` column. */
export const FLAG_BITS = Object.fromEntries(ITEM_FIELDS.flags.names.map((name, k) => [name, 1 << k])) as Record<
  (typeof ITEM_FIELDS.flags.names)[number],
  number
>;

// ---------------------------------------------------------------- types derived from the tables

/** A NUL-joined string column whose entries may be null (`present[i] === 0`; the entry is then empty). */
export interface NullableStringColumn extends StringColumn {
  present: Uint8Array;
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The record value a field holds. */
export type ValueOf<F> = F extends { kind: 'number' | 'int32' }
  ? number
  : F extends { kind: 'nullableNumber' }
    ? number | null
    : F extends { kind: 'string' }
      ? string
      : F extends { kind: 'nullableString' }
        ? string | null
        : F extends { kind: 'flags'; names: readonly (infer N extends string)[] }
          ? { [K in N]: boolean }
          : F extends { kind: 'measure'; numbers: readonly (infer N extends string)[] }
            ? { [K in N | 'unit']: K extends 'unit' ? string : number } | null
            : F extends { kind: 'strings' }
              ? string[]
              : F extends { kind: 'records'; table: { fields: infer S } }
                ? RecordOf<S>[]
                : F extends { kind: 'group'; fields: infer G }
                  ? RecordOf<G>
                  : F extends { kind: 'nullableGroup'; fields: infer G }
                    ? RecordOf<G> | null
                    : never;
/** The record a table's fields make. */
export type RecordOf<F> = { -readonly [K in keyof F]: ValueOf<F[K]> };

/** The file columns a field is stored in, as one object type per field. */
type ColumnsOf<F, Numbers extends string> = F extends { kind: 'number' | 'nullableNumber'; column: infer C extends string }
  ? { [K in C]: Float64Array }
  : F extends { kind: 'int32' }
    ? { [K in Numbers]: Int32Array }
    : F extends { kind: 'string'; column: infer C extends string }
      ? { [K in C]: StringColumn }
      : F extends { kind: 'nullableString'; column: infer C extends string }
        ? { [K in C]: NullableStringColumn }
        : F extends { kind: 'flags'; column: infer C extends string }
          ? { [K in C]: Uint8Array }
          : F extends { kind: 'measure'; column: infer C extends string; unitColumn: infer U extends string }
            ? { [K in C]: Float64Array } & { [K in U]: Int16Array } & { units: string[] }
            : F extends { kind: 'strings'; starts: infer S extends string; column: infer C extends string }
              ? { [K in S]: Uint32Array } & { [K in C]: StringColumn }
              : F extends { kind: 'records'; starts: infer S extends string; table: { fields: infer T; numbers: infer N extends string } }
                ? { [K in S]: Uint32Array } & ColumnsOfFields<T, N>
                : F extends { kind: 'group' | 'nullableGroup'; fields: infer G }
                  ? ColumnsOfFields<G, Numbers>
                  : never;
type ColumnsOfFields<F, Numbers extends string> = UnionToIntersection<{ [K in keyof F]: ColumnsOf<F[K], Numbers> }[keyof F]>;

/** Every column the item table stores, with its type. */
export type RecordColumns = Simplify<ColumnsOfFields<typeof ITEM_FIELDS, never>>;

/** The item table makes exactly the shared record schema's item (checked by the compiler). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const itemTableMatchesSchema: Same<RecordOf<typeof ITEM_FIELDS>, CachedItem> = true;
void itemTableMatchesSchema;
