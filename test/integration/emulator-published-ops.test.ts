import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/server.js';
import { emulatorWithPat, type EmulatorClient } from '../support/emulator-client.js';

/**
 * What the published 2025-07/2026-01 operations the spec does not list actually do (API notes,
 * Superseded): the conformance suite proves their shapes; these prove their effects, as an integrator
 * would see them through the API.
 */
let emu: RunningEmulator;
let api: EmulatorClient;
beforeAll(async () => {
  ({ emu, api } = await emulatorWithPat());
});
afterAll(async () => {
  await emu.close();
});

interface Shipment {
  id: number;
  status: string;
  ship_option: string | null;
  recipient: { name: string; address: { address1: string; city: string } };
  products: { inventory_items: { id: number; quantity: number }[] }[];
}
interface Order {
  id: number;
  status: string;
  shipments: Shipment[];
}
interface Product {
  id: number;
  variants: {
    id: number;
    sku: string;
    inventory: { inventory_id: number; on_hand_qty: number };
    merge_children: { variant_id: number }[];
    bundle_definition: { variant_id: number }[];
  }[];
}

async function newOrder(): Promise<Order> {
  const stock = await api.get<{ items: { sku: string; is_lot: boolean; variant: { is_bundle: boolean; is_digital: boolean } }[] }>(
    '/2026-07/inventory?PageSize=50',
  );
  const sku = stock.items.find((i) => !i.is_lot && !i.variant.is_bundle && !i.variant.is_digital)!.sku;
  const answer = await api.call('POST', '/2026-01/order', {
    body: {
      reference_id: `EFFECT-${Math.random().toString(36).slice(2)}`,
      type: 'DTC',
      shipping_method: 'Standard',
      recipient: { name: 'Ada Park', address: { address1: '1 Elm St', city: 'Denver', country: 'US', state: 'CO', zip_code: '80202' } },
      products: [{ reference_id: sku, name: 'Item', quantity: 2 }],
    },
  });
  expect(answer.status).toBe(201);
  return answer.body as Order;
}

async function newProduct(variants = 1): Promise<Product> {
  const answer = await api.call('POST', '/2026-01/product', {
    body: {
      name: 'Effect product',
      variants: Array.from({ length: variants }, (_, i) => ({ name: `Effect ${i}`, sku: `EFF-${Math.random().toString(36).slice(2)}` })),
    },
  });
  expect(answer.status).toBe(201);
  return answer.body as Product;
}

describe('orders and shipments', () => {
  it('cancelling an order reports each shipment and leaves the order Cancelled', async () => {
    const order = await newOrder();
    const answer = await api.call('POST', `/2026-01/order/${order.id}:cancel`);
    expect(answer.body).toMatchObject({
      order_id: order.id,
      status: 'Success',
      canceled_shipment_results: [{ shipment_id: order.shipments[0]!.id, is_success: true, action: 'Cancel' }],
      order: { status: 'Cancelled' },
    });
  });

  it('line item, address and shipping-service changes show in the shipment, its line items and its logs', async () => {
    const order = await newOrder();
    const shipment = order.shipments[0]!;
    const line = shipment.products[0]!.inventory_items[0]!;
    const items = await api.call('POST', `/2026-01/shipment/${shipment.id}:updateLineItems`, { body: { items: [{ inventory_id: line.id, quantity: 5 }] } });
    expect(items.body).toEqual({
      id: shipment.id,
      is_success: true,
      shipment_line_items: [{ action: 'UpdateQuantity', inventory_id: line.id, previous_value: '2', new_value: '5' }],
    });
    expect(await api.get(`/2026-01/shipment/${shipment.id}:getLineItems`)).toEqual([expect.objectContaining({ inventory_id: line.id, quantity: 5 })]);

    await api.call('PUT', `/2026-01/shipment/${shipment.id}:updateAddress`, {
      body: { recipient_name: 'Ada Park-Lee', street_address1: '9 Oak Ave', city: 'Boulder', state: 'CO', zip_code: '80302', country_code: 'US' },
    });
    const service = await api.call('PUT', '/2026-01/shipment:bulkUpdateShippingService', {
      body: { shipment_ids: [shipment.id, 999999999], requested_shipping_service_id: 2, reason: 'Upgrade' },
    });
    expect(service.body).toMatchObject({
      summary: { total: 2, successful: 1, failed: 1 },
      results: [
        { id: shipment.id, is_success: true },
        { id: 999999999, is_success: false, error: { code: 'NOT_FOUND' } },
      ],
    });

    const after = await api.get<Shipment>(`/2026-07/shipment/${shipment.id}`);
    expect(after).toMatchObject({ ship_option: 'Expedited', recipient: { name: 'Ada Park-Lee', address: { address1: '9 Oak Ave', city: 'Boulder' } } });
    const logs = await api.get<{ log_type_name: string }[]>(`/2026-01/order/${order.id}/shipment/${shipment.id}/logs`);
    expect(logs.map((l) => l.log_type_name)).toEqual(['OrderReceived', 'LineItemsUpdated', 'AddressUpdated', 'ShippingServiceUpdated']);
    // The timeline holds status events only.
    expect((await api.get<{ log_type_name: string }[]>(`/2026-01/shipment/${shipment.id}/timeline`)).map((l) => l.log_type_name)).toEqual(['OrderReceived']);
  });

  it('a shipped shipment cannot change, and its carrier tracking is found by tracking number and by shipment', async () => {
    const orders = await api.get<(Order & { shipments: (Shipment & { tracking?: { tracking_number: string } })[] })[]>(
      '/2026-01/order?Limit=250&HasTracking=true',
    );
    const shipped = orders.flatMap((o) => o.shipments).find((s) => s.tracking && s.status === 'Completed')!;
    const refused = await api.call('PUT', `/2026-01/shipment/${shipped.id}:updateAddress`, { body: { street_address1: '1 Any St', city: 'Austin' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'CONFLICT' });
    const byNumber = await api.get<{ tracking_id: string; history: { status: string }[] }[]>(
      `/2026-01/tracking?TrackingIds=${shipped.tracking!.tracking_number}`,
    );
    expect(byNumber).toHaveLength(1);
    expect(byNumber[0]!.history[0]!.status).toBe('PreTransit');
    expect(await api.get(`/2026-01/shipments-tracking?ShipmentIds=${shipped.id}`)).toEqual([
      expect.objectContaining({ shipment_id: shipped.id, tracking_id: shipped.tracking!.tracking_number }),
    ]);
  });

  it('store-order-json keeps the text it was given; an order without one answers 204', async () => {
    const order = await newOrder();
    expect((await api.call('GET', `/2025-07/order/${order.id}/store-order-json`)).status).toBe(204);
    const json = JSON.stringify({ id: 'shop-77', note: 'gift' });
    expect((await api.call('POST', `/2025-07/order/${order.id}/store-order-json`, { body: { order_json: json } })).status).toBe(201);
    expect(await api.get(`/2026-01/order/${order.id}/store-order-json`)).toBe(json);
  });
});

describe('products and variants', () => {
  it('the product list pages through every product once, following the cursor URLs as given', async () => {
    const follow = async (first: string): Promise<number[]> => {
      const ids: number[] = [];
      for (let link: string | null = first; link;) {
        const page: { items: { id: number }[]; next: string | null } = await api.get(link);
        ids.push(...page.items.map((p) => p.id));
        link = page.next;
      }
      return ids;
    };
    const small = await follow('/2026-01/product?PageSize=40&SortBy=id');
    const large = await follow('/2026-01/product?PageSize=250&SortBy=id&SortOrder=Descending');
    expect(small.length).toBeGreaterThan(40);
    expect(new Set(small).size).toBe(small.length);
    expect(small).toEqual([...small].sort((a, b) => a - b));
    expect(large).toEqual([...small].reverse());
  });

  it('moving variants into a product of the path takes them out of their old product', async () => {
    const from = await newProduct(2);
    const to = await newProduct();
    const moved = await api.call('POST', `/2026-01/product/${to.id}:moveVariants`, { body: { variants: [{ id: from.variants[1]!.id }] } });
    expect(moved.status).toBe(201);
    expect((moved.body as Product).variants.map((v) => v.id)).toEqual([to.variants[0]!.id, from.variants[1]!.id]);
    expect((await api.get<Product['variants']>(`/2026-01/product/${from.id}/variants`)).map((v) => v.id)).toEqual([from.variants[0]!.id]);
  });

  it('a merge records the merged variant on the survivor; a bundle names its parts; a deleted product is gone', async () => {
    const p = await newProduct(2);
    const merged = await api.call('POST', `/2026-01/variant/${p.variants[0]!.id}:merge`, { body: [{ id: p.variants[1]!.id }] });
    expect((merged.body as Product).variants.find((v) => v.id === p.variants[0]!.id)!.merge_children.map((c) => c.variant_id)).toEqual([p.variants[1]!.id]);

    const part = await newProduct();
    const bundle = await newProduct();
    const converted = await api.call('POST', `/2026-01/variant/${bundle.variants[0]!.id}:convertToBundle`, {
      body: { bundle_definition: [{ variant_id: part.variants[0]!.id, quantity: 3 }] },
    });
    expect((converted.body as Product & { type: string }).type).toBe('Bundle');
    expect((converted.body as Product).variants[0]!.bundle_definition).toEqual([expect.objectContaining({ variant_id: part.variants[0]!.id, quantity: 3 })]);

    expect((await api.call('DELETE', `/2026-01/product/${part.id}`)).status).toBe(200);
    expect((await api.call('GET', `/2026-01/product/${part.id}`)).status).toBe(404);
  });
});

describe('the 2026-07 product list read through its cursors', () => {
  type Page = { items: { id: number; variants: { sku: string }[] }[]; next: string | null };
  async function readAll(path: string): Promise<number[]> {
    const ids: number[] = [];
    for (let next: string | null = path; next;) {
      const page: Page = await api.get<Page>(next);
      ids.push(...page.items.map((p) => p.id));
      next = page.next;
    }
    return ids;
  }

  it('gives every product once, in order, and a product created between two reads is in the second', async () => {
    const first = await readAll('/2026-07/product?PageSize=7&SortBy=id&SortOrder=Descending');
    expect(new Set(first).size).toBe(first.length);
    expect(first).toEqual([...first].sort((a, b) => b - a));

    const created = await newProduct();
    const second = await readAll('/2026-07/product?PageSize=7&SortBy=id&SortOrder=Descending');
    expect(second).toEqual([created.id, ...first]);

    // A changed product leaves a filtered read as soon as it no longer matches.
    const sku = created.variants[0]!.sku;
    expect(await readAll(`/2026-07/product?SKU=${sku}`)).toEqual([created.id]);
    expect((await api.call('DELETE', `/2026-01/product/${created.id}`)).status).toBeLessThan(300);
    expect(await readAll(`/2026-07/product?SKU=${sku}`)).toEqual([]);
  });
});
