/**
 * Formatting for the desk, in one place: every date and time a view shows goes through here, so the
 * same instant reads the same everywhere. The locale is the desk's language (Settings → Appearance →
 * Language, the system's by default: renderer/src/i18n/I18nRoot.tsx sets it here), and so is its hour
 * cycle: nothing here forces 24-hour or AM/PM. Times are to the minute; only the scan log, whose
 * point is timing, shows seconds.
 *
 * The times rule (README, "Times"): a time that belongs to a center (an expected arrival, a receipt,
 * a status change at the dock) is shown by `formatCenterTime` in the center's zone with its short
 * name, on every view alike; a time without a center of its own (an unidentified receipt) in the
 * desk's zone, named too. Zones are named as a clerk says them (EST, CET), never by their IANA id.
 */
const dayParts: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const timeParts: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** The formats for one locale (`undefined`: the system's), built once per change of language. */
function formatsFor(locale: string | undefined) {
  return {
    number: new Intl.NumberFormat(locale),
    date: new Intl.DateTimeFormat(locale, dayParts),
    // A calendar day (a lot's expiry) is shown as the day it names, not shifted into the user's zone.
    day: new Intl.DateTimeFormat(locale, { ...dayParts, timeZone: 'UTC' }),
    time: new Intl.DateTimeFormat(locale, timeParts),
    seconds: new Intl.DateTimeFormat(locale, { ...timeParts, second: '2-digit' }),
    dateTime: new Intl.DateTimeFormat(locale, { ...dayParts, ...timeParts }),
    recent: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', ...timeParts }),
  };
}
let currentLocale: string | undefined;
let formats = formatsFor(undefined);

/** The locale every format below uses from now on (the desk's chosen language). */
export function setFormatLocale(locale: string | undefined): void {
  if (locale === currentLocale) return;
  currentLocale = locale;
  formats = formatsFor(locale);
  zonedFormats.clear();
}

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
      format = new Intl.DateTimeFormat(currentLocale, { ...dayParts, ...timeParts, timeZone });
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
  return d ? formats.date.format(d) : iso;
}

/** A calendar day ('2026-12-31', as shared/time/expiry.ts reads it), or "—". */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  const at = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(at) ? day : formats.day.format(at);
}

/** A time of day ("9:30 AM" in en-US, "09:30" in en-GB): when something was saved today. */
export function formatTime(at: Instant): string {
  const d = toDate(at);
  return d ? formats.time.format(d) : String(at);
}

/** A time of day to the second: only where the seconds are the point (the scan log's timing). */
export function formatTimeToSecond(at: Instant): string {
  const d = toDate(at);
  return d ? formats.seconds.format(d) : String(at);
}

/** A date and time in the desk's zone ("Nov 24, 2026, 9:30 AM"), or "—": a time of the desk's own (a sync, a save). */
export function formatDateTime(at: Instant | null | undefined): string {
  if (at === null || at === undefined || at === '') return '—';
  const d = toDate(at);
  return d ? formats.dateTime.format(d) : String(at);
}

/**
 * A time that belongs to a center, by the times rule: in the center's zone with its short name
 * ("Nov 24, 2026, 9:30 PM PST"); without a zone this runtime knows, in the desk's, named ("… CET").
 * "—" where the service left it out.
 */
export function formatCenterTime(at: Instant | null | undefined, timeZone: string | null | undefined): string {
  if (at === null || at === undefined || at === '') return '—';
  const d = toDate(at);
  if (!d) return String(at);
  const format = timeZone ? zoned(timeZone) : null;
  if (format) return `${format.format(d)} ${zoneShortName(timeZone!, d)}`;
  return `${formats.dateTime.format(d)} ${zoneShortName(deskZone(), d)}`;
}

/** The desk's own zone (the system's). */
export function deskZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "9:30 AM" today, "Nov 20, 9:30 AM" before: how fresh a copy of the service's data is. */
export function formatAsOf(at: Instant, now = new Date()): string {
  const d = toDate(at);
  if (!d) return String(at);
  return d.toDateString() === now.toDateString() ? formats.time.format(d) : formats.recent.format(d);
}

const zoneNameFormats = new Map<string, Intl.DateTimeFormat | null>();

function zoneNamePart(locale: string | undefined, timeZone: string, d: Date): string | null {
  const key = `${locale ?? ''}|${timeZone}`;
  let format = zoneNameFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
    } catch {
      format = null;
    }
    zoneNameFormats.set(key, format);
  }
  return format?.formatToParts(d).find((p) => p.type === 'timeZoneName')?.value ?? null;
}

/** "GMT+1", "UTC-5": an offset, where a clerk would rather read the zone's letters. */
const OFFSET_ONLY = /^(GMT|UTC)[+\-−]/;

/**
 * A zone's short name at an instant, as a clerk says it ("EST", "PDT", "CET"), never the IANA id.
 * The system's locale names the zones of its own region by letters and others by offset ("GMT+1"
 * for Berlin in en-US), so the letters are also asked of English (US, then GB, which names Europe's);
 * an offset is the last resort.
 */
export function zoneShortName(timeZone: string, at: Instant = Date.now()): string {
  const d = toDate(at) ?? new Date();
  let fallback: string | null = null;
  for (const locale of [currentLocale, 'en-US', 'en-GB']) {
    const name = zoneNamePart(locale, timeZone, d);
    if (!name) continue;
    if (!OFFSET_ONLY.test(name)) return name;
    fallback ??= name;
  }
  return fallback ?? 'local time';
}

/** Whether the clerk's locale writes numeric dates day first or month first (how "03/04/2027" reads). */
export function localeDayOrder(): 'dmy' | 'mdy' {
  const kinds = new Intl.DateTimeFormat(currentLocale, { day: 'numeric', month: 'numeric', year: 'numeric' })
    .formatToParts(new Date(2000, 11, 31))
    .map((p) => p.type);
  return kinds.indexOf('day') < kinds.indexOf('month') ? 'dmy' : 'mdy';
}

/** The decimal mark of the clerk's locale: how a quantity such as "1.200" reads in a file that does not say. */
export function localeDecimal(): ',' | '.' {
  const mark = new Intl.NumberFormat(currentLocale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return mark === ',' ? ',' : '.';
}

export function formatCount(n: number): string {
  return formats.number.format(n);
}

/** "PartiallyArrivedAtHub" → "Partially arrived at hub". */
export function humanize(identifier: string): string {
  const words = identifier.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
