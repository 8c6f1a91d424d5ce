import {
  HistoryQuery,
  type InventoryEvent,
  type InventoryItem,
  type InventoryLevel,
  type InventoryLevelWithLocations,
  type InventoryLevelWithLots,
  type LocationLevel,
  type LotLevel,
  type QuantityMovement,
} from '../../shared/schemas/inventory.js';
import type { EmulatorContext } from '../context.js';
import { fulfillable } from '../data/generate.js';
import type { LevelAtCenter, LotAtCenter, StoredHistoryEvent, StoredInventory, StoredMovement } from '../data/model.js';
import { cursorLinks } from '../http/cursor.js';
import { parseBody, problem, validation } from '../http/errors.js';
import { intParam, QueryReader, withQuery } from '../http/query.js';
import type { ApiRequest, RouteDef } from '../http/router.js';
import { V } from './versions.js';

const HISTORY_PAGE = 250;
const DAY = 86_400_000;

export function toInventoryItem(i: StoredInventory): InventoryItem {
  return {
    inventory_id: i.inventory_id,
    name: i.name,
    sku: i.sku,
    barcode: i.barcode,
    user_id: 41001,
    is_case: i.is_case,
    is_lot: i.is_lot,
    dimensions: { ...i.dimensions, unit: 'in', is_locked: false, validated: true },
    weight: { unit: 'oz', value: i.weight_oz },
    variant: { is_active: i.is_active, is_bundle: i.is_bundle, is_digital: i.is_digital, hazmat: { is_hazmat: i.is_hazmat, validated: true } },
  };
}

/**
 * What each center can fulfil, lots considered, and each lot's share of it. An excluded or expired lot
 * stays on hand but is not fulfillable; committed and exception stock are taken from the usable lots,
 * the first to expire first (lot items are fulfilled first-in-first-out). So a lot never shows more
 * fulfillable than its item. Excluding a lot lowers its center's fulfillable quantity by the lot's own
 * figure when no committed units were drawn from it; when some were, they must now come from the other
 * lots, so the center loses the lot's whole on hand (never going below zero). Every route that reports a fulfillable quantity
 * (inventory levels, lots, the v1.0 products) reads it here, so no two answers disagree.
 */
export function fulfillment(ctx: EmulatorContext, i: StoredInventory): { center: (l: LevelAtCenter) => number; lot: (fcId: number, lot: string) => number } {
  const excluded = new Set(ctx.store.data.lotExclusions.filter((x) => x.inventory_id === i.inventory_id && !x.is_deleted).map((x) => x.lot_number));
  const usable = (lot: LotAtCenter) => !excluded.has(lot.lot_number) && !(lot.expiration_date !== null && Date.parse(lot.expiration_date) < ctx.clock.nowMs());
  const centers = new Map<number, number>();
  const lots = new Map<string, number>();
  for (const level of i.levels) {
    const here = i.lots.filter((p) => p.fc_id === level.fc_id);
    const unusable = here.filter((p) => !usable(p)).reduce((n, p) => n + p.on_hand, 0);
    const atCenter = i.is_lot ? Math.max(0, fulfillable(level) - unusable) : fulfillable(level);
    centers.set(level.fc_id, atCenter);
    const open = here.filter(usable).sort((a, b) => (a.expiration_date ?? '\uffff').localeCompare(b.expiration_date ?? '\uffff'));
    let taken = open.reduce((n, p) => n + p.on_hand, 0) - atCenter;
    for (const p of open) {
      const take = Math.min(p.on_hand, Math.max(0, taken));
      taken -= take;
      lots.set(`${p.fc_id}:${p.lot_number}`, (lots.get(`${p.fc_id}:${p.lot_number}`) ?? 0) + p.on_hand - take);
    }
  }
  return { center: (l) => centers.get(l.fc_id) ?? 0, lot: (fcId, lot) => lots.get(`${fcId}:${lot}`) ?? 0 };
}

export function toLevel(ctx: EmulatorContext, i: StoredInventory): InventoryLevel {
  const sum = (f: (l: StoredInventory['levels'][number]) => number) => i.levels.reduce((n, l) => n + f(l), 0);
  const ful = sum(fulfillment(ctx, i).center);
  const exception = sum((l) => l.exception);
  return {
    inventory_id: i.inventory_id,
    name: i.name,
    sku: i.sku,
    total_on_hand_quantity: sum((l) => l.on_hand),
    total_fulfillable_quantity: ful,
    total_committed_quantity: sum((l) => l.committed),
    // API notes: sellable = fulfillable minus exception.
    total_sellable_quantity: Math.max(0, ful - exception),
    total_awaiting_quantity: sum((l) => l.awaiting),
    total_backordered_quantity: sum((l) => l.backordered),
    total_exception_quantity: exception,
    total_internal_transfer_quantity: sum((l) => l.internal_transfer),
  };
}

function toLocation(ctx: EmulatorContext, l: LevelAtCenter, fulfillableHere: number): LocationLevel {
  return {
    location_id: l.fc_id,
    name: ctx.store.data.fulfillmentCenters.find((f) => f.id === l.fc_id)?.name ?? String(l.fc_id),
    on_hand_quantity: l.on_hand,
    fulfillable_quantity: fulfillableHere,
    committed_quantity: l.committed,
    awaiting_quantity: l.awaiting,
    internal_transfer_quantity: l.internal_transfer,
  };
}

function withLocations(ctx: EmulatorContext, i: StoredInventory): InventoryLevelWithLocations {
  const { center } = fulfillment(ctx, i);
  return { inventory_id: i.inventory_id, name: i.name, sku: i.sku, locations: i.levels.map((l) => toLocation(ctx, l, center(l))) };
}

/**
 * Lots as published: per lot its quantities and where they are, its fulfillable quantity its share of
 * its centers' (see fulfillment above). Committed stock is not tracked per lot here, so lots show none committed.
 */
function withLots(ctx: EmulatorContext, i: StoredInventory): InventoryLevelWithLots {
  const { lot: lotFulfillable } = fulfillment(ctx, i);
  const byLot = new Map<string, StoredInventory['lots']>();
  for (const lot of i.lots) byLot.set(lot.lot_number, [...(byLot.get(lot.lot_number) ?? []), lot]);
  const lots: LotLevel[] = [...byLot.entries()].map(([lotNumber, parts]) => {
    const locations = parts.map((p) => ({
      location_id: p.fc_id,
      name: ctx.store.data.fulfillmentCenters.find((f) => f.id === p.fc_id)?.name ?? String(p.fc_id),
      on_hand_quantity: p.on_hand,
      fulfillable_quantity: lotFulfillable(p.fc_id, lotNumber),
      committed_quantity: 0,
      awaiting_quantity: 0,
      internal_transfer_quantity: 0,
    }));
    const sum = (f: (l: (typeof locations)[number]) => number) => locations.reduce((n, l) => n + f(l), 0);
    return {
      lot_number: lotNumber,
      lot_date: parts[0]!.expiration_date,
      on_hand_quantity: sum((l) => l.on_hand_quantity),
      fulfillable_quantity: sum((l) => l.fulfillable_quantity),
      committed_quantity: 0,
      awaiting_quantity: 0,
      internal_transfer_quantity: 0,
      locations,
    };
  });
  return { inventory_id: i.inventory_id, name: i.name, sku: i.sku, lots };
}

function findItem(ctx: EmulatorContext, req: ApiRequest): StoredInventory {
  const id = intParam(req.params.inventoryId, 'inventoryId');
  const item = ctx.store.inventory(id);
  if (!item) throw problem(404, `Inventory item ${id} does not exist.`);
  return item;
}

interface ListState {
  search?: string;
  ids?: number[];
  active?: boolean;
  digital?: boolean;
  sort?: string;
  offset: number;
  size: number;
}

const SORTABLE = ['inventory_id', 'name', 'sku', 'barcode'] as const;

/** The shared list behind /inventory and /inventory-level*: search, filters, sort, opaque cursors. */
function pageOf<T>(req: ApiRequest, ctx: EmulatorContext, path: string, render: (i: StoredInventory) => T) {
  const q = new QueryReader(req.query);
  const cursor = q.text('cursor');
  let state: ListState;
  if (cursor) {
    // A cursor carries the whole query and overrides every other parameter (spec 4.7).
    state = ctx.cursors.decode<ListState & Record<string, unknown>>(cursor);
  } else {
    const sort = q.text('SortBy');
    if (sort && !SORTABLE.includes(sort.replace(/^-/, '') as (typeof SORTABLE)[number]))
      q.fail('SortBy', `SortBy must be one of ${SORTABLE.join(', ')}, with "-" in front for descending.`);
    state = {
      search: q.text('SearchBy'),
      ids: q.ints('InventoryIds'),
      active: q.bool('IsActive'),
      digital: q.bool('IsDigital'),
      sort,
      offset: 0,
      size: q.int('PageSize', 1, 1000, 100),
    };
    q.done();
  }
  const needle = state.search?.toLowerCase();
  const exactId = needle !== undefined && /^\d+$/.test(needle) ? Number(needle) : null;
  let items = ctx.store.data.inventory;
  if (needle !== undefined || state.ids || state.active !== undefined || state.digital !== undefined) {
    const ids = state.ids ? new Set(state.ids) : null;
    items = items.filter(
      (i) =>
        (needle === undefined || i.inventory_id === exactId || i.name.toLowerCase().includes(needle) || i.sku.toLowerCase().includes(needle)) &&
        (!ids || ids.has(i.inventory_id)) &&
        (state.active === undefined || i.is_active === state.active) &&
        (state.digital === undefined || i.is_digital === state.digital),
    );
  }
  if (state.sort && state.sort !== 'inventory_id') {
    const key = state.sort.replace(/^-/, '') as (typeof SORTABLE)[number];
    const dir = state.sort.startsWith('-') ? -1 : 1;
    items = [...items].sort((a, b) => (a[key] < b[key] ? -dir : a[key] > b[key] ? dir : a.inventory_id - b.inventory_id));
  }
  const { offset: _o, size: _s, ...query } = state;
  // Cursor links are the href of the page (path and query), to be followed as given.
  const links = cursorLinks(ctx.cursors, query, state.offset, state.size, items.length, (token) => withQuery(`/${req.version}${path}`, { cursor: token }));
  return { body: { items: items.slice(state.offset, state.offset + state.size).map(render), ...links } };
}

/** A stored movement as published: location, lot, status and the signed quantity changes. */
function movement(m: StoredMovement): QuantityMovement {
  return { ...m };
}

/** A stored event as published: service_order_id for picks, references as key/value pairs, sides only when there. */
function toEvent(e: StoredHistoryEvent): InventoryEvent {
  return {
    inventory_audit_event_id: e.inventory_audit_event_id,
    inventory_id: e.inventory_id,
    event_category: e.event_category,
    event_datetime: e.event_datetime,
    service_order_id: e.order_id,
    additional_reference: [{ key: e.primary_reference.type, value: e.primary_reference.value }, ...e.additional_reference],
    ...(e.increment ? { increment: movement(e.increment) } : {}),
    ...(e.decrement ? { decrement: movement(e.decrement) } : {}),
  };
}

/**
 * Inventory history (spec 4.11; API notes): 250 events a page, oldest first. The cursor is the last
 * inventory_audit_event_id seen, in the body or (as the links give it) in the query; links are the
 * operation's path with that cursor, to be POSTed with the same body.
 */
function history(req: ApiRequest, ctx: EmulatorContext) {
  const body = parseBody(HistoryQuery, req.body);
  const q = new QueryReader(req.query);
  const queryCursor = q.text('cursor');
  if (queryCursor !== undefined && !/^\d+$/.test(queryCursor)) q.fail('cursor', 'cursor is the last inventory_audit_event_id seen (a whole number).');
  const now = ctx.clock.nowMs();
  const end = body.end_date ? Date.parse(body.end_date) : now;
  const start = body.start_date ? Date.parse(body.start_date) : end - 90 * DAY;
  if (end < start) throw validation(400, { end_date: ['end_date must not be before start_date.'] });
  if (end - start > 90 * DAY) throw validation(400, { start_date: ['The range from start_date to end_date is at most 90 days.'] });
  const ids = body.inventory_ids ? new Set(body.inventory_ids) : null;
  const inRange = (e: StoredHistoryEvent) => {
    const t = Date.parse(e.event_datetime);
    return t >= start && t <= end;
  };
  const atFacility = (e: StoredHistoryEvent) => e.increment?.facility_id === body.facility_id || e.decrement?.facility_id === body.facility_id;
  const events = ctx.store.data.history.filter(
    (e) => inRange(e) && atFacility(e) && (!ids || ids.has(e.inventory_id)) && (!body.event_category || e.event_category === body.event_category),
  );
  const after = queryCursor !== undefined ? Number(queryCursor) : (body.cursor ?? 0);
  const from = events.findIndex((e) => e.inventory_audit_event_id > after);
  const startIndex = from < 0 ? events.length : from;
  const page = events.slice(startIndex, startIndex + HISTORY_PAGE);
  const link = (cursor: number) => withQuery(`/${req.version}/inventory/history:query`, { cursor: String(cursor) });
  const idBefore = (index: number) => (index <= 0 ? 0 : events[index - 1]!.inventory_audit_event_id);
  return {
    body: {
      data: page.map(toEvent),
      first: events.length ? link(0) : null,
      last: events.length ? link(idBefore(Math.floor((events.length - 1) / HISTORY_PAGE) * HISTORY_PAGE)) : null,
      next: startIndex + HISTORY_PAGE < events.length ? link(page[page.length - 1]!.inventory_audit_event_id) : null,
      prev: startIndex > 0 ? link(idBefore(Math.max(0, startIndex - HISTORY_PAGE))) : null,
    },
  };
}

export const inventoryRoutes: RouteDef[] = [
  { method: 'GET', path: '/inventory', versions: V.v20on, scope: 'inventory_read', handle: (req, ctx) => pageOf(req, ctx, '/inventory', toInventoryItem) },
  {
    method: 'GET',
    path: '/inventory/{inventoryId}',
    versions: V.v2025on,
    scope: 'inventory_read',
    handle: (req, ctx) => ({ body: toInventoryItem(findItem(ctx, req)) }),
  },
  {
    method: 'GET',
    path: '/inventory-level',
    versions: V.v2025on,
    scope: 'inventory_read',
    handle: (req, ctx) => pageOf(req, ctx, '/inventory-level', (i) => toLevel(ctx, i)),
  },
  {
    method: 'GET',
    path: '/inventory-level/locations',
    versions: V.v2025on,
    scope: 'inventory_read',
    handle: (req, ctx) => pageOf(req, ctx, '/inventory-level/locations', (i) => withLocations(ctx, i)),
  },
  {
    method: 'GET',
    path: '/inventory-level/lots',
    versions: V.v2025on,
    scope: 'inventory_read',
    handle: (req, ctx) => pageOf(req, ctx, '/inventory-level/lots', (i) => withLots(ctx, i)),
  },
  {
    method: 'GET',
    path: '/inventory-level/{inventoryId}',
    versions: V.v2025on,
    scope: 'inventory_read',
    handle: (req, ctx) => ({ body: toLevel(ctx, findItem(ctx, req)) }),
  },
  {
    method: 'GET',
    path: '/inventory-level/{inventoryId}/locations',
    versions: V.v2025on,
    scope: 'inventory_read',
    handle: (req, ctx) => ({ body: withLocations(ctx, findItem(ctx, req)) }),
  },
  {
    method: 'GET',
    path: '/inventory-level/{inventoryId}/lots',
    versions: V.v2025on,
    scope: 'inventory_read',
    handle: (req, ctx) => ({ body: withLots(ctx, findItem(ctx, req)) }),
  },
  { method: 'POST', path: '/inventory/history:query', versions: V.v2026_01on, scope: 'inventory_read', handle: history },
];
