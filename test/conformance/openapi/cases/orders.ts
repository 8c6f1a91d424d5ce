import type { CaseContext, ConformanceCase } from '../harness.js';

/** Orders and shipments, 2025-07 and 2026-01 (and the 2026-01 shipment operations). */
const VERSIONS = ['2025-07', '2026-01'] as const;

interface OrderLite {
  id: number;
  status: string;
  shipments: { id: number; status: string; tracking?: { tracking_number: string } }[];
}

const recipient = {
  name: 'Jamie Alvarez',
  email: 'jamie@example.com',
  phone_number: '+1 512 555 0188',
  address: { address1: '500 Congress Ave', address2: 'Suite 12', city: 'Austin', company_name: null, country: 'US', state: 'TX', zip_code: '78701' },
};

let serial = 0;
const orderBody = (ctx: CaseContext) => ({
  reference_id: `CONF-${ctx.emu.control.nowMs()}-${++serial}`,
  order_number: `#C${serial}`,
  type: 'DTC',
  shipping_method: 'Standard',
  recipient,
  products: [{ reference_id: ctx.ids.sku, name: 'Conformance item', quantity: 2, unit_price: 12.5 }],
  tags: [{ name: 'source', value: 'conformance' }],
});

/** A new order (one Processing shipment) for cases that change it. */
const newOrder = async (ctx: CaseContext): Promise<OrderLite> => ctx.ok<OrderLite>('POST', '/2026-01/order', { body: orderBody(ctx) });

/** Seeded orders, found through the API: one with a shipped, tracked shipment. */
const seeded = (ctx: CaseContext) =>
  ctx.once('orders', async () => {
    const orders = await ctx.ok<OrderLite[]>('GET', '/2026-01/order', { query: { Limit: 250 } });
    const shipped = orders.find((o) => o.shipments.some((s) => s.tracking))!;
    const tracked = shipped.shipments.find((s) => s.tracking)!;
    return { shipped, tracked, trackingNumber: tracked.tracking!.tracking_number };
  });

export const cases: ConformanceCase[] = [
  ...VERSIONS.flatMap((v): ConformanceCase[] => [
    {
      version: v,
      method: 'GET',
      template: `/${v}/order`,
      expectStatus: 200,
      name: 'first page, more pages follow',
      request: () => ({ path: `/${v}/order`, query: { Limit: 10 } }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/order`,
      expectStatus: 200,
      name: 'every seeded order (all statuses, B2B and drop-ship)',
      request: () => ({ path: `/${v}/order`, query: { Limit: 250 } }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/order`,
      expectStatus: 200,
      name: 'tracking not yet uploaded',
      request: () => ({ path: `/${v}/order`, query: { HasTracking: true, IsTrackingUploaded: false, SortOrder: 'Oldest' } }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/order`,
      expectStatus: 400,
      name: 'Limit out of range',
      request: () => ({ path: `/${v}/order`, query: { Limit: 1000 } }),
    },
    { version: v, method: 'GET', template: `/${v}/order`, expectStatus: 401, name: 'no token', withoutToken: true, request: () => ({ path: `/${v}/order` }) },
    {
      version: v,
      method: 'POST',
      template: `/${v}/order`,
      expectStatus: 201,
      name: 'lines by reference id',
      request: (ctx) => ({ path: `/${v}/order`, body: orderBody(ctx) }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/order`,
      expectStatus: 201,
      name: 'line by product id, B2B with terms',
      request: async (ctx) => {
        const products = await ctx.ok<{ items: { variants: { id: number }[] }[] }>('GET', '/2026-01/product', { query: { PageSize: 5 } });
        return {
          path: `/${v}/order`,
          body: {
            ...orderBody(ctx),
            type: 'B2B',
            shipping_terms: { carrier_type: 'Parcel', payment_term: 'Prepaid' },
            products: [{ id: products.items[0]!.variants[0]!.id, quantity: 1 }],
          },
        };
      },
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/order`,
      expectStatus: 400,
      name: 'no recipient',
      request: (ctx) => ({ path: `/${v}/order`, body: { ...orderBody(ctx), recipient: undefined } }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/order`,
      expectStatus: 422,
      name: 'repeated reference id',
      request: async (ctx) => {
        const body = orderBody(ctx);
        await ctx.ok('POST', `/${v}/order`, { body });
        return { path: `/${v}/order`, body };
      },
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/order/{orderId}`,
      expectStatus: 200,
      request: async (ctx) => ({ path: `/${v}/order/${(await seeded(ctx)).shipped.id}` }),
    },
    { version: v, method: 'GET', template: `/${v}/order/{orderId}`, expectStatus: 404, name: 'unknown id', request: () => ({ path: `/${v}/order/999999999` }) },
    { version: v, method: 'GET', template: `/${v}/order/{orderId}`, expectStatus: 400, name: 'id not a number', request: () => ({ path: `/${v}/order/abc` }) },
    {
      version: v,
      method: 'GET',
      template: `/${v}/order/{orderId}/shipment`,
      expectStatus: 200,
      request: async (ctx) => ({ path: `/${v}/order/${(await seeded(ctx)).shipped.id}/shipment` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/order/{orderId}/shipment`,
      expectStatus: 404,
      name: 'unknown order',
      request: () => ({ path: `/${v}/order/999999999/shipment` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/order/{orderId}/shipment/{shipmentId}`,
      expectStatus: 200,
      request: async (ctx) => {
        const s = await seeded(ctx);
        return { path: `/${v}/order/${s.shipped.id}/shipment/${s.tracked.id}` };
      },
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/order/{orderId}/shipment/{shipmentId}`,
      expectStatus: 404,
      name: 'shipment of another order',
      request: async (ctx) => {
        const s = await seeded(ctx);
        return { path: `/${v}/order/${s.shipped.id}/shipment/999999999` };
      },
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/shipment/{shipmentId}`,
      expectStatus: 200,
      request: async (ctx) => ({ path: `/${v}/shipment/${(await seeded(ctx)).tracked.id}` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/shipment/{shipmentId}`,
      expectStatus: 404,
      name: 'unknown id',
      request: () => ({ path: `/${v}/shipment/999999999` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/shipment/{shipmentId}/logs`,
      expectStatus: 200,
      request: async (ctx) => ({ path: `/${v}/shipment/${(await seeded(ctx)).tracked.id}/logs` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/shipment/{shipmentId}/logs`,
      expectStatus: 404,
      name: 'unknown id',
      request: () => ({ path: `/${v}/shipment/999999999/logs` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/shipment/{shipmentId}/timeline`,
      expectStatus: 200,
      request: async (ctx) => ({ path: `/${v}/shipment/${(await seeded(ctx)).tracked.id}/timeline` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/order/{orderId}/shipment/{shipmentId}/logs`,
      expectStatus: 200,
      request: async (ctx) => {
        const s = await seeded(ctx);
        return { path: `/${v}/order/${s.shipped.id}/shipment/${s.tracked.id}/logs` };
      },
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/order/{orderId}/shipment/{shipmentId}/timeline`,
      expectStatus: 200,
      request: async (ctx) => {
        const s = await seeded(ctx);
        return { path: `/${v}/order/${s.shipped.id}/shipment/${s.tracked.id}/timeline` };
      },
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/order/{orderId}/shipment/{shipmentId}/timeline`,
      expectStatus: 404,
      name: 'unknown order',
      request: async (ctx) => ({ path: `/${v}/order/999999999/shipment/${(await seeded(ctx)).tracked.id}/timeline` }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/order/{orderId}:cancel`,
      expectStatus: 200,
      request: async (ctx) => ({ path: `/${v}/order/${(await newOrder(ctx)).id}:cancel` }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/order/{orderId}:cancel`,
      expectStatus: 404,
      name: 'unknown id',
      request: () => ({ path: `/${v}/order/999999999:cancel` }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/order/{orderId}:cancel`,
      expectStatus: 422,
      name: 'fulfilled order',
      request: async (ctx) => {
        const orders = await ctx.ok<OrderLite[]>('GET', '/2026-01/order', { query: { Limit: 250 } });
        return { path: `/${v}/order/${orders.find((o) => o.status === 'Fulfilled')!.id}:cancel` };
      },
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/order/{orderId}/shipment/{shipmentId}:cancel`,
      expectStatus: 200,
      request: async (ctx) => {
        const o = await newOrder(ctx);
        return { path: `/${v}/order/${o.id}/shipment/${o.shipments[0]!.id}:cancel` };
      },
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/order/{orderId}/shipment/{shipmentId}:cancel`,
      expectStatus: 422,
      name: 'already shipped',
      request: async (ctx) => {
        const s = await seeded(ctx);
        return { path: `/${v}/order/${s.shipped.id}/shipment/${s.tracked.id}:cancel` };
      },
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/shipment/{shipmentId}:cancel`,
      expectStatus: 200,
      request: async (ctx) => ({ path: `/${v}/shipment/${(await newOrder(ctx)).shipments[0]!.id}:cancel` }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/shipment/{shipmentId}:cancel`,
      expectStatus: 404,
      name: 'unknown id',
      request: () => ({ path: `/${v}/shipment/999999999:cancel` }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/shipment/{shipmentId}:cancel`,
      expectStatus: 422,
      name: 'already shipped',
      request: async (ctx) => ({ path: `/${v}/shipment/${(await seeded(ctx)).tracked.id}:cancel` }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/shipment:batchCancel`,
      expectStatus: 200,
      name: 'one cancellable, one shipped, one unknown',
      request: async (ctx) => ({
        path: `/${v}/shipment:batchCancel`,
        body: { shipment_ids: [(await newOrder(ctx)).shipments[0]!.id, (await seeded(ctx)).tracked.id, 999999999] },
      }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/shipment:batchCancel`,
      expectStatus: 422,
      name: 'no ids',
      request: () => ({ path: `/${v}/shipment:batchCancel`, body: { shipment_ids: [] } }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/shipment:batchUpdateTrackingUpload`,
      expectStatus: 200,
      request: async (ctx) => ({
        path: `/${v}/shipment:batchUpdateTrackingUpload`,
        body: { shipment_ids: [(await seeded(ctx)).tracked.id, 999999999], is_tracking_uploaded: true },
      }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/shipment:batchUpdateTrackingUpload`,
      expectStatus: 400,
      name: 'no ids',
      request: () => ({ path: `/${v}/shipment:batchUpdateTrackingUpload`, body: { shipment_ids: [], is_tracking_uploaded: true } }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/order:estimate`,
      expectStatus: 200,
      request: (ctx) => ({
        path: `/${v}/order:estimate`,
        body: {
          address: { country: 'US', state: 'TX', zip_code: '78701', city: 'Austin' },
          products: [{ reference_id: ctx.ids.sku, quantity: 3 }],
          shipping_methods: ['Standard', 'Expedited'],
        },
      }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/order:estimate`,
      expectStatus: 400,
      name: 'country not alpha-2',
      request: (ctx) => ({
        path: `/${v}/order:estimate`,
        body: { address: { country: 'United States' }, products: [{ reference_id: ctx.ids.sku, quantity: 1 }] },
      }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/order:estimate`,
      expectStatus: 422,
      name: 'unknown product id',
      request: () => ({ path: `/${v}/order:estimate`, body: { address: { country: 'US' }, products: [{ id: 999999999, quantity: 1 }] } }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/order/{orderId}/store-order-json`,
      expectStatus: 200,
      request: async (ctx) => ({ path: `/${v}/order/${(await seeded(ctx)).shipped.id}/store-order-json` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/order/{orderId}/store-order-json`,
      expectStatus: 204,
      name: 'none stored',
      request: async (ctx) => ({ path: `/${v}/order/${(await newOrder(ctx)).id}/store-order-json` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/order/{orderId}/store-order-json`,
      expectStatus: 404,
      name: 'unknown order',
      request: () => ({ path: `/${v}/order/999999999/store-order-json` }),
    },
    { version: v, method: 'GET', template: `/${v}/shipping-method`, expectStatus: 200, request: () => ({ path: `/${v}/shipping-method` }) },
    {
      version: v,
      method: 'GET',
      template: `/${v}/shipping-method`,
      expectStatus: 400,
      name: 'Limit out of range',
      request: () => ({ path: `/${v}/shipping-method`, query: { Limit: 0 } }),
    },
  ]),
  // store-order-json POST is published in 2025-07 only.
  {
    version: '2025-07',
    method: 'POST',
    template: '/2025-07/order/{orderId}/store-order-json',
    expectStatus: 201,
    request: async (ctx) => ({
      path: `/2025-07/order/${(await newOrder(ctx)).id}/store-order-json`,
      body: { order_json: JSON.stringify({ id: 'shopify-5550001', line_items: [{ sku: ctx.ids.sku, quantity: 2 }] }) },
    }),
  },
  {
    version: '2025-07',
    method: 'POST',
    template: '/2025-07/order/{orderId}/store-order-json',
    expectStatus: 422,
    name: 'not JSON text',
    request: async (ctx) => ({ path: `/2025-07/order/${(await seeded(ctx)).shipped.id}/store-order-json`, body: { order_json: 'not json' } }),
  },
  {
    version: '2025-07',
    method: 'POST',
    template: '/2025-07/order/{orderId}/store-order-json',
    expectStatus: 404,
    name: 'unknown order',
    request: () => ({ path: '/2025-07/order/999999999/store-order-json', body: { order_json: '{}' } }),
  },

  // 2026-01 only: carrier tracking, line items, address and shipping-service changes.
  {
    version: '2026-01',
    method: 'GET',
    template: '/2026-01/tracking',
    expectStatus: 200,
    request: async (ctx) => ({ path: '/2026-01/tracking', query: { TrackingIds: (await seeded(ctx)).trackingNumber } }),
  },
  {
    version: '2026-01',
    method: 'GET',
    template: '/2026-01/tracking',
    expectStatus: 400,
    name: 'no tracking ids',
    request: () => ({ path: '/2026-01/tracking' }),
  },
  {
    version: '2026-01',
    method: 'GET',
    template: '/2026-01/shipments-tracking',
    expectStatus: 200,
    request: async (ctx) => ({ path: '/2026-01/shipments-tracking', query: { ShipmentIds: String((await seeded(ctx)).tracked.id) } }),
  },
  {
    version: '2026-01',
    method: 'GET',
    template: '/2026-01/shipments-tracking',
    expectStatus: 400,
    name: 'ids not numbers',
    request: () => ({ path: '/2026-01/shipments-tracking', query: { ShipmentIds: 'abc' } }),
  },
  {
    version: '2026-01',
    method: 'GET',
    template: '/2026-01/shipment/{shipmentId}:getLineItems',
    expectStatus: 200,
    request: async (ctx) => ({ path: `/2026-01/shipment/${(await seeded(ctx)).tracked.id}:getLineItems` }),
  },
  {
    version: '2026-01',
    method: 'GET',
    template: '/2026-01/shipment/{shipmentId}:getLineItems',
    expectStatus: 404,
    name: 'unknown id',
    request: () => ({ path: '/2026-01/shipment/999999999:getLineItems' }),
  },
  {
    version: '2026-01',
    method: 'POST',
    template: '/2026-01/shipment/{shipmentId}:updateLineItems',
    expectStatus: 200,
    request: async (ctx) => ({
      path: `/2026-01/shipment/${(await newOrder(ctx)).shipments[0]!.id}:updateLineItems`,
      body: {
        items: [
          { inventory_id: ctx.ids.inventoryId, quantity: 3 },
          { inventory_id: ctx.ids.lotInventoryId, quantity: 1, lot_number: ctx.ids.lotNumber, is_manually_assigned_lot: true },
        ],
      },
    }),
  },
  {
    version: '2026-01',
    method: 'POST',
    template: '/2026-01/shipment/{shipmentId}:updateLineItems',
    expectStatus: 400,
    name: 'shipment already shipped',
    request: async (ctx) => ({
      path: `/2026-01/shipment/${(await seeded(ctx)).tracked.id}:updateLineItems`,
      body: { items: [{ inventory_id: ctx.ids.inventoryId, quantity: 1 }] },
    }),
  },
  {
    version: '2026-01',
    method: 'PUT',
    template: '/2026-01/shipment/{shipmentId}:updateAddress',
    expectStatus: 200,
    request: async (ctx) => ({
      path: `/2026-01/shipment/${(await newOrder(ctx)).shipments[0]!.id}:updateAddress`,
      body: {
        recipient_name: 'Jamie Alvarez',
        street_address1: '1100 Congress Ave',
        street_address2: null,
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
        country_code: 'US',
        email: 'jamie@example.com',
        phone_number: '+1 512 555 0188',
      },
    }),
  },
  {
    version: '2026-01',
    method: 'PUT',
    template: '/2026-01/shipment/{shipmentId}:updateAddress',
    expectStatus: 400,
    name: 'no street',
    request: async (ctx) => ({ path: `/2026-01/shipment/${(await newOrder(ctx)).shipments[0]!.id}:updateAddress`, body: { city: 'Austin' } }),
  },
  {
    version: '2026-01',
    method: 'PUT',
    template: '/2026-01/shipment:bulkUpdateShippingService',
    expectStatus: 200,
    name: 'one open, one shipped',
    request: async (ctx) => ({
      path: '/2026-01/shipment:bulkUpdateShippingService',
      body: {
        shipment_ids: [(await newOrder(ctx)).shipments[0]!.id, (await seeded(ctx)).tracked.id],
        requested_shipping_service_id: 2,
        reason: 'Customer paid for faster delivery',
      },
    }),
  },
  {
    version: '2026-01',
    method: 'PUT',
    template: '/2026-01/shipment:bulkUpdateShippingService',
    expectStatus: 400,
    name: 'unknown service',
    request: async (ctx) => ({
      path: '/2026-01/shipment:bulkUpdateShippingService',
      body: { shipment_ids: [(await newOrder(ctx)).shipments[0]!.id], requested_shipping_service_id: 999, reason: 'Test' },
    }),
  },
];
