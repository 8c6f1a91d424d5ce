/**
 * `JSON.parse` of a UTF-8 body, without first making the whole body one string.
 *
 * Why: V8 puts a string of more than about 128 KB in its large-object space, memory of its own mapped
 * for that one string and given back when it dies. A sync reads some 800 list pages of 350 KB to
 * 1 MB each; decoding each page whole cost more than parsing it (2026-11-24, 162 MB of pages at
 * 50,000 items: 0.95 s to decode against 0.5 s to parse; 100 KB strings of the same bytes: 28 ms),
 * almost all of it the kernel mapping fresh pages (44,000 page faults). So the large arrays of the
 * top-level object (a page's `items`) are decoded and parsed a run of whole elements at a time, each
 * run well under that size, and put back in their places.
 *
 * The parsing itself stays JSON.parse's: this only finds where the elements of a top-level array end
 * (a scan for brackets and commas outside strings; the JSON is not validated here), and every piece
 * it cuts is parsed by JSON.parse. Most of an array's bytes are not even scanned: from one cut it
 * leaps a piece ahead and looks for the next element's start as the first one began (`leapCuts`), and
 * JSON.parse of each piece confirms the guess (at 50,000 items, 169 MB of pages: 0.6 s to parse
 * against 0.78 s scanning every byte). The answer is what `JSON.parse(text)` gives for the same bytes
 * decoded as UTF-8: the same values, keys in the same order, and a SyntaxError where it would throw
 * (anything the scan does not expect, and any piece that does not parse, is decided by JSON.parse of
 * the whole body). `onOutline`, when given, is shown the body's top-level members other than its large
 * arrays before those are parsed (`parsePieces`): a hint, such as where the next page is, that the
 * caller checks against the answer. No library does this: streaming JSON parsers parse every
 * character in JavaScript, several times slower than JSON.parse itself.
 */
export function parseJsonBytes(bytes: Uint8Array, onOutline?: (outline: Readonly<Record<string, unknown>>) => void): unknown {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length > PIECE_BYTES) {
    // Cuts found by leaping first; when one was wrong (a piece does not parse), by scanning every byte.
    let shown = false;
    const outline = (rest: Readonly<Record<string, unknown>>) => {
      if (shown) return;
      shown = true;
      onOutline?.(rest);
    };
    for (const leap of [true, false]) {
      const plan = planPieces(buffer, leap);
      try {
        if (plan !== null) return parsePieces(buffer, plan.arrays, outline);
      } catch {
        // Scanned in full next, or JSON.parse of the whole body decides, with its own error.
      }
      if (plan !== null && !plan.leapt) break;
    }
  }
  return JSON.parse(buffer.toString('utf8'));
}

/** The longest run of array elements decoded at once: well under V8's large-object threshold. */
export const PIECE_BYTES = 64 * 1024;

/** A top-level member whose value is an array of more than PIECE_BYTES. */
interface LargeArray {
  key: string;
  /** Index of its `[` and of its `]`. */
  open: number;
  close: number;
  /** Indexes of the commas it is cut at (between elements, at its own depth). */
  cuts: number[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

function skipSpace(b: Uint8Array, i: number): number {
  while (i < b.length && isSpace(b[i]!)) i++;
  return i;
}

/** Index of the quote that ends the string opened at i, or -1. */
function stringEnd(b: Uint8Array, i: number): number {
  for (let j = i + 1; j < b.length; j++) {
    const c = b[j]!;
    if (c === QUOTE) return j;
    if (c === BACKSLASH) j++;
  }
  return -1;
}

/**
 * Index just past the value starting at i (a non-space), or -1 when the bytes end first. For an array
 * with `cuts`, notes the commas between its elements once PIECE_BYTES have gone by since the last.
 */
function valueEnd(b: Uint8Array, i: number, cuts: number[] | null, from = i): number {
  const first = b[i]!;
  if (first === QUOTE) {
    const end = stringEnd(b, i);
    return end < 0 ? -1 : end + 1;
  }
  if (first !== OPEN_ARRAY && first !== OPEN_OBJECT) {
    let j = i;
    while (j < b.length) {
      const c = b[j]!;
      if (c === COMMA || c === CLOSE_OBJECT || c === CLOSE_ARRAY || isSpace(c)) break;
      j++;
    }
    return j;
  }
  // Resumed at a cut (`from`, a comma between the elements of the array opened at i): one level deep.
  let depth = from === i ? 0 : 1;
  let last = from;
  for (let j = from === i ? i : from + 1; j < b.length; j++) {
    const c = b[j]!;
    if (c === QUOTE) {
      j = stringEnd(b, j);
      if (j < 0) return -1;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) depth++;
    else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      if (--depth === 0) return j + 1;
    } else if (c === COMMA && depth === 1 && cuts !== null && j - last >= PIECE_BYTES) {
      cuts.push(j);
      last = j;
    }
  }
  return -1;
}

/**
 * The large arrays of a top-level object, or null when the body is anything else, or has a key the
 * pieces could not put back exactly (written with an escape, or given twice). `leapt`: some cuts were
 * guessed (`leapCuts`), so a piece that does not parse may be the guess's fault, not the body's.
 */
function planPieces(b: Buffer, leap: boolean): { arrays: LargeArray[]; leapt: boolean } | null {
  let leapt = false;
  let i = skipSpace(b, 0);
  if (b[i] !== OPEN_OBJECT) return null;
  const keys = new Set<string>();
  const arrays: LargeArray[] = [];
  i = skipSpace(b, i + 1);
  if (b[i] === CLOSE_OBJECT) return null;
  for (;;) {
    if (b[i] !== QUOTE) return null;
    const keyEnd = stringEnd(b, i);
    if (keyEnd < 0 || b.subarray(i + 1, keyEnd).includes(BACKSLASH)) return null;
    const key = b.toString('utf8', i + 1, keyEnd);
    if (keys.has(key)) return null;
    keys.add(key);
    i = skipSpace(b, keyEnd + 1);
    if (b[i] !== COLON) return null;
    i = skipSpace(b, i + 1);
    if (i >= b.length) return null;
    const cuts: number[] = [];
    const open = i;
    const from = leap && b[i] === OPEN_ARRAY ? leapCuts(b, i, cuts) : i;
    leapt ||= from !== i;
    const end = valueEnd(b, i, b[i] === OPEN_ARRAY ? cuts : null, from);
    if (end < 0) return null;
    if (b[open] === OPEN_ARRAY && end - open > PIECE_BYTES) arrays.push({ key, open, close: end - 1, cuts });
    i = skipSpace(b, end);
    if (b[i] === COMMA) i = skipSpace(b, i + 1);
    else if (b[i] === CLOSE_OBJECT) break;
    else return null;
  }
  return arrays.length > 0 ? { arrays, leapt } : null;
}

/** How many leading members of an array's first element `leapCuts` matches at each guess. */
const LEAD_MEMBERS = 3;

/**
 * Cuts in the array opened at `open` found without scanning its bytes: from each cut, leap PIECE_BYTES
 * ahead and look (`Buffer.indexOf`) for the next `},{` followed by the keys the first element began
 * with, in order, with plain values (at most LEAD_MEMBERS of them; a product and its variants both
 * begin `{"id":…,"name":…`, the third key tells them apart). Answers the last cut found (`open` when
 * none), where the scan of every byte goes on. A guess can be wrong only in a nested array whose
 * elements begin alike (inside a string those bytes cannot occur: its quotes are escaped): the piece it
 * ends then does not parse, and the body is planned again by scanning every byte. A piece that parses
 * is exactly a run of whole elements: a cut anywhere else leaves a string or a bracket open, which
 * `[` + piece + `]` cannot close.
 */
function leapCuts(b: Buffer, open: number, cuts: number[]): number {
  const lead = elementLead(b, skipSpace(b, open + 1));
  if (lead === null) return open;
  const marker = Buffer.concat([Buffer.from('},'), lead.start]);
  let from = open;
  for (;;) {
    let at = b.indexOf(marker, from + PIECE_BYTES);
    while (at >= 0 && !leadMatches(b, at + 2, lead.keys)) at = b.indexOf(marker, at + 1);
    if (at < 0) return from;
    cuts.push(at + 1);
    from = at + 1;
  }
}

/** How the element at i begins: `{"key":` as bytes, and the leading keys (with plain values) as bytes. */
function elementLead(b: Buffer, i: number): { start: Buffer; keys: Buffer[] } | null {
  if (b[i] !== OPEN_OBJECT) return null;
  const keys: Buffer[] = [];
  let j = i + 1;
  while (keys.length < LEAD_MEMBERS && b[j] === QUOTE) {
    const keyEnd = stringEnd(b, j);
    if (keyEnd < 0 || b[keyEnd + 1] !== COLON) break;
    keys.push(b.subarray(j, keyEnd + 2));
    const end = plainValueEnd(b, keyEnd + 2);
    if (end < 0 || b[end] !== COMMA) break;
    j = end + 1;
  }
  // Written without spaces (as services send JSON) or not leapt at all.
  if (keys.length === 0) return null;
  return { start: Buffer.concat([Buffer.from('{'), keys[0]!]), keys };
}

/** Whether the object at i (its `{`) begins with these keys, in order, each with a plain value. */
function leadMatches(b: Buffer, i: number, keys: Buffer[]): boolean {
  let j = i + 1;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    if (j + key.length > b.length || b.compare(key, 0, key.length, j, j + key.length) !== 0) return false;
    if (k === keys.length - 1) return true;
    j = plainValueEnd(b, j + key.length);
    if (j < 0 || b[j] !== COMMA) return false;
    j++;
  }
  return true;
}

/** Index just past a string, number, true, false or null starting at i; -1 for anything else. */
function plainValueEnd(b: Uint8Array, i: number): number {
  const c = b[i];
  if (c === QUOTE) {
    const end = stringEnd(b, i);
    return end < 0 ? -1 : end + 1;
  }
  if (c === undefined || c === OPEN_ARRAY || c === OPEN_OBJECT || isSpace(c)) return -1;
  return valueEnd(b, i, null);
}

/**
 * The object from its pieces: the rest of the body with each large array empty, then each array's runs
 * of elements. `onOutline` is shown that rest, before the arrays are parsed: a page's `next` link, say.
 * It is the body's own only when the pieces parse too, so a caller takes it as a hint to check against
 * the answer (`parseJsonBytes` shows it once per body).
 */
function parsePieces(b: Buffer, arrays: LargeArray[], onOutline: (outline: Readonly<Record<string, unknown>>) => void): unknown {
  let rest = '';
  let from = 0;
  for (const a of arrays) {
    rest += b.toString('utf8', from, a.open + 1);
    from = a.close;
  }
  rest += b.toString('utf8', from, b.length);
  const object = JSON.parse(rest) as Record<string, unknown>;
  onOutline(object);
  for (const a of arrays) {
    const items: unknown[] = [];
    let start = a.open + 1;
    for (const end of [...a.cuts, a.close]) {
      const text = b.toString('utf8', start, end);
      // A cut leaves no element out: `[1,]` must not read as `[1]` and `[]`.
      if (a.cuts.length > 0 && text.trim() === '') throw new SyntaxError('empty element');
      const run = JSON.parse(`[${text}]`) as unknown[];
      for (let e = 0; e < run.length; e++) items.push(run[e]);
      start = end + 1;
    }
    // As JSON.parse does for every key, `__proto__` included: an own property, in its place.
    Object.defineProperty(object, a.key, { value: items, writable: true, enumerable: true, configurable: true });
  }
  return object;
}
