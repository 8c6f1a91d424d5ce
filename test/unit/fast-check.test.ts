import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileCheck } from '../../electron/core/api/fast-check.js';
import { RESPONSES } from '../../electron/core/api/responses.js';
import { SYNC_STREAMS, type SyncStream } from '../../electron/core/inventory/snapshot-assembler.js';

/**
 * The sync's fast page check must say yes exactly where zod says yes: every published field of a
 * page of each list, then the same page with one value broken at a time (absent, null, of another
 * type, a fraction where an integer belongs, a date that is not one), compared with `safeParse`.
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

const BROKEN: unknown[] = [undefined, null, 'text', 1.5, 2 ** 60, true, [], {}, 'not a date'];

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

  it('leaves a schema with a transform below the body to zod', () => {
    const page = z.object({ items: z.array(z.object({ n: z.string().transform(Number) })) });
    expect(compileCheck(page)).toBeNull();
  });
});
