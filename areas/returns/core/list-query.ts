import type { z } from 'zod';
import type { returnChannels, ReturnsListSearch } from '../common/ipc.js';
import { findQueries } from '../common/find.js';
import type { ReturnRecord } from '../../../shared/schemas/returns.js';
import { dayRange } from '../../../shared/time/day-range.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { listReturns, type ReturnQuery } from './resources.js';

/**
 * The returns list's address (`ReturnsListSearch`: the list channel's input) as the service's query
 * (API notes, Returns: "created after" and "created before" compared strictly, one status, creation
 * date the only order). The one place the address's words meet the service's.
 */
export function returnServiceQuery(search: Omit<ReturnsListSearch, 'page' | 'q'>): ReturnQuery {
  const created = dayRange(search.from, search.to);
  return {
    ...(search.status ? { status: search.status } : {}),
    ...(search.fc ? { fulfillmentCenterIds: [search.fc] } : {}),
    ...(created.start ? { startDate: created.start } : {}),
    ...(created.end ? { endDate: created.end } : {}),
    sortOrder: search.dir === 'asc' ? 'Asc' : 'Desc',
  };
}

type ListInput = z.output<(typeof returnChannels)['returns.list']['input']>;

const created = (r: ReturnRecord) => (r.insert_date ? Date.parse(r.insert_date) : 0);

/**
 * One page of the list, or with `q` every return it finds: the service matches reference ids and
 * tracking numbers exactly, each by its own filter, so both are asked (with the other filters) and
 * the answers merged, newest first unless the address says otherwise.
 */
export async function listPage(
  api: ApiClient,
  { q, limit, cursor, ...search }: ListInput,
  signal: AbortSignal,
): Promise<{ items: ReturnRecord[]; next: string | null }> {
  const query = returnServiceQuery(search);
  if (!q) {
    const page = await listReturns(api, { ...query, limit }, cursor, signal);
    return { items: page.items, next: page.next };
  }
  const { referenceId, trackingNumber } = findQueries(q);
  const ask = (extra: ReturnQuery) => listReturns(api, { ...query, ...extra, limit: 250 }, null, signal);
  const [byReference, byTracking] = await Promise.all([
    referenceId ? ask({ referenceIds: [referenceId] }) : { items: [] },
    trackingNumber ? ask({ trackingNumbers: [trackingNumber] }) : { items: [] },
  ]);
  const seen = new Set<number>();
  const sign = query.sortOrder === 'Asc' ? 1 : -1;
  const items = [...byReference.items, ...byTracking.items]
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .sort((a, b) => sign * (created(a) - created(b) || a.id - b.id));
  return { items, next: null };
}
