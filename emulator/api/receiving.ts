import { ReceivingCreate, ReceivingStatus, SetExternalSync, type ReceivingOrder } from '../../shared/schemas/receiving.js';
import type { EmulatorContext } from '../context.js';
import type { StoredBox, StoredWro } from '../data/model.js';
import { HttpError, parseBody, problem, validation, zodDictionary } from '../http/errors.js';
import { intParam, pageHeaders, pageSlice, QueryReader } from '../http/query.js';
import type { ApiRequest, RouteDef, Version } from '../http/router.js';
import { atLeast } from '../http/versions.js';
import { renderBoxLabels } from '../labels.js';
import { V } from './versions.js';

const MAX_PACKAGE_BOXES = 50;
const MAX_DISTINCT_ITEMS = 10_000;
const BOX_SPACING_MS = 20 * 60_000;

/** The record as a version shows it: status_history from 2025-07; freight and final destination from 2026-07. */
export function shapeWro(wro: StoredWro, version: Version) {
  const { status_history, freight, final_destination_fulfillment_center_id, boxes, moving: _moving, ...base } = wro;
  const quantities = new Map<number, { inventory_id: number; sku: string; expected_quantity: number; received_quantity: number; stowed_quantity: number }>();
  for (const box of boxes) {
    for (const item of box.box_items) {
      const q = quantities.get(item.inventory_id) ?? {
        inventory_id: item.inventory_id,
        sku: '',
        expected_quantity: 0,
        received_quantity: 0,
        stowed_quantity: 0,
      };
      q.expected_quantity += item.quantity;
      q.received_quantity += item.received_quantity;
      q.stowed_quantity += item.stowed_quantity;
      quantities.set(item.inventory_id, q);
    }
  }
  const v = version === 'Experimental' ? '2026-07' : version;
  const shaped: ReceivingOrder & { inventory_quantities: (typeof quantities extends Map<number, infer Q> ? Q : never)[] } = {
    ...base,
    box_labels_uri: `/${v}/receiving/${wro.id}/labels`,
    inventory_quantities: [...quantities.values()],
  };
  if (atLeast(v, '2025-07')) shaped.status_history = status_history;
  if (atLeast(v, '2026-07')) {
    shaped.freight = freight;
    shaped.final_destination_fulfillment_center_id = final_destination_fulfillment_center_id;
  }
  return shaped;
}

function withSkus(ctx: EmulatorContext, order: ReturnType<typeof shapeWro>): ReceivingOrder {
  for (const q of order.inventory_quantities) q.sku = ctx.store.inventory(q.inventory_id)?.sku ?? '';
  return order;
}

function findWro(ctx: EmulatorContext, req: ApiRequest): StoredWro {
  const id = intParam(req.params.id, 'id');
  const wro = ctx.store.wro(id);
  if (!wro) throw problem(404, `Receiving order ${id} does not exist.`);
  return wro;
}

function list(req: ApiRequest, ctx: EmulatorContext) {
  const q = new QueryReader(req.query);
  const page = q.int('Page', 1, 2147483647, 1);
  const limit = q.int('Limit', 1, 250, 50);
  const ids = q.ints('IDs');
  const statuses = q.list('Statuses');
  const bad = statuses?.filter((s) => !ReceivingStatus.options.includes(s as ReceivingOrder['status']));
  if (bad?.length) q.fail('Statuses', `Unknown status: ${bad.join(', ')}. Allowed: ${ReceivingStatus.options.join(', ')}.`);
  const fcs = q.ints('FulfillmentCenterIds');
  const pos = q.list('PurchaseOrderNumbers');
  const insertStart = q.date('InsertStartDate');
  const insertEnd = q.date('InsertEndDate');
  const sync = q.bool('ExternalSync');
  const dated = req.version !== '2.0';
  const completedStart = dated ? q.date('CompletedStartDate') : undefined;
  const completedEnd = dated ? q.date('CompletedEndDate') : undefined;
  q.done();
  const completedAt = (w: StoredWro) => {
    const c = w.status_history.find((h) => h.status === 'Completed');
    return c ? Date.parse(c.timestamp) : null;
  };
  const all = ctx.store.data.receivingOrders
    .filter((w) => {
      const inserted = Date.parse(w.insert_date);
      const completed = completedAt(w);
      return (
        (!ids || ids.includes(w.id)) &&
        (!statuses || statuses.includes(w.status)) &&
        (!fcs || fcs.includes(w.fulfillment_center.id)) &&
        (!pos || (w.purchase_order_number !== null && pos.includes(w.purchase_order_number))) &&
        (insertStart === undefined || inserted > insertStart) &&
        (insertEnd === undefined || inserted < insertEnd) &&
        (sync === undefined || (w.external_sync_timestamp !== null) === sync) &&
        (completedStart === undefined || (completed !== null && completed > completedStart)) &&
        (completedEnd === undefined || (completed !== null && completed < completedEnd))
      );
    })
    .sort((a, b) => b.insert_date.localeCompare(a.insert_date) || b.id - a.id);
  return {
    headers: pageHeaders(page, limit, all.length, req.request.url),
    body: pageSlice(all, page, limit).map((w) => withSkus(ctx, shapeWro(w, req.version))),
  };
}

type CreateBody = ReturnType<typeof ReceivingCreate.parse>;
type Fail = (key: string, message: string) => void;
type FulfillmentCenter = StoredWro['fulfillment_center'];

function create(req: ApiRequest, ctx: EmulatorContext) {
  // Spec 7.3: from 2026-07 validation errors are 422; earlier versions answer 400.
  const status = req.version === '2026-07' ? 422 : 400;
  const parsed = ReceivingCreate.safeParse(req.body);
  if (!parsed.success) throw validation(status, zodDictionary(parsed.error));
  const body = parsed.data;
  const errors: Record<string, string[]> = {};
  const fail: Fail = (k, m) => (errors[k] ??= []).push(m);
  const now = ctx.clock.nowMs();
  const newest = req.version === '2026-07';
  const { fc, arrival } = checkOrder(ctx, body, now, newest, fail);
  const { boxes, distinct } = buildBoxes(ctx, body, arrival, newest, fail);
  if (distinct.size > MAX_DISTINCT_ITEMS) fail('boxes', `At most ${MAX_DISTINCT_ITEMS} distinct inventory ids per receiving order.`);
  if (Object.keys(errors).length) throw validation(status, errors);

  const wro = newWro(ctx, body, boxes, fc!, arrival, now);
  for (const box of boxes) for (const item of box.box_items) levelFor(ctx, item.inventory_id, fc!.id, (l) => (l.awaiting += item.quantity));
  ctx.store.addWro(wro);
  ctx.store.changed();
  ctx.webhooks.emit('receiving.created', {
    event_time: wro.insert_date,
    receiving_order_id: wro.id,
    purchase_order_number: wro.purchase_order_number,
    status: wro.status,
  });
  return { status: 201, body: withSkus(ctx, shapeWro(wro, req.version)) };
}

/** The order's own fields: where it goes, when it arrives, how many boxes; drops what older versions do not know. */
function checkOrder(ctx: EmulatorContext, body: CreateBody, now: number, newest: boolean, fail: Fail) {
  const fc = ctx.store.data.fulfillmentCenters.find((f) => f.id === body.fulfillment_center.id);
  if (!fc) fail('fulfillment_center.id', `Fulfillment center ${body.fulfillment_center.id} does not exist.`);
  const arrival = Date.parse(body.expected_arrival_date);
  if (!(arrival > now)) fail('expected_arrival_date', 'expected_arrival_date must be in the future.');
  if (body.package_type === 'Package' && body.boxes.length > MAX_PACKAGE_BOXES)
    fail('boxes', `A Package receiving order has at most ${MAX_PACKAGE_BOXES} boxes.`);
  if (!newest && (body.freight || body.final_destination_fulfillment_center_id !== undefined)) {
    // Older versions do not know these fields; like any unknown field they are ignored.
    delete body.freight;
    delete body.final_destination_fulfillment_center_id;
  }
  if (
    body.final_destination_fulfillment_center_id != null &&
    !ctx.store.data.fulfillmentCenters.some((f) => f.id === body.final_destination_fulfillment_center_id)
  ) {
    fail('final_destination_fulfillment_center_id', `Fulfillment center ${body.final_destination_fulfillment_center_id} does not exist.`);
  }
  return { fc, arrival };
}

/**
 * The boxes as stored, each item checked against the catalog. Box ids are taken while checking, so a
 * refused order still uses some up: ids are never reused, and the ids seen after a refusal depend on it.
 */
function buildBoxes(ctx: EmulatorContext, body: CreateBody, arrival: number, newest: boolean, fail: Fail) {
  const distinct = new Set<number>();
  const boxes: StoredBox[] = body.boxes.map((box, b) => ({
    box_id: ctx.store.nextId(),
    box_number: b + 1,
    box_status: 'Awaiting',
    tracking_number: box.tracking_number ?? null,
    arrived_date: null,
    received_date: null,
    counting_started_date: null,
    arrive_at: arrival + b * BOX_SPACING_MS,
    box_items: box.box_items.map((item, i) => {
      const key = `boxes[${b}].box_items[${i}]`;
      if (item.sku !== undefined && !newest) fail(`${key}.sku`, 'Giving a box item by sku needs version 2026-07; use inventory_id.');
      const inv = item.inventory_id !== undefined ? ctx.store.inventory(item.inventory_id) : ctx.store.inventoryBySku(item.sku!);
      if (!inv) fail(`${key}.${item.inventory_id !== undefined ? 'inventory_id' : 'sku'}`, `No inventory item ${item.inventory_id ?? item.sku}.`);
      else {
        if (inv.is_digital || inv.is_bundle) fail(key, `${inv.sku} is a ${inv.is_digital ? 'digital' : 'bundle'} item and cannot be received.`);
        if (inv.is_lot && !item.lot_number) fail(`${key}.lot_number`, `${inv.sku} is lot-tracked: lot_number is required.`);
        distinct.add(inv.inventory_id);
      }
      return {
        inventory_id: inv?.inventory_id ?? -1,
        quantity: item.quantity,
        received_quantity: 0,
        stowed_quantity: 0,
        lot_number: item.lot_number ?? null,
        lot_date: item.lot_date ?? null,
      };
    }),
  }));
  return { boxes, distinct };
}

function newWro(ctx: EmulatorContext, body: CreateBody, boxes: StoredBox[], fc: FulfillmentCenter, arrival: number, now: number): StoredWro {
  const insert = new Date(now).toISOString();
  return {
    id: ctx.store.nextId(),
    status: 'Awaiting',
    package_type: body.package_type,
    box_packaging_type: body.box_packaging_type,
    expected_arrival_date: new Date(arrival).toISOString(),
    insert_date: insert,
    last_updated_date: insert,
    external_sync_timestamp: null,
    purchase_order_number: body.purchase_order_number ?? null,
    fulfillment_center: { ...fc },
    status_history: [{ id: 1, status: 'Awaiting', timestamp: insert }],
    freight: body.freight
      ? { carrier: null, bol_number: null, container_number: null, vessel_name: null, freight_forwarder: null, notes: null, ...body.freight }
      : null,
    final_destination_fulfillment_center_id: body.final_destination_fulfillment_center_id ?? null,
    boxes,
    moving: true,
  };
}

/** Whether the Accept header asks for JSON rather than the PDF (no Accept, or *\/*, means the PDF). */
function prefersJson(req: ApiRequest): boolean {
  const accept = String(req.request.headers.accept ?? '').toLowerCase();
  return accept.includes('json') && !accept.includes('application/pdf');
}

function levelFor(ctx: EmulatorContext, inventoryId: number, fcId: number, change: (l: { awaiting: number }) => void): void {
  const inv = ctx.store.inventory(inventoryId);
  if (!inv) return;
  let level = inv.levels.find((l) => l.fc_id === fcId);
  if (!level) {
    level = { fc_id: fcId, on_hand: 0, committed: 0, awaiting: 0, exception: 0, internal_transfer: 0, backordered: 0 };
    inv.levels.push(level);
  }
  change(level);
  level.awaiting = Math.max(0, level.awaiting);
}

function cancel(req: ApiRequest, ctx: EmulatorContext) {
  const wro = findWro(ctx, req);
  if (wro.status !== 'Awaiting') throw validation(422, { status: [`Only an Awaiting receiving order can be cancelled; ${wro.id} is ${wro.status}.`] });
  const at = ctx.clock.now().toISOString();
  wro.status = 'Cancelled';
  wro.last_updated_date = at;
  wro.status_history.push({ id: wro.status_history.length + 1, status: 'Cancelled', timestamp: at });
  for (const box of wro.boxes) {
    box.box_status = 'Cancelled';
    for (const item of box.box_items) levelFor(ctx, item.inventory_id, wro.fulfillment_center.id, (l) => (l.awaiting -= item.quantity));
  }
  ctx.store.changed();
  ctx.webhooks.emit('receiving.updated', { event_time: at, receiving_order_id: wro.id, purchase_order_number: wro.purchase_order_number, status: 'Cancelled' });
  return { body: withSkus(ctx, shapeWro(wro, req.version)) };
}

function distributions(req: ApiRequest, ctx: EmulatorContext) {
  const id = Number(req.params.id);
  const wro = /^\d+$/.test(req.params.id ?? '') ? ctx.store.wro(id) : undefined;
  if (!wro) {
    // Spec 7.2: from 2026-07 these errors are problem details; before, the validation dictionary.
    if (req.version === '2026-07') throw problem(404, `Receiving order ${req.params.id} does not exist.`);
    throw new HttpError(404, { id: [`Receiving order ${req.params.id} does not exist.`] });
  }
  const fc = wro.fulfillment_center;
  const abbreviation = fc.name.replace(/[^A-Z]/g, '').slice(0, 3) || 'FC';
  const rows = wro.boxes.flatMap((box) =>
    box.box_items.map((item) => ({
      inventory_id: item.inventory_id,
      product_sku: ctx.store.inventory(item.inventory_id)?.sku ?? '',
      lot_number: item.lot_number,
      lot_date: item.lot_date,
      fulfillment_center_id: wro.final_destination_fulfillment_center_id ?? fc.id,
      fulfillment_center_abbreviation: abbreviation,
      expected_quantity: item.quantity,
      received_quantity: item.received_quantity,
      stowed_quantity: item.stowed_quantity,
      status:
        box.box_status === 'Completed'
          ? 'Completed'
          : box.box_status === 'Stowing'
            ? 'Stowing'
            : box.box_status === 'Counting' || box.box_status === 'Arrived'
              ? 'InProgress'
              : 'NotStarted',
    })),
  );
  return { body: { id: wro.id, status: wro.status, distributions: rows } };
}

export const receivingRoutes: RouteDef[] = [
  { method: 'GET', path: '/receiving', versions: V.v20on, scope: 'receiving_read', handle: list },
  { method: 'POST', path: '/receiving', versions: V.v20on, scope: 'receiving_write', channel: 'optional', handle: create },
  {
    method: 'GET',
    path: '/receiving/{id}',
    versions: V.v20on,
    scope: 'receiving_read',
    handle: (req, ctx) => ({ body: withSkus(ctx, shapeWro(findWro(ctx, req), req.version)) }),
  },
  { method: 'POST', path: '/receiving/{id}/cancel', versions: V.v20, scope: 'receiving_write', handle: cancel },
  { method: 'POST', path: '/receiving/{id}:cancel', versions: V.v2025on, scope: 'receiving_write', handle: cancel },
  {
    method: 'GET',
    path: '/receiving/{id}/labels',
    versions: V.v20on,
    scope: 'receiving_read',
    handle: async (req, ctx) => {
      const wro = findWro(ctx, req);
      const pdf = await renderBoxLabels(wro, ctx.store);
      // The PDF itself for a client that asks for it (the desk does); the published documents give
      // this answer as a JSON string of the PDF's bytes (base64), which a JSON-only client gets.
      if (prefersJson(req)) return { body: JSON.stringify(pdf.toString('base64')), contentType: 'application/json' };
      return { body: pdf, contentType: 'application/pdf', headers: { 'content-disposition': `inline; filename="wro-${wro.id}-labels.pdf"` } };
    },
  },
  {
    method: 'GET',
    path: '/receiving/{id}/boxes',
    versions: V.v20on,
    scope: 'receiving_read',
    handle: (req, ctx) => ({ body: findWro(ctx, req).boxes.map(({ arrive_at: _a, ...box }) => ({ ...box, box_items: box.box_items.map((i) => ({ ...i })) })) }),
  },
  {
    method: 'POST',
    path: '/receiving:setExternalSync',
    versions: V.v2025on,
    scope: 'receiving_write',
    handle: (req, ctx) => {
      // As published: the flag is set on every order named, all or none, and the answer is one
      // receiving order, the first one named (the API notes' per-id results are superseded).
      const body = parseBody(SetExternalSync, req.body);
      const unknown = body.ids.filter((id) => !ctx.store.wro(id));
      if (unknown.length) throw validation(400, { ids: [`No receiving order ${unknown.join(', ')}.`] });
      const at = ctx.clock.now().toISOString();
      const wros = body.ids.map((id) => ctx.store.wro(id)!);
      for (const wro of wros) wro.external_sync_timestamp = body.is_external_sync ? at : null;
      ctx.store.changed();
      return { body: withSkus(ctx, shapeWro(wros[0]!, req.version)) };
    },
  },
  { method: 'GET', path: '/receiving/{id}/distributions', versions: V.v2025on, scope: 'receiving_read', handle: distributions },
  { method: 'POST', path: '/receiving/{id}/distributions', versions: V.v2025on, scope: 'receiving_read', handle: distributions },
  { method: 'GET', path: '/fulfillmentCenter', versions: V.v20, scope: 'locations_read', handle: (_r, ctx) => ({ body: ctx.store.data.fulfillmentCenters }) },
  {
    method: 'GET',
    path: '/fulfillment-center',
    versions: V.v2025on,
    scope: 'locations_read',
    handle: (_r, ctx) => ({ body: ctx.store.data.fulfillmentCenters }),
  },
];
