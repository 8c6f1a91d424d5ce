import { localDay } from './expiry.js';
import { arrivalInstant } from '../schemas/wro-form.js';

/**
 * A center's day: from midnight to the next midnight on the center's own clock, so "today" at a
 * dock is the dock's today wherever the desk is. Without a zone the runtime knows (a center the
 * service gives none), the desk's own day.
 */
export function centerDayBounds(now: number, timeZone?: string | null): { start: number; end: number } {
  const zone = knownZone(timeZone);
  const day = localDay(now, zone);
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const start = arrivalInstant(`${day}T00:00`, zone)!.getTime();
  const end = arrivalInstant(`${next}T00:00`, zone)!.getTime();
  return { start, end };
}

/** The center's calendar day of an instant (the desk's day when the center's zone is unknown). */
export function centerDayOf(instant: number, timeZone?: string | null): string {
  return localDay(instant, knownZone(timeZone));
}

function knownZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}
