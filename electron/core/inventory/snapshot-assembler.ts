import type { CacheSyncedAt, CachedCenter, CachedItem } from '../../../shared/schemas/inventory-cache.js';
import type { InventoryItem, InventoryLevel, InventoryLevelWithLocations, InventoryLevelWithLots } from '../../../shared/schemas/inventory.js';
import type { ProductCodes } from '../../../shared/schemas/products.js';
import { readBody, type BodyVerdict } from '../api/body-verdict.js';
import type { OperationName } from '../api/operations.js';
import { RESPONSES } from '../api/responses.js';
import { materialize, toColumns, type CacheColumns } from './cache-format.js';
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
  /** Products pages: the inventory ids of their variants (a refresh re-reads those items). */
  inventoryIds?: number[];
}

/** What the finished sync adds to the pages: the centers, the stamps and (refresh) the codes kept from the cache in use. */
export interface SnapshotMeta {
  centers: CachedCenter[];
  syncedAt: CacheSyncedAt;
  previousCodes: Map<number, VariantCodes> | null;
  /**
   * A refresh: the cache in use, with the items fetched (the ones that changed) put in place of
   * theirs and new ones added; an item fetched keeps its old variant codes unless its product was read.
   */
  base?: CacheColumns | null;
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
    const summary: PageSummary = { next: page.next ?? null, count: items.length };
    if (stream === 'products') summary.inventoryIds = [...codesByInventoryId(items as ProductCodes[], null).keys()];
    return { ok: true, value: summary };
  }

  finish(meta: SnapshotMeta): CacheColumns {
    const codes = codesByInventoryId(this.products, meta.previousCodes);
    const fetched = assemble(this.items, this.totals, this.locations, this.lots, codes);
    return toColumns({
      items: meta.base ? mergeInto(meta.base, fetched, new Set(codes.keys())) : fetched,
      centers: meta.centers,
      syncedAt: meta.syncedAt,
    });
  }
}

/** The cache in use with the fetched items in place of theirs (codes kept unless read anew) and new items after. */
function mergeInto(base: CacheColumns, fetched: CachedItem[], codesRead: Set<number>): CachedItem[] {
  const byId = new Map(fetched.map((item) => [item.inventoryId, item]));
  const out: CachedItem[] = [];
  for (let i = 0; i < base.count; i++) {
    const id = base.inventoryId[i]!;
    const fresh = byId.get(id);
    if (!fresh) {
      out.push(materialize(base, i));
      continue;
    }
    byId.delete(id);
    if (codesRead.has(id)) out.push(fresh);
    else {
      const { inventoryBarcode: _, ...kept } = materialize(base, i).codes;
      out.push({ ...fresh, codes: { ...kept, inventoryBarcode: fresh.codes.inventoryBarcode } });
    }
  }
  for (const item of byId.values()) out.push(item);
  return out;
}
