import { AppErrorException } from '../../../../shared/errors';
import type { ReturnRecord } from '../../../../shared/schemas/returns';
import type { Candidate } from '../../../../shared/scan/router';
import { call } from '../../bridge/dockdesk';
import { labelOf } from '../../../../shared/labels';
import { paletteSources } from '../../palette/entries';
import { scanResolvers } from '../../scan/resolvers';
import { findQueries } from './search';

/**
 * What Returns adds to the shared mechanisms: a scan resolver (a return's reference id or its
 * tracking number opens it) and the same look-ups, plus the return id, in the command palette.
 */

function candidate(r: ReturnRecord): Candidate {
  const tracking = r.tracking_number ? ` · tracking ${r.tracking_number}` : '';
  const center = r.fulfillment_center?.name ? ` · ${r.fulfillment_center.name}` : '';
  return {
    label: `Return ${r.reference_id || r.id}`,
    detail: `${labelOf('ReturnStatus', r.status)}${tracking}${center}`,
    href: `#/returns/${r.id}`,
  };
}

/** Returns whose reference id or tracking number is exactly this code (main's returns.lookup, the service's filters). */
export async function findReturnsByCode(text: string, signal?: AbortSignal): Promise<Candidate[]> {
  const { referenceId, trackingNumber: tracking } = findQueries(text);
  // Carrier tracking numbers are 8 characters or more: a shorter scan (a WRO or box id) asks the
  // service one question less, since every resolver's answer is awaited before a scan opens anything.
  const trackingNumber = tracking && tracking.length >= 8 ? tracking : undefined;
  const [byReference, byTracking] = await Promise.all([
    referenceId ? call('returns.lookup', { referenceId }, signal) : { items: [] },
    trackingNumber ? call('returns.lookup', { trackingNumber }, signal) : { items: [] },
  ]);
  const seen = new Set<number>();
  return [...byReference.items, ...byTracking.items].filter((r) => !seen.has(r.id) && seen.add(r.id)).map(candidate);
}

/** A return by its id (digits), for the palette. */
async function findReturnById(text: string, signal?: AbortSignal): Promise<Candidate[]> {
  const digits = text.trim();
  if (!/^\d{1,10}$/.test(digits) || Number(digits) < 1 || Number(digits) > 2147483647) return [];
  try {
    return [candidate((await call('returns.get', { id: Number(digits) }, signal)).record)];
  } catch (error) {
    if (error instanceof AppErrorException && error.appError.code === 'not_found') return [];
    throw error;
  }
}

scanResolvers.add('returns', { id: 'return', resolve: (q, signal) => findReturnsByCode(q.text, signal) });

paletteSources.add('returns', {
  id: 'returns',
  group: 'Returns',
  async search(query, signal) {
    // Reference ids and tracking numbers match exactly; shorter text is not worth asking the service about.
    if (query.trim().length < 3) return [];
    const [byId, byCode] = await Promise.all([findReturnById(query, signal), findReturnsByCode(query, signal)]);
    const seen = new Set<string>();
    return [...byId, ...byCode]
      .filter((c) => !seen.has(c.href) && seen.add(c.href))
      .map((c) => ({ id: c.href, label: c.label, ...(c.detail ? { detail: c.detail } : {}), href: c.href }));
  },
});
