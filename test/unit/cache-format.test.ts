import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CACHE_FILE_KIND,
  CACHE_FORMAT_VERSION,
  cacheCodec,
  checkColumns,
  inventoryCacheFile,
  materialize,
  readItem,
  toColumns,
  type CacheColumns,
} from '../../areas/inventory/core/cache-format.js';
import { DurableFile } from '../../electron/core/data/durable-file.js';
import { CachedItem, type InventoryCacheSnapshot } from '../../shared/schemas/inventory-cache.js';
import { V2_SNAPSHOT } from '../fixtures/inventory-cache/v2-snapshot.js';

/**
 * The cache file's payload format: what a desk wrote must load after an update, and a desk must
 * write the bytes the previous one did for the same records (a cache file is never migrated, so a
 * silent change would either drop every desk's cache or, worse, misread it). The fixture v2.ddf was
 * written by the format-2 writer from V2_SNAPSHOT.
 */
const FIXTURE = new URL('../fixtures/inventory-cache/v2.ddf', import.meta.url);
/** DurableFile's header before the kind (durable-file.ts). */
const HEADER = 64;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dockdesk-cache-format-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const byId = (list: readonly CachedItem[]) => [...list].sort((a, b) => a.inventoryId - b.inventoryId);
const records = (c: CacheColumns) => Array.from({ length: c.count }, (_, i) => materialize(c, i));
const payloadOf = (file: Buffer) => file.subarray(HEADER + file.readUInt16LE(10));

describe('the format-2 fixture', () => {
  it('is written again byte for byte from the snapshot it was made from', async () => {
    const file = await readFile(FIXTURE);
    expect(file.readUInt32LE(12)).toBe(CACHE_FORMAT_VERSION);
    expect(file.subarray(HEADER, HEADER + file.readUInt16LE(10)).toString('latin1')).toBe(CACHE_FILE_KIND);
    const written = Buffer.from(cacheCodec.encode(toColumns(V2_SNAPSHOT)));
    expect(written.equals(payloadOf(file))).toBe(true);
  });

  it('loads from disk as the records, centers and sync times it was made from', async () => {
    const path = join(dir, 'inventory.cache');
    await copyFile(FIXTURE, path);
    const read = await inventoryCacheFile(path).read();
    expect(read.problems).toEqual([]);
    const c = read.value!;
    expect(byId(records(c))).toEqual(byId(V2_SNAPSHOT.items));
    expect(c.centers).toEqual(V2_SNAPSHOT.centers);
    expect(c.syncedAt).toEqual(V2_SNAPSHOT.syncedAt);
    expect(checkColumns(c, { deep: true }).count).toBe(V2_SNAPSHOT.items.length);
  });
});

// ---------------------------------------------------------------- random records

const int32 = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
/** Text without NUL (a NUL is the one character the columns change: see below). */
const text = fc
  .string({
    unit: fc.oneof(fc.constantFrom('a', 'B', '0', '-', ' ', 'é', 'ß', 'ﬁ', '😀'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
    maxLength: 12,
  })
  .map((s) => s.replaceAll('\u0000', ''));
const nullableText = fc.option(text, { nil: null });
const level = fc.record({
  fcId: int32,
  onHand: int32,
  committed: int32,
  fulfillable: int32,
  sellable: int32,
  awaiting: int32,
  backordered: int32,
  exception: int32,
  internalTransfer: int32,
});
const lot = fc.record({
  lotNumber: text,
  expiresAt: fc.option(fc.constantFrom('2027-01-31T00:00:00.000Z', '2026-12-01T12:30:00.000Z'), { nil: null }),
  fcId: int32,
  onHand: int32,
  fulfillable: int32,
});
const unit = fc.constantFrom('in', 'cm', 'oz', 'lb', '', 'ünit');
const size = fc.double({ noNaN: true, noDefaultInfinity: true });
const preference = fc
  .record({ primaryAction: nullableText, backupAction: nullableText, instructions: nullableText })
  .map((p) => (p.primaryAction === null && p.backupAction === null && p.instructions === null ? null : p));
const code = fc.option(fc.oneof(text, fc.constantFrom('0036000291452', '036000291452', '96385074', '10036000291459')), { nil: null });
const itemBody = fc.record({
  sku: text,
  name: text,
  flags: fc.record({ lot: fc.boolean(), digital: fc.boolean(), bundle: fc.boolean(), case: fc.boolean(), active: fc.boolean(), hazmat: fc.boolean() }),
  dimensions: fc.option(fc.record({ length: size, width: size, height: size, unit }), { nil: null }),
  weight: fc.option(fc.record({ value: size, unit }), { nil: null }),
  codes: fc.record({
    inventoryBarcode: code,
    variantId: fc.option(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), { nil: null }),
    gtin: code,
    upc: code,
    barcodes: fc.array(
      fc.oneof(
        text,
        code.map((c) => c ?? ''),
      ),
      { maxLength: 3 },
    ),
    returnPreference: preference,
  }),
  levels: fc.array(level, { maxLength: 3 }),
  lots: fc.array(lot, { maxLength: 3 }),
});
/** Items with distinct inventory ids (as the sync makes them). */
const arbitraryItems = (maxLength = 40) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), { maxLength })
    .chain((ids) => fc.tuple(fc.constant(ids), fc.array(itemBody, { minLength: ids.length, maxLength: ids.length })))
    .map(([ids, bodies]): CachedItem[] => ids.map((inventoryId, k) => ({ inventoryId, ...bodies[k]! })));

const snapshotOf = (items: CachedItem[]): InventoryCacheSnapshot => ({ items, centers: V2_SNAPSHOT.centers, syncedAt: V2_SNAPSHOT.syncedAt });
const throughFile = (items: CachedItem[]) => cacheCodec.decode(Buffer.from(cacheCodec.encode(toColumns(snapshotOf(items)))));

describe('columns round trip', () => {
  it('every record comes back as it went in, through the file encoding', () => {
    fc.assert(
      fc.property(arbitraryItems(), (items) => {
        const c = throughFile(items);
        expect(checkColumns(c, { deep: true }).count).toBe(items.length);
        const back = records(c);
        expect(byId(back)).toEqual(byId(items));
        for (const it of back) CachedItem.parse(it);
      }),
      { numRuns: 200 },
    );
  });

  it('the same records in another order write the same bytes (display order, not arrival order)', () => {
    fc.assert(
      fc.property(
        arbitraryItems(20).chain((items) => fc.tuple(fc.constant(items), fc.shuffledSubarray(items, { minLength: items.length }))),
        ([items, shuffled]) => {
          const bytes = (list: CachedItem[]) => Buffer.from(cacheCodec.encode(toColumns(snapshotOf(list))));
          expect(bytes(shuffled).equals(bytes(items))).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('a NUL inside a value comes back as U+FFFD (NUL separates the entries of a column)', () => {
    const [item] = V2_SNAPSHOT.items;
    const c = throughFile([{ ...item!, name: 'a\u0000b', codes: { ...item!.codes, barcodes: ['x\u0000'] } }]);
    expect(materialize(c, 0)).toMatchObject({ name: 'a\ufffdb', codes: { barcodes: ['x\ufffd'] } });
  });

  it('an empty cache round-trips', () => {
    const c = throughFile([]);
    expect(c.count).toBe(0);
    expect(c.centers).toEqual(V2_SNAPSHOT.centers);
  });
});

describe('the hand-written record reader', () => {
  it('reads the same records as the item table does, for random columns', () => {
    fc.assert(
      fc.property(arbitraryItems(), (items) => {
        const c = throughFile(items);
        for (let i = 0; i < c.count; i++) expect(materialize(c, i)).toEqual(readItem(c, i));
      }),
      { numRuns: 200 },
    );
    const fixture = toColumns(V2_SNAPSHOT);
    for (let i = 0; i < fixture.count; i++) expect(materialize(fixture, i)).toEqual(readItem(fixture, i));
  });
});

describe('damaged columns are refused with an error naming the column', () => {
  const good = () => toColumns(V2_SNAPSHOT);
  const decodeOf = (value: unknown) => () => cacheCodec.decode(v8.serialize(value));

  it('a truncated number column', () => {
    const c = good();
    expect(decodeOf({ ...c, levelNumbers: c.levelNumbers.slice(0, -1) })).toThrow(/inventory cache columns: levelNumbers/);
    expect(decodeOf({ ...c, weight: c.weight.slice(0, -1) })).toThrow(/inventory cache columns: weight has 4 entries, expected 5/);
    expect(decodeOf({ ...c, lotStart: c.lotStart.slice(0, -1) })).toThrow(/inventory cache columns: lotStart/);
  });

  it('a truncated text column', () => {
    const c = good();
    expect(decodeOf({ ...c, sku: { ...c.sku, text: c.sku.text.slice(0, -1) } })).toThrow(/inventory cache columns: sku offsets do not end at its text's end/);
    expect(decodeOf({ ...c, gtin: { ...c.gtin, present: c.gtin.present.slice(1) } })).toThrow(/inventory cache columns: gtin presence/);
  });

  it('every stored column: missing, or one entry short, is refused', () => {
    const c = good() as unknown as Record<string, unknown>;
    const columns = Object.keys(c).filter((name) => !['count', 'syncedAt', 'centers', 'units'].includes(name));
    expect(columns.length).toBeGreaterThan(30);
    for (const name of columns) {
      const { [name]: _, ...without } = c;
      expect(decodeOf(without), `${name} missing`).toThrow(name);
      const v = c[name];
      const short = ArrayBuffer.isView(v) ? (v as Uint8Array).slice(0, -1) : { ...(v as { text: string }), text: (v as { text: string }).text.slice(0, -1) };
      expect(decodeOf({ ...c, [name]: short }), `${name} one entry short`).toThrow(/inventory cache columns/);
    }
  });

  it('a column of the wrong type or missing', () => {
    const c = good();
    expect(decodeOf({ ...c, levelNumbers: Float64Array.from(c.levelNumbers) })).toThrow(/levelNumbers/);
    const { upc: _, ...withoutUpc } = c;
    expect(decodeOf(withoutUpc)).toThrow(/upc/);
  });

  it('a cache file holding such columns reads as invalid and nothing (a resync follows), not as wrong records', async () => {
    const path = join(dir, 'inventory.cache');
    const c = good();
    const raw = new DurableFile<Uint8Array>({
      path,
      kind: CACHE_FILE_KIND,
      version: CACHE_FORMAT_VERSION,
      codec: { encode: (bytes) => bytes, decode: (bytes) => bytes },
    });
    await raw.write(v8.serialize({ ...c, lotNumbers: c.lotNumbers.slice(0, 3) }));
    const read = await inventoryCacheFile(path).read();
    expect(read.value).toBeNull();
    expect(read.problems).toMatchObject([{ generation: 'current', kind: 'invalid' }]);
  });
});
