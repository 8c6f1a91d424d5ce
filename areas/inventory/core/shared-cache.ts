import { z } from 'zod';
import { CacheSyncedAt, CachedCenter, CachedItem } from '../../../shared/schemas/inventory-cache.js';
import { DurableFile } from '../../../electron/core/data/durable-file.js';
import type { SetChanges, SetPosition, SetRow } from '../../desks/core/index.js';
import { materialize, toColumns, type CacheColumns } from './cache-format.js';

/**
 * The item cache as the desks sharing a store hold it there (areas/desks/core/shared-sets.ts): one
 * row per item, keyed by its inventory id, its body the item's record as JSON (the shape lookups
 * answer, `CachedItem`), and the set's meta the centers and the sync's times. JSON rather than the
 * cache file's columns: desks of several versions share one store, and a record checked against the
 * schema on the way in cannot damage a desk's cache, whoever wrote it.
 */
export const INVENTORY_SET = 'inventory';
/** The bodies' shape; raised when `CachedItem` changes in a way an older desk would misread. */
export const SHARED_ITEM_FORMAT = 1;

const SharedMeta = z.object({ centers: z.array(CachedCenter), syncedAt: CacheSyncedAt });

export function metaOf(columns: CacheColumns): string {
  return JSON.stringify({ centers: columns.centers, syncedAt: columns.syncedAt });
}

/** Every item of the cache, as the store's rows. */
export function cacheRows(columns: CacheColumns): { key: string; body: string }[] {
  const rows = new Array<{ key: string; body: string }>(columns.count);
  for (let i = 0; i < columns.count; i++) rows[i] = { key: String(columns.inventoryId[i]!), body: JSON.stringify(materialize(columns, i)) };
  return rows;
}

/** What changed from one generation of the cache to the next: items new or different, and items gone (body null). */
export function changedRows(before: CacheColumns, after: CacheColumns): SetRow[] {
  const was = new Map<number, number>();
  for (let i = 0; i < before.count; i++) was.set(before.inventoryId[i]!, i);
  const rows: SetRow[] = [];
  for (let i = 0; i < after.count; i++) {
    const id = after.inventoryId[i]!;
    const body = JSON.stringify(materialize(after, i));
    const j = was.get(id);
    was.delete(id);
    if (j === undefined || JSON.stringify(materialize(before, j)) !== body) rows.push({ key: String(id), body });
  }
  for (const id of was.keys()) rows.push({ key: String(id), body: null });
  return rows;
}

/**
 * The cache once the store's changes are applied: `base` (the copy at the changes' starting point;
 * ignored when they are the whole set) with the changed items in place of theirs, new ones added and
 * removed ones left out. Throws when a row or the meta does not fit the schema.
 */
export function applyChanges(base: CacheColumns | null, changes: SetChanges): CacheColumns {
  const meta = SharedMeta.parse(JSON.parse(changes.meta));
  // Only the set's meta moved (another set's change, a sync that changed no item): the columns stay as they are.
  if (!changes.whole && base && changes.rows.length === 0) return { ...base, centers: meta.centers, syncedAt: meta.syncedAt };
  const byId = new Map<number, CachedItem>();
  if (!changes.whole && base) for (let i = 0; i < base.count; i++) byId.set(base.inventoryId[i]!, materialize(base, i));
  for (const row of changes.rows) {
    const id = Number(row.key);
    if (row.body === null) byId.delete(id);
    else {
      const item = CachedItem.parse(JSON.parse(row.body));
      if (item.inventoryId !== id) throw new Error(`the store's row ${row.key} holds item ${item.inventoryId}`);
      byId.set(id, item);
    }
  }
  return toColumns({ items: [...byId.values()], centers: meta.centers, syncedAt: meta.syncedAt });
}

/**
 * Where the cache file stands in the store's history, kept beside it: written after the cache, so a
 * desk stopped in between reads again from an older counter (rows apply the same twice). It names
 * the generation it belongs to (its count and sync time): a cache that is not that generation (the
 * previous one, after a bad file) is not taken for the store's.
 */
const PositionRecord = z.object({
  lineage: z.string(),
  counter: z.number().int().min(0),
  count: z.number().int().min(0),
  levels: z.string().nullable(),
});
type PositionRecord = z.infer<typeof PositionRecord>;

export class SharedPositionFile {
  private readonly file: DurableFile<PositionRecord>;

  constructor(path: string) {
    this.file = new DurableFile({
      path,
      kind: 'inventory-shared-position',
      version: 1,
      codec: {
        encode: (value) => Buffer.from(JSON.stringify(value)),
        decode: (bytes) => PositionRecord.parse(JSON.parse(bytes.toString('utf8'))),
      },
    });
  }

  /** The position of this generation of the cache, or null when none was kept for it. */
  async read(columns: CacheColumns): Promise<SetPosition | null> {
    const { value } = await this.file.read();
    if (!value || !value.lineage || value.count !== columns.count || value.levels !== columns.syncedAt.levels) return null;
    return { lineage: value.lineage, counter: value.counter };
  }

  /** Keeps the position of the generation just written (null: it is this desk's own, not the store's). */
  async write(position: SetPosition | null, columns: CacheColumns): Promise<void> {
    await this.file.write({
      lineage: position?.lineage ?? '',
      counter: position?.counter ?? 0,
      count: columns.count,
      levels: position ? columns.syncedAt.levels : null,
    });
  }
}
