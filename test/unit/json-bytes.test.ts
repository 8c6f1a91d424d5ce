import { describe, expect, it } from 'vitest';
import { parseJsonBytes, PIECE_BYTES } from '../../electron/core/api/json-bytes.js';

/**
 * `parseJsonBytes` must answer exactly as `JSON.parse` of the same bytes decoded as UTF-8: the same
 * values with keys in the same order, and a SyntaxError wherever JSON.parse throws. Bodies here are
 * large enough to be cut into pieces (several times PIECE_BYTES), then broken one byte at a time.
 */

/** A small deterministic generator (mulberry32), so a failing case can be run again. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXTS = ['Crème brûlée', 'Oat "milk", 1 L', 'back\\slash', 'tab\there', '🧃 juice box', 'line\nbreak', '[not, an] {array}', '', 'ünïcødé ✓', '\u2028'];

function record(next: () => number, k: number): unknown {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return {
    inventory_id: 100_000 + k,
    name: `${pick(TEXTS)} ${k}`,
    sku: `SKU-${k}`,
    price: Math.round(next() * 1e6) / 100,
    tiny: next() * 1e-7,
    flags: { lot: next() < 0.5, case: null },
    barcodes: [{ value: String(Math.floor(next() * 1e12)) }, { value: pick(TEXTS) }],
    nested: [[1, [2, { deep: ['x', { y: [] }] }]], {}],
  };
}

/** A list page as the service sends it, with `count` records and the body's spacing given. */
function page(seed: number, count: number, space: string | number = ''): string {
  const next = random(seed);
  const items = Array.from({ length: count }, (_, k) => record(next, k));
  return JSON.stringify({ first: '/x?cursor=a', items, next: '/x?cursor=b"c', prev: null, total: count }, null, space);
}

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** What JSON.parse makes of the bytes: the value (as JSON text, so key order counts) or that it throws. */
function outcome(parse: () => unknown): string {
  try {
    return `value ${JSON.stringify(parse())}`;
  } catch (error) {
    return `throws ${(error as Error).name}`;
  }
}

function expectSameAsJsonParse(body: Uint8Array): void {
  const expected = outcome(() => JSON.parse(Buffer.from(body).toString('utf8')));
  expect(outcome(() => parseJsonBytes(body))).toBe(expected);
}

describe('parseJsonBytes', () => {
  it('reads large list pages exactly as JSON.parse does, whatever their spacing', () => {
    for (const space of ['', 2, '\t', ' \r\n ']) {
      const text = page(7, 2_000, space);
      expect(text.length).toBeGreaterThan(5 * PIECE_BYTES);
      const value = parseJsonBytes(bytes(text));
      expect(value).toStrictEqual(JSON.parse(text));
      expect(JSON.stringify(value)).toBe(JSON.stringify(JSON.parse(text)));
      expect(Object.keys(value as object)).toEqual(['first', 'items', 'next', 'prev', 'total']);
    }
  });

  it('reads several large arrays, and large arrays of arrays and strings', () => {
    const next = random(3);
    const body = {
      a: Array.from({ length: 900 }, (_, k) => record(next, k)),
      middle: 'between',
      b: Array.from({ length: 900 }, (_, k) => [k, `${TEXTS[k % TEXTS.length]}, ]`, [k]]),
      c: Array.from({ length: 9_000 }, (_, k) => `s${k},"${TEXTS[k % TEXTS.length]}"`),
    };
    const text = JSON.stringify(body);
    expect(parseJsonBytes(bytes(text))).toStrictEqual(body);
  });

  it('keeps a key written "__proto__" as JSON.parse does: an own property, not the prototype', () => {
    const text = `{"__proto__":${JSON.stringify(Array.from({ length: 3_000 }, (_, k) => ({ k })))},"after":1}`;
    const value = parseJsonBytes(bytes(text)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'after']);
    expect(JSON.stringify(value)).toBe(JSON.stringify(JSON.parse(text)));
  });

  it('answers as JSON.parse for keys given twice, keys written with escapes, and a leading byte-order mark', () => {
    const items = JSON.stringify(Array.from({ length: 3_000 }, (_, k) => ({ k })));
    for (const text of [
      `{"items":${items},"items":[1]}`,
      `{"items":[1],"items":${items}}`,
      `{"\\u0069tems":${items},"items":[2]}`,
      `{"items":[3],"\\u0069tems":${items}}`,
      `\ufeff{"items":${items}}`,
      ` \n{"items":${items}} \t`,
      `[${items}]`,
      `${items}`,
    ])
      expectSameAsJsonParse(bytes(text));
  });

  it('throws where JSON.parse throws: an element left out, a cut-off body, text after it', () => {
    const text = page(11, 1_500);
    const cut = text.indexOf('},{', Math.floor(text.length / 2)) + 1;
    for (const broken of [
      text.slice(0, cut) + ',' + text.slice(cut), // ,, in the middle of the array
      text.replace('}],"next"', '},],"next"'), // a trailing comma
      text.replace('"items":[{', '"items":[,{'), // a leading comma
      text.slice(0, text.length - 1),
      text.slice(0, cut),
      text + ' x',
      text + '{}',
      text.replace('"next"', '"next" "x"'),
      // a trailing comma right where a piece ends (the first element alone is longer than a piece)
      `{"items":["${'x'.repeat(PIECE_BYTES + 10)}",]}`,
      `{"items":["${'x'.repeat(PIECE_BYTES + 10)}",,1]}`,
    ]) {
      expect(() => parseJsonBytes(bytes(broken))).toThrow(SyntaxError);
      expect(() => JSON.parse(broken)).toThrow(SyntaxError);
    }
  });

  it('answers as JSON.parse for any one byte changed, left out or added (300 cases)', () => {
    const next = random(2026);
    const original = bytes(page(5, 900));
    expect(original.length).toBeGreaterThan(3 * PIECE_BYTES);
    const SPECIAL = [0x22, 0x5c, 0x2c, 0x5b, 0x5d, 0x7b, 0x7d, 0x3a, 0x20, 0x30, 0xc3, 0xff];
    for (let k = 0; k < 300; k++) {
      const at = Math.floor(next() * original.length);
      const byte = next() < 0.8 ? SPECIAL[Math.floor(next() * SPECIAL.length)]! : Math.floor(next() * 256);
      const kind = k % 3;
      // 0: the byte at `at` changed; 1: left out; 2: a byte added before it.
      const body = new Uint8Array(original.length + (kind === 1 ? -1 : kind === 2 ? 1 : 0));
      body.set(original.subarray(0, at));
      body.set(original.subarray(kind === 1 ? at + 1 : at), kind === 2 ? at + 1 : at);
      if (kind !== 1) body[at] = byte;
      expectSameAsJsonParse(body);
    }
  }, 60_000);

  it('reads bodies whose elements are hard to tell apart from what is inside them, as JSON.parse does', () => {
    const next = random(17);
    // A product and its variants begin alike ({"id":…,"name":…); a lot's number can be any text.
    const products = Array.from({ length: 1_500 }, (_, k) => ({
      id: k,
      name: `Product ${k}`,
      type: 'Regular',
      variants: Array.from({ length: 3 }, (_, v) => ({ id: k * 10 + v, name: `Variant ${v}`, sku: `S-${k}-${v}`, gtin: null })),
    }));
    // Every element begins exactly as the ones nested in it, key for key.
    const nested = Array.from({ length: 2_500 }, (_, k) => ({
      id: k,
      name: 'same',
      kind: 'x',
      inner: [
        { id: k, name: 'same', kind: 'x' },
        { id: 1, name: 'same', kind: 'x' },
      ],
    }));
    // The text between two elements, inside strings (escaped there: never a place to cut).
    const inStrings = Array.from({ length: 4_000 }, (_, k) => ({
      inventory_id: k,
      name: next() < 0.5 ? `a},{"inventory_id":${k},"name":"b` : `${TEXTS[k % TEXTS.length]}`,
      sku: '},{"inventory_id":',
    }));
    for (const items of [products, nested, inStrings]) {
      const text = JSON.stringify({ items, next: null });
      expect(text.length).toBeGreaterThan(3 * PIECE_BYTES);
      expect(parseJsonBytes(bytes(text))).toStrictEqual(JSON.parse(text));
      expectSameAsJsonParse(bytes(text.replace('}],"next"', '},],"next"')));
      expectSameAsJsonParse(bytes(text.replace('}]},{', '}],},{')));
      // Cut off just after the first place a leap lands on.
      const landing = text.indexOf('},{', text.indexOf('[') + PIECE_BYTES) + 3;
      for (let k = 0; k < 40; k++) expectSameAsJsonParse(bytes(text.slice(0, landing + k)));
    }
  });

  it('shows the outline (the members but the large arrays) once, before those arrays are parsed', () => {
    const text = page(13, 1_500);
    const outlines: string[] = [];
    const value = parseJsonBytes(bytes(text), (outline) => outlines.push(JSON.stringify(outline)));
    expect(value).toStrictEqual(JSON.parse(text));
    expect(outlines).toEqual([JSON.stringify({ first: '/x?cursor=a', items: [], next: '/x?cursor=b"c', prev: null, total: 1_500 })]);
    // A body whose first leap lands among nested objects that begin as its elements do: it is planned
    // twice (the first plan's outline is right, its first piece does not parse) and shown its outline once.
    const alike = (id: number) => ({ id, name: 'same', kind: 'x' });
    const before = Array.from({ length: Math.floor((PIECE_BYTES - 4_000) / JSON.stringify(alike(1_000)).length) }, (_, k) => alike(k));
    const straddling = { ...alike(-1), inner: Array.from({ length: 500 }, (_, k) => alike(k)) };
    const after = Array.from({ length: 4_000 }, (_, k) => alike(k));
    const nested = JSON.stringify({ items: [...before, straddling, ...after], next: 'n' });
    const seen: unknown[] = [];
    expect(parseJsonBytes(bytes(nested), (outline) => seen.push(outline.next))).toStrictEqual(JSON.parse(nested));
    expect(seen).toEqual(['n']);
  });

  it('reads bytes that are a view into a larger buffer (a shared page buffer)', () => {
    const text = page(9, 1_500);
    const inner = bytes(text);
    const shared = new Uint8Array(inner.length + 100);
    shared.set(inner, 50);
    expect(parseJsonBytes(shared.subarray(50, 50 + inner.length))).toStrictEqual(JSON.parse(text));
  });
});
