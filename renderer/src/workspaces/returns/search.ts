import { z } from 'zod';
import type { ReturnFilters } from '../../../../shared/ipc/returns';
import { ReturnStatus } from '../../../../shared/schemas/returns';

const day = z.iso.date().optional().catch(undefined);

/**
 * The returns list's address: #/returns?status=AwaitingArrival&fc=12&from=2026-11-01&to=2026-11-20&
 * q=1Z999&dir=asc&page=2. Status is one value because the service filters by one (API notes,
 * Returns). `q` is a reference id or a tracking number, matched exactly as the service does. `dir`
 * orders by creation date, the only order the service offers. A part that does not parse (an old
 * bookmark, a typo) falls back to its default instead of breaking the view.
 */
export const ReturnsSearch = z.object({
  status: ReturnStatus.optional().catch(undefined),
  fc: z.coerce.number().int().positive().max(2147483647).optional().catch(undefined),
  from: day,
  to: day,
  q: z.string().trim().min(1).max(100).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type ReturnsSearch = z.infer<typeof ReturnsSearch>;

export const FILTER_KEYS = ['status', 'fc', 'from', 'to', 'q'] as const;

export function hasFilters(search: ReturnsSearch): boolean {
  return FILTER_KEYS.some((k) => search[k] !== undefined);
}

/** Local midnight at the start of `isoDay` plus `plusDays`. */
function localMidnight(isoDay: string, plusDays = 0): Date {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays);
}

/**
 * The address as the list channel's filters. Days are whole local days with both ends included; the
 * service's StartDate and EndDate are "created after" and "created before", so the range runs from
 * a millisecond before the first day's midnight to the midnight after the last day.
 */
export function filtersOf(search: ReturnsSearch): ReturnFilters {
  return {
    ...(search.status ? { status: search.status } : {}),
    ...(search.fc ? { fulfillmentCenterIds: [search.fc] } : {}),
    ...(search.from ? { startDate: new Date(localMidnight(search.from).getTime() - 1).toISOString() } : {}),
    ...(search.to ? { endDate: localMidnight(search.to, 1).toISOString() } : {}),
    sortOrder: search.dir === 'asc' ? 'Asc' : 'Desc',
  };
}

/**
 * What the Find text looks for: a reference id (at most 50 characters, the service's limit) or a
 * tracking number (at most 100), each an exact match. Commas separate values in the service's
 * filters, so a text with one cannot be either.
 */
export function findQueries(q: string): { referenceId?: string; trackingNumber?: string } {
  const text = q.trim();
  if (!text || text.includes(',') || [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return {};
  return { ...(text.length <= 50 ? { referenceId: text } : {}), ...(text.length <= 100 ? { trackingNumber: text } : {}) };
}
