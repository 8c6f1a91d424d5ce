import { csvText, type CsvCell } from '../../../shared/csv.js';
import type { DiscrepancyLine, DiscrepancyListRow, LotDifference, OrderDiscrepancies } from '../common/ipc.js';
import { expiryDay } from '../../../shared/time/expiry.js';
import { countsOf, itemDifferences, orderDifference, otherLotLines, otherLotUnits } from '../common/difference.js';
import type { ReceivingBox, ReceivingOrder } from '../../../shared/schemas/receiving.js';
import type { MainWords } from '../../../electron/core/words.js';

/**
 * What arrived against what was expected, from what the service returns and nothing else: an
 * order's boxes (each box item's quantity, received_quantity, stowed_quantity, lot_number and
 * lot_date) for one order, the order's own inventory_quantities for the list across orders. The
 * counting itself is `areas/receiving/common/difference.ts`, the one place every view takes it from.
 */

export interface ItemNames {
  (inventoryId: number): { name: string | null; sku: string | null } | null;
}

/** Statuses after which the warehouse counts nothing more on the order. */
const CLOSED = new Set<string>(['Completed', 'Incomplete']);
/** Box statuses that mean the box's count has been made. */
const COUNTED = new Set<string>(['Stowing', 'Completed']);

const markOf = (difference: number): DiscrepancyLine['mark'] => (difference < 0 ? 'short' : difference > 0 ? 'over' : 'even');

/** A box item as this module reads it: the published shape leaves fields optional; absent counts as none. */
interface Item {
  inventory_id: number;
  quantity: number;
  received_quantity: number;
  stowed_quantity: number;
  lot_number: string | null;
  lot_date: string | null;
}
interface Box {
  box_id: number;
  box_number: number;
  box_status: string;
  tracking_number: string | null;
  received_date: string | null;
  box_items: Item[];
}

function plainBox(b: ReceivingBox): Box {
  return {
    box_id: b.box_id,
    box_number: b.box_number ?? 0,
    box_status: b.box_status ?? 'Awaiting',
    tracking_number: b.tracking_number ?? null,
    received_date: b.received_date ?? null,
    box_items: (b.box_items ?? []).map((i) => ({
      inventory_id: i.inventory_id,
      quantity: i.quantity ?? 0,
      received_quantity: i.received_quantity ?? 0,
      stowed_quantity: i.stowed_quantity ?? 0,
      lot_number: i.lot_number ?? null,
      lot_date: i.lot_date ?? null,
    })),
  };
}

const centerOf = (order: ReceivingOrder) => ({
  id: order.fulfillment_center?.id ?? 0,
  name: order.fulfillment_center?.name ?? null,
  timeZone: order.fulfillment_center?.timezone ?? null,
});

function boxReceived(box: Box): boolean {
  return box.received_date !== null || COUNTED.has(box.box_status);
}

/** Lines that differ first (most units first), then by name: the report's reader looks for the differences. */
const byDifference = (a: DiscrepancyLine, b: DiscrepancyLine) =>
  b.short + b.over + b.otherLot - (a.short + a.over + a.otherLot) ||
  (a.name ?? a.sku ?? '').localeCompare(b.name ?? b.sku ?? '') ||
  a.inventoryId - b.inventoryId;

export function orderDiscrepancies(order: ReceivingOrder, read: readonly ReceivingBox[], names: ItemNames): OrderDiscrepancies {
  const boxes = read.map(plainBox);
  const skuOf = new Map((order.inventory_quantities ?? []).map((q) => [q.inventory_id, q.sku ?? null]));
  const named = (inventoryId: number) => {
    const known = names(inventoryId);
    return { sku: known?.sku ?? skuOf.get(inventoryId) ?? null, name: known?.name ?? null };
  };
  const lines = boxes.flatMap((b) => b.box_items);
  const otherLot = otherLotUnits(boxes);
  const rows: DiscrepancyLine[] = itemDifferences(
    lines.map((l) => ({ inventoryId: l.inventory_id, expected: l.quantity, received: l.received_quantity })),
    otherLot,
  ).map((item) => {
    const own = lines.filter((l) => l.inventory_id === item.inventoryId);
    const lots = own
      .filter((l) => l.quantity > 0 && (l.lot_number !== null || l.lot_date !== null))
      .map((l) => ({ lotNumber: l.lot_number, lotDate: expiryDay(l.lot_date) }))
      .filter((l, i, all) => all.findIndex((o) => o.lotNumber === l.lotNumber && o.lotDate === l.lotDate) === i);
    return {
      ...item,
      ...named(item.inventoryId),
      lots,
      stowed: own.reduce((n, l) => n + l.stowed_quantity, 0),
      difference: item.received - item.expected,
      mark: markOf(item.received - item.expected),
    };
  });
  rows.sort(byDifference);
  const anyReceived = boxes.some(boxReceived);
  const closed = CLOSED.has(order.status);
  const missingBoxes =
    closed || anyReceived
      ? boxes
          .filter((b) => !boxReceived(b) && b.box_status !== 'Cancelled')
          .map((b) => ({
            boxId: b.box_id,
            boxNumber: b.box_number,
            trackingNumber: b.tracking_number,
            status: b.box_status,
            expected: b.box_items.reduce((sum, i) => sum + i.quantity, 0),
          }))
      : [];
  const difference = orderDifference(
    lines.map((l) => ({ inventoryId: l.inventory_id, expected: l.quantity, received: l.received_quantity })),
    otherLot,
  );
  const sum = (f: (l: DiscrepancyLine) => number) => rows.reduce((total, l) => total + f(l), 0);
  return {
    orderId: order.id,
    purchaseOrderNumber: order.purchase_order_number ?? null,
    status: order.status ?? 'Awaiting',
    center: centerOf(order),
    closed,
    lines: rows,
    missingBoxes,
    lotDifferences: boxes.flatMap((box) => lotDifferences(box, named)),
    totals: {
      expected: sum((l) => l.expected),
      received: sum((l) => l.received),
      stowed: sum((l) => l.stowed),
      short: difference.short,
      over: difference.over,
      otherLot: difference.otherLot ?? 0,
    },
  };
}

/** Lines a box received under another lot or expiry, named, for the report's own table. */
function lotDifferences(box: Box, named: (id: number) => { sku: string | null; name: string | null }): LotDifference[] {
  return otherLotLines(box.box_items).map(({ ordered, received, units }) => ({
    boxId: box.box_id,
    boxNumber: box.box_number,
    inventoryId: received.inventory_id,
    ...named(received.inventory_id),
    orderedLot: ordered.lot_number,
    orderedExpiry: expiryDay(ordered.lot_date),
    receivedLot: received.lot_number,
    receivedExpiry: expiryDay(received.lot_date),
    quantity: units,
    receivedAt: box.received_date,
  }));
}

/**
 * The list's row of an order, from the list's own per-item quantities, and `otherLot` (units under
 * another lot by item) where its boxes were read (null where not); null when nothing differs.
 */
export function discrepancyRow(order: ReceivingOrder, otherLot: ReadonlyMap<number, number> | null = null): DiscrepancyListRow | null {
  const quantities = order.inventory_quantities ?? [];
  const counts = countsOf(quantities);
  const difference = orderDifference(counts, otherLot);
  const items = itemDifferences(counts, otherLot).filter((i) => i.short + i.over + i.otherLot > 0).length;
  if (difference.short + difference.over + (difference.otherLot ?? 0) === 0) return null;
  return {
    orderId: order.id,
    purchaseOrderNumber: order.purchase_order_number ?? null,
    status: order.status ?? 'Awaiting',
    center: centerOf(order),
    insertDate: order.insert_date ?? '',
    lastUpdated: order.last_updated_date ?? order.insert_date ?? '',
    expected: quantities.reduce((sum, q) => sum + (q.expected_quantity ?? 0), 0),
    received: quantities.reduce((sum, q) => sum + (q.received_quantity ?? 0), 0),
    short: difference.short,
    over: difference.over,
    size: difference.short + difference.over + (difference.otherLot ?? 0),
    items,
    otherLot: difference.otherLot,
  };
}

/** Largest difference first; the newest order first among equals. */
export function sortDiscrepancyRows(rows: DiscrepancyListRow[]): DiscrepancyListRow[] {
  return rows.sort((a, b) => b.size - a.size || b.insertDate.localeCompare(a.insertDate) || b.orderId - a.orderId);
}

/** "2026-11-24 21:50 PST": a center's time as a spreadsheet sorts it, its zone named. */
export function csvCenterTime(at: string | null, timeZone: string | null): string {
  if (!at) return '';
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return at;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone ?? undefined,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    }).formatToParts(d);
  } catch {
    // A zone the runtime does not know: the instant as UTC, named so.
    return `${at.slice(0, 10)} ${at.slice(11, 16)} UTC`;
  }
  const p = (type: Intl.DateTimeFormatPartTypes) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')} ${p('timeZoneName')}`;
}

const CSV_COLUMNS = [
  'section',
  'order',
  'po',
  'center',
  'item',
  'sku',
  'lot',
  'expiry',
  'box',
  'tracking',
  'expected',
  'received',
  'stowed',
  'difference',
  'mark',
  'receivedLot',
  'receivedExpiry',
  'receivedAt',
] as const;

/**
 * The discrepancy report as CSV (the desk's one writer, shared/csv.ts): one row per line, then boxes not received, then
 * lots received otherwise. The headings, sections and marks in `words`' language (the clerk's, who
 * sends it to a supplier); names, codes, numbers and times are data.
 */
export function discrepancyCsv(d: OrderDiscrepancies, words: MainWords): string {
  const { t } = words;
  const zone = d.center.timeZone;
  const rows: CsvCell[][] = [CSV_COLUMNS.map((col) => t('receiving.csv.col', { col }))];
  const head = [d.orderId, d.purchaseOrderNumber, d.center.name];
  const mark = (m: 'short' | 'over' | 'even') => t('receiving.csv.mark', { mark: m });
  for (const l of d.lines)
    rows.push([
      t('receiving.csv.section', { section: 'item' }),
      ...head,
      l.name,
      l.sku,
      l.lots.map((x) => x.lotNumber ?? '').join('; ') || null,
      l.lots.map((x) => x.lotDate ?? '').join('; ') || null,
      null,
      null,
      l.expected,
      l.received,
      l.stowed,
      l.difference,
      mark(l.mark),
      null,
      null,
      null,
    ]);
  for (const b of d.missingBoxes)
    rows.push([
      t('receiving.csv.section', { section: 'box' }),
      ...head,
      null,
      null,
      null,
      null,
      b.boxNumber,
      b.trackingNumber,
      b.expected,
      0,
      0,
      -b.expected,
      mark('short'),
      null,
      null,
      null,
    ]);
  for (const x of d.lotDifferences)
    rows.push([
      t('receiving.csv.section', { section: 'lot' }),
      ...head,
      x.name,
      x.sku,
      x.orderedLot,
      x.orderedExpiry,
      x.boxNumber,
      null,
      null,
      x.quantity,
      null,
      null,
      null,
      x.receivedLot,
      x.receivedExpiry,
      csvCenterTime(x.receivedAt, zone),
    ]);
  return csvText(rows);
}
