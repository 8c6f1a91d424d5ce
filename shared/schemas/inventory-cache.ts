import { z } from 'zod';
import { Center } from './center.js';
import { DateTime } from './common.js';

/**
 * The offline inventory cache's records: what the sync writes, what the cache file holds
 * and what lookups and searches answer over IPC. Our own shape (camelCase), assembled by the sync from
 * the service's inventory list, inventory levels per location and per lot, and the product list's
 * variants; the service's wire shapes stay in inventory.ts and products.ts.
 */

const Quantity = z.number().int();

/** Quantities of one item at one fulfillment center (the service's `location_id`). */
export const CachedLevel = z.object({
  fcId: z.number().int(),
  onHand: Quantity,
  committed: Quantity,
  fulfillable: Quantity,
  sellable: Quantity,
  awaiting: Quantity,
  backordered: Quantity,
  exception: Quantity,
  internalTransfer: Quantity,
});
export type CachedLevel = z.infer<typeof CachedLevel>;

export const CachedLot = z.object({
  lotNumber: z.string(),
  expiresAt: DateTime.nullable(),
  fcId: z.number().int(),
  onHand: Quantity,
  fulfillable: Quantity,
});
export type CachedLot = z.infer<typeof CachedLot>;

export const CachedItemFlags = z.object({
  lot: z.boolean(),
  digital: z.boolean(),
  bundle: z.boolean(),
  case: z.boolean(),
  active: z.boolean(),
  hazmat: z.boolean(),
});
export type CachedItemFlags = z.infer<typeof CachedItemFlags>;

/**
 * An item's return preference as the merchant portal sets it (the action a `Default` return line
 * gets): the primary action's name and the backup's. It comes with the item's variant, like its
 * codes, so the sync keeps it with them; null when the service names none.
 */
export const ReturnPreference = z.object({
  primaryAction: z.string().nullable(),
  backupAction: z.string().nullable(),
  instructions: z.string().nullable(),
});
export type ReturnPreference = z.infer<typeof ReturnPreference>;

/**
 * Every code a person might scan for this item, as the service stores them (normalised only in the
 * index), and what else its variant says that the desk needs offline (the return preference).
 */
export const CachedItemCodes = z.object({
  inventoryBarcode: z.string().nullable(),
  variantId: z.number().int().nullable(),
  gtin: z.string().nullable(),
  upc: z.string().nullable(),
  barcodes: z.array(z.string()),
  returnPreference: ReturnPreference.nullable(),
});
export type CachedItemCodes = z.infer<typeof CachedItemCodes>;

export const CachedItem = z.object({
  inventoryId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  flags: CachedItemFlags,
  dimensions: z.object({ length: z.number(), width: z.number(), height: z.number(), unit: z.string() }).nullable(),
  weight: z.object({ value: z.number(), unit: z.string() }).nullable(),
  codes: CachedItemCodes,
  levels: z.array(CachedLevel),
  lots: z.array(CachedLot),
});
export type CachedItem = z.infer<typeof CachedItem>;

/**
 * When each part of the cache was last synced (null: never). The parts come from different
 * endpoints and may be refreshed at different times, so an answer says how fresh each part is.
 */
export const CacheSyncedAt = z.object({
  items: DateTime.nullable(),
  levels: DateTime.nullable(),
  lots: DateTime.nullable(),
  codes: DateTime.nullable(),
});
export type CacheSyncedAt = z.infer<typeof CacheSyncedAt>;

/** A center as the cache file keeps it: files written before the cache kept zones have none (the desk then asks the service). */
export const CachedCenter = Center.extend({ name: z.string(), timeZone: Center.shape.timeZone.optional() });
export type CachedCenter = z.infer<typeof CachedCenter>;

/** The whole cache: what one cache file holds. */
export const InventoryCacheSnapshot = z.object({
  items: z.array(CachedItem),
  centers: z.array(CachedCenter),
  syncedAt: CacheSyncedAt,
});
export type InventoryCacheSnapshot = z.infer<typeof InventoryCacheSnapshot>;

/** Which code an exact lookup matched. GTIN covers GTIN-8/12/13/14 from any field once normalised to GTIN-14. */
export const CodeKind = z.enum(['inventoryId', 'sku', 'gtin', 'barcode']);
export type CodeKind = z.infer<typeof CodeKind>;

export const LookupMatch = z.object({
  item: CachedItem,
  matchedBy: z.array(CodeKind).min(1),
});
export type LookupMatch = z.infer<typeof LookupMatch>;

/** An exact lookup's answer: usually one match; several when one code belongs to more than one item. */
export const LookupResult = z.object({ code: z.string(), matches: z.array(LookupMatch), syncedAt: CacheSyncedAt });
export type LookupResult = z.infer<typeof LookupResult>;

export const SearchRank = z.enum(['exact', 'prefix', 'substring']);
export type SearchRank = z.infer<typeof SearchRank>;

/** Search limits: one place for the page bounds the IPC channel will validate against. */
export const SEARCH_LIMIT_MAX = 200;

export const SearchQuery = z
  .object({
    /** The words searched for, as the clerk typed them (the address's `q`). */
    q: z.string().max(200),
    offset: z.number().int().min(0).max(1_000_000),
    limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX),
  })
  .strict();
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchHit = z.object({ item: CachedItem, rank: SearchRank, field: z.enum(['name', 'sku']) });
export type SearchHit = z.infer<typeof SearchHit>;

/**
 * Substring matches are counted up to this many past the page (exact and prefix matches always in
 * full): then a search stops scanning and says `totalCapped`, so a one-letter query costs about as
 * much as a precise one.
 */
export const SEARCH_COUNT_CAP = 1000;

/**
 * One page of a ranked search. `total` counts the matches so a table can size its scroll; when
 * `totalCapped` is true counting stopped early and there may be more ("1,000+"): paging further
 * still works (the next page is searched for), but the user is better served by a narrower query.
 */
export const SearchPage = z.object({
  /** The words this page answers (a late answer to older words is told apart by them). */
  q: z.string(),
  total: z.number().int().min(0),
  totalCapped: z.boolean(),
  offset: z.number().int().min(0),
  limit: z.number().int().min(1),
  hits: z.array(SearchHit),
  syncedAt: CacheSyncedAt,
});
export type SearchPage = z.infer<typeof SearchPage>;
