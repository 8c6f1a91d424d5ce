import type { CacheSyncedAt, CachedCenter, CachedItem } from '../../../shared/schemas/inventory-cache.js';
import type { InventoryItem, InventoryLevel, InventoryLevelWithLocations, InventoryLevelWithLots } from '../../../shared/schemas/inventory.js';
import type { ProductCodes } from '../../../shared/schemas/products.js';
import { readBody, type BodyVerdict } from '../../../electron/core/api/body-verdict.js';
import { compileCheck, type Check } from '../../../electron/core/api/fast-check.js';
import type { OperationName } from '../../../electron/core/api/operations.js';
import { RESPONSES } from '../../../electron/core/api/responses.js';
import { materialize, TEXT_COLUMNS, toColumns, type CacheColumns } from './cache-format.js';
import { codesByInventoryId, RecordCollector, type VariantCodes } from './records.js';
import type { FoldedColumns, StringColumn } from './search-text.js';

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

/** Each list's page check, compiled once per thread (fast-check.ts); null: zod checks that list. */
const checks = new Map<SyncStream, Check | null>();
function checkOf(stream: SyncStream): Check | null {
  if (!checks.has(stream)) checks.set(stream, compileCheck(RESPONSES[SYNC_STREAMS[stream]]));
  return checks.get(stream)!;
}

/**
 * Collects a sync's pages as they arrive (the body's text or its UTF-8 bytes: JSON.parse and the
 * schema check happen here) and turns them into cache columns at the end. Pure: the sync runs it in
 * a worker thread (sync-worker.ts), so the main process neither parses some 340 MB of JSON at
 * 100,000 items nor copies the records across threads; `inline` runs the same code in the calling
 * thread. A page that fits is read as parsed (fast-check.ts): the records are read through their
 * published fields only (records.ts), so the unknown fields zod would have dropped do no harm.
 * Every page is reduced to what the cache keeps as it arrives (records.ts `RecordCollector`; products
 * to their variants' codes), so the parsed pages do not pile up in the worker's heap.
 */
export class SnapshotAssembler {
  private readonly records = new RecordCollector();
  /** The codes of the products read so far (a variant read later wins, as in codesByInventoryId). */
  private readonly codes = new Map<number, VariantCodes>();

  /**
   * `onNext`: the page's `next` link as soon as it is read, before the records are parsed and checked
   * (a large page read as bytes only). A hint: the verdict's `next` is the page's.
   */
  addPage(stream: SyncStream, body: string | Uint8Array, onNext?: (link: string) => void): BodyVerdict<PageSummary> {
    const outline =
      onNext &&
      ((rest: Readonly<Record<string, unknown>>) => {
        if (typeof rest.next === 'string') onNext(rest.next);
      });
    const verdict = readBody(RESPONSES[SYNC_STREAMS[stream]], body, checkOf(stream), outline);
    if (!verdict.ok) return verdict;
    const page = verdict.value as { items?: unknown[] | null; next?: string | null };
    const items = page.items ?? [];
    const summary: PageSummary = { next: page.next ?? null, count: items.length };
    if (stream === 'products') {
      const codes = codesByInventoryId(items as ProductCodes[], null);
      for (const [id, code] of codes) this.codes.set(id, code);
      summary.inventoryIds = [...codes.keys()];
    } else if (stream === 'items') this.records.addItems(items as InventoryItem[]);
    else if (stream === 'totals') this.records.addTotals(items as InventoryLevel[]);
    else if (stream === 'locations') this.records.addLocations(items as InventoryLevelWithLocations[]);
    else this.records.addLots(items as InventoryLevelWithLots[]);
    return { ok: true, value: summary };
  }

  finish(meta: SnapshotMeta): CacheColumns {
    // A full pass has no codes to keep: its own are the map (copying 50,000 entries cost some 0.2 s).
    let codes = this.codes;
    if (meta.previousCodes) {
      codes = new Map(meta.previousCodes);
      for (const [id, code] of this.codes) codes.set(id, code);
    }
    const fetched = this.records.records(codes);
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

/**
 * The string columns of a finished sync, in the order both threads walk them: the cache's own (every
 * text column the item table stores), then the folded search text. Their texts cross one message at
 * a time (sync-in-worker.ts, `WorkerAssembler.finish`).
 */
export function textColumns(columns: CacheColumns, folded: FoldedColumns): StringColumn[] {
  return [...TEXT_COLUMNS.map((name) => columns[name] as StringColumn), columns.codeKeys, folded.name, folded.sku];
}
