import { HistoryQuery, type InventoryEvent, type InventoryItem, type InventoryLevel } from '../../shared/schemas/inventory.js';
import type { EmulatorContext } from '../context.js';
import { fulfillable } from '../data/generate.js';
import type { StoredInventory } from '../data/model.js';
import { cursorLinks } from '../http/cursor.js';
import { parseBody, validation } from '../http/errors.js';
import { QueryReader } from '../http/query.js';
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

export function toLevel(i: StoredInventory): InventoryLevel {
  const sum = (f: (l: StoredInventory['levels'][number]) => number) => i.levels.reduce((n, l) => n + f(l), 0);
  const ful = sum(fulfillable);
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
    if (sort && !SORTABLE.includes(sort.replace(/^-/, '') as (typeof SORTABLE)[number])) q.fail('SortBy', `SortBy must be one of ${SORTABLE.join(', ')}, with "-" in front for descending.`);
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
  const links = cursorLinks(ctx.cursors, query, state.offset, state.size, items.length, (token) => `/${req.version}${path}?cursor=${token}`);
  return { body: { items: items.slice(state.offset, state.offset + state.size).map(render), ...links } };
}

function history(req: ApiRequest, ctx: EmulatorContext) {
  const body = parseBody(HistoryQuery, req.body);
  const now = ctx.clock.nowMs();
  const end = body.end_date ? Date.parse(body.end_date) : now;
  const start = body.start_date ? Date.parse(body.start_date) : end - 90 * DAY;
  if (end < start) throw validation(400, { end_date: ['end_date must not be before start_date.'] });
  if (end - start > 90 * DAY) throw validation(400, { start_date: ['The range from start_date to end_date is at most 90 days.'] });
  const ids = body.inventory_ids ? new Set(body.inventory_ids) : null;
  const inRange = (e: InventoryEvent) => {
    const t = Date.parse(e.event_datetime);
    return t >= start && t <= end;
  };
  const atFacility = (e: InventoryEvent) => e.increment?.facility_id === body.facility_id || e.decrement?.facility_id === body.facility_id;
  const events = ctx.store.data.history.filter((e) => inRange(e) && atFacility(e) && (!ids || ids.has(e.inventory_id)) && (!body.event_category || e.event_category === body.event_category));
  const after = body.cursor === undefined ? 0 : Number(body.cursor);
  if (!Number.isInteger(after) || after < 0) throw validation(400, { cursor: ['cursor is the last inventory_audit_event_id seen (a whole number).'] });
  const from = events.findIndex((e) => e.inventory_audit_event_id > after);
  const startIndex = from < 0 ? events.length : from;
  const page = events.slice(startIndex, startIndex + HISTORY_PAGE);
  const idBefore = (index: number) => (index <= 0 ? '0' : String(events[index - 1]!.inventory_audit_event_id));
  return {
    body: {
      data: page,
      first: events.length ? '0' : null,
      last: events.length ? idBefore(Math.floor((events.length - 1) / HISTORY_PAGE) * HISTORY_PAGE) : null,
      next: startIndex + HISTORY_PAGE < events.length ? String(page[page.length - 1]!.inventory_audit_event_id) : null,
      prev: startIndex > 0 ? idBefore(Math.max(0, startIndex - HISTORY_PAGE)) : null,
    },
  };
}

export const inventoryRoutes: RouteDef[] = [
  { method: 'GET', path: '/inventory', versions: V.v20on, scope: 'inventory_read', handle: (req, ctx) => pageOf(req, ctx, '/inventory', toInventoryItem) },
  { method: 'GET', path: '/inventory-level', versions: V.v2025on, scope: 'inventory_read', handle: (req, ctx) => pageOf(req, ctx, '/inventory-level', toLevel) },
  {
    method: 'GET',
    path: '/inventory-level/locations',
    versions: V.v2025on,
    scope: 'inventory_read',
    handle: (req, ctx) =>
      pageOf(req, ctx, '/inventory-level/locations', (i) => ({
        ...toLevel(i),
        locations: i.levels.map((l) => ({
          location_id: l.fc_id,
          location_name: ctx.store.data.fulfillmentCenters.find((f) => f.id === l.fc_id)?.name ?? String(l.fc_id),
          on_hand_quantity: l.on_hand,
          fulfillable_quantity: fulfillable(l),
          committed_quantity: l.committed,
          awaiting_quantity: l.awaiting,
          exception_quantity: l.exception,
        })),
      })),
  },
  {
    method: 'GET',
    path: '/inventory-level/lots',
    versions: V.v2025on,
    scope: 'inventory_read',
    handle: (req, ctx) =>
      pageOf(req, ctx, '/inventory-level/lots', (i) => {
        const excluded = new Set(ctx.store.data.lotExclusions.filter((x) => x.inventory_id === i.inventory_id && !x.is_deleted).map((x) => x.lot_number));
        const expired = (date: string | null) => date !== null && Date.parse(date) < ctx.clock.nowMs();
        return {
          ...toLevel(i),
          // An excluded or expired lot is on hand but not fulfillable.
          lots: i.lots.map((l) => ({ lot_number: l.lot_number, expiration_date: l.expiration_date, on_hand_quantity: l.on_hand, fulfillable_quantity: excluded.has(l.lot_number) || expired(l.expiration_date) ? 0 : l.on_hand, location_id: l.fc_id })),
        };
      }),
  },
  { method: 'POST', path: '/inventory/history:query', versions: V.v2026_01on, scope: 'inventory_read', handle: history },
];
