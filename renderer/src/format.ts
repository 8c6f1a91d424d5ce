/**
 * Formatting for the desk, in one place: every date and time a view shows goes through here, so the
 * same instant reads the same everywhere. The locale is the system's (`undefined`), and so is its
 * hour cycle: nothing here forces 24-hour or AM/PM. Times are to the minute; only the scan log, whose
 * point is timing, shows seconds.
 */
const numberFormat = new Intl.NumberFormat();
const dayParts: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const timeParts: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const dateFormat = new Intl.DateTimeFormat(undefined, dayParts);
// A calendar day (a lot's expiry) is shown as the day it names, not shifted into the user's zone.
const dayFormat = new Intl.DateTimeFormat(undefined, { ...dayParts, timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat(undefined, timeParts);
const secondsFormat = new Intl.DateTimeFormat(undefined, { ...timeParts, second: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { ...dayParts, ...timeParts });
const recentFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', ...timeParts });
const zonedFormats = new Map<string, Intl.DateTimeFormat>();

type Instant = string | number | Date;

function toDate(at: Instant): Date | null {
  const d = at instanceof Date ? at : new Date(at);
  return Number.isNaN(d.getTime()) ? null : d;
}

function zoned(timeZone: string): Intl.DateTimeFormat | null {
  let format = zonedFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(undefined, { ...dayParts, ...timeParts, timeZone, timeZoneName: 'short' });
    } catch {
      // A zone name this runtime does not know: the caller falls back to the user's own zone.
      return null;
    }
    zonedFormats.set(timeZone, format);
  }
  return format;
}

/** A date ("Nov 24, 2026" in en-US), or "—" where the service left it out. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = toDate(iso);
  return d ? dateFormat.format(d) : iso;
}

/** A calendar day ('2026-12-31', as shared/lots/expiry.ts reads it), or "—". */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  const at = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(at) ? day : dayFormat.format(at);
}

/** A time of day ("9:30 AM" in en-US, "09:30" in en-GB): when something was saved today. */
export function formatTime(at: Instant): string {
  const d = toDate(at);
  return d ? timeFormat.format(d) : String(at);
}

/** A time of day to the second: only where the seconds are the point (the scan log's timing). */
export function formatTimeToSecond(at: Instant): string {
  const d = toDate(at);
  return d ? secondsFormat.format(d) : String(at);
}

/**
 * A date and time in the user's zone ("Nov 24, 2026, 9:30 AM"), or "—". With `timeZone` (a
 * fulfillment center's, for a time that belongs to the center), in that zone, its short name after
 * ("Nov 24, 2026, 9:30 AM EST").
 */
export function formatDateTime(at: Instant | null | undefined, timeZone?: string | null): string {
  if (at === null || at === undefined || at === '') return '—';
  const d = toDate(at);
  if (!d) return String(at);
  const format = timeZone ? zoned(timeZone) : null;
  return (format ?? dateTimeFormat).format(d);
}

/** "9:30 AM" today, "Nov 20, 9:30 AM" before: how fresh a copy of the service's data is. */
export function formatAsOf(at: Instant, now = new Date()): string {
  const d = toDate(at);
  if (!d) return String(at);
  return d.toDateString() === now.toDateString() ? timeFormat.format(d) : recentFormat.format(d);
}

/** A zone's short name at an instant ("EST", "GMT+1"), to say in which zone a time is entered. */
export function zoneShortName(timeZone: string, at: Instant = Date.now()): string {
  const d = toDate(at) ?? new Date();
  try {
    const part = new Intl.DateTimeFormat(undefined, { timeZone, timeZoneName: 'short' }).formatToParts(d).find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

export function formatCount(n: number): string {
  return numberFormat.format(n);
}

/** "PartiallyArrivedAtHub" → "Partially arrived at hub". */
export function humanize(identifier: string): string {
  const words = identifier.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
