import type { LookupAnswer, SyncPhase, SyncProgress, SyncStatus } from '../common/ipc';
import type { CachedItem, CodeKind, SearchHit } from '../../../shared/schemas/inventory-cache';

/** The inventory workspace's pure decisions (no React, no IPC), so unit tests reach them. */

/** One row of the results: an item and why it is there. */
export interface ResultRow {
  item: CachedItem;
  /** 'code' rows come from the exact lookup (barcode, GTIN, inventory id, SKU); the rest from the ranked search. */
  why: 'code' | SearchHit['rank'];
  matchedBy: CodeKind[] | SearchHit['field'];
}

/** The lookup's matches first (a barcode is never in a name), then the search's hits without repeats. */
export function resultRows(lookup: LookupAnswer | undefined, hits: SearchHit[]): ResultRow[] {
  const rows: ResultRow[] = (lookup?.matches ?? []).map((m) => ({ item: m.item, why: 'code', matchedBy: m.matchedBy }));
  const seen = new Set(rows.map((r) => r.item.inventoryId));
  for (const hit of hits) if (!seen.has(hit.item.inventoryId)) rows.push({ item: hit.item, why: hit.rank, matchedBy: hit.field });
  return rows;
}

/**
 * How far a sync has come. The service's cursor lists give no totals, so the bar is measured against
 * the size of the cache before (items and product codes each about one per item); a first sync has no
 * such measure and shows a bar without a value.
 */
/**
 * Of the report held and one arriving, the later (higher revision; the arriving one on a tie, as it
 * has the newer progress). A read sent before a sync ended can be answered after the event that said
 * it ended; taken as it came, it would show a sync running forever.
 */
export function laterStatus(held: SyncStatus | undefined, arriving: SyncStatus): SyncStatus {
  return held && held.revision > arriving.revision ? held : arriving;
}

export function syncFraction(seen: Partial<Record<SyncPhase, SyncProgress>>, estimate: number): number | null {
  const writing = seen.writing;
  if (writing && writing.total) return 0.9 + 0.1 * Math.min(1, writing.done / writing.total);
  if (writing) return 0.9;
  if (estimate <= 0) return null;
  const part = (p: SyncProgress | undefined) => Math.min(1, (p?.done ?? 0) / estimate);
  return 0.9 * ((part(seen.items) + part(seen.codes)) / 2);
}
