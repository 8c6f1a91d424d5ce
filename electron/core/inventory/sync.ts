import type { SyncProgress } from '../../../shared/ipc/inventory.js';
import type { ApiClient } from '../api/api-client.js';
import { followLinks } from '../api/paging.js';
import { listFulfillmentCenters } from '../api/resources.js';
import type { CacheColumns } from './cache-format.js';
import type { CacheIndex } from './cache-index.js';
import type { VariantCodes } from './records.js';
import { inventoryQuery, productQuery } from './resources.js';
import { SYNC_STREAMS, type PageSummary, type SyncStream } from './snapshot-assembler.js';
import type { SyncAssembler } from './sync-in-worker.js';

/**
 * Fetches everything the offline cache holds (issue 10, point 1) and turns it into cache columns.
 * Nothing is written here: the caller writes a new generation only once this returns, so a sync that
 * fails or is cancelled half-way leaves the previous cache as it was.
 *
 * Five streams run side by side, each through the ApiClient (its retries and its request budget),
 * each following its cursor links: the inventory list, the quantities per item (`/inventory-level`),
 * per fulfillment center (`/inventory-level/locations`) and per lot (`/inventory-level/lots`), 1,000
 * a page, and the product list (250 a page, its most) for the variants' GTIN, UPC and barcodes.
 * This thread only sends the requests: each page's text goes to the assembler (a worker thread,
 * sync-in-worker.ts), which parses and checks it and answers with the next link, and at the end
 * assembles the records (records.ts) and their columns.
 *
 * What is incremental: only the codes. The product list filters on `LastUpdatedTimestamp`, so a
 * 'refresh' asks for products changed since the last code sync (less SKEW_MARGIN_MS for clocks that
 * disagree) and keeps the other items' codes from the current cache. The inventory and level lists
 * have no such filter, so every sync reads them whole (quantities change all day anyway).
 */
const PAGE_SIZE = 1000;
const PRODUCT_PAGE_SIZE = 250;
const SKEW_MARGIN_MS = 5 * 60 * 1000;

export interface FetchOptions {
  mode: 'full' | 'refresh';
  /** The cache in use: a refresh keeps its codes for products that did not change. */
  previous: CacheIndex | null;
  signal: AbortSignal;
  onProgress: (progress: SyncProgress) => void;
  /** Parses, checks and assembles the pages (one per sync; the caller closes it). */
  assembler: SyncAssembler;
  now?: () => Date;
}

export async function syncInventory(api: ApiClient, options: FetchOptions): Promise<CacheColumns> {
  const { signal, onProgress, assembler } = options;
  const now = options.now ?? (() => new Date());
  const previousCodesAt = options.previous?.syncedAt.codes ?? null;
  const incremental = options.mode === 'refresh' && previousCodesAt !== null && options.previous !== null && options.previous.size > 0;
  const startedAt = now().toISOString();
  // A failing stream must stop the others at once rather than let them spend the request budget.
  const inner = new AbortController();
  const stop = () => inner.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  const stream = async (phase: SyncProgress['phase'], name: SyncStream, query: Record<string, string | number | boolean | undefined>): Promise<void> => {
    const page = (link: string | null) =>
      api
        .callDecoded<PageSummary>(SYNC_STREAMS[name], {
          ...(link ? { follow: link } : { query }),
          signal: inner.signal,
          decode: (text) => assembler.page(name, text),
        })
        .then((r) => r.data);
    let done = 0;
    onProgress({ phase, done, total: null });
    for await (const summary of followLinks(() => page(null), page, inner.signal)) {
      done += summary.count;
      onProgress({ phase, done, total: null });
    }
  };
  const guarded = <T>(p: Promise<T>) =>
    p.catch((error: unknown) => {
      inner.abort(error);
      throw error;
    });
  try {
    const updatedSince = incremental ? new Date(Date.parse(previousCodesAt) - SKEW_MARGIN_MS).toISOString() : undefined;
    const [centers] = await Promise.all([
      guarded(listFulfillmentCenters(api, inner.signal)),
      guarded(stream('items', 'items', inventoryQuery({ pageSize: PAGE_SIZE }))),
      guarded(stream('levels', 'totals', inventoryQuery({ pageSize: PAGE_SIZE }))),
      guarded(stream('levels', 'locations', inventoryQuery({ pageSize: PAGE_SIZE }))),
      guarded(stream('lots', 'lots', inventoryQuery({ pageSize: PAGE_SIZE }))),
      guarded(stream('codes', 'products', productQuery({ pageSize: PRODUCT_PAGE_SIZE, ...(updatedSince ? { updatedSince } : {}) }))),
    ]);
    signal.throwIfAborted();
    const syncedAt = now().toISOString();
    return await assembler.finish({
      centers: centers.map((c) => ({ id: c.id, name: c.name ?? `Center ${c.id}` })),
      syncedAt: { items: syncedAt, levels: syncedAt, lots: syncedAt, codes: startedAt },
      previousCodes: incremental ? previousCodes(options.previous!) : null,
    });
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/** The variant codes of the cache in use, by inventory id: what a refresh keeps for products that did not change. */
function previousCodes(index: CacheIndex): Map<number, VariantCodes> {
  const codes = new Map<number, VariantCodes>();
  for (const item of index.items()) {
    const { inventoryBarcode: _, ...rest } = item.codes;
    codes.set(item.inventoryId, rest);
  }
  return codes;
}
