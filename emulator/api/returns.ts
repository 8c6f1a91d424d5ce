import { ReturnCreate, ReturnCreateLegacy, ReturnStatus, type ReturnAction, type ReturnRecord, type ReturnWriteResult } from '../../shared/schemas/returns.js';
import type { EmulatorContext } from '../context.js';
import type { StoredReturn } from '../data/model.js';
import { fieldPath, HttpError, messageErrors, problem } from '../http/errors.js';
import { intParam, QueryReader, withQuery } from '../http/query.js';
import type { ApiRequest, RouteDef } from '../http/router.js';
import { inspectionPhotoPath } from '../media.js';
import { cursorLinks } from '../http/cursor.js';
import { V } from './versions.js';

const HOUR = 3_600_000;
/** A new return arrives a day after it is created, then is processed (README, Transitions). */
export const RETURN_STEPS = { arriveAfterMs: 24 * HOUR, processAfterMs: 26 * HOUR, completeAfterMs: 30 * HOUR } as const;

type Create = ReturnType<typeof ReturnCreate.parse>;

/** Spec 4.8 rules 1-4 and the API notes: every violation, listed; the caller decides the status. */
function checkRules(ctx: EmulatorContext, body: Create, self: StoredReturn | null): string[] {
  const errors: string[] = [];
  const seen = new Set<number>();
  body.inventory.forEach((line, i) => {
    if (seen.has(line.id))
      errors.push(`inventory[${i}].id: inventory id ${line.id} appears more than once; each item appears exactly once in a return (rule 1).`);
    seen.add(line.id);
    const inv = ctx.store.inventory(line.id);
    if (!inv) errors.push(`inventory[${i}].id: no inventory item ${line.id}.`);
    else if (inv.is_digital) errors.push(`inventory[${i}].id: ${inv.sku} is a digital item and cannot be returned (rule 2).`);
    else if (inv.is_bundle) errors.push(`inventory[${i}].id: ${inv.sku} is a bundle; return its items instead (rule 2).`);
  });
  if (!ctx.store.data.fulfillmentCenters.some((f) => f.id === body.fulfillment_center.id))
    errors.push(`fulfillment_center.id: fulfillment center ${body.fulfillment_center.id} does not exist.`);
  if (ctx.store.data.returns.some((r) => r.reference_id === body.reference_id && r !== self))
    errors.push(`reference_id: ${body.reference_id} is already used by another return; it must be unique (rule 4).`);
  return errors;
}

function build(ctx: EmulatorContext, body: Create, id: number, channelId: number | null): StoredReturn {
  const now = ctx.clock.nowMs();
  const fc = ctx.store.data.fulfillmentCenters.find((f) => f.id === body.fulfillment_center.id)!;
  const channel = ctx.store.data.channels.find((c) => c.id === channelId) ?? ctx.store.data.channels[0]!;
  return {
    id,
    reference_id: body.reference_id,
    status: 'AwaitingArrival',
    return_type: 'Regular',
    channel: { id: channel.id, name: channel.name },
    fulfillment_center: { id: fc.id, name: fc.name },
    tracking_number: body.tracking_number ?? null,
    original_shipment_id: body.original_shipment_id ?? null,
    insert_date: new Date(now).toISOString(),
    completed_date: null,
    status_history: [{ status: 'AwaitingArrival', timestamp: new Date(now).toISOString() }],
    inventory: body.inventory.map((line) => {
      const inv = ctx.store.inventory(line.id)!;
      // Rule 3: when no action is requested, the item's default (set in the merchant portal) applies.
      const requested: ReturnAction | undefined = line.requested_action === 'Default' ? undefined : line.requested_action;
      return {
        id: inv.inventory_id,
        name: inv.name,
        sku: inv.sku,
        quantity: line.quantity,
        action_requested: { action: requested ?? inv.default_return_action, action_type: requested ? 'Override' : 'InventoryDefault', instructions: null },
        action_taken: [],
        lot_number: line.lot_number ?? null,
        lot_date: line.lot_date ?? null,
      };
    }),
    schedule: { arrive_at: now + RETURN_STEPS.arriveAfterMs, process_at: now + RETURN_STEPS.processAfterMs, complete_at: now + RETURN_STEPS.completeAfterMs },
  };
}

/** The date a return reached a status, from its history. */
function reached(ret: StoredReturn, status: StoredReturn['status']): string | null {
  return ret.status_history.find((h) => h.status === status)?.timestamp ?? null;
}

/** What both published return shapes carry. */
function recordBase(ret: StoredReturn) {
  return {
    id: ret.id,
    reference_id: ret.reference_id,
    status: ret.status,
    return_type: ret.return_type,
    channel: { ...ret.channel },
    fulfillment_center: { ...ret.fulfillment_center },
    customer_name: null,
    store_order_id: null,
    tracking_number: ret.tracking_number,
    original_shipment_id: ret.original_shipment_id,
    insert_date: ret.insert_date,
    completed_date: ret.completed_date,
    transactions: [],
  };
}

/** The origin a request came to: the published documents give links and images as absolute URIs. */
function originOf(req: ApiRequest): string {
  return `${req.request.protocol}://${req.request.host}`;
}

/** The return record as published (PublicReturnDto): get and list. A processed line's action carries the warehouse's inspection photo. */
function publicRecord(ret: StoredReturn, origin: string): ReturnRecord {
  return {
    ...recordBase(ret),
    shipment_tracking_number: null,
    awaiting_arrival_date: reached(ret, 'AwaitingArrival'),
    arrived_date: reached(ret, 'Arrived'),
    processing_date: reached(ret, 'Processing'),
    cancelled_date: reached(ret, 'Cancelled'),
    status_history: ret.status_history.map((h) => ({ ...h })),
    inventory: ret.inventory.map((l) => ({
      id: l.id,
      name: l.name,
      sku: l.sku,
      quantity: l.quantity,
      barcodes: [],
      bundle_parent_sku: null,
      lot_information: { number: l.lot_number, expiration: l.lot_date, minimumShelfLife: null },
      action_requested: { ...l.action_requested },
      action_taken: l.action_taken.map((a) => ({ ...a, image_url: `${origin}${inspectionPhotoPath(ret.id, l.id)}` })),
    })),
    invoice: { amount: null, currency_code: null },
  };
}

/**
 * What create and update answer, as published (PublicReturnV1Dto); the 2025-07 update answers the
 * older ReturnOrderViewModel, whose items have no bundle parent and whose actions have no image.
 */
function writeResult(ret: StoredReturn, older = false): ReturnWriteResult {
  return {
    ...recordBase(ret),
    invoice_amount: null,
    inventory: ret.inventory.map((l) => ({
      id: l.id,
      name: l.name,
      quantity: l.quantity,
      ...(older ? {} : { bundle_parent_sku: null }),
      action_requested: { ...l.action_requested },
      action_taken: l.action_taken.map((a) => (older ? { ...a } : { ...a, image_url: null })),
    })),
  };
}

function parse(body: unknown, status: number): Create {
  const parsed = ReturnCreate.safeParse(body);
  if (!parsed.success)
    throw messageErrors(
      status,
      'The return is not valid.',
      parsed.error.issues.map((i) => `${fieldPath(i.path)}: ${i.message}`),
    );
  return parsed.data;
}

function create(req: ApiRequest, ctx: EmulatorContext, body: Create, status: number) {
  const errors = checkRules(ctx, body, null);
  if (errors.length) throw messageErrors(status, 'The return breaks the return rules.', errors);
  const ret = build(ctx, body, ctx.store.nextId(), req.channelId);
  ctx.store.data.returns.push(ret);
  ctx.store.changed();
  ctx.webhooks.emit('return.created', { event_time: ret.insert_date, return_id: ret.id, reference_id: ret.reference_id, status: ret.status });
  return ret;
}

function find(ctx: EmulatorContext, req: ApiRequest): StoredReturn {
  const id = intParam(req.params.id, 'id');
  const ret = ctx.store.data.returns.find((r) => r.id === id);
  if (!ret) throw problem(404, `Return ${id} does not exist.`);
  return ret;
}

/** Spec 3 rules 1-2: only an AwaitingArrival return may be modified or cancelled. */
function assertEditable(ret: StoredReturn): void {
  if (ret.status !== 'AwaitingArrival')
    throw messageErrors(422, `Return ${ret.id} is ${ret.status}; only a return awaiting arrival can be changed or cancelled.`, [`status: ${ret.status}`]);
}

/**
 * The 2025-07 update answers its errors as published there: validation problem details, the
 * messages under `errors` keyed by field (the part before the first colon).
 */
function asValidationProblem(error: unknown): unknown {
  if (!(error instanceof HttpError) || !error.body || typeof error.body !== 'object' || !('message' in error.body)) return error;
  const body = error.body as { message: string; errors: string[] };
  const errors: Record<string, string[]> = {};
  for (const e of body.errors) {
    const at = e.indexOf(':');
    (errors[at > 0 ? e.slice(0, at) : '(body)'] ??= []).push(at > 0 ? e.slice(at + 1).trim() : e);
  }
  return new HttpError(
    error.status,
    { type: 'about:blank', title: 'One or more validation errors occurred.', status: error.status, detail: body.message, errors },
    'application/problem+json',
  );
}

/**
 * Cancel. The published documents give this operation 200 or 400 only, so from 2025-07 a return that
 * cannot be cancelled (or does not exist) answers 400, still with the message and the reason.
 */
function cancel(req: ApiRequest, ctx: EmulatorContext) {
  let ret: StoredReturn;
  try {
    ret = find(ctx, req);
    assertEditable(ret);
  } catch (error) {
    if (req.version === '2.0' || !(error instanceof HttpError)) throw error;
    const body = error.body as { detail?: string };
    throw body.detail !== undefined ? problem(400, body.detail) : new HttpError(400, error.body, error.contentType, error.headers);
  }
  const at = ctx.clock.now().toISOString();
  ret.status = 'Cancelled';
  ret.schedule = null;
  ret.status_history.push({ status: 'Cancelled', timestamp: at });
  ctx.store.changed();
  ctx.webhooks.emit('return.updated', { event_time: at, return_id: ret.id, reference_id: ret.reference_id, status: ret.status });
  return { body: {} };
}

function list(req: ApiRequest, ctx: EmulatorContext) {
  const q = new QueryReader(req.query);
  const cursor = q.text('Cursor');
  type State = {
    ids?: number[];
    refs?: string[];
    status?: string;
    fcs?: number[];
    tracking?: string[];
    shipments?: number[];
    inventory?: number[];
    start?: number;
    end?: number;
    sort?: string;
    offset: number;
    size: number;
  };
  // As published (2025-07, 2026-01), Cursor is a page number (int32 from 1) beside the query's
  // filters; the emulator's own links carry a token that stands for the whole query instead.
  const pageNumber = cursor !== undefined && /^\d+$/.test(cursor) ? Number(cursor) : null;
  if (pageNumber !== null && (pageNumber < 1 || pageNumber > 2147483647))
    throw problem(400, `Cursor: a page number runs from 1 to 2147483647 (it was ${cursor}); or pass a token from first, last, next or prev.`);
  let s: State;
  if (cursor && pageNumber === null) s = ctx.cursors.decode<State & Record<string, unknown>>(cursor);
  else {
    s = {
      ids: q.ints('Ids'),
      refs: q.list('ReferenceIds'),
      status: q.oneOf('Status', ReturnStatus.options),
      fcs: q.ints('FulfillmentCenterIds'),
      tracking: q.list('TrackingNumbers'),
      shipments: q.ints('OriginalShipmentIds'),
      inventory: q.ints('InventoryIds'),
      start: q.date('StartDate'),
      end: q.date('EndDate'),
      sort: q.oneOf('SortOrder', ['Asc', 'Desc'] as const) ?? 'Desc',
      offset: 0,
      size: q.int('Limit', 1, 250, 50),
    };
    q.done();
    if (pageNumber !== null) s.offset = (pageNumber - 1) * s.size;
  }
  const all = ctx.store.data.returns
    .filter((r) => {
      const t = Date.parse(r.insert_date);
      return (
        (!s.ids || s.ids.includes(r.id)) &&
        (!s.refs || s.refs.includes(r.reference_id)) &&
        (!s.status || r.status === s.status) &&
        (!s.fcs || s.fcs.includes(r.fulfillment_center.id)) &&
        (!s.tracking || (r.tracking_number !== null && s.tracking.includes(r.tracking_number))) &&
        (!s.shipments || (r.original_shipment_id !== null && s.shipments.includes(r.original_shipment_id))) &&
        (!s.inventory || r.inventory.some((l) => s.inventory!.includes(l.id))) &&
        (s.start === undefined || t > s.start) &&
        (s.end === undefined || t < s.end)
      );
    })
    .sort((a, b) => (s.sort === 'Asc' ? 1 : -1) * (a.insert_date.localeCompare(b.insert_date) || a.id - b.id));
  const { offset, size, ...query } = s;
  // The published list gives its links as absolute URIs (format uri) and its page in headers too.
  const origin = originOf(req);
  const links = cursorLinks(ctx.cursors, query, offset, size, all.length, (token) => `${origin}${withQuery(`/${req.version}/return`, { Cursor: token })}`);
  const headers = {
    'page-number': String(Math.floor(offset / size) + 1),
    'page-size': String(size),
    'total-pages': String(Math.ceil(all.length / size)),
    'total-count': String(all.length),
  };
  return { headers, body: { items: all.slice(offset, offset + size).map((r) => publicRecord(r, origin)), ...links } };
}

export const returnRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/return',
    versions: V.v10,
    scope: 'returns_write',
    channel: 'required',
    handle: (req, ctx) => {
      // The legacy body is camelCase (spec 2.12); violations answer 400.
      const parsed = ReturnCreateLegacy.safeParse(req.body);
      if (!parsed.success)
        throw messageErrors(
          400,
          'The return is not valid.',
          parsed.error.issues.map((i) => `${fieldPath(i.path)}: ${i.message}`),
        );
      const b = parsed.data;
      const body: Create = {
        reference_id: b.referenceId ?? `RET-${ctx.store.data.nextId + 1}`,
        fulfillment_center: b.fulfillmentCenter,
        inventory: b.inventory.map((l) => ({
          id: l.id,
          quantity: l.quantity,
          requested_action: l.requestedAction === undefined ? undefined : (['Default', 'Restock', 'Quarantine', 'Dispose'] as const)[l.requestedAction],
          lot_number: l.lotNumber ?? null,
          lot_date: l.lotDate ?? null,
        })),
        tracking_number: b.trackingNumber ?? null,
        original_shipment_id: b.originalShipmentId ?? null,
      };
      return { status: 200, body: writeResult(create(req, ctx, body, 400)) };
    },
  },
  {
    method: 'POST',
    path: '/return',
    versions: V.v2025on,
    scope: 'returns_write',
    channel: 'required',
    handle: (req, ctx) => ({ status: 201, body: writeResult(create(req, ctx, parse(req.body, 422), 422)) }),
  },
  { method: 'GET', path: '/return', versions: V.v2025on, scope: 'returns_read', handle: list },
  {
    method: 'GET',
    path: '/return/{id}',
    versions: [...V.v10to20, ...V.v2025on],
    scope: 'returns_read',
    handle: (req, ctx) => ({ body: publicRecord(find(ctx, req), originOf(req)) }),
  },
  {
    method: 'PUT',
    path: '/return/{id}',
    versions: V.v2025on,
    scope: 'returns_write',
    channel: 'optional',
    handle: (req, ctx) => {
      const ret = find(ctx, req);
      try {
        assertEditable(ret);
        const body = parse(req.body, 422);
        const errors = checkRules(ctx, body, ret);
        if (errors.length) throw messageErrors(422, 'The return breaks the return rules.', errors);
        const updated = build(ctx, body, ret.id, ret.channel.id);
        Object.assign(ret, { ...updated, insert_date: ret.insert_date, status_history: ret.status_history, schedule: ret.schedule });
      } catch (error) {
        throw req.version === '2025-07' ? asValidationProblem(error) : error;
      }
      ctx.store.changed();
      ctx.webhooks.emit('return.updated', { event_time: ctx.clock.now().toISOString(), return_id: ret.id, reference_id: ret.reference_id, status: ret.status });
      return { body: writeResult(ret, req.version === '2025-07') };
    },
  },
  { method: 'POST', path: '/return/{id}/cancel', versions: V.v20, scope: 'returns_write', handle: cancel },
  { method: 'POST', path: '/return/{id}:cancel', versions: V.v2025on, scope: 'returns_write', handle: cancel },
  // Removed in 2025-07 (spec 9.4): answers under 1.0 and 2.0 only.
  {
    method: 'GET',
    path: '/return/{id}/statushistory',
    versions: V.v10to20,
    scope: 'returns_read',
    handle: (req, ctx) => ({ body: find(ctx, req).status_history }),
  },
];
