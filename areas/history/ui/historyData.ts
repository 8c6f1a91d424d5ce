import { HISTORY_MAX_DAYS, HistoryInput, type HistoryRow } from '../common/ipc';
import { csvText } from '../../../shared/csv';
import type { Translate } from '../../../renderer/src/i18n/useT';

/**
 * The history view's pure parts: the query from the form's days (checked with the same schema main
 * checks, before anything is sent), the on-hand running sum the chart draws, and the CSV export.
 * What they say comes from the catalogs through the `t` they are given (the desk's language).
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
export function historyQuery(
  t: Translate,
  form: {
    fc: number | undefined;
    inventoryIds: number[];
    from: string | undefined;
    to: string | undefined;
    category?: HistoryInput['category'];
  },
): QueryCheck {
  if (form.fc === undefined) return { ok: false, message: t('history.check.center') };
  if (!form.from || !form.to) return { ok: false, message: t('history.check.bothDays') };
  const start = dayStart(form.from);
  const end = new Date(dayStart(form.to).getTime());
  end.setDate(end.getDate() + 1);
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  if (days <= 0) return { ok: false, message: t('history.check.reversed', { from: form.from, to: form.to }) };
  if (days > HISTORY_MAX_DAYS) return { ok: false, message: t('history.check.tooLong', { days, max: HISTORY_MAX_DAYS }) };
  const input = {
    fc: form.fc,
    ...(form.inventoryIds.length > 0 ? { inventoryIds: form.inventoryIds } : {}),
    from: start.toISOString(),
    // The last millisecond of `to`, so a range of exactly HISTORY_MAX_DAYS days fits main's check.
    to: new Date(end.getTime() - 1).toISOString(),
    ...(form.category ? { category: form.category } : {}),
  };
  // Main's own check (one schema for both sides), e.g. a daylight-saving hour that tips a range over.
  const parsed = HistoryInput.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? t('history.check.invalid') };
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
  /** Running sum of this item's `change` up to and including this event (never another SKU's). */
  onHand: number;
}

/**
 * Events in time order with each item's running sum of its on-hand change at `fcId`. Items are never
 * summed together: two SKUs are two stocks. The service keeps no balance, so a sum starts at 0 at the
 * range's start: it is the on-hand only when the range reaches back to the item's first event.
 */
export function eventLines(t: Translate, events: readonly HistoryRow[], fcId: number): EventLine[] {
  const sorted = [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.eventId - b.eventId);
  const running = new Map<number, number>();
  return sorted.map((e) => {
    const here = e.movements.filter((m) => m.facilityId === fcId);
    const change = here.reduce((sum, m) => sum + m.quantityChange, 0);
    const onHand = (running.get(e.inventoryId) ?? 0) + change;
    running.set(e.inventoryId, onHand);
    const refs = e.references.filter((r) => r.value).map((r) => (r.key ? `${r.key} ${r.value}` : r.value!));
    if (e.serviceOrderId !== null && !refs.some((r) => r.endsWith(String(e.serviceOrderId)))) refs.unshift(t('history.serviceOrder', { id: e.serviceOrderId }));
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
      onHand,
    };
  });
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** Each item's last running sum (its on-hand at the range's end), in the order the items first appear. */
export function endOnHand(lines: readonly EventLine[]): Map<number, number> {
  const ends = new Map<number, number>();
  for (const line of lines) ends.set(line.inventoryId, line.onHand);
  return ends;
}

/** The most lines one chart draws; more items are narrowed by the Items field, or merged on request. */
export const MAX_CHART_SERIES = 8;

/** One drawn line: an item's own on-hand, or (merged, on request) every item's changes summed. */
export interface ChartLine {
  /** The item, or null for the merged line. */
  inventoryId: number | null;
  /** The value at each x (null before the item's first event: nothing is known of it yet). */
  y: (number | null)[];
}

export interface ChartSeries {
  /** Moments in seconds, as uPlot counts; one per event time (the last event of a moment wins). */
  x: number[];
  lines: ChartLine[];
  /** For each x, the index in `lines` of the event the point names. */
  lineIndex: number[];
  /** Items with events that the chart leaves out (more than MAX_CHART_SERIES). */
  omitted: number;
}

/** The items the chart draws: those with the most events first, at most MAX_CHART_SERIES. */
function chartedItems(lines: readonly EventLine[]): { ids: number[]; omitted: number } {
  const counts = new Map<number, number>();
  for (const l of lines) counts.set(l.inventoryId, (counts.get(l.inventoryId) ?? 0) + 1);
  const ranked = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || a - b);
  return { ids: ranked.slice(0, MAX_CHART_SERIES).sort((a, b) => a - b), omitted: Math.max(0, ranked.length - MAX_CHART_SERIES) };
}

/**
 * The chart's data: one line per item (its own running sum; null before its first event), or, only
 * when `merged` is asked for, one line of every item's changes summed. With `untilMs` (now, or the
 * range's end) the lines run on at their last values to that moment, so the time axis reaches today
 * instead of stopping at the last event.
 */
export function chartSeries(lines: readonly EventLine[], options: { merged?: boolean; untilMs?: number } = {}): ChartSeries {
  const { ids, omitted } = options.merged ? { ids: [], omitted: 0 } : chartedItems(lines);
  const slot = new Map(ids.map((id, i) => [id, i]));
  const current: (number | null)[] = options.merged ? [0] : ids.map(() => null);
  const x: number[] = [];
  const ys: (number | null)[][] = current.map(() => []);
  const lineIndex: number[] = [];
  let total = 0;
  lines.forEach((line, i) => {
    total += line.change;
    const at = options.merged ? 0 : slot.get(line.inventoryId);
    if (at === undefined) return;
    current[at] = options.merged ? total : line.onHand;
    const t = line.atMs / 1000;
    if (x.at(-1) !== t) {
      x.push(t);
      ys.forEach((y) => y.push(null));
    }
    ys.forEach((y, s) => (y[y.length - 1] = current[s]!));
    lineIndex[x.length - 1] = i;
  });
  const lastX = x.at(-1);
  if (options.untilMs !== undefined && lastX !== undefined && options.untilMs / 1000 > lastX) {
    x.push(options.untilMs / 1000);
    ys.forEach((y) => y.push(y.at(-1)!));
    lineIndex.push(lineIndex.at(-1)!);
  }
  const chartLines = options.merged ? [{ inventoryId: null, y: ys[0]! }] : ids.map((id, s) => ({ inventoryId: id, y: ys[s]! }));
  return { x, lines: chartLines, lineIndex, omitted };
}

/** The export's column headings, in the desk's language: the clerk reads them in a spreadsheet. */
export const csvHeader = (t: Translate) => [
  t('history.csv.time'),
  t('history.csv.sku'),
  t('history.csv.item'),
  t('history.csv.inventoryId'),
  t('history.csv.category'),
  t('history.csv.reference'),
  t('history.csv.lot'),
  t('history.csv.location'),
  t('history.csv.change'),
  t('history.csv.onHandAfter'),
];

/** A moment as the desk's clock reads it, sortable: "2026-05-01 12:00:00" in the user's zone. */
export function localStamp(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** The export a clerk opens in a spreadsheet: local times, the SKU and name beside the id, categories in words. */
export function historyCsv(t: Translate, lines: readonly EventLine[], names: ReadonlyMap<number, { sku: string; name: string }> = new Map()): string {
  const records = [
    csvHeader(t),
    ...lines.map((l) => [
      localStamp(l.atMs),
      names.get(l.inventoryId)?.sku ?? '',
      names.get(l.inventoryId)?.name ?? '',
      l.inventoryId,
      l.category ? t('history.category', { category: l.category }) : '',
      l.reference,
      l.lot,
      l.location,
      l.change,
      l.onHand,
    ]),
  ];
  return csvText(records);
}
