import { ReturnCreate, ReturnCreateLegacy, ReturnStatus, type ReturnAction } from '../../shared/schemas/returns.js';
import type { EmulatorContext } from '../context.js';
import type { StoredReturn } from '../data/model.js';
import { fieldPath, messageErrors, problem } from '../http/errors.js';
import { intParam, QueryReader } from '../http/query.js';
import type { ApiRequest, RouteDef } from '../http/router.js';
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
    if (seen.has(line.id)) errors.push(`inventory[${i}].id: inventory id ${line.id} appears more than once; each item appears exactly once in a return (rule 1).`);
    seen.add(line.id);
    const inv = ctx.store.inventory(line.id);
    if (!inv) errors.push(`inventory[${i}].id: no inventory item ${line.id}.`);
    else if (inv.is_digital) errors.push(`inventory[${i}].id: ${inv.sku} is a digital item and cannot be returned (rule 2).`);
    else if (inv.is_bundle) errors.push(`inventory[${i}].id: ${inv.sku} is a bundle; return its items instead (rule 2).`);
  });
  if (!ctx.store.data.fulfillmentCenters.some((f) => f.id === body.fulfillment_center.id)) errors.push(`fulfillment_center.id: fulfillment center ${body.fulfillment_center.id} does not exist.`);
  if (ctx.store.data.returns.some((r) => r.reference_id === body.reference_id && r !== self)) errors.push(`reference_id: ${body.reference_id} is already used by another return; it must be unique (rule 4).`);
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

function publicRecord(ret: StoredReturn) {
  const { schedule: _s, ...record } = ret;
  return record;
}

function parse(body: unknown, status: number): Create {
  const parsed = ReturnCreate.safeParse(body);
  if (!parsed.success) throw messageErrors(status, 'The return is not valid.', parsed.error.issues.map((i) => `${fieldPath(i.path)}: ${i.message}`));
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
  if (ret.status !== 'AwaitingArrival') throw messageErrors(422, `Return ${ret.id} is ${ret.status}; only a return awaiting arrival can be changed or cancelled.`, [`status: ${ret.status}`]);
}

function cancel(req: ApiRequest, ctx: EmulatorContext) {
  const ret = find(ctx, req);
  assertEditable(ret);
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
  type State = { ids?: number[]; refs?: string[]; status?: string; fcs?: number[]; tracking?: string[]; shipments?: number[]; inventory?: number[]; start?: number; end?: number; sort?: string; offset: number; size: number };
  let s: State;
  if (cursor) s = ctx.cursors.decode<State & Record<string, unknown>>(cursor);
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
  return { body: { items: all.slice(offset, offset + size).map(publicRecord), ...cursorLinks(ctx.cursors, query, offset, size, all.length) } };
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
      if (!parsed.success) throw messageErrors(400, 'The return is not valid.', parsed.error.issues.map((i) => `${fieldPath(i.path)}: ${i.message}`));
      const b = parsed.data;
      const body: Create = {
        reference_id: b.referenceId ?? `RET-${ctx.store.data.nextId + 1}`,
        fulfillment_center: b.fulfillmentCenter,
        inventory: b.inventory.map((l) => ({ id: l.id, quantity: l.quantity, requested_action: l.requestedAction === undefined ? undefined : (['Default', 'Restock', 'Quarantine', 'Dispose'] as const)[l.requestedAction], lot_number: l.lotNumber ?? null, lot_date: l.lotDate ?? null })),
        tracking_number: b.trackingNumber ?? null,
        original_shipment_id: b.originalShipmentId ?? null,
      };
      return { status: 200, body: publicRecord(create(req, ctx, body, 400)) };
    },
  },
  { method: 'POST', path: '/return', versions: V.v2025on, scope: 'returns_write', channel: 'required', handle: (req, ctx) => ({ status: 201, body: publicRecord(create(req, ctx, parse(req.body, 422), 422)) }) },
  { method: 'GET', path: '/return', versions: V.v2025on, scope: 'returns_read', handle: list },
  { method: 'GET', path: '/return/{id}', versions: [...V.v10to20, ...V.v2025on], scope: 'returns_read', handle: (req, ctx) => ({ body: publicRecord(find(ctx, req)) }) },
  {
    method: 'PUT',
    path: '/return/{id}',
    versions: V.v2025on,
    scope: 'returns_write',
    channel: 'optional',
    handle: (req, ctx) => {
      const ret = find(ctx, req);
      assertEditable(ret);
      const body = parse(req.body, 422);
      const errors = checkRules(ctx, body, ret);
      if (errors.length) throw messageErrors(422, 'The return breaks the return rules.', errors);
      const updated = build(ctx, body, ret.id, ret.channel.id);
      Object.assign(ret, { ...updated, insert_date: ret.insert_date, status_history: ret.status_history, schedule: ret.schedule });
      ctx.store.changed();
      ctx.webhooks.emit('return.updated', { event_time: ctx.clock.now().toISOString(), return_id: ret.id, reference_id: ret.reference_id, status: ret.status });
      return { body: publicRecord(ret) };
    },
  },
  { method: 'POST', path: '/return/{id}/cancel', versions: V.v20, scope: 'returns_write', handle: cancel },
  { method: 'POST', path: '/return/{id}:cancel', versions: V.v2025on, scope: 'returns_write', handle: cancel },
  // Removed in 2025-07 (spec 9.4): answers under 1.0 and 2.0 only.
  { method: 'GET', path: '/return/{id}/statushistory', versions: V.v10to20, scope: 'returns_read', handle: (req, ctx) => ({ body: find(ctx, req).status_history }) },
];
