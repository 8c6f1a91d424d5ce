import { normalizeGtin } from '../../../shared/scan/codes.js';
import {
  SEARCH_COUNT_CAP,
  SearchQuery,
  type CacheSyncedAt,
  type CachedCenter,
  type CachedItem,
  type CodeKind,
  type InventoryCacheSnapshot,
  type LookupMatch,
  type LookupResult,
  type SearchHit,
  type SearchPage,
  type SearchRank,
} from '../../../shared/schemas/inventory-cache.js';
import { materialize, toColumns, type CacheColumns } from './cache-format.js';
import { BLOCK, blockFilter, foldColumn, foldText, type FoldedColumns, type StringColumn } from './search-text.js';

/**
 * The in-memory index over the offline inventory cache. Synchronous, read-only, and cheap
 * to build (the exact-lookup indexes come sorted in the file; only the search text is folded here):
 * a sync builds a new snapshot, writes it, and swaps in a new index.
 *
 *   const { value, problems } = await inventoryCacheFile(path).read();  // problems: surface once
 *   let index = value ? new CacheIndex(value) : CacheIndex.empty();     // empty: resync needed
 *   index.lookup('036000291452');                         // exact: any code, GTINs compared as GTIN-14
 *   index.search({ text: 'oat', offset: 0, limit: 50 });  // ranked exact, prefix, substring; paged
 *   // after a sync: const columns = toColumns(snapshot); await file.write(columns); index = new CacheIndex(columns);
 *
 * Both answers carry `syncedAt` (per part of the cache) for the "as of" the UI shows, and are shaped
 * by shared/schemas/inventory-cache.ts so an IPC channel can pass them through unchanged.
 *
 * Exact lookup (`lookup`, about 3 µs at 100,000 items): inventory id; SKU (case- and
 * accent-insensitive); GTIN-8/12/13/14 from the inventory barcode and the variant's GTIN, UPC and
 * barcodes, normalised to GTIN-14 with `normalizeGtin`, so a UPC-A and its EAN-13 form are the same
 * key; any other barcode value (case-insensitive). A GS1 element string is the caller's to parse
 * (shared/scan/gs1.ts `parseGs1`), then look up its GTIN (AI 01). One code may match several items
 * (a SKU equal to another item's inventory id); all are returned, in display order, each with what
 * it matched by.
 *
 * Search (`search`): substring search of name and SKU, case- and accent-insensitive ("creme" finds
 * "Crème"), ranked exact, then prefix, then substring, each rank in display order (name, then SKU);
 * an item matching in both fields appears once, with its better rank (name wins a tie). Only the
 * requested page becomes records. Exact and prefix matches are binary searches (names are stored in
 * display order, SKUs with a sorted permutation) and are always counted in full; substring matches
 * are scanned for and counted up to SEARCH_COUNT_CAP past the page (`totalCapped`), so a one-letter
 * query costs about what a precise one does. A blank query matches nothing.
 */
export class CacheIndex {
  private readonly nameHay: Haystack;
  private readonly skuHay: Haystack;
  /** Scratch for one search: each item's SKU rank (NONE, EXACT, PREFIX); cleared before the search returns. */
  private readonly skuRank: Uint8Array;

  static empty(): CacheIndex {
    return new CacheIndex(toColumns({ items: [], centers: [], syncedAt: { items: null, levels: null, lots: null, codes: null } }));
  }

  /** For a sync that has records in hand (and for tests). */
  static fromSnapshot(snapshot: InventoryCacheSnapshot): CacheIndex {
    return new CacheIndex(toColumns(snapshot));
  }

  /**
   * `columns` come from `toColumns` or a decoded cache file (checked by `checkColumns`). `folded`:
   * `foldColumn` of the name and SKU columns when already made (a sync folds them in its worker
   * thread: at 100,000 items folding here held the event loop for tens of milliseconds).
   */
  constructor(
    readonly columns: CacheColumns,
    folded: FoldedColumns | null = null,
  ) {
    this.nameHay = { ...(folded?.name ?? foldColumn(columns.name, columns.count)), blocks: columns.nameBlocks };
    this.skuHay = { ...(folded?.sku ?? foldColumn(columns.sku, columns.count)), blocks: columns.skuBlocks };
    this.skuRank = new Uint8Array(columns.count);
  }

  get size(): number {
    return this.columns.count;
  }

  get syncedAt(): CacheSyncedAt {
    return this.columns.syncedAt;
  }

  get centers(): CachedCenter[] {
    return this.columns.centers;
  }

  /** Item at display position i (0 <= i < size). */
  item(i: number): CachedItem {
    if (!Number.isInteger(i) || i < 0 || i >= this.columns.count) throw new RangeError(`No cached item at ${i}.`);
    return materialize(this.columns, i);
  }

  /** Every item in display order, one record at a time (for a sync merging a refresh into the snapshot). */
  *items(): Generator<CachedItem> {
    for (let i = 0; i < this.columns.count; i++) yield materialize(this.columns, i);
  }

  lookup(code: string): LookupResult {
    const c = this.columns;
    const text = code.trim();
    const found = new Map<number, CodeKind[]>();
    const note = (i: number, kind: CodeKind) => {
      const kinds = found.get(i);
      if (!kinds) found.set(i, [kind]);
      else if (!kinds.includes(kind)) kinds.push(kind);
    };
    if (text !== '') {
      if (/^\d{1,15}$/.test(text)) {
        const id = Number(text);
        for (let k = lowerBound(c.count, (k) => c.inventoryId[c.idOrder[k]!]! < id); k < c.count && c.inventoryId[c.idOrder[k]!] === id; k++)
          note(c.idOrder[k]!, 'inventoryId');
      }
      const folded = foldText(text.replaceAll('\u0000', '\ufffd'));
      const sku = this.skuHay;
      for (
        let k = lowerBound(c.count, (k) => compareEntry(sku.text, sku.ends, c.skuOrder[k]!, folded) < 0);
        k < c.count && compareEntry(sku.text, sku.ends, c.skuOrder[k]!, folded) === 0;
        k++
      ) {
        note(c.skuOrder[k]!, 'sku');
      }
      const gtin = normalizeGtin(text);
      if (gtin !== null) {
        const key = Number(gtin);
        for (let k = lowerBound(c.gtinKeys.length, (k) => c.gtinKeys[k]! < key); k < c.gtinKeys.length && c.gtinKeys[k] === key; k++)
          note(c.gtinItems[k]!, 'gtin');
      } else {
        const keys = c.codeKeys;
        const m = c.codeItems.length;
        for (let k = lowerBound(m, (k) => compareEntry(keys.text, keys.ends, k, folded) < 0); k < m && compareEntry(keys.text, keys.ends, k, folded) === 0; k++)
          note(c.codeItems[k]!, 'barcode');
      }
    }
    const matches: LookupMatch[] = [...found.keys()].sort((a, b) => a - b).map((i) => ({ item: materialize(c, i), matchedBy: found.get(i)! }));
    return { code, matches, syncedAt: c.syncedAt };
  }

  search(query: SearchQuery): SearchPage {
    const { q: words, offset, limit } = SearchQuery.parse(query);
    const c = this.columns;
    const n = c.count;
    const q = foldText(words.trim()).replaceAll('\u0000', '');
    const page: SearchPage = { q: words, total: 0, totalCapped: false, offset, limit, hits: [], syncedAt: c.syncedAt };
    if (q === '') return page;

    // Exact and prefix matches are runs in a sorted order: names in display order, SKUs in skuOrder.
    const names = this.nameHay;
    const skus = this.skuHay;
    const nameAt = (k: number) => compareEntry(names.text, names.ends, k, q);
    const skuAt = (k: number) => compareEntry(skus.text, skus.ends, c.skuOrder[k]!, q);
    const nLo = lowerBound(n, (k) => nameAt(k) < 0);
    const nEx = lowerBound(n, (k) => nameAt(k) <= 0);
    const nHi = lowerBound(n, (k) => nameAt(k) < 0 || startsWithAt(names, k, q));
    const sLo = lowerBound(n, (k) => skuAt(k) < 0);
    const sEx = lowerBound(n, (k) => skuAt(k) <= 0);
    const sHi = lowerBound(n, (k) => skuAt(k) < 0 || startsWithAt(skus, c.skuOrder[k]!, q));

    // Hits are packed as position * 2 + field (0 name, 1 SKU), so sorting them sorts by display order.
    const exact: number[] = [];
    const prefix: number[] = [];
    for (let k = nLo; k < nEx; k++) exact.push(k * 2);
    const skuRank = this.skuRank;
    for (let k = sLo; k < sHi; k++) skuRank[c.skuOrder[k]!] = k < sEx ? EXACT : PREFIX;
    for (let k = sLo; k < sEx; k++) {
      const i = c.skuOrder[k]!;
      if (i < nLo || i >= nEx) exact.push(i * 2 + 1);
    }
    for (let k = nEx; k < nHi; k++) if (skuRank[k] !== EXACT) prefix.push(k * 2);
    for (let k = sEx; k < sHi; k++) {
      const i = c.skuOrder[k]!;
      if (i < nLo || i >= nHi) prefix.push(i * 2 + 1);
    }
    const exactSorted = sLo < sEx ? Uint32Array.from(exact).sort() : exact;
    const prefixSorted = sEx < sHi ? Uint32Array.from(prefix).sort() : prefix;

    // Substring matches: scan both fields in display order, skipping items already ranked above, and
    // stop once the page is filled and SEARCH_COUNT_CAP are counted.
    const before = exactSorted.length + prefixSorted.length;
    const wantEnd = Math.max(0, offset + limit - before);
    const substring: number[] = [];
    let counted = 0;
    const nameScan = scanner(names, q, nLo, nHi);
    const skuScan = scanner(skus, q, 0, 0);
    let a = nameScan();
    let b = skuScan();
    // Hits looked at once the page is filled: counting further matches (which may all turn out to be
    // ranked above, SKU prefixes being scattered in display order) must not cost more than the page.
    let looked = 0;
    while (a >= 0 || b >= 0) {
      if (counted >= wantEnd && (counted >= SEARCH_COUNT_CAP || looked >= SEARCH_COUNT_CAP)) {
        page.totalCapped = true;
        break;
      }
      if (counted >= wantEnd) looked++;
      let packed: number;
      if (b < 0 || (a >= 0 && a <= b)) {
        packed = a * 2;
        if (a === b) b = skuScan();
        a = nameScan();
      } else {
        packed = b * 2 + 1;
        b = skuScan();
      }
      const i = packed >> 1;
      if ((i >= nLo && i < nHi) || skuRank[i] !== NONE) continue;
      if (counted < wantEnd) substring.push(packed);
      counted++;
    }
    for (let k = sLo; k < sHi; k++) skuRank[c.skuOrder[k]!] = NONE;

    page.total = before + counted;
    fillPage(c, page, [exactSorted, prefixSorted, substring]);
    return page;
  }
}

/** The page's hits: the ranked buckets (exact, prefix, substring) read in order from the page's offset. */
function fillPage(c: CacheColumns, page: SearchPage, buckets: readonly (ArrayLike<number> & Iterable<number>)[]): void {
  let skip = page.offset;
  for (let r = 0; r < buckets.length && page.hits.length < page.limit; r++) {
    const bucket = buckets[r]!;
    if (skip >= bucket.length) {
      skip -= bucket.length;
      continue;
    }
    for (let k = skip; k < bucket.length && page.hits.length < page.limit; k++) {
      const packed = bucket[k]!;
      const hit: SearchHit = { item: materialize(c, packed >> 1), rank: RANKS[r]!, field: packed & 1 ? 'sku' : 'name' };
      page.hits.push(hit);
    }
    skip = 0;
  }
}

const NONE = 0;
const EXACT = 1;
const PREFIX = 2;
const RANKS: readonly SearchRank[] = ['exact', 'prefix', 'substring'];

/** First k in [0, n) for which `before(k)` is false (`before` true for a prefix of the range). */
function lowerBound(n: number, before: (k: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Entry i of a NUL-separated text against q, by UTF-16 code units (as JavaScript's `<` sorts), without slicing. */
function compareEntry(text: string, ends: Uint32Array, i: number, q: string): number {
  const start = i === 0 ? 0 : ends[i - 1]! + 1;
  const length = ends[i]! - start;
  const m = Math.min(length, q.length);
  for (let j = 0; j < m; j++) {
    const d = text.charCodeAt(start + j) - q.charCodeAt(j);
    if (d !== 0) return d;
  }
  return length - q.length;
}

/** One field as search sees it: folded text, entry ends, block bitmaps (search-text.ts). */
interface Haystack extends StringColumn {
  blocks: Uint8Array;
}

/** Whether entry i of a haystack starts with q. */
function startsWithAt(hay: Haystack, i: number, q: string): boolean {
  const start = i === 0 ? 0 : hay.ends[i - 1]! + 1;
  return hay.ends[i]! - start >= q.length && hay.text.startsWith(q, start);
}

/**
 * The entries containing q, one per call, ascending, leaving out entries skipLo..skipHi - 1 (already
 * ranked); -1 when done. `indexOf` runs only over runs of blocks whose bitmap has all of q's pairs
 * and triples; after a hit the search resumes at the next entry, so each entry counts once.
 */
function scanner(hay: Haystack, q: string, skipLo: number, skipHi: number): () => number {
  const { text, ends } = hay;
  const count = ends.length;
  const blocks = Math.ceil(count / BLOCK);
  const passes = blockFilter(hay.blocks, q);
  const charStart = (i: number) => (i === 0 ? 0 : ends[i - 1]! + 1);
  let from = 0; // global position: nothing before it is searched again
  let k = 0; // entry of the last hit
  let block = 0; // next block to consider for a window
  let window = '';
  let windowStart = 0;
  let windowOpen = false;
  return () => {
    for (;;) {
      if (!windowOpen) {
        while (block < blocks && !passes(block)) block++;
        if (block >= blocks) return -1;
        const first = block;
        while (block < blocks && passes(block)) block++;
        const start = Math.max(from, charStart(first * BLOCK));
        const end = ends[Math.min(block * BLOCK, count) - 1]!;
        if (start >= end) continue;
        windowStart = start;
        window = text.slice(start, end);
        windowOpen = true;
      }
      const local = window.indexOf(q, from - windowStart);
      if (local < 0) {
        windowOpen = false;
        from = windowStart + window.length;
        continue;
      }
      const p = windowStart + local;
      if (ends[k]! < p) k = firstEndAtOrAfter(ends, p, k);
      if (k >= skipLo && k < skipHi) {
        k = skipHi - 1;
        from = ends[k]! + 1;
        if (from > windowStart + window.length) {
          windowOpen = false;
          block = Math.max(block, Math.floor(skipHi / BLOCK));
        }
        continue;
      }
      from = ends[k]! + 1;
      return k;
    }
  };
}

/** First entry at or after `k` whose end is at or after position p (galloping, then binary search). */
function firstEndAtOrAfter(ends: Uint32Array, p: number, k: number): number {
  let step = 1;
  let lo = k;
  let hi = k + 1;
  while (hi < ends.length && ends[hi]! < p) {
    lo = hi;
    hi = Math.min(ends.length, hi + (step *= 2));
  }
  hi = Math.min(hi, ends.length - 1);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ends[mid]! < p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
