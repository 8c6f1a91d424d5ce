/** A day (YYYY-MM-DD) at local midnight, `plusDays` on: the clerk's days, which is what "created on the 3rd" means. */
function localMidnight(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays);
}

/**
 * Whole local days, both ends included, as the bounds of a service filter that compares strictly
 * ("created after", "created before"): a millisecond before the first day's midnight, and the
 * midnight after the last day. Either end may be open.
 */
export function dayRange(from: string | undefined, to: string | undefined): { start?: string; end?: string } {
  return {
    ...(from ? { start: new Date(localMidnight(from).getTime() - 1).toISOString() } : {}),
    ...(to ? { end: localMidnight(to, 1).toISOString() } : {}),
  };
}
