import { createGeneratorSync } from 'json-schema-faker';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileCheck } from '../../electron/core/api/fast-check.js';
import { RESPONSES } from '../../electron/core/api/responses.js';
import { SYNC_STREAMS, type SyncStream } from '../../areas/inventory/core/snapshot-assembler.js';

/**
 * The sync's fast page check must say yes exactly where zod says yes: every published field of a
 * page of each list, then the same page with one value broken at a time (absent, null, of another
 * type, a fraction where an integer belongs, dates that are not quite dates), compared with
 * `safeParse`; then random pages its JSON Schema allows, which zod must take too (a rule zod has and
 * the JSON Schema lost would let a bad page through).
 */
const location = {
  location_id: 8,
  name: 'Moreno Valley (CA)',
  on_hand_quantity: 7,
  fulfillable_quantity: 5,
  committed_quantity: 2,
  awaiting_quantity: 0,
  internal_transfer_quantity: 0,
};
const PAGES: Record<SyncStream, Record<string, unknown>> = {
  items: {
    inventory_id: 1,
    name: 'Mug',
    sku: 'MUG-1',
    barcode: '4006381333931',
    user_id: 3,
    is_case: false,
    is_lot: true,
    dimensions: { height: 1, length: 2.5, width: 3, unit: 'in', is_locked: false, validated: true },
    weight: { unit: 'lb', value: 0.5 },
    variant: { is_active: true, is_bundle: false, is_digital: false, hazmat: { is_hazmat: false, validated: true } },
  },
  totals: {
    inventory_id: 1,
    name: 'Mug',
    sku: 'MUG-1',
    total_on_hand_quantity: 7,
    total_fulfillable_quantity: 5,
    total_committed_quantity: 2,
    total_sellable_quantity: 5,
    total_awaiting_quantity: 0,
    total_backordered_quantity: 1,
    total_exception_quantity: 0,
    total_internal_transfer_quantity: 0,
  },
  locations: { inventory_id: 1, name: 'Mug', sku: 'MUG-1', locations: [location] },
  lots: {
    inventory_id: 1,
    name: 'Mug',
    sku: 'MUG-1',
    lots: [
      {
        lot_number: 'L-7',
        lot_date: '2027-01-31T00:00:00+00:00',
        on_hand_quantity: 7,
        fulfillable_quantity: 5,
        committed_quantity: 2,
        awaiting_quantity: 0,
        internal_transfer_quantity: 0,
        locations: [location],
      },
    ],
  },
  products: {
    id: 70,
    variants: [{ id: 80, sku: 'MUG-1', gtin: '0036000291452', upc: null, barcodes: [{ value: 'MUG-BOX' }], inventory: { inventory_id: 1 } }],
  },
};

const BROKEN: unknown[] = [
  undefined,
  null,
  'text',
  1.5,
  2 ** 60,
  -0,
  true,
  [],
  {},
  'not a date',
  '2027-02-29T00:00:00+00:00',
  '2028-02-29T00:00:00+00:00',
  '2027-01-31T00:00:00',
  '2027-01-31T00:00:00.123Z',
  '2027-01-31T24:00:00Z',
  '2027-01-31T00:00:00+00:00\n',
  '2027-01-31',
  'Müsli 😀',
];

/** Every path to a value in the body, objects and arrays included. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const here = at.length > 0 ? [at] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => paths(v, [...at, i]))];
  if (value && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k]))];
  return here;
}

function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === undefined && !Array.isArray(node)) delete node[last];
  else node[last] = value;
  return copy;
}

describe('the fast page check', () => {
  it.each(Object.keys(SYNC_STREAMS) as SyncStream[])('%s: agrees with zod on a whole page and on every value broken', (stream) => {
    const schema = RESPONSES[SYNC_STREAMS[stream]];
    const fits = compileCheck(schema);
    expect(fits).not.toBeNull();
    const body = { items: [PAGES[stream], PAGES[stream]], next: '/next', prev: null, first: null };
    expect(fits!(body)).toBe(true);
    let refused = 0;
    for (const path of paths(body)) {
      for (const value of BROKEN) {
        const broken = withValue(body, path, value);
        const zod = schema.safeParse(broken).success;
        expect(fits!(broken), `${path.join('.')} = ${JSON.stringify(value)}: zod says ${zod}`).toBe(zod);
        if (!zod) refused++;
      }
    }
    expect(refused).toBeGreaterThan(10);
    expect(fits!([body])).toBe(false);
    expect(fits!(null)).toBe(false);
  });

  it.each(Object.keys(SYNC_STREAMS) as SyncStream[])('%s: every random page its JSON Schema allows, zod takes too', (stream) => {
    const schema = RESPONSES[SYNC_STREAMS[stream]];
    const fits = compileCheck(schema)!;
    const generator = createGeneratorSync({ seed: 7, optionalsProbability: 0.7, maxDefaultItems: 3 });
    const source = z.toJSONSchema(schema, { io: 'input' });
    for (let n = 0; n < 200; n++) {
      const body = generator.generate(source as never);
      expect(fits(body), JSON.stringify(body).slice(0, 400)).toBe(true);
      expect(schema.safeParse(body).success, JSON.stringify(body).slice(0, 400)).toBe(true);
    }
  });

  it('agrees with zod on formats, enums, literals, unions, records and integers', () => {
    const schema = z.object({
      when: z.iso.datetime({ offset: true }).nullable(),
      day: z.iso.date().optional(),
      email: z.email(),
      id: z.uuid(),
      state: z.enum(['open', 'closed']),
      kind: z.literal('wro'),
      ref: z.union([z.number().int().min(1), z.string().regex(/^[A-Z]{2}-\d+$/)]),
      counts: z.record(z.string(), z.number().int()),
      loose: z.looseObject({ a: z.boolean() }),
      strict: z.strictObject({ a: z.boolean() }),
    });
    const fits = compileCheck(schema);
    expect(fits).not.toBeNull();
    const body = {
      when: '2027-01-31T10:00:00.5+01:00',
      day: '2028-02-29',
      email: 'clerk@example.com',
      id: '3f1c4a1e-7d2b-4c9a-9f1e-2b3c4d5e6f70',
      state: 'open',
      kind: 'wro',
      ref: 'AB-12',
      counts: { a: 1 },
      loose: { a: true, b: 1 },
      strict: { a: false },
    };
    expect(fits!(body)).toBe(true);
    const values = [
      ...BROKEN,
      'closed',
      'wro',
      0,
      7,
      'ab-1',
      'AB-1',
      '2027-02-29',
      'clerk@',
      'clerk@example',
      '3F1C4A1E-7D2B-4C9A-9F1E-2B3C4D5E6F70',
      { a: 1.5 },
      { a: true, b: 1 },
    ];
    let refused = 0;
    for (const path of paths(body)) {
      for (const value of values) {
        const broken = withValue(body, path, value);
        const zod = schema.safeParse(broken).success;
        expect(fits!(broken), `${path.join('.')} = ${JSON.stringify(value)}: zod says ${zod}`).toBe(zod);
        if (!zod) refused++;
      }
    }
    expect(refused).toBeGreaterThan(100);
  });

  it("reads the body's own fields through their transforms: a page of null items fits", () => {
    const page = z.object({
      items: z
        .array(z.object({ n: z.number() }))
        .nullish()
        .transform((v) => v ?? []),
      next: z.string().nullable(),
    });
    const fits = compileCheck(page);
    expect(fits).not.toBeNull();
    expect(fits!({ items: null, next: null })).toBe(true);
    expect(fits!({ items: [{ n: '1' }], next: null })).toBe(false);
  });

  it.each([
    ['a transform below the body', z.object({ items: z.array(z.object({ n: z.string().transform(Number) })) })],
    ['a default below the body', z.object({ items: z.array(z.object({ n: z.number().default(0) })) })],
    ['a pipe into another schema', z.object({ n: z.string().pipe(z.email()) })],
    ['a preprocess', z.object({ n: z.preprocess((v) => Number(v), z.number()) })],
    ['a string length (zod counts UTF-16 units)', z.object({ n: z.string().max(2) })],
    ['a format without a pattern', z.object({ n: z.url() })],
    ['a Date', z.object({ n: z.date() })],
  ])('leaves a schema with %s to zod', (_what, schema) => {
    expect(compileCheck(schema)).toBeNull();
  });
});
