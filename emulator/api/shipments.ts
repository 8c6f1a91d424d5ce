import type { z } from 'zod';
import {
  BulkShippingServiceRequest,
  UpdateAddressRequest,
  UpdateLineItemsRequest,
  type ErrorCode,
  type Order,
  type Shipment,
  type ShipmentLog,
  type TrackingStatus,
} from '../../shared/schemas/orders.js';
import type { EmulatorContext } from '../context.js';
import { HttpError, zodDictionary } from '../http/errors.js';
import { intParam, QueryReader } from '../http/query.js';
import type { ApiRequest, RouteDef } from '../http/router.js';
import { findShipment, SHIPPING_METHODS, shipmentOr404 } from './orders.js';
import { V } from './versions.js';

/**
 * The shipment operations of the published 2025-07 and 2026-01 documents that the spec does not list
 * (API notes, Superseded): logs and timeline, carrier tracking, line items, address and
 * shipping-service changes. Their errors are `{code, message}` as published.
 */

/** A log entry as the emulator writes it: the published `ShipmentLog` with every field present. */
type Log = Required<z.infer<typeof ShipmentLog>>;
const HOUR = 3_600_000;

function errorResponse(status: number, code: z.infer<typeof ErrorCode>, message: string): HttpError {
  return new HttpError(status, { code, message });
}

function parseOr400<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const text = Object.entries(zodDictionary(parsed.error))
      .map(([k, v]) => `${k}: ${v.join(' ')}`)
      .join('; ');
    throw errorResponse(400, 'VALIDATION_ERROR', text);
  }
  return parsed.data;
}

/** Changes made through the API are logged beside the events derived from the shipment's own dates. */
function changeLog(ctx: EmulatorContext, shipmentId: number): Log[] {
  return ((ctx.store.data.shipmentLogs ??= {})[String(shipmentId)] ??= []);
}

function record(ctx: EmulatorContext, shipment: Shipment, name: string, text: string, metadata: Record<string, string | null>): void {
  const at = ctx.clock.now().toISOString();
  changeLog(ctx, shipment.id).push({ log_type_id: LOG_TYPES[name] ?? 99, log_type_name: name, log_type_text: text, metadata, timestamp: at });
  shipment.last_update_at = at;
}

const LOG_TYPES: Record<string, number> = {
  OrderReceived: 1,
  LabelCreated: 2,
  Shipped: 3,
  Delivered: 4,
  Cancelled: 5,
  OnHold: 6,
  Exception: 7,
  AddressUpdated: 20,
  LineItemsUpdated: 21,
  ShippingServiceUpdated: 22,
};

/** Status changes of a shipment, oldest first, derived from its dates (the timeline). */
function timeline(order: Order, s: Shipment): Log[] {
  const fc = { fulfillment_center: s.location.name };
  const out: Log[] = [
    {
      log_type_id: 1,
      log_type_name: 'OrderReceived',
      log_type_text: `Order ${order.order_number ?? order.id} received.`,
      metadata: { ...fc, order_id: String(order.id) },
      timestamp: s.created_date,
    },
  ];
  if (s.tracking?.shipping_date)
    out.push({
      log_type_id: 2,
      log_type_name: 'LabelCreated',
      log_type_text: `Label created with ${s.tracking.carrier}.`,
      metadata: { ...fc, tracking_number: s.tracking.tracking_number },
      timestamp: s.tracking.shipping_date,
    });
  if (s.actual_fulfillment_date)
    out.push({
      log_type_id: 3,
      log_type_name: 'Shipped',
      log_type_text: 'Picked, packed and handed to the carrier.',
      metadata: fc,
      timestamp: s.actual_fulfillment_date,
    });
  if (s.delivery_date)
    out.push({ log_type_id: 4, log_type_name: 'Delivered', log_type_text: 'Delivered to the recipient.', metadata: fc, timestamp: s.delivery_date });
  if (s.status === 'Cancelled' || s.status === 'OnHold' || s.status === 'Exception') {
    const detail = s.status_details[0];
    out.push({
      log_type_id: LOG_TYPES[s.status]!,
      log_type_name: s.status,
      log_type_text: detail?.description ?? `Shipment ${s.status === 'Cancelled' ? 'cancelled' : `moved to ${s.status}`}.`,
      metadata: { ...fc, reason: detail?.name ?? null },
      timestamp: s.last_update_at ?? s.created_date,
    });
  }
  return out;
}

function logs(ctx: EmulatorContext, order: Order, s: Shipment): Log[] {
  return [...timeline(order, s), ...changeLog(ctx, s.id)].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

function ofOrder(ctx: EmulatorContext, req: ApiRequest): { order: Order; shipment: Shipment } {
  const found = shipmentOr404(ctx, req);
  if (String(found.order.id) !== req.params.orderId)
    throw new HttpError(404, { shipmentId: [`Shipment ${found.shipment.id} is not part of order ${req.params.orderId}.`] });
  return found;
}

/** Carrier events of a labelled shipment: pre-transit at the label, in transit, delivered. */
function carrierTracking(s: Shipment) {
  const t = s.tracking!;
  const labelled = Date.parse(t.shipping_date ?? s.created_date);
  const history: { carrier_message: string; location: string; message: string; status: z.infer<typeof TrackingStatus>; substatus: null; timestamp: string }[] =
    [
      {
        carrier_message: 'Shipping label created',
        location: s.location.name,
        message: 'Label created',
        status: 'PreTransit',
        substatus: null,
        timestamp: new Date(labelled).toISOString(),
      },
    ];
  if (s.actual_fulfillment_date)
    history.push({
      carrier_message: 'Accepted at origin facility',
      location: s.location.name,
      message: 'In transit',
      status: 'InTransit',
      substatus: null,
      timestamp: new Date(labelled + 12 * HOUR).toISOString(),
    });
  if (s.delivery_date)
    history.push({
      carrier_message: 'Delivered, front door',
      location: `${s.recipient.address.city}, ${s.recipient.address.state ?? s.recipient.address.country}`,
      message: 'Delivered',
      status: 'Delivered',
      substatus: null,
      timestamp: s.delivery_date,
    });
  const last = history[history.length - 1]!;
  return {
    carrier: t.carrier,
    carrier_message: last.carrier_message,
    carrier_tracking_number: t.tracking_number,
    eta: s.delivery_date ? null : new Date(labelled + 72 * HOUR).toISOString(),
    history,
    last_updated: last.timestamp,
    location: last.location,
    message: last.message,
    public_tracking_url: `${t.tracking_url}?tLabels=${t.tracking_number}`,
    service: t.carrier_service,
    status: last.status,
    substatus: null,
    tracking_id: t.tracking_number,
  };
}

/** The tracking endpoints answer 400 with a plain JSON string (as published). */
function textError(message: string): HttpError {
  return new HttpError(400, JSON.stringify(message));
}

const OPEN: Shipment['status'][] = ['None', 'Processing', 'OnHold', 'Exception', 'ImportReview'];

function changeable(shipment: Shipment): void {
  if (!OPEN.includes(shipment.status))
    throw errorResponse(400, 'CONFLICT', `Shipment ${shipment.id} is ${shipment.status}; only a shipment not yet labelled can change.`);
}

function byIdForChange(ctx: EmulatorContext, req: ApiRequest): { order: Order; shipment: Shipment } {
  const found = findShipment(ctx, intParam(req.params.shipmentId, 'shipmentId'));
  if (!found) throw errorResponse(400, 'NOT_FOUND', `Shipment ${req.params.shipmentId} does not exist.`);
  return found;
}

export const shipmentRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/shipment/{shipmentId}/logs',
    versions: V.v2025on,
    scope: 'orders_read',
    handle: (req, ctx) => {
      const f = shipmentOr404(ctx, req);
      return { body: logs(ctx, f.order, f.shipment) };
    },
  },
  {
    method: 'GET',
    path: '/order/{orderId}/shipment/{shipmentId}/logs',
    versions: V.v2025on,
    scope: 'orders_read',
    handle: (req, ctx) => {
      const f = ofOrder(ctx, req);
      return { body: logs(ctx, f.order, f.shipment) };
    },
  },
  {
    method: 'GET',
    path: '/shipment/{shipmentId}/timeline',
    versions: V.v2025on,
    scope: 'orders_read',
    handle: (req, ctx) => {
      const f = shipmentOr404(ctx, req);
      return { body: timeline(f.order, f.shipment) };
    },
  },
  {
    method: 'GET',
    path: '/order/{orderId}/shipment/{shipmentId}/timeline',
    versions: V.v2025on,
    scope: 'orders_read',
    handle: (req, ctx) => {
      const f = ofOrder(ctx, req);
      return { body: timeline(f.order, f.shipment) };
    },
  },
  {
    method: 'GET',
    path: '/tracking',
    versions: V.v2026_01on,
    scope: 'orders_read',
    handle: (req, ctx) => {
      const ids = new QueryReader(req.query).list('TrackingIds');
      if (!ids?.length) throw textError('TrackingIds is required: one or more tracking numbers, comma-separated.');
      const shipments = ctx.store.data.orders.flatMap((o) => o.shipments).filter((s) => s.tracking && ids.includes(s.tracking.tracking_number));
      return { body: shipments.map(carrierTracking) };
    },
  },
  {
    method: 'GET',
    path: '/shipments-tracking',
    versions: V.v2026_01on,
    scope: 'orders_read',
    handle: (req, ctx) => {
      const raw = new QueryReader(req.query).list('ShipmentIds');
      if (!raw?.length || raw.some((v) => !/^\d+$/.test(v))) throw textError('ShipmentIds is required: one or more shipment ids, comma-separated.');
      const body = raw.flatMap((id) => {
        const s = findShipment(ctx, Number(id))?.shipment;
        return s?.tracking ? [{ ...carrierTracking(s), shipment_id: s.id }] : [];
      });
      return { body };
    },
  },
  {
    method: 'GET',
    path: '/shipment/{shipmentId}:getLineItems',
    versions: V.v2026_01on,
    scope: 'orders_read',
    handle: (req, ctx) => {
      const found = findShipment(ctx, intParam(req.params.shipmentId, 'shipmentId'));
      if (!found) throw errorResponse(404, 'NOT_FOUND', `Shipment ${req.params.shipmentId} does not exist.`);
      const body = found.shipment.products.flatMap((p) =>
        p.inventory_items.map((i) => {
          const item = ctx.store.inventory(i.id);
          return {
            inventory_id: i.id,
            quantity: i.quantity,
            committed_quantity: i.quantity_committed,
            is_hazmat: item?.is_hazmat ?? i.is_dangerous_goods,
            is_lot: item?.is_lot ?? i.lot !== null,
            ...(i.lot !== null && { lot: { lot_number: i.lot, lot_date: i.expiration_date, selection_method: 'ServiceChooses' as const } }),
            product_variant: { id: p.id, name: p.name, sku: p.sku },
            serial_numbers: i.serial_numbers,
          };
        }),
      );
      return { body };
    },
  },
  {
    method: 'POST',
    path: '/shipment/{shipmentId}:updateLineItems',
    versions: V.v2026_01on,
    scope: 'orders_write',
    handle: (req, ctx) => {
      const { shipment } = byIdForChange(ctx, req);
      const body = parseOr400(UpdateLineItemsRequest, req.body);
      changeable(shipment);
      const missing = body.items.find((i) => !ctx.store.inventory(i.inventory_id));
      if (missing) throw errorResponse(400, 'VALIDATION_ERROR', `items: no inventory item ${missing.inventory_id}.`);
      const changes = body.items.map((change) => {
        const line = shipment.products.find((p) => p.inventory_items.some((i) => i.id === change.inventory_id));
        const entry = line?.inventory_items.find((i) => i.id === change.inventory_id);
        if (line && entry) {
          const previous = String(entry.quantity);
          if (change.quantity === 0) {
            line.inventory_items = line.inventory_items.filter((i) => i !== entry);
            if (line.inventory_items.length === 0) shipment.products = shipment.products.filter((p) => p !== line);
            return { action: 'RemoveLineItem', inventory_id: change.inventory_id, previous_value: previous, new_value: '0' };
          }
          entry.quantity = change.quantity;
          entry.quantity_committed = Math.min(entry.quantity_committed, change.quantity);
          if (change.lot_number !== undefined) entry.lot = change.lot_number;
          return { action: 'UpdateQuantity', inventory_id: change.inventory_id, previous_value: previous, new_value: String(change.quantity) };
        }
        const item = ctx.store.inventory(change.inventory_id)!;
        shipment.products.push({
          id: item.variant_id,
          name: item.name,
          reference_id: item.sku,
          sku: item.sku,
          inventory_items: [
            {
              id: item.inventory_id,
              name: item.name,
              quantity: change.quantity,
              quantity_committed: 0,
              lot: change.lot_number ?? null,
              expiration_date: change.lot_date ?? null,
              is_dangerous_goods: item.is_hazmat,
              serial_numbers: [],
            },
          ],
        });
        return { action: 'AddLineItem', inventory_id: change.inventory_id, previous_value: null, new_value: String(change.quantity) };
      });
      record(ctx, shipment, 'LineItemsUpdated', `${changes.length} line item change(s).`, { actions: changes.map((c) => c.action).join(',') });
      ctx.store.changed();
      return { body: { id: shipment.id, is_success: true, shipment_line_items: changes } };
    },
  },
  {
    method: 'PUT',
    path: '/shipment/{shipmentId}:updateAddress',
    versions: V.v2026_01on,
    scope: 'orders_write',
    handle: (req, ctx) => {
      const { shipment } = byIdForChange(ctx, req);
      const body = parseOr400(UpdateAddressRequest, req.body);
      changeable(shipment);
      const r = shipment.recipient;
      const a = r.address;
      shipment.recipient = {
        name: body.recipient_name ?? r.name,
        full_name: body.recipient_name ?? r.full_name,
        email: body.email ?? r.email,
        phone_number: body.phone_number ?? r.phone_number,
        address: {
          address1: body.street_address1,
          address2: body.street_address2 ?? null,
          city: body.city,
          company_name: body.company_name ?? a.company_name ?? null,
          country: body.country_code ?? a.country,
          state: body.state ?? null,
          zip_code: body.zip_code ?? null,
        },
      };
      record(ctx, shipment, 'AddressUpdated', 'Recipient address updated.', { city: body.city, country: shipment.recipient.address.country });
      ctx.store.changed();
      return { body: { id: shipment.id, is_success: true } };
    },
  },
  {
    method: 'PUT',
    path: '/shipment:bulkUpdateShippingService',
    versions: V.v2026_01on,
    scope: 'orders_write',
    handle: (req, ctx) => {
      const body = parseOr400(BulkShippingServiceRequest, req.body);
      const method = SHIPPING_METHODS.find((m) => m.id === body.requested_shipping_service_id && m.active);
      if (!method)
        throw errorResponse(
          400,
          'INVALID_PARAMETER',
          `requested_shipping_service_id ${body.requested_shipping_service_id} is not an active shipping service; see /shipping-method.`,
        );
      const results = body.shipment_ids.map((id) => {
        const found = findShipment(ctx, id);
        if (!found) return { id, is_success: false, error: { code: 'NOT_FOUND' as const, message: `Shipment ${id} does not exist.` } };
        if (!OPEN.includes(found.shipment.status))
          return { id, is_success: false, error: { code: 'CONFLICT' as const, message: `Shipment ${id} is ${found.shipment.status}.` } };
        const previous = found.shipment.ship_option;
        found.shipment.ship_option = method.name;
        record(ctx, found.shipment, 'ShippingServiceUpdated', body.reason, { previous, requested: method.name });
        return { id, is_success: true };
      });
      ctx.store.changed();
      const successful = results.filter((r) => r.is_success).length;
      return { body: { results, summary: { total: results.length, successful, failed: results.length - successful } } };
    },
  },
];
