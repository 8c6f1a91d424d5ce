import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/server.js';
import { emulatorWithPat, type EmulatorClient } from '../support/emulator-client.js';

/**
 * Conformance, part 1: every path of spec section 4 (4.1-4.11) answers under each version that
 * carries it, with the section 9 renames, the paths removed in 2025-07, and the deprecation headers.
 * The table below is written from the spec and the API notes, not from the emulator's own route list.
 */
let emu: RunningEmulator;
let api: EmulatorClient;
beforeAll(async () => {
  ({ emu, api } = await emulatorWithPat());
  await emu.control.now(); // future() extrapolates from it
  await loadFixtures();
});
afterAll(async () => {
  await emu.close();
});

type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `{x}` placeholders are filled by `params`. */
  path: string;
  versions: string[];
  status: number;
  params?: () => Promise<Record<string, string | number>>;
  body?: () => unknown; // a value, or a promise of one
};

const V20_ON = ['2.0', '2025-07', '2026-01', '2026-07'];
const V2025_ON = ['2025-07', '2026-01', '2026-07'];

// ---------------------------------------------------------------- fixtures made through the API itself

let stockItem: { inventory_id: number; sku: string };
let lotItem: { inventory_id: number; lot: string };
let fcId = 3;
const future = () => new Date(emu.control.nowMs() + 7 * 86_400_000).toISOString();

async function loadFixtures(): Promise<void> {
  const page = await api.get<{ items: { inventory_id: number; sku: string; is_lot: boolean; variant: { is_bundle: boolean; is_digital: boolean } }[] }>(
    '/2026-07/inventory?PageSize=200',
  );
  const plain = page.items.find((i) => !i.is_lot && !i.variant.is_bundle && !i.variant.is_digital)!;
  stockItem = { inventory_id: plain.inventory_id, sku: plain.sku };
  const lots = await api.get<{ items: { inventory_id: number; lots: { lot_number: string; location_id: number }[] }[] }>(
    '/2026-07/inventory-level/lots?PageSize=200',
  );
  const withLot = lots.items.find((i) => i.lots.length > 0)!;
  lotItem = { inventory_id: withLot.inventory_id, lot: withLot.lots[0]!.lot_number };
  fcId = (await api.get<{ id: number }[]>('/2026-07/fulfillment-center'))[0]!.id;
}

const wroBody = () => ({
  fulfillment_center: { id: fcId },
  package_type: 'Package',
  box_packaging_type: 'OneSkuPerBox',
  boxes: [{ tracking_number: '1Z999', box_items: [{ inventory_id: stockItem.inventory_id, quantity: 5 }] }],
  expected_arrival_date: future(),
});

async function newWro(): Promise<number> {
  const a = await api.call('POST', '/2026-07/receiving', { body: wroBody() });
  expect(a.status).toBe(201);
  return (a.body as { id: number }).id;
}

async function anyWro(): Promise<number> {
  return (await api.get<{ id: number }[]>('/2026-07/receiving?Limit=1'))[0]!.id;
}

async function newOrder(): Promise<{ orderId: number; shipmentId: number }> {
  const a = await api.call('POST', '/2.0/order', {
    body: {
      reference_id: `T-${randomUUID()}`,
      shipping_method: 'Standard',
      recipient: { name: 'Test Person', address: { address1: '1 Main St', city: 'Austin', country: 'US' } },
      products: [{ reference_id: stockItem.sku, quantity: 1 }],
    },
  });
  expect(a.status, a.text).toBe(201);
  const order = a.body as { id: number; shipments: { id: number }[] };
  return { orderId: order.id, shipmentId: order.shipments[0]!.id };
}

async function newProduct(): Promise<{ productId: number; variantId: number }> {
  const a = await api.call('POST', '/2025-07/product', {
    body: { name: 'Conformance product', variants: [{ name: 'Conformance variant', sku: `CF-${randomUUID()}` }] },
  });
  expect(a.status, a.text).toBe(201);
  const p = a.body as { id: number; variants: { id: number }[] };
  return { productId: p.id, variantId: p.variants[0]!.id };
}

const returnBody = () => ({
  reference_id: `R-${randomUUID().slice(0, 20)}`,
  fulfillment_center: { id: fcId },
  inventory: [{ id: stockItem.inventory_id, quantity: 1 }],
  tracking_number: '1ZRET',
});

async function newReturn(): Promise<number> {
  const a = await api.call('POST', '/2026-07/return', { body: returnBody() });
  expect(a.status, a.text).toBe(201);
  return (a.body as { id: number }).id;
}

async function shippedShipment(): Promise<number> {
  const orders = await api.get<{ shipments: { id: number; tracking: unknown }[] }[]>('/2.0/order?HasTracking=true&Limit=1');
  return orders[0]!.shipments.find((s) => s.tracking)!.id;
}

let uroCursor = 0;
async function unlinkedUro(): Promise<number> {
  const list = await api.get<{ id: number }[]>('/2026-07/unidentified-receiving-order?isCompleted=false');
  return list[uroCursor++]!.id;
}

// ---------------------------------------------------------------- the table

const table: Row[] = [
  // 4.1 Channels
  { method: 'GET', path: '/channel', versions: ['2026-01', '2026-07'], status: 200 },
  {
    method: 'POST',
    path: '/channel:search',
    versions: ['Experimental'],
    status: 200,
    body: () => ({ records_per_page: 10, search_filters: { channel_names: ['Desk'] } }),
  },
  // 4.2 Products
  {
    method: 'POST',
    path: '/product',
    versions: ['2025-07'],
    status: 201,
    body: () => ({ name: 'New product', variants: [{ name: 'V', sku: `NP-${randomUUID()}` }] }),
  },
  {
    method: 'POST',
    path: '/product/{productId}/variants',
    versions: ['2025-07'],
    status: 201,
    params: newProduct,
    body: () => [{ name: 'Extra', sku: `EX-${randomUUID()}` }],
  },
  { method: 'GET', path: '/product', versions: ['2.0'], status: 200 },
  { method: 'POST', path: '/product/batch', versions: ['1.0'], status: 200, body: () => [{ name: 'Batch product', reference_id: `B-${randomUUID()}` }] },
  // 4.3 Orders
  { method: 'GET', path: '/order', versions: ['1.0', '2.0'], status: 200 },
  // 4.4 Shipments (2.0 and 1.0 path, and the 2025-07 colon path)
  { method: 'POST', path: '/shipment/{shipmentId}/cancel', versions: ['1.0', '2.0'], status: 200, params: newOrder },
  { method: 'POST', path: '/shipment/{shipmentId}:cancel', versions: V2025_ON, status: 200, params: newOrder },
  // 4.5 Receiving
  { method: 'GET', path: '/receiving/{id}', versions: V20_ON, status: 200, params: async () => ({ id: await anyWro() }) },
  // 4.6 Inventory
  { method: 'GET', path: '/inventory', versions: V20_ON, status: 200 },
  // 4.7 Billing
  { method: 'GET', path: '/invoices', versions: ['Experimental'], status: 200 },
  {
    method: 'GET',
    path: '/invoices/{invoiceId}/transactions',
    versions: ['Experimental'],
    status: 200,
    params: async () => ({ invoiceId: (await api.get<{ items: { invoiceId: number }[] }>('/Experimental/invoices')).items[0]!.invoiceId }),
  },
  // 4.8 Returns
  {
    method: 'POST',
    path: '/return',
    versions: ['1.0'],
    status: 200,
    body: () => ({
      fulfillmentCenter: { id: fcId },
      inventory: [{ id: stockItem.inventory_id, quantity: 1 }],
      referenceId: `L-${randomUUID().slice(0, 20)}`,
      trackingNumber: '1Z1',
    }),
  },
  { method: 'POST', path: '/return', versions: V2025_ON, status: 201, body: returnBody },
  // 4.9 Lot exclusion
  {
    method: 'POST',
    path: '/lot-exclusion/restore',
    versions: ['2026-07'],
    status: 200,
    body: async () => {
      const body = { lot_number: lotItem.lot, inventory_id: lotItem.inventory_id };
      const state = (
        await api.get<{ lot_exclusions: { lot_number: string; is_deleted: boolean }[] }>(`/2026-07/lot-exclusion?inventory_id=${lotItem.inventory_id}`)
      ).lot_exclusions.find((x) => x.lot_number === lotItem.lot);
      if (!state) expect((await api.call('POST', '/2026-07/lot-exclusion', { body })).status).toBe(201);
      if (!state || !state.is_deleted) expect((await api.call('POST', '/2026-07/lot-exclusion:delete', { body })).status).toBe(200);
      return body;
    },
  },
  // 4.10 Webhooks
  {
    method: 'POST',
    path: '/webhook',
    versions: V2025_ON,
    status: 200,
    body: () => ({ topics: ['order.shipment.tracking_received'], url: 'https://hooks.example/dockdesk' }),
  },
  { method: 'GET', path: '/webhook', versions: V2025_ON, status: 200 },
  {
    method: 'DELETE',
    path: '/webhook/{id}',
    versions: V2025_ON,
    status: 204,
    params: async () => ({
      id: ((await api.call('POST', '/2026-07/webhook', { body: { topics: ['return.created'], url: 'https://hooks.example/x' } })).body as { id: string }).id,
    }),
  },
  // 4.11 Other endpoints
  { method: 'GET', path: '/allergens', versions: ['2026-07'], status: 200 },
  { method: 'GET', path: '/unidentified-receiving-order', versions: ['2026-07'], status: 200 },
  { method: 'GET', path: '/unidentified-receiving-order/{uroId}', versions: ['2026-07'], status: 200, params: async () => ({ uroId: await unlinkedUro() }) },
  {
    method: 'POST',
    path: '/unidentified-receiving-order/{uroId}:associateWRO',
    versions: ['2026-07'],
    status: 204,
    params: async () => ({ uroId: await unlinkedUro(), wro: await newWro() }),
    body: () => ({ wro_id: lastParams.wro }),
  },
  { method: 'POST', path: '/inventory/history:query', versions: ['2026-01', '2026-07'], status: 200, body: () => ({ facility_id: fcId }) },
  {
    method: 'POST',
    path: '/simulate/shipment',
    versions: ['2.0', '2026-01', '2026-07'],
    status: 200,
    params: newOrder,
    body: () => ({ shipment_id: lastParams.shipmentId }),
  },
  {
    method: 'GET',
    path: '/simulate/status/{simulationId}',
    versions: ['2.0', '2026-01', '2026-07'],
    status: 200,
    params: async () => {
      const { shipmentId } = await newOrder();
      const a = await api.call('POST', '/2026-01/simulate/shipment', { body: { shipment_id: shipmentId } });
      return { simulationId: (a.body as { simulation_id: string }).simulation_id };
    },
  },
  { method: 'GET', path: '/receiving', versions: V20_ON, status: 200 },
  { method: 'POST', path: '/receiving', versions: V20_ON, status: 201, body: wroBody },
  { method: 'POST', path: '/receiving/{id}/distributions', versions: V2025_ON, status: 200, params: async () => ({ id: await anyWro() }) },
  { method: 'GET', path: '/receiving/{id}/distributions', versions: V2025_ON, status: 200, params: async () => ({ id: await anyWro() }) },
  {
    method: 'POST',
    path: '/receiving:setExternalSync',
    versions: V2025_ON,
    status: 200,
    body: async () => ({ ids: [await anyWro()], is_external_sync: true }),
  },
  { method: 'GET', path: '/receiving/{id}/labels', versions: V20_ON, status: 200, params: async () => ({ id: await anyWro() }) },
  { method: 'GET', path: '/receiving/{id}/boxes', versions: V20_ON, status: 200, params: async () => ({ id: await anyWro() }) },
  { method: 'GET', path: '/product/{productId}/variants', versions: V2025_ON, status: 200, params: newProduct },
  {
    method: 'PATCH',
    path: '/product/{productId}/variants',
    versions: V2025_ON,
    status: 200,
    params: newProduct,
    body: () => [{ id: lastParams.variantId, name: 'Renamed' }],
  },
  { method: 'DELETE', path: '/product/{productId}', versions: V2025_ON, status: 200, params: newProduct },
  {
    method: 'POST',
    path: '/product:moveVariants',
    versions: V2025_ON,
    status: 201,
    params: async () => ({ variant: (await newProduct()).variantId }),
    body: () => ({ name: 'Moved into a new product', variants: [{ id: lastParams.variant }] }),
  },
  {
    method: 'POST',
    path: '/product/{productId}:moveVariants',
    versions: V2025_ON,
    status: 201,
    // The path names the target product; the body the variants that move into it.
    params: async () => {
      const a = await newProduct();
      const b = await newProduct();
      return { productId: b.productId, variant: a.variantId };
    },
    body: () => ({ variants: [{ id: lastParams.variant }] }),
  },
  {
    method: 'POST',
    path: '/variant/{variantId}:convertToBundle',
    versions: V2025_ON,
    status: 201,
    params: async () => {
      const a = await newProduct();
      const b = await newProduct();
      const c = await newProduct();
      return { variantId: a.variantId, p1: b.variantId, p2: c.variantId };
    },
    body: () => ({
      bundle_definition: [
        { variant_id: lastParams.p1, quantity: 1 },
        { variant_id: lastParams.p2, quantity: 2 },
      ],
    }),
  },
  {
    method: 'POST',
    path: '/variant/{variantId}:merge',
    versions: V2025_ON,
    status: 201,
    params: async () => ({ variantId: (await newProduct()).variantId, child: (await newProduct()).variantId }),
    body: () => [{ id: lastParams.child }],
  },
  { method: 'GET', path: '/transaction-fees', versions: V2025_ON, status: 200 },
  { method: 'POST', path: '/transactions:query', versions: V2025_ON, status: 200, body: () => ({ page_size: 10 }) },
  {
    method: 'PUT',
    path: '/shipment',
    versions: ['1.0'],
    status: 200,
    body: async () => ({ shipment_ids: [await shippedShipment()], is_tracking_uploaded: true }),
  },
  { method: 'POST', path: '/order/{orderId}:cancel', versions: V2025_ON, status: 200, params: newOrder },
  { method: 'POST', path: '/order/{orderId}/shipment/{shipmentId}:cancel', versions: V2025_ON, status: 200, params: newOrder },
  { method: 'POST', path: '/receiving/{id}:cancel', versions: V2025_ON, status: 200, params: async () => ({ id: await newWro() }) },
  { method: 'POST', path: '/return/{id}:cancel', versions: V2025_ON, status: 200, params: async () => ({ id: await newReturn() }) },
  { method: 'POST', path: '/shipment:batchCancel', versions: V2025_ON, status: 200, body: async () => ({ shipment_ids: [(await newOrder()).shipmentId] }) },
  {
    method: 'POST',
    path: '/order:estimate',
    versions: V2025_ON,
    status: 200,
    body: () => ({ address: { address1: '1 Main', city: 'Austin', country: 'US' }, products: [{ reference_id: stockItem.sku, quantity: 2 }] }),
  },
  {
    method: 'POST',
    path: '/order/{orderId}/store-order-json',
    versions: V2025_ON,
    status: 201,
    params: newOrder,
    body: () => ({ order_json: JSON.stringify({ source: 'shop', id: 1 }) }),
  },
  { method: 'GET', path: '/shipping-method', versions: V2025_ON, status: 200 },
  {
    method: 'POST',
    path: '/shipment:batchUpdateTrackingUpload',
    versions: V2025_ON,
    status: 200,
    body: async () => ({ shipment_ids: [await shippedShipment()], is_tracking_uploaded: true }),
  },
  { method: 'GET', path: '/fulfillment-center', versions: V2025_ON, status: 200 },
  // Section 9.5: the 2.0 spellings of the renamed paths.
  {
    method: 'POST',
    path: '/order/estimate',
    versions: ['2.0'],
    status: 200,
    body: () => ({ address: { address1: '1 Main', city: 'Austin', country: 'US' }, products: [{ reference_id: stockItem.sku, quantity: 1 }] }),
  },
  { method: 'POST', path: '/order/{orderId}/cancel', versions: ['2.0'], status: 200, params: newOrder },
  { method: 'POST', path: '/order/{orderId}/shipment/{shipmentId}/cancel', versions: ['2.0'], status: 200, params: newOrder },
  {
    method: 'POST',
    path: '/order/{orderId}/storeOrderJson',
    versions: ['2.0'],
    status: 201,
    params: newOrder,
    body: () => ({ order_json: JSON.stringify({ id: 1 }) }),
  },
  { method: 'GET', path: '/shippingmethod', versions: ['2.0'], status: 200 },
  {
    method: 'POST',
    path: '/shipment/:bulkUpdateTrackingUpload',
    versions: ['2.0'],
    status: 200,
    body: async () => ({ shipment_ids: [await shippedShipment()], is_tracking_uploaded: false }),
  },
  { method: 'POST', path: '/shipment/cancelbulk', versions: ['2.0'], status: 200, body: async () => ({ shipment_ids: [(await newOrder()).shipmentId] }) },
  { method: 'POST', path: '/receiving/{id}/cancel', versions: ['2.0'], status: 200, params: async () => ({ id: await newWro() }) },
  { method: 'GET', path: '/fulfillmentCenter', versions: ['2.0'], status: 200 },
  { method: 'POST', path: '/return/{id}/cancel', versions: ['2.0'], status: 200, params: async () => ({ id: await newReturn() }) },
  // Section 9.4: removed in 2025-07, still there before.
  { method: 'GET', path: '/return/{id}/statushistory', versions: ['1.0', '2.0'], status: 200, params: async () => ({ id: await newReturn() }) },
  {
    method: 'PUT',
    path: '/shipment/{shipmentId}',
    versions: ['1.0', '2.0'],
    status: 200,
    params: async () => ({ shipmentId: await shippedShipment() }),
    body: () => ({ is_tracking_uploaded: true }),
  },
];

let lastParams: Record<string, string | number> = {};

function fill(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => {
    if (params[k] === undefined) throw new Error(`no value for {${k}} in ${path}`);
    return encodeURIComponent(String(params[k]));
  });
}

const cases = table.flatMap((row) => row.versions.map((version) => ({ row, version, name: `${row.method} /${version}${row.path}` })));

describe('every path of spec section 4 answers under each of its versions', () => {
  it.each(cases)('$name', async ({ row, version }) => {
    lastParams = row.params ? await row.params() : {};
    const path = `/${version}${fill(row.path, lastParams)}`;
    const body = row.body ? await row.body() : row.method === 'GET' || row.method === 'DELETE' ? undefined : {};
    const answer = await api.call(row.method, path, { ...(body !== undefined ? { body } : {}), raw: row.path.endsWith('/labels') });
    expect(answer.status, `${row.method} ${path}: ${answer.text.slice(0, 400)}`).toBe(row.status);
    // Spec 9.2 and the API notes: 1.0 and 2.0 say they are deprecated; 1.0 also gives its sunset date.
    if (version === '1.0') {
      expect(answer.headers.get('deprecation')).toBe('true');
      expect(answer.headers.get('sunset')).toBe('Fri, 31 Jul 2026 00:00:00 GMT');
    } else if (version === '2.0') expect(answer.headers.get('deprecation')).toBe('true');
    else expect(answer.headers.get('deprecation')).toBeNull();
  });
});

describe('renamed and removed paths do not answer where they do not exist', () => {
  const absent: [string, string][] = [
    ['GET', '/2025-07/return/{id}/statushistory'],
    ['GET', '/2026-07/return/{id}/statushistory'],
    ['POST', '/2.0/order:estimate'],
    ['GET', '/2025-07/shippingmethod'],
    ['GET', '/2.0/shipping-method'],
    ['GET', '/2025-07/fulfillmentCenter'],
    ['POST', '/2.0/receiving/{id}:cancel'],
    ['POST', '/2025-07/receiving/{id}/cancel'],
    ['GET', '/2025-07/allergens'],
    ['GET', '/1.0/inventory'],
    ['GET', '/3.0/inventory'],
  ];
  it.each(absent)('%s %s answers 404 problem details', async (method, template) => {
    const answer = await api.call(method, template.replace(/\{\w+\}/, '5000'), method === 'GET' ? {} : { body: {} });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect(answer.body).toMatchObject({ status: 404, title: 'Not Found' });
  });

  // From 2025-07 these spellings fit a path that exists under another method (GET /shipment/{shipmentId},
  // GET /order/{orderId}), so they answer 405 with the methods that do exist (RFC 9110, 15.5.6).
  const otherMethod: [string, string, string][] = [
    ['PUT', '/2025-07/shipment/{id}', 'GET'],
    ['POST', '/2025-07/order/estimate', 'GET'],
    ['POST', '/2025-07/shipment/cancelbulk', 'GET'],
    ['PUT', '/2026-01/shipment/{id}', 'GET'],
    ['POST', '/2026-01/order/estimate', 'GET'],
    ['DELETE', '/2026-07/order/{id}', 'GET'],
  ];
  it.each(otherMethod)('%s %s answers 405, Allow: %s', async (method, template, allow) => {
    const answer = await api.call(method, template.replace(/\{\w+\}/, '5000'), { body: {} });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe(allow);
    expect(answer.body).toMatchObject({ status: 405, title: 'Method Not Allowed' });
  });
});
