import type { Center } from '../../../shared/schemas/center.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { listFulfillmentCenters } from '../../../electron/core/api/resources.js';
import type { CacheIndex } from './cache-index.js';

/**
 * The account's fulfillment centers as the desk holds them. The inventory cache's full pass reads
 * them with the items, so every view's center field, filter and zone is answered from there with no
 * request. Before the cache's first full pass (a new sign-in), or from a file written before the
 * cache kept zones, the service's list is read once and held for the session: centers change far
 * less often than a full pass comes round. Held per API client, which is one environment's and one
 * session's.
 */
const heldByClient = new WeakMap<ApiClient, readonly Center[]>();

export async function deskCenters(index: CacheIndex, api: ApiClient, signal?: AbortSignal): Promise<Center[]> {
  const cached = index.centers;
  if (cached.length > 0 && cached.every((c) => c.timeZone !== undefined)) return cached.map((c) => ({ id: c.id, name: c.name, timeZone: c.timeZone ?? null }));
  let held = heldByClient.get(api);
  if (!held) {
    held = (await listFulfillmentCenters(api, signal)).map((c) => ({ id: c.id, name: c.name ?? null, timeZone: c.timezone ?? null }));
    heldByClient.set(api, held);
  }
  return [...held];
}
