import type { CacheSyncedAt, CachedCenter } from '../../../shared/schemas/inventory-cache.js';
import type { InventoryItem, InventoryLevel, InventoryLevelWithLocations, InventoryLevelWithLots } from '../../../shared/schemas/inventory.js';
import type { ProductCodes } from '../../../shared/schemas/products.js';
import { readBody, type BodyVerdict } from '../api/body-verdict.js';
import type { OperationName } from '../api/operations.js';
import { RESPONSES } from '../api/responses.js';
import { toColumns, type CacheColumns } from './cache-format.js';
import { assemble, codesByInventoryId, type VariantCodes } from './records.js';

/**
 * The lists a sync reads, each with the operation that serves it (the page's schema is that
 * operation's response in RESPONSES).
 */
export const SYNC_STREAMS = {
  items: 'inventory.list',
  totals: 'inventoryLevel.list',
  locations: 'inventoryLevel.locations',
  lots: 'inventoryLevel.lots',
  products: 'product.list',
} as const satisfies Record<string, OperationName>;
export type SyncStream = keyof typeof SYNC_STREAMS;

/** What one page told the sync: where the next one is, and how many records it held. */
export interface PageSummary {
  next: string | null;
  count: number;
}

/** What the finished sync adds to the pages: the centers, the stamps and (refresh) the codes kept from the cache in use. */
export interface SnapshotMeta {
  centers: CachedCenter[];
  syncedAt: CacheSyncedAt;
  previousCodes: Map<number, VariantCodes> | null;
}

/**
 * Collects a sync's pages as they arrive (the body's text: JSON.parse and the schema check happen
 * here) and turns them into cache columns at the end. Pure: the sync runs it in a worker thread
 * (sync-worker.ts), so the main process neither parses some 340 MB of JSON at 100,000 items nor
 * copies the records across threads; `inline` runs the same code in the calling thread.
 */
export class SnapshotAssembler {
  private readonly items: InventoryItem[] = [];
  private readonly totals: InventoryLevel[] = [];
  private readonly locations: InventoryLevelWithLocations[] = [];
  private readonly lots: InventoryLevelWithLots[] = [];
  private readonly products: ProductCodes[] = [];

  addPage(stream: SyncStream, text: string): BodyVerdict<PageSummary> {
    const verdict = readBody(RESPONSES[SYNC_STREAMS[stream]], text);
    if (!verdict.ok) return verdict;
    const page = verdict.value as { items?: unknown[] | null; next?: string | null };
    const items = page.items ?? [];
    const into: unknown[] = this[stream];
    for (const item of items) into.push(item);
    return { ok: true, value: { next: page.next ?? null, count: items.length } };
  }

  finish(meta: SnapshotMeta): CacheColumns {
    const codes = codesByInventoryId(this.products, meta.previousCodes);
    return toColumns({
      items: assemble(this.items, this.totals, this.locations, this.lots, codes),
      centers: meta.centers,
      syncedAt: meta.syncedAt,
    });
  }
}
