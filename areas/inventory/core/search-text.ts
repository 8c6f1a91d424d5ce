/**
 * Text as the inventory search sees it, one place for the decisions both the writer
 * (cache-format.ts) and the index (cache-index.ts) depend on: how text is folded, and the per-block
 * bitmaps that let a scan skip most of a column. Changing anything here changes the file's meaning:
 * bump CACHE_FORMAT_VERSION.
 */

/**
 * Entry i is `text.slice(start(i), ends[i])`; start(0) = 0, start(i) = ends[i - 1] + 1 (the NUL
 * between). A NUL inside a value is stored as U+FFFD so that entries never contain the separator.
 */
export interface StringColumn {
  text: string;
  ends: Uint32Array;
}

/** The name and SKU columns as `foldColumn` folds them: what search and SKU lookups compare. */
export interface FoldedColumns {
  name: StringColumn;
  sku: StringColumn;
}

/** Start of entry i in a string column. */
export function entryStart(column: StringColumn, i: number): number {
  return i === 0 ? 0 : column.ends[i - 1]! + 1;
}

/**
 * Case- and accent-insensitive form used by search and by SKU and barcode lookup: "Crème" -> "creme".
 * ASCII (the common case) is only lowercased, which keeps its length, so a whole column folds at once.
 */
export function foldText(s: string): string {
  // eslint-disable-next-line no-control-regex -- the ASCII range, not a control character match
  if (/^[\x00-\x7f]*$/.test(s)) return s.toLowerCase();
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A column folded with `foldText`; an ASCII column folds in one call and keeps its entry ends. */
export function foldColumn(column: StringColumn, count: number): StringColumn {
  // eslint-disable-next-line no-control-regex -- the ASCII range: it folds in place, so the entry ends stay valid
  if (/^[\x00-\x7f]*$/.test(column.text)) return { text: column.text.toLowerCase(), ends: column.ends };
  // Folding may change lengths ("ﬁ" -> "fi"), so fold entry by entry and record new ends.
  const parts: string[] = [];
  const ends = new Uint32Array(count);
  let length = -1;
  for (let i = 0; i < count; i++) {
    const folded = foldText(column.text.slice(entryStart(column, i), column.ends[i]));
    parts.push(folded);
    length += folded.length + 1;
    ends[i] = length;
  }
  return { text: parts.join('\u0000'), ends };
}

/**
 * Per block of BLOCK entries, a bitmap of the character pairs and triples (hashed) that occur in
 * the folded entries; a scan skips the blocks that lack one of the query's. Measured here: V8's
 * indexOf runs at a few hundred MB/s when the query starts with a common character, so scanning
 * 2.5 MB of names, or the SKUs for "030908" (every block has every digit pair), cost 5 to 20 ms.
 * With the bitmaps (800 KB per field at 100,000 items, made by the writer: building them on load
 * cost a cold process 100 ms or more) a precise query skips nearly all of it.
 */
export const BLOCK = 64;
const BLOCK_BITS = 4096;
export const BLOCK_BYTES = BLOCK_BITS / 8;
const pairHash = (a: number, b: number) => (a * 33 + b) & (BLOCK_BITS - 1);
const tripleHash = (a: number, b: number, c: number) =>
  Math.imul(Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b) ^ Math.imul(c, 0xc2b2ae35), 0x27d4eb2f) >>> 20;

/** The bitmap positions a text sets: every pair and every triple of adjacent characters. */
function grams(text: string, from: number, to: number, visit: (h: number) => void): void {
  for (let j = from + 1; j < to; j++) {
    const b = text.charCodeAt(j - 1);
    const c = text.charCodeAt(j);
    visit(pairHash(b, c));
    if (j >= from + 2) visit(tripleHash(text.charCodeAt(j - 2), b, c));
  }
}

/** The block bitmaps of a folded column. */
export function blockBitmaps(folded: StringColumn, count: number): Uint8Array {
  const bits = new Uint8Array(Math.ceil(count / BLOCK) * BLOCK_BYTES);
  for (let i = 0; i < count; i++) {
    const base = Math.floor(i / BLOCK) * BLOCK_BYTES;
    grams(folded.text, entryStart(folded, i), folded.ends[i]!, (h) => {
      bits[base + (h >> 3)]! |= 1 << (h & 7);
    });
  }
  return bits;
}

/** A test for "block b may contain q" (always true for a one-character query). */
export function blockFilter(bits: Uint8Array, q: string): (block: number) => boolean {
  const wanted = new Set<number>();
  grams(q, 0, q.length, (h) => wanted.add(h));
  const hashes = [...wanted];
  return (b) => hashes.every((h) => (bits[b * BLOCK_BYTES + (h >> 3)]! & (1 << (h & 7))) !== 0);
}
