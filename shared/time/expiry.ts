/**
 * Lot expiry as the desk marks it (one place, as the item view and Lot exclusions both mark it).
 *
 * A lot's expiry is a day, not a moment: GS1 AI 17 carries a date, and the service stores it as a
 * date-time at the start of that day, UTC (areas/returns/common/rules.ts writes it so). Read as a moment
 * and compared with the clock, "2026-12-31T00:00:00Z" would be expired from 19:00 on 30 December in
 * New York and shown as 30 December there. So the expiry day is the calendar date as written (the
 * first ten characters, whatever the offset), and it is compared with today's date in the user's
 * own time zone: a lot is usable through its expiry day and expired from the next day on.
 */

/** A calendar day, 'YYYY-MM-DD'. */
export type CalendarDay = string;

export type ExpiryMark =
  | { kind: 'none' }
  | { kind: 'expired'; days: number; day: CalendarDay }
  | { kind: 'soon'; days: number; day: CalendarDay }
  | { kind: 'ok'; days: number; day: CalendarDay };

const DAY_MS = 86_400_000;
const WRITTEN_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/** The day an expiry value names (the date as written), or null for none or for a value that is not a date. */
export function expiryDay(value: string | null | undefined): CalendarDay | null {
  if (!value) return null;
  const m = WRITTEN_DAY.exec(value);
  if (!m) return null;
  if (value.length > 10 && Number.isNaN(Date.parse(value))) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = new Date(Date.UTC(y, mo - 1, d));
  // 2026-02-30 is not a day (Date.UTC would roll it over to 2 March).
  if (utc.getUTCFullYear() !== y || utc.getUTCMonth() !== mo - 1 || utc.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date in `timeZone` (the user's own when not given) at the moment `now`. */
export function localDay(now: number, timeZone?: string): CalendarDay {
  const key = timeZone ?? '';
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier); calendar days, so no DST hour shifts it. */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * How a lot's expiry is marked on `today`: expired once its expiry day has passed, "soon" when the
 * expiry day is within `thresholdDays` (Settings → Lots, `preferences.lotExpiryWarningDays`; its own
 * day counts as 0, so a threshold of 0 still marks a lot that expires today), otherwise ok.
 */
export function expiryMark(expiresAt: string | null, today: CalendarDay, thresholdDays: number): ExpiryMark {
  const day = expiryDay(expiresAt);
  if (day === null) return { kind: 'none' };
  const left = daysBetween(today, day);
  if (left < 0) return { kind: 'expired', days: -left, day };
  return left <= thresholdDays ? { kind: 'soon', days: left, day } : { kind: 'ok', days: left, day };
}
