/** Formatting for the desk: dates in the user's locale, numbers with grouping. */
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
// A calendar day (a lot's expiry) is shown as the day it names, not shifted into the user's zone.
const dayFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const numberFormat = new Intl.NumberFormat();
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A date, or "—" where the service left it out. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
}

/** A calendar day ('2026-12-31', as shared/lots/expiry.ts reads it), or "—". */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(at) ? day : dayFormat.format(at);
}

/** A time of day to the second ("14:03:27"): when something was saved today. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : timeFormat.format(d);
}

export function formatCount(n: number): string {
  return numberFormat.format(n);
}

/** "PartiallyArrivedAtHub" → "Partially arrived at hub". */
export function humanize(identifier: string): string {
  const words = identifier.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
