import { labelOf } from '../../../../shared/labels';
import { countOf } from '../../../../shared/counts';
import { HISTORY_MAX_DAYS, HistoryInput, type HistoryRow } from '../../../../shared/ipc/history';

/**
 * The history view's pure parts: the query from the form's days (checked with the same schema main
 * checks, before anything is sent), the on-hand running sum the chart draws, and the CSV export.
 */

const DAY_MS = 86_400_000;

/** "2026-10-29" in the user's time zone. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default range: the last HISTORY_MAX_DAYS calendar days, today included. */
export function defaultRange(now: Date): { from: string; to: string } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (HISTORY_MAX_DAYS - 1));
  return { from: localDay(from), to: localDay(now) };
}

function dayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

export type QueryCheck = { ok: true; input: Omit<HistoryInput, 'progressId'>; days: number } | { ok: false; message: string };

/**
 * The days of the form as a history query: from the start of `from` to the end of `to` (local
 * time). Refused here, in words, when something is missing or the range is longer than the service
 * allows, so no request is sent for it.
 */
export function historyQuery(form: {
  fcId: number | undefined;
  inventoryIds: number[];
  from: string | undefined;
  to: string | undefined;
  category?: HistoryInput['category'];
}): QueryCheck {
  if (form.fcId === undefined) return { ok: false, message: 'Choose a fulfillment center: the service keeps history per center.' };
  if (!form.from || !form.to) return { ok: false, message: 'Give both days of the date range.' };
  const start = dayStart(form.from);
  const end = new Date(dayStart(form.to).getTime());
  end.setDate(end.getDate() + 1);
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  if (days <= 0) return { ok: false, message: `The range starts (${form.from}) after it ends (${form.to}).` };
  if (days > HISTORY_MAX_DAYS)
    return { ok: false, message: `The range covers ${countOf(days, 'day')}; the service answers at most ${HISTORY_MAX_DAYS} days at a time. Narrow it.` };
  const input = {
    fcId: form.fcId,
    ...(form.inventoryIds.length > 0 ? { inventoryIds: form.inventoryIds } : {}),
    from: start.toISOString(),
    // The last millisecond of `to`, so a range of exactly HISTORY_MAX_DAYS days fits main's check.
    to: new Date(end.getTime() - 1).toISOString(),
    ...(form.category ? { category: form.category } : {}),
  };
  // Main's own check (one schema for both sides), e.g. a daylight-saving hour that tips a range over.
  const parsed = HistoryInput.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'The query is not valid.' };
  return { ok: true, input, days };
}

/** One event as the table, chart and export show it. */
export interface EventLine {
  key: string;
  eventId: number;
  at: string;
  atMs: number;
  inventoryId: number;
  category: string;
  reference: string;
  lot: string;
  location: string;
  /** Change of on-hand at the queried fulfillment center (its movements only). */
  change: number;
  /** Running sum of `change` up to and including this event. */
  onHand: number;
}

/**
 * Events in time order with the running sum of their on-hand change at `fcId`. The service keeps no
 * balance, so the sum starts at 0 at the range's start: it is the on-hand only when the range reaches
 * back to the item's first event.
 */
export function eventLines(events: readonly HistoryRow[], fcId: number): EventLine[] {
  const sorted = [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.eventId - b.eventId);
  let running = 0;
  return sorted.map((e) => {
    const here = e.movements.filter((m) => m.facilityId === fcId);
    const change = here.reduce((sum, m) => sum + m.quantityChange, 0);
    running += change;
    const refs = e.references.filter((r) => r.value).map((r) => (r.key ? `${r.key} ${r.value}` : r.value!));
    if (e.serviceOrderId !== null && !refs.some((r) => r.endsWith(String(e.serviceOrderId)))) refs.unshift(`Service order ${e.serviceOrderId}`);
    return {
      key: `${e.eventId}`,
      eventId: e.eventId,
      at: e.at,
      atMs: Date.parse(e.at),
      inventoryId: e.inventoryId,
      category: e.category ?? '',
      reference: refs.join('; '),
      lot: unique(here.map((m) => m.lotNumber).filter((l): l is string => !!l)).join(', '),
      location: unique(here.map((m) => String(m.locationId))).join(', '),
      change,
      onHand: running,
    };
  });
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/**
 * The chart's series: one point per event time (the last event of a millisecond wins), in seconds as
 * uPlot counts. With `untilMs` (now, or the range's end) the line runs on at its last value to that
 * moment, so the time axis reaches today instead of stopping at the last event.
 */
export function onHandSeries(lines: readonly EventLine[], untilMs?: number): { x: number[]; y: number[]; lineIndex: number[] } {
  const x: number[] = [];
  const y: number[] = [];
  const lineIndex: number[] = [];
  lines.forEach((line, i) => {
    const t = line.atMs / 1000;
    if (x.length > 0 && x[x.length - 1] === t) {
      y[y.length - 1] = line.onHand;
      lineIndex[lineIndex.length - 1] = i;
    } else {
      x.push(t);
      y.push(line.onHand);
      lineIndex.push(i);
    }
  });
  const lastX = x.at(-1);
  if (untilMs !== undefined && lastX !== undefined && untilMs / 1000 > lastX) {
    x.push(untilMs / 1000);
    y.push(y.at(-1)!);
    lineIndex.push(lineIndex.at(-1)!);
  }
  return { x, y, lineIndex };
}

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, quotes doubled; records end with CRLF. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = [
  'Time (local)',
  'SKU',
  'Item',
  'Inventory id',
  'Category',
  'Reference',
  'Lot',
  'Location',
  'Quantity change',
  'On hand after',
] as const;

/** A moment as the desk's clock reads it, sortable: "2026-05-01 12:00:00" in the user's zone. */
export function localStamp(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** The export a clerk opens in a spreadsheet: local times, the SKU and name beside the id, categories in words. */
export function historyCsv(lines: readonly EventLine[], names: ReadonlyMap<number, { sku: string; name: string }> = new Map()): string {
  const records = [
    CSV_HEADER,
    ...lines.map((l) => [
      localStamp(l.atMs),
      names.get(l.inventoryId)?.sku ?? '',
      names.get(l.inventoryId)?.name ?? '',
      l.inventoryId,
      l.category ? labelOf('EventCategory', l.category) : '',
      l.reference,
      l.lot,
      l.location,
      l.change,
      l.onHand,
    ]),
  ];
  return records.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
