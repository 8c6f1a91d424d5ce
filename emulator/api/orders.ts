import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  OrderCreate,
  OrderCreate2025,
  OrderEstimateRequest,
  ShipmentIds,
  TrackingUploadUpdate,
  type Order,
  type Shipment,
} from '../../shared/schemas/orders.js';
import type { EmulatorContext } from '../context.js';
import { SIMULATION_STEPS } from '../engine/transitions.js';
import { HttpError, parseBody, problem, validation, zodDictionary } from '../http/errors.js';
import { intParam, pageHeaders, pageSlice, QueryReader } from '../http/query.js';
import { spelledAs, type ApiRequest, type RouteDef } from '../http/router.js';
import { ensureProductByReference } from './product-records.js';
import { V } from './versions.js';
import { atLeast } from '../http/versions.js';

/** The account's shipping methods; 2.0 lists them flat, 2025-07 as published (service level object, flags). */
export const SHIPPING_METHODS = [
  { id: 1, name: 'Standard', carrier: 'USPS', service_level: 'Ground', level_id: 1, active: true, default: true },
  { id: 2, name: 'Expedited', carrier: 'UPS', service_level: '2nd Day Air', level_id: 2, active: true, default: false },
  { id: 3, name: 'Overnight', carrier: 'FedEx', service_level: 'Priority Overnight', level_id: 3, active: true, default: false },
  { id: 4, name: 'Freight', carrier: 'XPO', service_level: 'LTL', level_id: 4, active: false, default: false },
];

function findOrder(ctx: EmulatorContext, req: ApiRequest): Order {
  const id = intParam(req.params.orderId, 'orderId');
  const order = ctx.store.data.orders.find((o) => o.id === id);
  if (!order) throw problem(404, `Order ${id} does not exist.`);
  return order;
}

export function findShipment(ctx: EmulatorContext, id: number): { order: Order; shipment: Shipment } | null {
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
  ctx.webhooks.emit('order.shipment.cancelled', {
    event_time: at,
    order_id: order.id,
    reference_id: order.reference_id ?? '',
    shipment_id: shipment.id,
    status: 'Cancelled',
  });
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
      const tracked = o.shipments.some((s) => s.tracking !== undefined);
      return (
        (!req.channelId || o.channel.id === req.channelId) &&
        (!ids || ids.includes(o.id)) &&
        (!refs || (o.reference_id !== null && refs.includes(o.reference_id))) &&
        (start === undefined || created > start) &&
        (end === undefined || created < end) &&
        (hasTracking === undefined || tracked === hasTracking) &&
        (uploaded === undefined ||
          (o.shipments.length > 0 && o.shipments.filter((s) => s.tracking).every((s) => s.is_tracking_uploaded) === uploaded && tracked)) &&
        (updStart === undefined || lastUpdate(o) > updStart) &&
        (updEnd === undefined || lastUpdate(o) < updEnd) &&
        // Spec 4.3: these two return only orders that have tracking.
        (trkStart === undefined || (tracked && lastTracking(o) > trkStart)) &&
        (trkEnd === undefined || (tracked && lastTracking(o) < trkEnd))
      );
    })
    .sort((a, b) => (sort === 'Oldest' ? 1 : -1) * (a.created_date.localeCompare(b.created_date) || a.id - b.id));
  return { headers: pageHeaders(page, limit, all.length, req.request.url), body: pageSlice(all, page, limit) };
}

type OrderLine = { reference_id: string; name?: string | null; id?: undefined } | { id: number; reference_id?: undefined };
type CreateBody = Omit<z.infer<typeof OrderCreate>, 'products'> & {
  products: (z.infer<typeof OrderCreate>['products'][number] & OrderLine)[] | z.infer<typeof OrderCreate2025>['products'];
};

function createOrder(req: ApiRequest, ctx: EmulatorContext) {
  const dated = req.version !== 'Experimental' && atLeast(req.version, '2025-07');
  const body: CreateBody = dated ? parseBody(OrderCreate2025, req.body) : parseBody(OrderCreate, req.body);
  refuseOrder(ctx, body, dated);
  const now = ctx.clock.now().toISOString();
  const channel = ctx.store.data.channels.find((c) => c.id === req.channelId) ?? ctx.store.data.channels[0]!;
  const lines = resolveLines(ctx, body);
  const withStock = ctx.store.inventory(lines[0]!.v.inventory.inventory_id)?.levels.find((l) => l.on_hand > 0);
  const fc = ctx.store.data.fulfillmentCenters.find((f) => f.id === withStock?.fc_id) ?? ctx.store.data.fulfillmentCenters[0]!;
  const terms = (body as Partial<z.infer<typeof OrderCreate2025>>).shipping_terms;
  const orderId = ctx.store.nextId();
  const address = { address2: null, company_name: null, state: null, zip_code: null, ...body.recipient.address };
  const placed: PlacedOrder = { body, lines, orderId, address, now, inStock: withStock !== undefined };
  const shipment = newShipment(ctx, placed, fc);
  const order: Order = {
    id: orderId,
    reference_id: body.reference_id,
    order_number: body.order_number ?? body.reference_id,
    created_date: now,
    purchase_date: body.purchase_date ?? null,
    gift_message: body.gift_message ?? null,
    channel: { id: channel.id, name: channel.name },
    financials: { total_price: lines.reduce((n, { line }) => n + (line.unit_price ?? 0) * line.quantity, 0) },
    products: lines.map(({ line, v, k }) => ({
      external_line_id: line.external_line_id ?? k + 1,
      gtin: line.gtin ?? v.gtin,
      id: v.id,
      quantity: line.quantity,
      quantity_unit_of_measure_code: line.quantity_unit_of_measure_code ?? 'EA',
      reference_id: line.reference_id,
      sku: line.sku ?? v.sku,
      unit_price: line.unit_price ?? 0,
      upc: line.upc ?? null,
    })),
    recipient: { ...body.recipient, address },
    ...(terms ? { shipping_terms: terms } : {}),
    shipping_method: body.shipping_method,
    status: 'Processing',
    type: body.type ?? 'DTC',
    tags: body.tags ?? [],
    shipments: [shipment],
  };
  ctx.store.data.orders.push(order);
  ctx.store.changed();
  return { status: 201, body: order };
}

/** The rules an order must pass before anything is created: a new reference id, known variant ids. */
function refuseOrder(ctx: EmulatorContext, body: CreateBody, dated: boolean): void {
  // From 2025-07 a repeated reference id is a rule violation (422); earlier versions answered 400.
  if (ctx.store.data.orders.some((o) => o.reference_id === body.reference_id))
    throw validation(dated ? 422 : 400, { reference_id: [`An order with reference_id ${body.reference_id} already exists.`] });
  const unknownIds = body.products.flatMap((line, k) =>
    'id' in line && line.id !== undefined && !ctx.store.inventoryByVariant(line.id) ? [`products[${k}].id`] : [],
  );
  if (unknownIds.length) throw validation(422, Object.fromEntries(unknownIds.map((key) => [key, ['No product variant has this id.']])));
}

/** Each order line with its product and variant: by variant id, or by reference (made on first sight). */
function resolveLines(ctx: EmulatorContext, body: CreateBody) {
  return body.products.map((line, k) => {
    if ('id' in line && line.id !== undefined) {
      const item = ctx.store.inventoryByVariant(line.id)!;
      const product = ctx.store.product(item.product_id)!;
      const v = product.variants.find((x) => x.id === line.id)!;
      return { line: { ...line, reference_id: v.sku ?? String(v.id) }, product, v, k };
    }
    const ref = line.reference_id;
    const product = ensureProductByReference(ctx, ref, ('name' in line && line.name) || undefined, line.unit_price);
    const v = product.variants[0]!;
    return { line: { ...line, reference_id: ref }, product, v, k };
  });
}

/** What an order being created hands to its first shipment. */
interface PlacedOrder {
  body: CreateBody;
  lines: ReturnType<typeof resolveLines>;
  orderId: number;
  address: Shipment['recipient']['address'];
  now: string;
  /** Whether the first line's item has stock somewhere: the shipment is then committed and on time. */
  inStock: boolean;
}

function newShipment(ctx: EmulatorContext, placed: PlacedOrder, fc: { id: number; name: string }): Shipment {
  const { body, lines, orderId, address, now, inStock } = placed;
  return {
    id: ctx.store.nextId(),
    order_id: orderId,
    reference_id: body.reference_id,
    created_date: now,
    last_update_at: now,
    last_tracking_update_at: null,
    estimated_fulfillment_date: new Date(ctx.clock.nowMs() + 2 * 86_400_000).toISOString(),
    actual_fulfillment_date: null,
    delivery_date: null,
    estimated_fulfillment_date_status: inStock ? 'PendingOnTime' : 'AwaitingInventoryAllocation',
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
    recipient: {
      name: body.recipient.name,
      full_name: body.recipient.name,
      email: body.recipient.email ?? null,
      phone_number: body.recipient.phone_number ?? null,
      address,
    },
    products: lines.map(({ line, product, v }) => ({
      id: v.id,
      name: product.name,
      reference_id: line.reference_id,
      sku: v.sku,
      inventory_items: [
        {
          id: v.inventory.inventory_id,
          name: v.name,
          quantity: line.quantity,
          quantity_committed: inStock ? line.quantity : 0,
          lot: null,
          expiration_date: null,
          is_dangerous_goods: false,
          serial_numbers: [],
        },
      ],
    })),
    parent_cartons: [],
  };
}

const SimulationBody = z.object({ shipment_id: z.number().int(), outcome: z.enum(['Delivered', 'Exception', 'OnHold']).optional() });

function simulate(req: ApiRequest, ctx: EmulatorContext) {
  if (ctx.env !== 'sandbox') throw problem(404, 'Simulations exist in the sandbox environment only.');
  const body = parseBody(SimulationBody, req.body);
  const found = findShipment(ctx, body.shipment_id);
  if (!found) throw problem(404, `Shipment ${body.shipment_id} does not exist.`);
  if (found.shipment.status === 'Cancelled' || found.shipment.status === 'Completed')
    throw validation(422, { shipment_id: [`Shipment ${body.shipment_id} is ${found.shipment.status}; only a shipment still in progress can be simulated.`] });
  const now = ctx.clock.nowMs();
  const id = `sim_${randomBytes(8).toString('hex')}`;
  if (body.outcome === 'Exception' || body.outcome === 'OnHold') {
    // A problem outcome happens at once and ends the simulation.
    const at = new Date(now).toISOString();
    found.shipment.status = body.outcome;
    found.shipment.last_update_at = at;
    found.order.status = 'Exception';
    ctx.webhooks.emit(body.outcome === 'Exception' ? 'order.shipment.exception' : 'order.shipment.on_hold', {
      event_time: at,
      order_id: found.order.id,
      reference_id: found.order.reference_id ?? '',
      shipment_id: found.shipment.id,
      status: body.outcome,
    });
    ctx.store.data.simulations.push({
      simulation_id: id,
      shipment_id: body.shipment_id,
      created_at: now,
      steps: [{ name: 'LabelCreated', at: now, done: true, completed_at: at }],
    });
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

const ALL_VERSIONS = [...V.v10to20, ...V.v2025on];

/** Order cancel result (API notes, Superseded: as published); 2.0 answers the same shape. */
function cancelOrder(req: ApiRequest, ctx: EmulatorContext) {
  const order = findOrder(ctx, req);
  if (order.status === 'Fulfilled') throw validation(422, { orderId: [`Order ${order.id} is fulfilled and cannot be cancelled.`] });
  const results = order.shipments.map((s) => {
    const refusal = cancelShipment(ctx, order, s);
    return { action: 'Cancel' as const, is_success: refusal === null, reason: refusal, shipment_id: s.id };
  });
  const ok = results.filter((r) => r.is_success).length;
  if (ok === results.length) order.status = 'Cancelled';
  ctx.store.changed();
  return {
    body: {
      order_id: order.id,
      status: ok === results.length ? 'Success' : ok === 0 ? 'Failure' : 'PartialSuccess',
      canceled_shipment_results: results,
      order,
    },
  };
}

function shipmentOfOrder(ctx: EmulatorContext, req: ApiRequest): { order: Order; shipment: Shipment } {
  const order = findOrder(ctx, req);
  const shipmentId = intParam(req.params.shipmentId, 'shipmentId');
  const shipment = order.shipments.find((s) => s.id === shipmentId);
  if (!shipment) throw problem(404, `Shipment ${shipmentId} is not part of order ${order.id}.`);
  return { order, shipment };
}

export function shipmentOr404(ctx: EmulatorContext, req: ApiRequest): { order: Order; shipment: Shipment } {
  const found = findShipment(ctx, intParam(req.params.shipmentId, 'shipmentId'));
  if (!found) throw problem(404, `Shipment ${req.params.shipmentId} does not exist.`);
  return found;
}

/** The estimate from 2025-07 (as published): one line per shipping method, priced from units and weight. */
function estimate(req: ApiRequest, ctx: EmulatorContext) {
  const body = parseBody(OrderEstimateRequest, req.body);
  if (!/^[A-Z]{2}$/.test(body.address.country)) throw validation(400, { 'address.country': ['country must be an ISO 3166 alpha-2 code for estimates.'] });
  const unknown = body.products.findIndex((p) => p.id != null && !ctx.store.inventoryByVariant(p.id));
  if (unknown >= 0) throw validation(422, { [`products[${unknown}].id`]: [`No product variant has id ${body.products[unknown]!.id}.`] });
  const units = body.products.reduce((n, p) => n + p.quantity, 0);
  const weight = body.products.reduce((n, p) => n + p.quantity * (p.id != null ? (ctx.store.inventoryByVariant(p.id)?.weight_oz ?? 8) : 8), 0);
  const fc = ctx.store.data.fulfillmentCenters[0]!;
  const methods = SHIPPING_METHODS.filter((m) => m.active && (!body.shipping_methods || body.shipping_methods.includes(m.name)));
  return {
    body: {
      estimates: methods.map((m) => ({
        shipping_method: m.name,
        estimated_price: Math.round((4 + m.id * 3.5 + units * 0.6 + weight * 0.02) * 100) / 100,
        estimated_currency_code: 'USD',
        total_weight_oz: weight,
        fulfillment_center: { id: fc.id, name: fc.name },
      })),
    },
  };
}

const StoreOrderJsonBody = z.object({ order_json: z.string().min(1) });

export const orderRoutes: RouteDef[] = [
  { method: 'GET', path: '/order', versions: ALL_VERSIONS, scope: 'orders_read', channel: 'optional', handle: listOrders },
  { method: 'POST', path: '/order', versions: ALL_VERSIONS, scope: 'orders_write', channel: 'optional', handle: createOrder },
  { method: 'GET', path: '/order/{orderId}', versions: ALL_VERSIONS, scope: 'orders_read', handle: (req, ctx) => ({ body: findOrder(ctx, req) }) },
  {
    method: 'GET',
    path: '/order/{orderId}/shipment',
    versions: V.v2025on,
    scope: 'orders_read',
    handle: (req, ctx) => ({ body: findOrder(ctx, req).shipments }),
  },
  {
    method: 'GET',
    path: '/order/{orderId}/shipment/{shipmentId}',
    versions: V.v2025on,
    scope: 'orders_read',
    handle: (req, ctx) => ({ body: shipmentOfOrder(ctx, req).shipment }),
  },
  {
    method: 'GET',
    path: '/shipment/{shipmentId}',
    versions: V.v2025on,
    scope: 'orders_read',
    handle: (req, ctx) => ({ body: shipmentOr404(ctx, req).shipment }),
  },
  ...spelledAs(
    [
      { path: '/order/{orderId}/cancel', versions: V.v20 },
      { path: '/order/{orderId}:cancel', versions: V.v2025on },
    ],
    { method: 'POST', scope: 'orders_write', handle: cancelOrder },
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
        const { order, shipment } = shipmentOfOrder(ctx, req);
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
    { method: 'POST', scope: 'orders_read', handle: estimate },
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
        const order = findOrder(ctx, req);
        const body = parseBody(StoreOrderJsonBody, req.body);
        try {
          JSON.parse(body.order_json);
        } catch {
          throw validation(422, { order_json: ['order_json must hold the original order as JSON text.'] });
        }
        (ctx.store.data.storeOrderJson ??= {})[String(order.id)] = body.order_json;
        ctx.store.changed();
        // The published answer is the stored JSON text itself, as a JSON string.
        return { status: 201, body: JSON.stringify(body.order_json) };
      },
    },
  ),
  {
    method: 'GET',
    path: '/order/{orderId}/store-order-json',
    versions: V.v2025on,
    scope: 'orders_read',
    handle: (req, ctx) => {
      const order = findOrder(ctx, req);
      const stored = ctx.store.data.storeOrderJson?.[String(order.id)];
      return stored === undefined ? { status: 204 } : { body: JSON.stringify(stored) };
    },
  },
  {
    method: 'GET',
    path: '/shippingmethod',
    versions: V.v20,
    scope: 'orders_read',
    handle: () => ({ body: SHIPPING_METHODS.map(({ id, name, carrier, service_level }) => ({ id, name, carrier, service_level })) }),
  },
  {
    method: 'GET',
    path: '/shipping-method',
    versions: V.v2025on,
    scope: 'orders_read',
    handle: (req) => {
      const q = new QueryReader(req.query);
      const page = q.int('Page', 0, 2147483647, 1);
      const limit = q.int('Limit', 1, 250, 50);
      q.done();
      const all = SHIPPING_METHODS.map((m) => ({
        id: m.id,
        name: m.name,
        active: m.active,
        default: m.default,
        service_level: { id: m.level_id, name: m.service_level },
      }));
      return { body: pageSlice(all, Math.max(1, page), limit) };
    },
  },

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
    {
      method: 'POST',
      scope: 'fulfillments_write',
      handle: (req, ctx) => {
        // 2.0 refuses a bad body with its field dictionary; from 2025-07 with a plain JSON string, as published.
        let body: z.infer<typeof TrackingUploadUpdate>;
        if (req.version === '2.0') body = parseBody(TrackingUploadUpdate, req.body);
        else {
          const parsed = TrackingUploadUpdate.safeParse(req.body);
          if (!parsed.success)
            throw new HttpError(
              400,
              JSON.stringify(
                Object.entries(zodDictionary(parsed.error))
                  .map(([k, v]) => `${k}: ${v.join(' ')}`)
                  .join('; '),
              ),
            );
          body = parsed.data;
        }
        const answer = markUploaded(ctx, body);
        // The published result (2.0 answers it too): camelCase entries with an error object, and a summary.
        const results = answer.body.results.map((r) => ({
          shipmentId: r.id,
          isSuccess: r.is_success,
          ...(r.reason !== null && { error: { code: r.reason.includes('does not exist') ? 'NOT_FOUND' : 'NO_TRACKING', message: r.reason } }),
        }));
        const successful = results.filter((r) => r.isSuccess).length;
        return { body: { results, summary: { total: results.length, successful, failed: results.length - successful } } };
      },
    },
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
        // From 2025-07 the published refusal of a bad body is 422 (no 400 is published).
        const body = parseBody(ShipmentIds, req.body, req.version === '2.0' ? 400 : 422);
        const results = body.shipment_ids.map((id) => {
          const found = findShipment(ctx, id);
          if (!found) return { action: 'Cancel' as const, is_success: false, reason: `Shipment ${id} does not exist.`, shipment_id: id };
          const refusal = cancelShipment(ctx, found.order, found.shipment);
          return { action: 'Cancel' as const, is_success: refusal === null, reason: refusal, shipment_id: id };
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
  const results = body.shipment_ids.map((id): { id: number; is_success: boolean; reason: string | null } => {
    const found = findShipment(ctx, id);
    if (!found) return { id, is_success: false, reason: `Shipment ${id} does not exist.` };
    if (!found.shipment.tracking) return { id, is_success: false, reason: `Shipment ${id} has no tracking yet.` };
    found.shipment.is_tracking_uploaded = body.is_tracking_uploaded;
    return { id, is_success: true, reason: null };
  });
  ctx.store.changed();
  return { body: { results } };
}
