import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cacheCodec, checkColumns, inventoryCacheFile, toColumns } from '../../areas/inventory/core/cache-format.js';
import { foldText } from '../../areas/inventory/core/search-text.js';
import { CacheIndex } from '../../areas/inventory/core/cache-index.js';
import { CachedItem, SEARCH_COUNT_CAP, SEARCH_LIMIT_MAX, SearchPage, type InventoryCacheSnapshot } from '../../shared/schemas/inventory-cache.js';

const SYNCED = { items: '2026-11-21T10:00:00.000Z', levels: '2026-11-21T10:05:00.000Z', lots: '2026-11-21T10:06:00.000Z', codes: null };

function item(id: number, sku: string, name: string, codes: Partial<CachedItem['codes']> = {}, extra: Partial<CachedItem> = {}): CachedItem {
  return {
    inventoryId: id,
    sku,
    name,
    flags: { lot: false, digital: false, bundle: false, case: false, active: true, hazmat: false },
    dimensions: { length: 10, width: 5.5, height: 2, unit: 'in' },
    weight: { value: 12.25, unit: 'oz' },
    codes: { inventoryBarcode: null, variantId: null, gtin: null, upc: null, barcodes: [], returnPreference: null, ...codes },
    levels: [],
    lots: [],
    ...extra,
  };
}

const full = item(
  20001,
  'TEA-GRN-01',
  'Green Tea, 500 g',
  // The service stores the UPC-A 036000291452 as its EAN-13 form.
  {
    inventoryBarcode: '0036000291452',
    variantId: 800001,
    gtin: '0036000291452',
    upc: null,
    barcodes: ['0036000291452', 'BOX-TEA-7'],
    returnPreference: { primaryAction: 'Dispose', backupAction: 'Quarantine', instructions: 'Open seals: dispose.' },
  },
  {
    flags: { lot: true, digital: false, bundle: false, case: true, active: true, hazmat: true },
    levels: [
      { fcId: 11, onHand: 120, committed: 20, fulfillable: 95, sellable: 90, awaiting: 40, backordered: 3, exception: 5, internalTransfer: 2 },
      { fcId: 12, onHand: 0, committed: 0, fulfillable: 0, sellable: 0, awaiting: 0, backordered: 0, exception: 0, internalTransfer: 0 },
    ],
    lots: [
      { lotNumber: 'L-A1', expiresAt: '2027-01-31T00:00:00.000Z', fcId: 11, onHand: 70, fulfillable: 70 },
      { lotNumber: 'L-B2', expiresAt: null, fcId: 11, onHand: 50, fulfillable: 45 },
    ],
  },
);

const items: CachedItem[] = [
  full,
  item(20002, 'MUG-01', 'Mug', { upc: '012345678905' }),
  item(20003, 'MUG-02', 'Mug, large', { returnPreference: { primaryAction: 'Restock', backupAction: null, instructions: null } }),
  item(20004, 'CUP-9', 'Travel Mug'),
  item(20005, 'mug', 'Espresso Cup'), // SKU equal to the query: an exact match by SKU
  item(20006, 'BOWL-1', 'Bowl', { gtin: '96385074' }), // an EAN-8
  item(20007, 'PLATE-1', 'Crème Brûlée Dish'),
  item(20008, '20002', 'Numbered SKU'), // SKU equal to another item's inventory id
  item(20009, 'CASE-14', 'Case of tea', { gtin: '10036000291459' }), // a GTIN-14 (case of the tea above)
];
items[6] = { ...items[6]!, dimensions: null, weight: null };
const snapshot: InventoryCacheSnapshot = {
  items,
  centers: [
    { id: 11, name: 'Reno' },
    { id: 12, name: 'Dallas' },
  ],
  syncedAt: SYNCED,
};
const index = CacheIndex.fromSnapshot(snapshot);
const ids = (r: { matches: { item: CachedItem }[] }) => r.matches.map((m) => m.item.inventoryId);

describe('CacheIndex.lookup: exact, by any code', () => {
  it('by inventory id, with every field of the record and the sync times', () => {
    const r = index.lookup('20001');
    expect(r.matches).toEqual([{ item: full, matchedBy: ['inventoryId'] }]);
    expect(r.syncedAt).toEqual(SYNCED);
  });

  it('by SKU, whatever the case and surrounding spaces', () => {
    expect(ids(index.lookup('tea-grn-01'))).toEqual([20001]);
    expect(ids(index.lookup('  TEA-GRN-01 '))).toEqual([20001]);
    expect(index.lookup('Tea-Grn-01').matches[0]!.matchedBy).toEqual(['sku']);
  });

  it('a UPC-A finds the item the service stores by its EAN-13 form, and the other way round', () => {
    expect(index.lookup('036000291452').matches).toEqual([{ item: full, matchedBy: ['gtin'] }]);
    expect(ids(index.lookup('0036000291452'))).toEqual([20001]);
    expect(ids(index.lookup('00036000291452'))).toEqual([20001]); // the GTIN-14 form
    expect(ids(index.lookup('0012345678905'))).toEqual([20002]); // stored as UPC-A, scanned as EAN-13
  });

  it('by EAN-8 and by GTIN-14', () => {
    expect(ids(index.lookup('96385074'))).toEqual([20006]);
    expect(ids(index.lookup('10036000291459'))).toEqual([20009]);
  });

  it('by a barcode that is not a GTIN, case-insensitive', () => {
    expect(index.lookup('box-tea-7').matches).toEqual([{ item: full, matchedBy: ['barcode'] }]);
  });

  it('a GTIN with a wrong check digit matches nothing (not a near miss)', () => {
    expect(index.lookup('036000291453').matches).toEqual([]);
  });

  it('one code that belongs to several items returns all of them, each saying how it matched', () => {
    const r = index.lookup('20002');
    expect(r.matches.map((m) => [m.item.inventoryId, m.matchedBy])).toEqual(
      expect.arrayContaining([
        [20002, ['inventoryId']],
        [20008, ['sku']],
      ]),
    );
    expect(r.matches).toHaveLength(2);
  });

  it('unknown, empty and blank codes match nothing', () => {
    for (const code of ['nope', '', '   ', '99999']) expect(index.lookup(code).matches).toEqual([]);
  });
});

describe('CacheIndex.search: ranked, paged, case-insensitive', () => {
  const search = (text: string, offset = 0, limit = 50) => index.search({ q: text, offset, limit });
  const rows = (p: SearchPage) => p.hits.map((h) => [h.item.inventoryId, h.rank, h.field]);

  it('ranks exact, then prefix, then substring; alphabetical within a rank', () => {
    const p = search('mug');
    expect(rows(p)).toEqual([
      [20005, 'exact', 'sku'], // SKU "mug" ("Espresso Cup" sorts before "Mug")
      [20002, 'exact', 'name'], // "Mug"
      [20003, 'prefix', 'name'], // "Mug, large" (its SKU MUG-02 is a prefix too; name wins the tie)
      [20004, 'substring', 'name'], // "Travel Mug"
    ]);
    expect(p).toMatchObject({ total: 4, totalCapped: false, syncedAt: SYNCED });
  });

  it('is case-insensitive and accent-insensitive', () => {
    expect(rows(search('MUG'))).toEqual(rows(search('mug')));
    expect(search('creme brulee').hits.map((h) => h.item.name)).toEqual(['Crème Brûlée Dish']);
    expect(search('BRÛLÉE').total).toBe(1);
  });

  it('finds by SKU fragments', () => {
    expect(rows(search('grn'))).toEqual([[20001, 'substring', 'sku']]);
    expect(rows(search('tea-'))).toEqual([[20001, 'prefix', 'sku']]);
  });

  it('an item matching in both fields takes its better rank once', () => {
    // "Case of tea": name prefix "case"; SKU "CASE-14" prefix too: one row.
    expect(rows(search('case'))).toEqual([[20009, 'prefix', 'name']]);
  });

  it('pages through the ranked list without gaps or repeats, and past the end is empty', () => {
    const all = rows(search('e', 0, 50));
    expect(all.length).toBeGreaterThan(4);
    const paged = [...rows(search('e', 0, 2)), ...rows(search('e', 2, 2)), ...rows(search('e', 4, 50))];
    expect(paged).toEqual(all);
    const past = search('e', all.length, 10);
    expect(past.hits).toEqual([]);
    expect(past.total).toBe(all.length);
  });

  it('refuses a page size over the limit and a negative offset, and answers a blank query with nothing', () => {
    expect(() => search('mug', 0, SEARCH_LIMIT_MAX + 1)).toThrow();
    expect(() => search('mug', -1, 10)).toThrow();
    expect(() => search('mug', 0, 0)).toThrow();
    expect(search('   ')).toMatchObject({ total: 0, hits: [] });
  });

  it('answers within the IPC schema', () => {
    expect(() => SearchPage.parse(search('mug'))).not.toThrow();
  });
});

describe('search at scale: counting stops at the cap, ranking still holds', () => {
  // 3,000 items whose names all contain "blue"; ten of them start with it, one is exactly "Blue".
  const many: CachedItem[] = [];
  for (let i = 0; i < 3000; i++)
    many.push(item(1_000 + i, `SKU-${String(i).padStart(5, '0')}`, `${i < 10 ? 'Blue' : 'Navy blue'} thing ${String(i).padStart(5, '0')}`));
  many.push(item(9_999, 'B-1', 'Blue'));
  const big = CacheIndex.fromSnapshot({ items: many, centers: [], syncedAt: SYNCED });

  it('exact and prefix matches always come first, even when the substring matches are capped', () => {
    const p = big.search({ q: 'blue', offset: 0, limit: 12 });
    expect(p.hits.map((h) => h.rank)).toEqual(['exact', ...Array(10).fill('prefix'), 'substring']);
    expect(p.total).toBe(11 + SEARCH_COUNT_CAP);
    expect(p.totalCapped).toBe(true);
  });

  it('pages beyond the cap still find the next matches in order', () => {
    const p = big.search({ q: 'navy', offset: 1990, limit: 20 });
    expect(p.hits.map((h) => h.item.sku)).toEqual(Array.from({ length: 20 }, (_, k) => `SKU-${String(10 + 1990 + k).padStart(5, '0')}`));
  });

  it('a precise query is counted exactly', () => {
    expect(big.search({ q: 'thing 01234', offset: 0, limit: 5 })).toMatchObject({ total: 1, totalCapped: false });
  });
});

describe('the cache file', () => {
  it('round-trips every record through the file and indexes it the same', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dockdesk-cache-'));
    try {
      const file = inventoryCacheFile(join(dir, 'inventory.cache'));
      await file.write(toColumns(snapshot));
      const read = await inventoryCacheFile(join(dir, 'inventory.cache')).read();
      expect(read.problems).toEqual([]);
      const loaded = new CacheIndex(read.value!);
      const byId = (list: CachedItem[]) => [...list].sort((a, b) => a.inventoryId - b.inventoryId);
      expect(byId([...loaded.items()])).toEqual(byId(items));
      expect(loaded.centers).toEqual(snapshot.centers);
      expect(ids(loaded.lookup('036000291452'))).toEqual([20001]);
      for (const it of loaded.items()) expect(() => CachedItem.parse(it)).not.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a corrupt cache file is reported once and falls back to the previous generation', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dockdesk-cache-'));
    try {
      const path = join(dir, 'inventory.cache');
      await inventoryCacheFile(path).write(toColumns({ ...snapshot, items: items.slice(0, 3) }));
      await inventoryCacheFile(path).write(toColumns(snapshot));
      const bytes = await readFile(path);
      bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff;
      await writeFile(path, bytes);
      const r = await inventoryCacheFile(path).read();
      expect(r.problems).toMatchObject([{ kind: 'corrupt', generation: 'current' }]);
      expect(new CacheIndex(r.value!).size).toBe(3);
      expect((await inventoryCacheFile(path).read()).problems).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('columns that disagree with each other are refused on decode (a writer bug, not a crash later)', () => {
    const c = toColumns(snapshot);
    expect(() => checkColumns({ ...c, count: c.count + 1 })).toThrow(/entries, expected/);
    expect(() => checkColumns({ ...c, name: { ...c.name, text: `${c.name.text}x` } })).toThrow(/do not end at its text's end/);
    expect(() => checkColumns({ ...c, nameBlocks: new Uint8Array(3) })).toThrow(/bitmap/);
    // The writer's output passes the deep checks; they catch what a shallow check on load does not.
    expect(checkColumns(c, { deep: true }).count).toBe(items.length);
    expect(() => checkColumns({ ...c, gtinItems: Uint32Array.from(c.gtinItems, () => 999) }, { deep: true })).toThrow(/past the last item/);
    expect(() => checkColumns({ ...c, idOrder: new Uint32Array(c.count) }, { deep: true })).toThrow(/permutation/);
    expect(() => cacheCodec.decode(v8.serialize({ hello: 'world' }))).toThrow();
    expect(checkColumns(cacheCodec.decode(Buffer.from(cacheCodec.encode(c)))).count).toBe(items.length);
  });

  it('refuses a quantity that does not fit the file with a message naming the item', () => {
    const bad = item(
      5,
      'BAD-1',
      'Bad',
      {},
      { levels: [{ fcId: 1, onHand: 2 ** 40, committed: 0, fulfillable: 0, sellable: 0, awaiting: 0, backordered: 0, exception: 0, internalTransfer: 0 }] },
    );
    expect(() => toColumns({ ...snapshot, items: [bad] })).toThrow(/Item 5 \(BAD-1\): onHand/);
  });

  it('an empty index answers lookups and searches with nothing', () => {
    const empty = CacheIndex.empty();
    expect(empty.size).toBe(0);
    expect(empty.lookup('036000291452').matches).toEqual([]);
    expect(empty.search({ q: 'mug', offset: 0, limit: 10 })).toMatchObject({ total: 0, hits: [] });
  });
});

describe('search against a plain reference, on random catalogs spanning several scan blocks', () => {
  /** The rule, written the slow and obvious way: best rank per item, name wins ties, then display order. */
  function reference(list: CachedItem[], text: string): [number, string, string][] {
    const q = foldText(text.trim());
    const rankOf = (field: string) => (field === q ? 0 : field.startsWith(q) ? 1 : field.includes(q) ? 2 : 3);
    const key = (it: CachedItem) => `${foldText(it.name)}\u0000${foldText(it.sku)}`;
    const sorted = [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.inventoryId - b.inventoryId));
    const rows = sorted.flatMap((it, position) => {
      const byName = rankOf(foldText(it.name));
      const bySku = rankOf(foldText(it.sku));
      const best = Math.min(byName, bySku);
      return q === '' || best === 3
        ? []
        : [{ position, best, row: [it.inventoryId, ['exact', 'prefix', 'substring'][best]!, byName <= bySku ? 'name' : 'sku'] as [number, string, string] }];
    });
    return rows.sort((a, b) => a.best - b.best || a.position - b.position).map((r) => r.row);
  }

  it('gives the same ranked rows and total as the reference', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'A', 'é', ' ', '-'), minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, word), { minLength: 1, maxLength: 300, size: 'max' }),
        word,
        fc.integer({ min: 1, max: 150 }),
        (pairs, query, limit) => {
          const list = pairs.map(([name, sku], i) => item(i + 1, sku, name));
          const idx = CacheIndex.fromSnapshot({ items: list, centers: [], syncedAt: SYNCED });
          const expected = reference(list, query);
          const got: [number, string, string][] = [];
          for (let offset = 0; offset <= expected.length; offset += limit) {
            const page = idx.search({ q: query, offset, limit });
            expect(page.total).toBe(expected.length);
            got.push(...page.hits.map((h) => [h.item.inventoryId, h.rank, h.field] as [number, string, string]));
          }
          expect(got).toEqual(expected);
          // Exact lookup by SKU finds exactly the items whose folded SKU equals the code's.
          const sku = pairs[0]![1];
          if (sku.trim() === sku && sku !== '') {
            const want = list
              .filter((it) => foldText(it.sku) === foldText(sku))
              .map((it) => it.inventoryId)
              .sort((a, b) => a - b);
            expect(
              idx
                .lookup(sku)
                .matches.filter((m) => m.matchedBy.includes('sku'))
                .map((m) => m.item.inventoryId)
                .sort((a, b) => a - b),
            ).toEqual(want);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
