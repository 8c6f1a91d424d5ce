import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { OrderCreate, OrderEstimateRequest, ShipmentIds, TrackingUploadUpdate, type Order, type Shipment } from '../../shared/schemas/orders.js';
import type { EmulatorContext } from '../context.js';
import { SIMULATION_STEPS } from '../engine/transitions.js';
import { parseBody, problem, validation } from '../http/errors.js';
import { intParam, pageHeaders, pageSlice, QueryReader } from '../http/query.js';
import { spelledAs, type ApiRequest, type RouteDef } from '../http/router.js';
import { ensureProductByReference } from './products.js';
import { V } from './versions.js';

const SHIPPING_METHODS = [
  { id: 1, name: 'Standard', carrier: 'USPS', service_level: 'Ground' },
  { id: 2, name: 'Expedited', carrier: 'UPS', service_level: '2nd Day Air' },
  { id: 3, name: 'Overnight', carrier: 'FedEx', service_level: 'Priority Overnight' },
  { id: 4, name: 'Freight', carrier: 'XPO', service_level: 'LTL' },
];

function findOrder(ctx: EmulatorContext, req: ApiRequest): Order {
  const id = intParam(req.params.orderId, 'orderId');
  const order = ctx.store.data.orders.find((o) => o.id === id);
  if (!order) throw problem(404, `Order ${id} does not exist.`);
  return order;
}

function findShipment(ctx: EmulatorContext, id: number): { order: Order; shipment: Shipment } | null {
  for (const order of ctx.store.data.orders) {
    const shipment = order.shipments.find((s) => s.id === id);
    if (shipment) return { order, shipment };
  }
  return null;
}

/** A shipment that has not left the building can be cancelled; one that has, cannot. */
function cancelShipment(ctx: EmulatorContext, order: Order, shipment: Shipment): string | null {
  if (shipment.status === 'Cancelled') return null;
  if (shipment.status === 'Completed') return `Shipment ${shipment.id} has already shipped.`;
  const at = ctx.clock.now().toISOString();
  shipment.status = 'Cancelled';
  shipment.last_update_at = at;
  ctx.webhooks.emit('order.shipment.cancelled', { event_time: at, order_id: order.id, reference_id: order.reference_id ?? '', shipment_id: shipment.id, status: 'Cancelled' });
  if (order.shipments.every((s) => s.status === 'Cancelled')) order.status = 'Cancelled';
  return null;
}

function listOrders(req: ApiRequest, ctx: EmulatorContext) {
  const q = new QueryReader(req.query);
  const page = q.int('Page', 1, 2147483647, 1);
  const limit = q.int('Limit', 1, 250, 50);
  const ids = q.ints('IDs');
  const refs = q.list('ReferenceIds');
  const start = q.date('StartDate');
  const end = q.date('EndDate');
  const sort = q.oneOf('SortOrder', ['Newest', 'Oldest'] as const) ?? 'Newest';
  const hasTracking = q.bool('HasTracking');
  const uploaded = q.bool('IsTrackingUploaded');
  const updStart = q.date('LastUpdateStartDate');
  const updEnd = q.date('LastUpdateEndDate');
  const trkStart = q.date('LastTrackingUpdateStartDate');
  const trkEnd = q.date('LastTrackingUpdateEndDate');
  q.done();
  const lastUpdate = (o: Order) => Math.max(Date.parse(o.created_date), ...o.shipments.map((s) => (s.last_update_at ? Date.parse(s.last_update_at) : 0)));
  const lastTracking = (o: Order) => Math.max(0, ...o.shipments.map((s) => (s.last_tracking_update_at ? Date.parse(s.last_tracking_update_at) : 0)));
  const all = ctx.store.data.orders
    .filter((o) => {
      const created = Date.parse(o.created_date);
      const tracked = o.shipments.some((s) => s.tracking !== null);
      return (
        (!req.channelId || o.channel.id === req.channelId) &&
        (!ids || ids.includes(o.id)) &&
        (!refs || (o.reference_id !== null && refs.includes(o.reference_id))) &&
        (start === undefined || created > start) &&
        (end === undefined || created < end) &&
        (hasTracking === undefined || tracked === hasTracking) &&
        (uploaded === undefined || (o.shipments.length > 0 && o.shipments.filter((s) => s.tracking).every((s) => s.is_tracking_uploaded) === uploaded && tracked)) &&
        (updStart === undefined || lastUpdate(o) > updStart) &&
        (updEnd === undefined || lastUpdate(o) < updEnd) &&
        // Spec 4.3: these two return only orders that have tracking.
        (trkStart === undefined || (tracked && lastTracking(o) > trkStart)) &&
        (trkEnd === undefined || (tracked && lastTracking(o) < trkEnd))
      );
    })
    .sort((a, b) => (sort === 'Oldest' ? 1 : -1) * (a.created_date.localeCompare(b.created_date) || a.id - b.id));
  return { headers: pageHeaders(page, limit, all.length), body: pageSlice(all, page, limit) };
}

function createOrder(req: ApiRequest, ctx: EmulatorContext) {
  const body = parseBody(OrderCreate, req.body);
  if (ctx.store.data.orders.some((o) => o.reference_id === body.reference_id)) throw validation(400, { reference_id: [`An order with reference_id ${body.reference_id} already exists.`] });
  const now = ctx.clock.now().toISOString();
  const channel = ctx.store.data.channels.find((c) => c.id === req.channelId) ?? ctx.store.data.channels[0]!;
  const lines = body.products.map((line, k) => {
    const product = ensureProductByReference(ctx, line.reference_id, undefined, line.unit_price);
    const v = product.variants[0]!;
    return { line, product, v, k };
  });
  const withStock = ctx.store.inventory(lines[0]!.v.inventory.inventory_id)?.levels.find((l) => l.on_hand > 0);
  const fc = ctx.store.data.fulfillmentCenters.find((f) => f.id === withStock?.fc_id) ?? ctx.store.data.fulfillmentCenters[0]!;
  const orderId = ctx.store.nextId();
  const address = { address2: null, company_name: null, state: null, zip_code: null, ...body.recipient.address };
  const shipment: Shipment = {
    id: ctx.store.nextId(),
    order_id: orderId,
    reference_id: body.reference_id,
    created_date: now,
    last_update_at: now,
    last_tracking_update_at: null,
    estimated_fulfillment_date: new Date(ctx.clock.nowMs() + 2 * 86_400_000).toISOString(),
    actual_fulfillment_date: null,
    delivery_date: null,
    estimated_fulfillment_date_status: withStock ? 'PendingOnTime' : 'AwaitingInventoryAllocation',
    status: 'Processing',
    status_details: [],
    gift_message: body.gift_message ?? null,
    insurance_value: null,
    invoice_amount: null,
    invoice_currency_code: null,
    is_tracking_uploaded: false,
    location: { id: fc.id, name: fc.name },
    measurements: { depth_in: 0, length_in: 0, width_in: 0, total_weight_oz: 0 },
    package_material_type: 'Unknown',
    require_signature: false,
    ship_option: body.shipping_method,
    recipient: { name: body.recipient.name, full_name: body.recipient.name, email: body.recipient.email ?? null, phone_number: body.recipient.phone_number ?? null, address },
    products: lines.map(({ line, product, v }) => ({
      id: v.id,
      name: product.name,
      reference_id: line.reference_id,
      sku: v.sku,
      inventory_items: [{ id: v.inventory.inventory_id, name: v.name, quantity: line.quantity, quantity_committed: withStock ? line.quantity : 0, lot: null, expiration_date: null, is_dangerous_goods: false, serial_numbers: [] }],
    })),
    parent_cartons: [],
    tracking: null,
  };
  const order: Order = {
    id: orderId,
    reference_id: body.reference_id,
    order_number: body.order_number ?? body.reference_id,
    created_date: now,
    purchase_date: body.purchase_date ?? null,
    gift_message: body.gift_message ?? null,
    channel: { id: channel.id, name: channel.name },
    financials: { total_price: lines.reduce((n, { line }) => n + (line.unit_price ?? 0) * line.quantity, 0) },
    products: lines.map(({ line, v, k }) => ({ external_line_id: k + 1, gtin: line.gtin ?? v.gtin, id: v.id, quantity: line.quantity, quantity_unit_of_measure_code: line.quantity_unit_of_measure_code ?? 'EA', reference_id: line.reference_id, sku: line.sku ?? v.sku, unit_price: line.unit_price ?? 0, upc: line.upc ?? null })),
    recipient: { ...body.recipient, address },
    retailer_program_data: null,
    shipping_method: body.shipping_method,
    shipping_terms: null,
    status: 'Processing',
    type: body.type ?? 'DTC',
    tags: body.tags ?? [],
    shipments: [shipment],
  };
  ctx.store.data.orders.push(order);
  ctx.store.changed();
  return { status: 201, body: order };
}

const SimulationBody = z.object({ shipment_id: z.number().int(), outcome: z.enum(['Delivered', 'Exception', 'OnHold']).optional() });

function simulate(req: ApiRequest, ctx: EmulatorContext) {
  if (ctx.env !== 'sandbox') throw problem(404, 'Simulations exist in the sandbox environment only.');
  const body = parseBody(SimulationBody, req.body);
  const found = findShipment(ctx, body.shipment_id);
  if (!found) throw problem(404, `Shipment ${body.shipment_id} does not exist.`);
  if (found.shipment.status === 'Cancelled' || found.shipment.status === 'Completed') throw validation(422, { shipment_id: [`Shipment ${body.shipment_id} is ${found.shipment.status}; only a shipment still in progress can be simulated.`] });
  const now = ctx.clock.nowMs();
  const id = `sim_${randomBytes(8).toString('hex')}`;
  if (body.outcome === 'Exception' || body.outcome === 'OnHold') {
    // A problem outcome happens at once and ends the simulation.
    const at = new Date(now).toISOString();
    found.shipment.status = body.outcome;
    found.shipment.last_update_at = at;
    found.order.status = 'Exception';
    ctx.webhooks.emit(body.outcome === 'Exception' ? 'order.shipment.exception' : 'order.shipment.on_hold', { event_time: at, order_id: found.order.id, reference_id: found.order.reference_id ?? '', shipment_id: found.shipment.id, status: body.outcome });
    ctx.store.data.simulations.push({ simulation_id: id, shipment_id: body.shipment_id, created_at: now, steps: [{ name: 'LabelCreated', at: now, done: true, completed_at: at }] });
  } else {
    ctx.store.data.simulations.push({
      simulation_id: id,
      shipment_id: body.shipment_id,
      created_at: now,
      steps: [
        { name: 'LabelCreated', at: now, done: false, completed_at: null },
        { name: 'Shipped', at: now + SIMULATION_STEPS.shippedAfterMs, done: false, completed_at: null },
        { name: 'Delivered', at: now + SIMULATION_STEPS.deliveredAfterMs, done: false, completed_at: null },
      ],
    });
  }
  ctx.engine.advance();
  ctx.store.changed();
  return { body: { simulation_id: id } };
}

export const orderRoutes: RouteDef[] = [
  { method: 'GET', path: '/order', versions: V.v10to20, scope: 'orders_read', channel: 'optional', handle: listOrders },
  { method: 'POST', path: '/order', versions: V.v10to20, scope: 'orders_write', channel: 'optional', handle: createOrder },
  { method: 'GET', path: '/order/{orderId}', versions: V.v10to20, scope: 'orders_read', handle: (req, ctx) => ({ body: findOrder(ctx, req) }) },
  ...spelledAs(
    [
      { path: '/order/{orderId}/cancel', versions: V.v20 },
      { path: '/order/{orderId}:cancel', versions: V.v2025on },
    ],
    {
      method: 'POST',
      scope: 'orders_write',
      handle: (req, ctx) => {
        const order = findOrder(ctx, req);
        if (order.status === 'Fulfilled') throw validation(422, { orderId: [`Order ${order.id} is fulfilled and cannot be cancelled.`] });
        for (const s of order.shipments) cancelShipment(ctx, order, s);
        order.status = 'Cancelled';
        ctx.store.changed();
        return { body: order };
      },
    },
  ),
  ...spelledAs(
    [
      { path: '/order/{orderId}/shipment/{shipmentId}/cancel', versions: V.v20 },
      { path: '/order/{orderId}/shipment/{shipmentId}:cancel', versions: V.v2025on },
    ],
    {
      method: 'POST',
      scope: 'orders_write',
      handle: (req, ctx) => {
        const order = findOrder(ctx, req);
        const shipmentId = intParam(req.params.shipmentId, 'shipmentId');
        const shipment = order.shipments.find((s) => s.id === shipmentId);
        if (!shipment) throw problem(404, `Shipment ${shipmentId} is not part of order ${order.id}.`);
        const refusal = cancelShipment(ctx, order, shipment);
        if (refusal) throw validation(422, { shipmentId: [refusal] });
        ctx.store.changed();
        return { body: shipment };
      },
    },
  ),
  ...spelledAs(
    [
      { path: '/order/estimate', versions: V.v20 },
      { path: '/order:estimate', versions: V.v2025on },
    ],
    {
      method: 'POST',
      scope: 'orders_read',
      handle: (req, ctx) => {
        const body = parseBody(OrderEstimateRequest, req.body);
        if (!/^[A-Z]{2}$/.test(body.address.country)) throw validation(400, { 'address.country': ['country must be an ISO 3166 alpha-2 code for estimates.'] });
        const units = body.products.reduce((n, p) => n + p.quantity, 0);
        const methods = SHIPPING_METHODS.filter((m) => !body.shipping_methods || body.shipping_methods.includes(m.name));
        return { body: { estimates: methods.map((m) => ({ shipping_method: m.name, total_price: Math.round((4 + m.id * 3.5 + units * 0.6) * 100) / 100, currency_code: 'USD', estimated_fulfillment_date: new Date(ctx.clock.nowMs() + (5 - Math.min(m.id, 4)) * 86_400_000).toISOString() })) } };
      },
    },
  ),
  ...spelledAs(
    [
      { path: '/order/{orderId}/storeOrderJson', versions: V.v20 },
      { path: '/order/{orderId}/store-order-json', versions: V.v2025on },
    ],
    {
      method: 'POST',
      scope: 'orders_write',
      handle: (req, ctx) => {
        findOrder(ctx, req);
        if (req.body === undefined || req.body === null || typeof req.body !== 'object') throw validation(400, { '(body)': ['The original order must be a JSON object.'] });
        return { body: {} };
      },
    },
  ),
  { method: 'GET', path: '/shippingmethod', versions: V.v20, scope: 'orders_read', handle: () => ({ body: SHIPPING_METHODS }) },
  { method: 'GET', path: '/shipping-method', versions: V.v2025on, scope: 'orders_read', handle: () => ({ body: SHIPPING_METHODS }) },

  // Shipments (spec 4.4 and the renames of section 9).
  ...spelledAs(
    [
      { path: '/shipment/{shipmentId}/cancel', versions: V.v10to20 },
      { path: '/shipment/{shipmentId}:cancel', versions: V.v2025on },
    ],
    {
      method: 'POST',
      scope: 'fulfillments_write',
      channel: 'optional',
      handle: (req, ctx) => {
        const found = findShipment(ctx, intParam(req.params.shipmentId, 'shipmentId'));
        if (!found) throw problem(404, `Shipment ${req.params.shipmentId} does not exist.`);
        const refusal = cancelShipment(ctx, found.order, found.shipment);
        if (refusal) throw validation(422, { shipmentId: [refusal] });
        ctx.store.changed();
        return { body: found.shipment };
      },
    },
  ),
  {
    method: 'PUT',
    path: '/shipment',
    versions: V.v10,
    scope: 'fulfillments_write',
    handle: (req, ctx) => markUploaded(ctx, parseBody(TrackingUploadUpdate, req.body)),
  },
  {
    // Removed in 2025-07 (spec 9.4).
    method: 'PUT',
    path: '/shipment/{shipmentId}',
    versions: V.v10to20,
    scope: 'fulfillments_write',
    handle: (req, ctx) => {
      const found = findShipment(ctx, intParam(req.params.shipmentId, 'shipmentId'));
      if (!found) throw problem(404, `Shipment ${req.params.shipmentId} does not exist.`);
      const body = parseBody(z.object({ is_tracking_uploaded: z.boolean() }), req.body);
      found.shipment.is_tracking_uploaded = body.is_tracking_uploaded;
      ctx.store.changed();
      return { body: found.shipment };
    },
  },
  ...spelledAs(
    [
      { path: '/shipment/:bulkUpdateTrackingUpload', versions: V.v20 },
      { path: '/shipment:batchUpdateTrackingUpload', versions: V.v2025on },
    ],
    { method: 'POST', scope: 'fulfillments_write', handle: (req, ctx) => markUploaded(ctx, parseBody(TrackingUploadUpdate, req.body)) },
  ),
  ...spelledAs(
    [
      { path: '/shipment/cancelbulk', versions: V.v20 },
      { path: '/shipment:batchCancel', versions: V.v2025on },
    ],
    {
      method: 'POST',
      scope: 'fulfillments_write',
      handle: (req, ctx) => {
        const body = parseBody(ShipmentIds, req.body);
        const results = body.shipment_ids.map((id) => {
          const found = findShipment(ctx, id);
          if (!found) return { id, is_success: false, reason: `Shipment ${id} does not exist.` };
          const refusal = cancelShipment(ctx, found.order, found.shipment);
          return { id, is_success: refusal === null, reason: refusal };
        });
        ctx.store.changed();
        return { body: { results } };
      },
    },
  ),

  // Sandbox simulations (spec 4.11, 9.6): under 2.0 first, then 2026-01.
  { method: 'POST', path: '/simulate/shipment', versions: ['2.0', ...V.v2026_01on], scope: 'fulfillments_write', handle: simulate },
  {
    method: 'GET',
    path: '/simulate/status/{simulationId}',
    versions: ['2.0', ...V.v2026_01on],
    scope: 'fulfillments_read',
    handle: (req, ctx) => {
      if (ctx.env !== 'sandbox') throw problem(404, 'Simulations exist in the sandbox environment only.');
      const sim = ctx.store.data.simulations.find((s) => s.simulation_id === req.params.simulationId);
      if (!sim) throw problem(404, `Simulation ${req.params.simulationId} does not exist.`);
      const done = sim.steps.every((s) => s.done);
      const shipment = findShipment(ctx, sim.shipment_id)?.shipment;
      const failed = shipment?.status === 'Exception' || shipment?.status === 'OnHold';
      return {
        body: {
          simulation_id: sim.simulation_id,
          shipment_id: sim.shipment_id,
          status: failed ? 'Failed' : done ? 'Completed' : sim.steps.some((s) => s.done) ? 'InProgress' : 'Pending',
          steps: sim.steps.map((s) => ({ name: s.name, status: s.done ? 'Completed' : 'Pending', completed_at: s.completed_at })),
        },
      };
    },
  },
];

function markUploaded(ctx: EmulatorContext, body: z.infer<typeof TrackingUploadUpdate>) {
  const results = body.shipment_ids.map((id) => {
    const found = findShipment(ctx, id);
    if (!found) return { id, is_success: false, reason: `Shipment ${id} does not exist.` };
    if (!found.shipment.tracking) return { id, is_success: false, reason: `Shipment ${id} has no tracking yet.` };
    found.shipment.is_tracking_uploaded = body.is_tracking_uploaded;
    return { id, is_success: true, reason: null };
  });
  ctx.store.changed();
  return { body: { results } };
}
