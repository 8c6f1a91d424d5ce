import type { ReceivingListSearch, ReceivingSort } from '../common/ipc.js';
import type { PageInfo } from '../../../shared/schemas/common.js';
import type { ReceivingOrder } from '../../../shared/schemas/receiving.js';
import { centerDayOf } from '../../../shared/time/center-day.js';
import { dayRange } from '../../../shared/time/day-range.js';

/**
 * The receiving list's address (`ReceivingListSearch`: the list channel's input) as the service's
 * query (API notes, Receiving: comma-separated lists, dates as instants compared strictly), and the
 * filter and sorts the service cannot do. The one place the address's words meet the service's.
 */
export type ServiceQuery = Record<string, string | number | undefined>;

/** The list's filters (an address without its page, sort and quick find), and what main itself asks by. */
export type ReceivingQuery = Omit<ReceivingListSearch, 'page' | 'sort' | 'dir' | 'q'> & { ids?: number[]; purchaseOrderNumbers?: string[] };

export function receivingServiceQuery(filters: ReceivingQuery): ServiceQuery {
  const inserted = dayRange(filters.in, filters.inTo);
  const completed = dayRange(filters.done, filters.doneTo);
  const pos = filters.purchaseOrderNumbers ?? (filters.po ? [filters.po] : undefined);
  return {
    IDs: filters.ids?.length ? filters.ids.join(',') : undefined,
    Statuses: filters.status || undefined,
    FulfillmentCenterIds: filters.fc === undefined ? undefined : String(filters.fc),
    PurchaseOrderNumbers: pos?.length ? pos.join(',') : undefined,
    InsertStartDate: inserted.start,
    InsertEndDate: inserted.end,
    CompletedStartDate: completed.start,
    CompletedEndDate: completed.end,
    ExternalSync: filters.sync === undefined ? undefined : String(filters.sync === 'yes'),
  };
}

/**
 * The filters the service cannot apply, as a test on an order; null when none is set. The expected
 * arrival is an instant at a center: its day is the center's, so an order due at 23:30 in Chicago
 * is due that day whatever the desk's zone.
 */
export function localFilter(filters: ReceivingQuery): ((order: ReceivingOrder) => boolean) | null {
  const { due: from, dueTo: to } = filters;
  if (!from && !to) return null;
  return (order) => {
    const at = order.expected_arrival_date ? Date.parse(order.expected_arrival_date) : NaN;
    if (Number.isNaN(at)) return false;
    const day = centerDayOf(at, order.fulfillment_center?.timezone);
    return (!from || day >= from) && (!to || day <= to);
  };
}

/** A sort of the list: a column as the address names it, and a direction. */
export interface ListSort {
  field: ReceivingSort;
  direction: 'asc' | 'desc';
}

/** The sort an address asks for: its column, ascending unless it says otherwise; none: newest first. */
export function sortOf(search: Pick<ReceivingListSearch, 'sort' | 'dir'>): ListSort {
  return search.sort ? { field: search.sort, direction: search.dir ?? 'asc' } : { field: 'inserted', direction: 'desc' };
}

/** The service answers newest first (by insert date); that order is paged by the service itself. */
export function isServiceOrder(sort: ListSort): boolean {
  return sort.field === 'inserted' && sort.direction === 'desc';
}

/** Other orders are made here over every matching order; past this many the user narrows the filters. */
export const LOCAL_SORT_LIMIT = 5000;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function sortKey(order: ReceivingOrder, field: ReceivingSort): string | number | null {
  switch (field) {
    case 'id':
      return order.id;
    case 'inserted':
      return order.insert_date ? Date.parse(order.insert_date) : null;
    case 'arrival':
      return order.expected_arrival_date ? Date.parse(order.expected_arrival_date) : null;
    case 'status':
      return order.status;
    case 'po':
      return order.purchase_order_number ?? null;
  }
}

/** Sorted copy; empty values last in either direction, ties by id (newest first) so pages are stable. */
export function sortOrders(orders: readonly ReceivingOrder[], sort: ListSort): ReceivingOrder[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...orders].sort((a, b) => {
    const x = sortKey(a, sort.field);
    const y = sortKey(b, sort.field);
    if (x === null || y === null) return x === y ? b.id - a.id : x === null ? 1 : -1;
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return c !== 0 ? sign * c : b.id - a.id;
  });
}

/** One page of a list held in full, with the paging the service would have given. */
export function pageOf<T>(all: readonly T[], page: number, limit: number): { items: T[]; pageInfo: PageInfo } {
  return {
    items: all.slice((page - 1) * limit, page * limit),
    pageInfo: { page, pageSize: limit, totalPages: Math.ceil(all.length / limit), totalCount: all.length },
  };
}
