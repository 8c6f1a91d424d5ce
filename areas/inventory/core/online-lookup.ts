import { AppErrorException, said, type Saying } from '../../../shared/errors.js';
import type { Freshness, LookupAnswer, OnlineFallback } from '../common/ipc.js';
import type { LookupMatch } from '../../../shared/schemas/inventory-cache.js';
import { normalizeGtin } from '../../../shared/scan/codes.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { CacheIndex } from './cache-index.js';
import { listInventory, listProducts } from './resources.js';
import { assemble, codesByInventoryId } from './records.js';

/**
 * The online fallback of `inventory.lookup`: a code the offline cache has no match
 * for (empty cache, a sync still running, an item created on the service since the last sync) is
 * looked up on the service. Only the key the cache looked up is asked for (the GTIN of a GS1 string,
 * else the code), so a scan's lot and expiry stay the caller's.
 *
 * Requests, all through the ApiClient (budget, retries, schemas), newest versions:
 * - the product list (`/2026-07/product`) filtered by `Barcodes` (the code, and for a GTIN each length
 *   the service may store it in: GTIN-14, EAN-13, UPC-A, EAN-8), by `SKU`, and for a number by
 *   `InventoryId`, side by side; the variants give the codes and the return preference;
 * - the inventory list (`/2026-07/inventory`) for the candidates' inventory ids: the same records the
 *   sync reads, so the flags (lot, digital, bundle) are decided by the sync's `assemble`.
 * Which candidates match, and by what, is decided by a CacheIndex built from them: the same exact
 * lookup as the cache's (GTINs compared as GTIN-14, SKUs folded).
 *
 * Offline (the connectivity monitor says so) nothing is sent: the refusal is immediate. Otherwise the
 * whole fallback has ONLINE_LOOKUP_MS; the clerk is at the scanner.
 */
export const ONLINE_LOOKUP_MS = 10_000;
/** Product list page size for a lookup (a code matching more products than this is ambiguous anyway). */
const PRODUCT_PAGE = 50;
/** Candidates read back from the inventory list at most. */
const MAX_CANDIDATES = 100;

/** `missed` is the cache's answer with no match; the result replaces it. */
export async function lookupOnline(api: ApiClient, missed: LookupAnswer, freshness: Freshness, signal: AbortSignal): Promise<LookupAnswer> {
  const answer = (online: OnlineFallback, matches: LookupMatch[] = []): LookupAnswer => ({
    ...missed,
    matches,
    source: matches.length > 0 ? 'service' : 'cache',
    online,
    freshness,
  });
  const code = shownKey(missed);
  const cache = cacheState(freshness);
  const fallback = (outcome: OnlineFallback['outcome'], sentences: Saying[], matches: LookupMatch[] = []) => answer({ outcome, said: sentences }, matches);
  if (freshness.connectivity === 'offline') return fallback('unreachable', [said('inventory.online.offline', { code, cache })]);
  const timeout = AbortSignal.timeout(ONLINE_LOOKUP_MS);
  try {
    const matches = await findOnService(api, missed.lookedUp, AbortSignal.any([signal, timeout]));
    if (matches.length === 0) return fallback('not-found', [said('inventory.online.notFound', { code, cache })]);
    return fallback('found', [said('inventory.online.found', { cache })], matches);
  } catch (error) {
    if (signal.aborted) throw error; // the caller stopped asking
    if (timeout.aborted) return fallback('unreachable', [said('inventory.online.timeout', { code, cache, seconds: ONLINE_LOOKUP_MS / 1000 })]);
    if (!(error instanceof AppErrorException)) throw error;
    const { code: kind, said: why, message } = error.appError;
    if (kind === 'network' || kind === 'timeout') return fallback('unreachable', [said('inventory.online.offline', { code, cache })]);
    // The error's own sentence follows in the clerk's language; an error without one is quoted as it came.
    return fallback(
      'failed',
      why ? [said('inventory.online.failed', { code, cache }), why as Saying] : [said('inventory.online.failedBecause', { code, cache, reason: message })],
    );
  }
}

/** The service's items for `key`, matched as the cache matches. */
export async function findOnService(api: ApiClient, key: string, signal: AbortSignal): Promise<LookupMatch[]> {
  const id = /^\d{1,10}$/.test(key) && Number(key) > 0 && Number(key) <= 2147483647 ? Number(key) : null;
  const lists = await Promise.all([
    listProducts(api, { barcodes: barcodeForms(key), pageSize: PRODUCT_PAGE }, null, signal),
    listProducts(api, { sku: key, pageSize: PRODUCT_PAGE }, null, signal),
    ...(id !== null ? [listProducts(api, { inventoryId: id, pageSize: PRODUCT_PAGE }, null, signal)] : []),
  ]);
  const products = lists.flatMap((l) => l.items);
  const candidates = [...new Set(products.flatMap((p) => (p.variants ?? []).map((v) => v.inventory?.inventory_id)))]
    .filter((i): i is number => typeof i === 'number')
    .slice(0, MAX_CANDIDATES);
  if (candidates.length === 0) return [];
  const { items } = await listInventory(api, { inventoryIds: candidates, pageSize: candidates.length }, null, signal);
  const records = assemble(items, [], [], [], codesByInventoryId(products, null));
  return CacheIndex.fromSnapshot({ items: records, centers: [], syncedAt: { items: null, levels: null, lots: null, codes: null } }).lookup(key).matches;
}

/** The code as given and, for a GTIN, each length a service may have stored it in (GTIN-14, EAN-13, UPC-A, EAN-8). */
export function barcodeForms(key: string): string[] {
  const gtin14 = normalizeGtin(key);
  if (gtin14 === null) return [key];
  const forms = new Set([key, gtin14]);
  for (const length of [13, 12, 8]) {
    const cut = gtin14.length - length;
    if (/^0*$/.test(gtin14.slice(0, cut))) forms.add(gtin14.slice(cut));
  }
  return [...forms];
}

/** The key as the clerk would recognise it, without a scanner's control characters. */
function shownKey(answer: LookupAnswer): string {
  // eslint-disable-next-line no-control-regex
  const key = answer.lookedUp.replace(/[\x00-\x1f\x7f]/g, '');
  return answer.scan ? `GTIN ${key}` : key;
}

/** Why the cache could not have the item, for the messages' `cache` select: loaded (it does not have it), loading, empty. */
function cacheState(f: Freshness): 'loaded' | 'loading' | 'empty' {
  if (f.syncedAt !== null) return 'loaded';
  return f.syncing ? 'loading' : 'empty';
}
