import { z } from 'zod';
import { DateTime } from '../../../shared/schemas/common.js';
import { CenterId, CenterRef } from '../../../shared/schemas/center.js';
import { CachedCenter } from '../../../shared/schemas/inventory-cache.js';

/**
 * Stock that needs attention, answered from the offline inventory cache of the active account (no
 * request to the service, so it works offline and costs nothing of the request budget): a summary
 * for Today's tiles, the expiring-stock list, and the browser over every cached item.
 *
 * Lot exclusions are not in the cache (the service lists them one item at a time), so a lot's
 * `excluded` is what the desk last heard from the service about that item (`stock.exclusions`
 * asks, and remembers), or null when it has not asked yet.
 */

/** A calendar day 'YYYY-MM-DD' (the desk's today in the user's own zone: shared/time/expiry.ts localDay). */
export const CalendarDayInput = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD.');

const Count = z.number().int().min(0);
const Quantity = z.number().int();
const InventoryId = z.number().int().positive().max(2147483647);

/** How many days ahead the expiring list and tile look (ten years at most: a wider window is no filter). */
export const MAX_WINDOW_DAYS = 3650;
/** The most rows one page of a stock query returns (a CSV export reads page after page). */
export const STOCK_PAGE_MAX = 5000;

/** One lot of one item at one center, as the expiring list and the lot tiles show it. */
export const StockLotRow = z.object({
  inventoryId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  lotNumber: z.string(),
  /** Where the lot lies, named from the cache (name null: a center the cache does not name). */
  center: CenterRef,
  onHand: Quantity,
  fulfillable: Quantity,
  /** The lot's expiry as the service stores it. */
  expiresAt: z.string(),
  /** The calendar day it names ('YYYY-MM-DD'; shared/time/expiry.ts expiryDay). */
  expiryDay: z.string(),
  /** Days from today to the expiry day: 0 expires today, negative expired that many days ago. */
  daysLeft: z.number().int(),
  /** Whether an active exclusion keeps orders from the lot; null: not known (not asked since the desk started). */
  excluded: z.boolean().nullable(),
});
export type StockLotRow = z.infer<typeof StockLotRow>;

/** One item as a stock tile lists it. */
export const StockItemBrief = z.object({
  inventoryId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  fulfillable: Quantity,
});
export type StockItemBrief = z.infer<typeof StockItemBrief>;

/** The few most urgent rows a tile shows, and how many there are in all. */
export const SUMMARY_ROWS = 5;
const tile = <T extends z.ZodType>(row: T) => z.object({ count: Count, rows: z.array(row).max(SUMMARY_ROWS) });

export const StockSummaryInput = z
  .object({
    /** null: every center. */
    fc: CenterId.nullable(),
    withinDays: z.number().int().min(0).max(MAX_WINDOW_DAYS),
    lowThreshold: z.number().int().min(0).max(1_000_000_000),
    /** Today in the user's zone; default: the core's own local day. */
    today: CalendarDayInput.optional(),
  })
  .strict();
export type StockSummaryInput = z.infer<typeof StockSummaryInput>;

export const StockSummary = z.object({
  /** The cache's "as of" (the oldest of its parts; null: never synced, everything is 0). */
  asOf: DateTime.nullable(),
  /** Lots expiring within the window (today included), not yet expired; soonest first. */
  expiring: tile(StockLotRow),
  /** Lots past their expiry day and not known to be excluded; longest expired first. */
  expiredNotExcluded: tile(StockLotRow),
  /** Items whose fulfillable quantity is 0 (at the center, or in all), by name. */
  zero: tile(StockItemBrief),
  /** Items whose fulfillable quantity is above 0 and under the threshold; fewest first. */
  low: tile(StockItemBrief),
});
export type StockSummary = z.infer<typeof StockSummary>;

// ---------------------------------------------------------------- the expiring-stock list

/** expiring: expiry today or within the window, not yet expired; expired: past expiry and not excluded. */
export const ExpiringShow = z.enum(['expiring', 'expired']);
export type ExpiringShow = z.infer<typeof ExpiringShow>;

/** The expiring list's window when its address names none. */
export const DEFAULT_DAYS = 30;

/**
 * The expiring list as its address says it, which is also its channel's input (with the page and,
 * for tests, the day): every part may be left out for its default, which main alone fills in.
 *
 *   #/stock/expiring?days=30&fc=3&show=expiring|expired
 */
export const ExpiringSearch = z.object({
  days: z.number().int().min(0).max(MAX_WINDOW_DAYS).optional(),
  fc: CenterId.optional(),
  show: ExpiringShow.optional(),
});
export type ExpiringSearch = z.infer<typeof ExpiringSearch>;

export const StockExpiringInput = z
  .object({
    ...ExpiringSearch.shape,
    today: CalendarDayInput.optional(),
    offset: z.number().int().min(0).max(10_000_000).default(0),
    limit: z.number().int().min(1).max(STOCK_PAGE_MAX).default(STOCK_PAGE_MAX),
  })
  .strict();
export type StockExpiringInput = z.input<typeof StockExpiringInput>;

/** The cache's "as of" and its centers, with every stock answer. */
const CacheMark = {
  asOf: DateTime.nullable(),
  centers: z.array(CachedCenter),
};

export const StockExpiringPage = z.object({
  ...CacheMark,
  today: z.string(),
  /** Rows matching the filters, in all (sorted by expiry day, then name, lot and center). */
  total: Count,
  offset: Count,
  rows: z.array(StockLotRow),
});
export type StockExpiringPage = z.infer<typeof StockExpiringPage>;

/** Asks the service for these items' lot exclusions now, remembers them, and answers each lot's state. */
export const StockExclusionsInput = z.object({ inventoryIds: z.array(InventoryId).min(1).max(50) }).strict();
export const StockExclusionsAnswer = z.object({
  /** The items the service answered for, with the lot numbers under an active exclusion. */
  items: z.array(z.object({ inventoryId: z.number().int(), excludedLots: z.array(z.string()) })),
  /** Items the service could not be asked about now (offline, refused); their lots stay as known before. */
  failed: z.array(z.object({ inventoryId: z.number().int(), reason: z.string() })),
});
export type StockExclusionsAnswer = z.infer<typeof StockExclusionsAnswer>;

// ---------------------------------------------------------------- the inventory browser

export const ItemSort = z.enum(['name', 'sku', 'onHand', 'fulfillable', 'committed', 'awaiting', 'lots', 'id']);
export type ItemSort = z.infer<typeof ItemSort>;
export const SortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirection>;
/** zero: fulfillable 0; low: fulfillable above 0 and under the threshold. */
export const StockLevelFilter = z.enum(['all', 'zero', 'low']);
export type StockLevelFilter = z.infer<typeof StockLevelFilter>;
/** physical: neither digital nor a bundle. */
export const ItemKind = z.enum(['all', 'physical', 'digital', 'bundle']);
export type ItemKind = z.infer<typeof ItemKind>;

/** The "low" stock level when the address names no threshold. */
export const DEFAULT_THRESHOLD = 10;
/** The browser's order when the address names none (ascending). */
export const DEFAULT_ITEM_SORT = 'name' satisfies ItemSort;

/**
 * The inventory browser as its address says it, which is also its channel's input (with the page):
 * every part may be left out for its default, which main alone fills in (stock-queries.ts).
 *
 *   #/stock/items?stock=zero|low&threshold=10&fc=3&kind=physical&lots=1&q=tea&sort=onHand&dir=desc
 */
export const ItemsSearch = z.object({
  fc: CenterId.optional(),
  stock: StockLevelFilter.optional(),
  threshold: z.number().int().min(1).max(1_000_000_000).optional(),
  kind: ItemKind.optional(),
  /** Lot-tracked items only. */
  lots: z.boolean().optional(),
  /** Part of the name or SKU (case and accents ignored). */
  q: z.string().trim().min(1).max(200).optional(),
  sort: ItemSort.optional(),
  dir: SortDirection.optional(),
});
export type ItemsSearch = z.infer<typeof ItemsSearch>;

export const StockItemsInput = z
  .object({
    ...ItemsSearch.shape,
    offset: z.number().int().min(0).max(10_000_000).default(0),
    limit: z.number().int().min(1).max(STOCK_PAGE_MAX).default(200),
  })
  .strict();
export type StockItemsInput = z.input<typeof StockItemsInput>;

/** One item as the browser shows it: quantities at the center filtered on, or the item's totals. */
export const StockItemRow = z.object({
  inventoryId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  lot: z.boolean(),
  digital: z.boolean(),
  bundle: z.boolean(),
  active: z.boolean(),
  onHand: Quantity,
  committed: Quantity,
  fulfillable: Quantity,
  awaiting: Quantity,
  /** Lots in stock (at the center, or anywhere). */
  lots: Count,
});
export type StockItemRow = z.infer<typeof StockItemRow>;

export const StockItemsPage = z.object({
  ...CacheMark,
  /** Items the cache holds in all, and those matching the filters. */
  cached: Count,
  total: Count,
  offset: Count,
  rows: z.array(StockItemRow),
});
export type StockItemsPage = z.infer<typeof StockItemsPage>;

export const stockChannels = {
  /** Today's stock tiles: counts and the most urgent rows, from the cache. */
  'stock.summary': { input: StockSummaryInput, output: StockSummary },
  /** A page of the expiring-stock list, from the cache, sorted by expiry. */
  'stock.expiring': { input: StockExpiringInput, output: StockExpiringPage },
  /** Lot exclusions of up to 50 items, asked of the service now (the one stock channel that is not offline). */
  'stock.exclusions': { input: StockExclusionsInput, output: StockExclusionsAnswer },
  /** A page of the inventory browser: every cached item, filtered and sorted. */
  'stock.items': { input: StockItemsInput, output: StockItemsPage },
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const stockIpc = { id: 'stock', channels: stockChannels } as const;
