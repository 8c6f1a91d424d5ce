import type { ReceivingOrder } from '../../../shared/schemas/receiving.js';
import type { ReturnRecord } from '../../../shared/schemas/returns.js';
import type { UnidentifiedReceivingOrder } from '../../../shared/schemas/uro.js';
import type { OutboxEntryView } from '../../../shared/schemas/outbox.js';
import type { DiscrepancyListRow } from '../../receiving/common/ipc.js';
import {
  TILE_ROWS,
  type CenterRef,
  type ReceivingWhen,
  type TodayFreshness,
  type TodayOutboxEntry,
  type TodayReceipt,
  type TodayReturn,
  type TodaySummary,
  type TodayWro,
} from '../common/ipc.js';
import { centerDayBounds } from '../../../shared/time/center-day.js';

/**
 * What Today counts, decided once: the receiving statuses it reads, which of them are "arrived but
 * not completed", and the desk's day. Pure, so the tiles and the full lists agree by construction.
 */

/** Not arrived yet: expected today or overdue depending on its expected arrival. */
export const NOT_ARRIVED = ['Awaiting'] as const;
/** At the center and not yet completed (hub statuses are elsewhere, and Incomplete is closed). */
export const ARRIVED_OPEN = ['Arrived', 'PartiallyArrived', 'Processing'] as const;
/** The one receiving list call's status filter. */
export const RECEIVING_STATUSES: readonly string[] = [...NOT_ARRIVED, ...ARRIVED_OPEN];

/** The orders received with a discrepancy in a period, as the discrepancy list reads them. */
export interface TodayDiscrepancies {
  from: string;
  to: string;
  rows: DiscrepancyListRow[];
}

/** What one refresh read, kept per account so Today shows it offline and after a restart. */
export interface TodaySnapshot {
  asOf: string;
  wros: TodayWro[];
  receipts: TodayReceipt[];
  returns: TodayReturn[];
  /** Null until first read (a file written before the tile existed). */
  discrepancies: TodayDiscrepancies | null;
}

/**
 * Whether a refresh reads the discrepancy list again: only when its answer can have changed. An
 * order counts there once it is closed, and an order closes out of the open statuses Today reads, so
 * an order gone from that list since the last refresh (or a new day, or the clerk's own Refresh) is
 * the reason; otherwise the last answer stands and the refresh costs no request for it.
 */
export function discrepanciesStale(previous: TodaySnapshot | null, wros: readonly TodayWro[], period: { from: string; to: string }, force: boolean): boolean {
  const held = previous?.discrepancies;
  if (force || !held || held.from !== period.from || held.to !== period.to) return true;
  const now = new Set(wros.map((w) => w.id));
  return previous.wros.some((w) => !now.has(w.id));
}

/** "Today" for an order is its center's today (the dock's calendar), wherever the desk is. */
export function whenOf(wro: TodayWro, now: Date): ReceivingWhen | null {
  if ((ARRIVED_OPEN as readonly string[]).includes(wro.status)) return 'arrived';
  if (!(NOT_ARRIVED as readonly string[]).includes(wro.status)) return null;
  const expected = Date.parse(wro.expectedArrival);
  const { start, end } = centerDayBounds(now.getTime(), wro.center.timeZone);
  if (expected < start) return 'overdue';
  if (expected < end) return 'today';
  return null;
}

/** Most urgent first in every receiving tile: the earliest expected (soonest today, longest overdue, waiting longest). */
const urgency = (a: TodayWro, b: TodayWro) => Date.parse(a.expectedArrival) - Date.parse(b.expectedArrival) || a.id - b.id;

const inCenter = (center: number | null) => (row: { center: { id: number } }) => center === null || row.center.id === center;

export function receivingRows(snapshot: TodaySnapshot | null, when: ReceivingWhen, center: number | null, now: Date): TodayWro[] {
  return (snapshot?.wros ?? [])
    .filter(inCenter(center))
    .filter((w) => whenOf(w, now) === when)
    .sort(urgency);
}

const tile = <T>(rows: T[]) => ({ count: rows.length, rows: rows.slice(0, TILE_ROWS) });
const oldestFirst = <T extends { created: string; id: number }>(a: T, b: T) => a.created.localeCompare(b.created) || a.id - b.id;

/** Failed and held entries first: they are the ones waiting on the desk. */
const OUTBOX_ORDER: Record<string, number> = { failed: 0, held: 1, waiting: 2, sending: 3, queued: 4 };

export function summarize(
  snapshot: TodaySnapshot | null,
  outbox: readonly TodayOutboxEntry[],
  center: number | null,
  freshness: TodayFreshness,
  now: Date,
): TodaySummary {
  const centers = new Map<number, CenterRef>();
  // Each center as the fullest record names it: receiving orders carry their center's time zone,
  // returns do not, yet a return's times are read in its center's zone all the same.
  for (const row of [...(snapshot?.wros ?? []), ...(snapshot?.returns ?? [])]) {
    const known = centers.get(row.center.id);
    if (!known?.timeZone) centers.set(row.center.id, { ...row.center, ...(known?.name && !row.center.name ? { name: known.name } : {}) });
  }
  const returns = (snapshot?.returns ?? []).map((r) => ({ ...r, center: centers.get(r.center.id) ?? r.center }));
  const outboxRows = outbox.filter(inCenter(center)).sort((a, b) => (OUTBOX_ORDER[a.state] ?? 9) - (OUTBOX_ORDER[b.state] ?? 9));
  return {
    freshness,
    centers: [...centers.values()].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.id - b.id),
    expectedToday: tile(receivingRows(snapshot, 'today', center, now)),
    overdue: tile(receivingRows(snapshot, 'overdue', center, now)),
    arrived: tile(receivingRows(snapshot, 'arrived', center, now)),
    // Receipts carry no center: they are the desk's whichever center is chosen.
    unlinked: tile([...(snapshot?.receipts ?? [])].sort(oldestFirst)),
    returnsAwaiting: tile(returns.filter(inCenter(center)).sort(oldestFirst)),
    outbox: tile(outboxRows),
    discrepancies: {
      // Largest difference first, as the list sorts them.
      ...tile((snapshot?.discrepancies?.rows ?? []).filter(inCenter(center))),
      from: snapshot?.discrepancies?.from ?? null,
      to: snapshot?.discrepancies?.to ?? null,
    },
  };
}

/** A center the record does not name: counted under "all centers" only. */
const NO_CENTER: CenterRef = { id: 0, name: null };
const centerOf = (c: { id?: number | undefined; name?: string | null | undefined; timezone?: string | null | undefined } | undefined): CenterRef =>
  c?.id === undefined ? NO_CENTER : { id: c.id, name: c.name ?? null, ...(c.timezone ? { timeZone: c.timezone } : {}) };

/** Null when the order lacks what Today sorts by (the service's published shape leaves fields optional). */
export function wroRow(order: ReceivingOrder): TodayWro | null {
  if (!order.expected_arrival_date) return null;
  return {
    id: order.id,
    purchaseOrderNumber: order.purchase_order_number ?? null,
    status: order.status,
    center: centerOf(order.fulfillment_center),
    expectedArrival: order.expected_arrival_date,
    lastUpdated: order.last_updated_date ?? order.expected_arrival_date,
    units: (order.inventory_quantities ?? []).reduce((sum, q) => sum + (q.expected_quantity ?? 0), 0),
  };
}

export function receiptRow(receipt: UnidentifiedReceivingOrder): TodayReceipt {
  return { id: receipt.id, barcode: receipt.barcode, trackingBarcode: receipt.tracking_barcode, reason: receipt.reason, created: receipt.created_date };
}

export function returnRow(record: ReturnRecord): TodayReturn | null {
  if (record.id === undefined || !record.insert_date) return null;
  return {
    id: record.id,
    referenceId: record.reference_id ?? null,
    customerName: record.customer_name ?? null,
    trackingNumber: record.tracking_number ?? null,
    center: centerOf(record.fulfillment_center),
    created: record.insert_date,
  };
}

export function outboxRow(entry: OutboxEntryView): TodayOutboxEntry {
  return {
    id: entry.id,
    referenceId: entry.referenceId,
    trackingNumber: entry.trackingNumber,
    center: entry.fulfillmentCenter,
    state: entry.state,
    said: entry.said,
  };
}
