import { z } from 'zod';
import { AppError, Said } from '../../../shared/errors.js';
import { DateTime } from '../../../shared/schemas/common.js';
import { CacheSyncedAt, CachedCenter, CachedItem, CachedLot, LookupMatch, SearchPage, SearchQuery } from '../../../shared/schemas/inventory-cache.js';
import { Center, CenterRef } from '../../../shared/schemas/center.js';
import { Connectivity } from '../../../shared/schemas/session.js';
import { NoInput } from '../../../shared/ipc/define.js';

/**
 * The inventory desk: lookups and searches answered from the offline cache, item detail and the
 * cache's sync. Cache answers carry `freshness`. History (areas/history/common/ipc.ts) and lot exclusions
 * (areas/lots/common/ipc.ts) are their own areas; they go to the service and need it online.
 */

/** Data older than this is marked stale (the UI shows "as of …" always, and a stale mark past this). */
export const INVENTORY_STALE_AFTER_MS = 30 * 60 * 1000;

/** How fresh a cache answer is, and whether the app can currently reach the service. */
export const Freshness = z.object({
  /** The oldest of the cache's parts (null: never synced; the cache is empty). */
  syncedAt: DateTime.nullable(),
  parts: CacheSyncedAt,
  connectivity: Connectivity,
  /** syncedAt is null or older than INVENTORY_STALE_AFTER_MS. */
  stale: z.boolean(),
  /** A sync is running right now (the answer is from the previous generation until it completes). */
  syncing: z.boolean(),
});
export type Freshness = z.infer<typeof Freshness>;

/** What a scanned GS1 string was read as before the lookup (null: the code was looked up as typed). */
export const ScanReading = z.object({
  form: z.enum(['element-string', 'bracketed', 'digital-link', 'gtin']),
  gtin14: z.string().nullable(),
  lot: z.string().nullable(),
  expiry: z.string().nullable(),
});
export type ScanReading = z.infer<typeof ScanReading>;

/**
 * What the online fallback of a lookup did (asked for with `online: 'fallback'`, made only when the
 * cache had no match): `found` the matches came from the service; `not-found` the service does not
 * know the code either; `unreachable` offline, or no answer in time; `failed` the service answered
 * with an error (signed out, no permission, ...). `said` says it for the person at the desk, one
 * whole sentence each, including the cache's state (empty, still loading, or without this item) and,
 * for `failed`, the error's own sentence.
 */
export const OnlineFallback = z.object({
  outcome: z.enum(['found', 'not-found', 'unreachable', 'failed']),
  said: z.array(Said).min(1),
});
export type OnlineFallback = z.infer<typeof OnlineFallback>;

export const LookupAnswer = z.object({
  code: z.string(),
  /** The key actually looked up (the GTIN-14 of a GS1 string, else the code trimmed). */
  lookedUp: z.string(),
  scan: ScanReading.nullable(),
  matches: z.array(LookupMatch),
  /**
   * Where the matches came from. 'service': the cache had none and the service was asked; such an
   * item is not in the cache yet, so it has no quantities or lots here, but it has its return preference.
   */
  source: z.enum(['cache', 'service']),
  /** The online fallback's outcome; null when none was made (the cache matched, or it was not asked for). */
  online: OnlineFallback.nullable(),
  freshness: Freshness,
});
export type LookupAnswer = z.infer<typeof LookupAnswer>;

export const SearchAnswer = SearchPage.extend({ freshness: Freshness });
export type SearchAnswer = z.infer<typeof SearchAnswer>;

/**
 * Exclusion state of a lot as the detail shows it: 'unknown' when the service could not be asked
 * (offline); exclusions are not cached.
 */
export const LotExclusionMark = z.enum(['excluded', 'not-excluded', 'unknown']);
/** A lot as the item's page and the lot exclusions show it: the cache's lot, its center named from the cache. */
export const ItemLot = CachedLot.omit({ fcId: true }).extend({ center: CenterRef, exclusion: LotExclusionMark });
export type ItemLot = z.infer<typeof ItemLot>;

export const ItemDetail = z.object({
  item: CachedItem,
  /** Names of the fulfillment centers the levels and lots refer to. */
  centers: z.array(CachedCenter),
  lots: z.array(ItemLot),
  freshness: Freshness,
  /** When the quantities were read from the service (ISO); null: they are the cache's, as of its sync. */
  readAt: z.string().nullable(),
});
export type ItemDetail = z.infer<typeof ItemDetail>;

/** A cache file that was corrupt, cut short or of an old format; sent once per bad file. */
export const CacheProblem = z.object({
  kind: z.enum(['corrupt', 'truncated', 'old-format', 'newer-format', 'wrong-kind', 'invalid', 'unreadable']),
  /** Which file could not be used and why, as a message id with its arguments, said in the clerk's language. */
  said: Said,
  /** What Dockdesk did about it. */
  recovery: z.enum(['previous-generation', 'resync']),
});
export type CacheProblem = z.infer<typeof CacheProblem>;

export const SyncPhase = z.enum(['centers', 'items', 'levels', 'lots', 'codes', 'writing']);
export type SyncPhase = z.infer<typeof SyncPhase>;
export const SyncState = z.enum(['idle', 'running', 'cancelling']);

export const SyncStatus = z.object({
  /**
   * Grows with every change of state announced as an event, across restarts too (it starts from the
   * clock). A reader keeps the report with the highest: a read answered after an event carries an
   * older state and must not undo it.
   */
  revision: z.number().int().min(0),
  state: SyncState,
  /** 'full' fetches everything; 'refresh' fetches only product codes changed since the last sync (plus all quantities). */
  mode: z.enum(['full', 'refresh']).nullable(),
  phase: SyncPhase.nullable(),
  done: z.number().int().min(0),
  total: z.number().int().min(0).nullable(),
  itemCount: z.number().int().min(0),
  lastCompletedAt: DateTime.nullable(),
  /** How the last sync that did not complete ended, in words ("Cancelled.", "The service could not be reached …"). */
  lastError: AppError.nullable(),
  /** The last bad cache file found since the app started (also sent once as `inventory.cacheProblem`), for a renderer that was not listening yet. */
  cacheProblem: CacheProblem.nullable(),
  freshness: Freshness,
});
export type SyncStatus = z.infer<typeof SyncStatus>;

export const SyncProgress = z.object({
  phase: SyncPhase,
  done: z.number().int().min(0),
  /** null: not known yet (cursor paging gives no totals). */
  total: z.number().int().min(0).nullable(),
});
export type SyncProgress = z.infer<typeof SyncProgress>;

export const InventoryId = z.number().int().positive().max(2147483647);

export const inventoryChannels = {
  /**
   * Exact lookup of any code (inventory id, SKU, barcode, GTIN-8/12/13/14, GS1 element string, bracketed or Digital Link)
   * in the cache; with `online: 'fallback'`, a code the cache has no match for is looked up on the service.
   */
  'inventory.lookup': {
    input: z.object({ code: z.string().min(1).max(500), online: z.enum(['never', 'fallback']).default('never') }).strict(),
    output: LookupAnswer,
  },
  /** Ranked (exact, prefix, substring), paged search of name and SKU; at most SEARCH_LIMIT_MAX hits a page. */
  'inventory.search': { input: SearchQuery, output: SearchAnswer },
  /**
   * The names and SKUs the cache holds for these items, so views that get only inventory ids from the
   * service (box contents, returns, history) can show names first; an id the cache lacks is left out.
   */
  'inventory.names': {
    input: z.object({ inventoryIds: z.array(InventoryId).max(1000) }).strict(),
    output: z.array(z.object({ inventoryId: z.number().int(), sku: z.string(), name: z.string() })),
  },
  /** One item from the cache, with its lots' exclusion state asked of the service when online. */
  /**
   * An item at once from the cache (its quantities as of the sync, the exclusions last read), or with
   * `live` what can have moved since read from the service behind the clerk's own calls.
   */
  'inventory.item': { input: z.object({ inventoryId: InventoryId, live: z.boolean().optional() }).strict(), output: ItemDetail },
  /** Starts a sync (answers at once; progress as `inventory.syncProgress`, the end as `inventory.syncStatus`). A running sync is left alone. */
  'inventory.syncStart': { input: z.object({ mode: z.enum(['full', 'refresh']).default('full') }).strict(), output: SyncStatus },
  /**
   * The account's fulfillment centers, for every view's center field and filter and the zone its
   * times are read in: from the cache, or read once a session before its first full pass.
   */
  'inventory.centers': { input: NoInput, output: z.object({ items: z.array(Center) }) },
  'inventory.syncCancel': { input: NoInput, output: SyncStatus },
  'inventory.syncStatus': { input: NoInput, output: SyncStatus },
} as const;

export const inventoryEvents = {
  'inventory.syncProgress': SyncProgress,
  /** Whenever the sync's state changes (started, completed, failed, cancelled). */
  'inventory.syncStatus': SyncStatus,
  /** A bad cache file, once per file. */
  'inventory.cacheProblem': CacheProblem,
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const inventoryIpc = { id: 'inventory', channels: inventoryChannels, events: inventoryEvents } as const;
