import { z } from 'zod';
import { Said } from '../../../shared/errors.js';
import { Center, CenterId } from '../../../shared/schemas/center.js';
import { DateTime } from '../../../shared/schemas/common.js';
import { ReceivingStatus } from '../../../shared/schemas/receiving.js';
import { DiscrepancyListRow } from '../../receiving/common/ipc.js';
import { NoInput } from '../../../shared/ipc/define.js';
import { CalendarDayInput, StockSummary } from '../../stock/common/ipc.js';

/**
 * Today: the desk's start page. What arrives today, what waits on the desk, from one refresh of the
 * service's lists (receiving, unidentified receipts, returns) that main keeps per account, so the
 * page shows the last known state with its time when the service cannot be reached. Stock tiles come
 * from the stock area's own channel over the offline cache.
 */

const Id = z.number().int().positive().max(2147483647);
/** The few most urgent rows a tile shows. */
export const TILE_ROWS = 5;

/** Which receiving orders a tile or list holds: not arrived and expected today, not arrived and expected before today, arrived but not completed. */
export const ReceivingWhen = z.enum(['today', 'overdue', 'arrived']);
export type ReceivingWhen = z.infer<typeof ReceivingWhen>;

/** A center as Today's rows carry it: its zone where the lists gave it (its times are shown, and its "today" counted, on its own clock). */
export const CenterRef = Center.extend({ timeZone: Center.shape.timeZone.unwrap().optional() });
export type CenterRef = z.infer<typeof CenterRef>;

export const TodayWro = z.object({
  id: Id,
  purchaseOrderNumber: z.string().nullable(),
  status: ReceivingStatus,
  center: CenterRef,
  expectedArrival: DateTime,
  /** When the order's status last changed (arrived orders are most urgent the longer they wait). */
  lastUpdated: DateTime,
  /** Units expected over every line. */
  units: z.number().int().min(0),
});
export type TodayWro = z.infer<typeof TodayWro>;

export const TodayReceipt = z.object({
  id: Id,
  barcode: z.string(),
  trackingBarcode: z.string().nullable(),
  reason: z.string(),
  created: DateTime,
});
export type TodayReceipt = z.infer<typeof TodayReceipt>;

export const TodayReturn = z.object({
  id: Id,
  referenceId: z.string().nullable(),
  customerName: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  center: CenterRef,
  created: DateTime,
});
export type TodayReturn = z.infer<typeof TodayReturn>;

export const TodayOutboxEntry = z.object({
  id: z.string(),
  referenceId: z.string(),
  trackingNumber: z.string().nullable(),
  center: CenterRef,
  state: z.string(),
  /** Why it waits, is held or failed, as sentences for the clerk's language (OutboxEntryView's); null: nothing to say. */
  said: z.array(Said).nullable(),
});
export type TodayOutboxEntry = z.infer<typeof TodayOutboxEntry>;

const tile = <T extends z.ZodType>(row: T) => z.object({ count: z.number().int().min(0), rows: z.array(row).max(TILE_ROWS) });

/** Why the page may show older data: the last refresh failed (in words), or the service is not reached. */
export const TodayFreshness = z.object({
  /** When the shown lists were read from the service (ISO); null: never on this account. */
  asOf: DateTime.nullable(),
  refreshing: z.boolean(),
  offline: z.boolean(),
  /** The last refresh's failure: the error's own sentence, said in the clerk's language; null when it succeeded. */
  problem: Said.nullable(),
});
export type TodayFreshness = z.infer<typeof TodayFreshness>;

export const TodaySummary = z.object({
  freshness: TodayFreshness,
  /** Every center the lists mention, by name, for the center choice. */
  centers: z.array(CenterRef),
  expectedToday: tile(TodayWro),
  overdue: tile(TodayWro),
  arrived: tile(TodayWro),
  unlinked: tile(TodayReceipt),
  returnsAwaiting: tile(TodayReturn),
  outbox: tile(TodayOutboxEntry),
  /**
   * Closed orders created in the period (the discrepancy list's default, `discrepancyPeriod`) whose
   * received count differs from expected, largest difference first; the period is null until read.
   */
  discrepancies: tile(DiscrepancyListRow).extend({ from: z.string().nullable(), to: z.string().nullable() }),
});
export type TodaySummary = z.infer<typeof TodaySummary>;

/** The page chosen to open after sign-in: Today or another workspace's main address. */
export const StartPage = z.string().regex(/^\/[a-z]{1,30}$/, 'A start page is a workspace address such as /today.');

export const TodaySettings = z.object({
  startPage: StartPage,
  /** Items whose fulfillable quantity is above zero and below this are low stock. */
  lowStockThreshold: z.number().int().min(1).max(1_000_000),
});
export type TodaySettings = z.infer<typeof TodaySettings>;
export const DEFAULT_TODAY_SETTINGS: TodaySettings = { startPage: '/today', lowStockThreshold: 10 };

/** The desk's center as Today preselects it; null: every center. */
const CenterInput = z.object({ fc: CenterId.nullable() }).strict();

/**
 * Everything Today's first paint needs, in one answer: its settings and the desk's center, the
 * center the tiles are for, the service tiles and the stock tiles (the stock area's summary over the
 * offline cache, for the lot window of Settings → Lots).
 */
export const TodayPage = z.object({
  settings: TodaySettings,
  deskCenter: CenterRef.nullable(),
  /** The center the tiles are for; null: every center. */
  center: CenterId.nullable(),
  /** The lot window the expiring tile counts (days). */
  withinDays: z.number().int().min(0),
  summary: TodaySummary,
  stock: StockSummary,
});
export type TodayPage = z.infer<typeof TodayPage>;

/** The center as Today's address gives it: an id, `all`, or absent (null: the desk's own center). */
export const PageCenter = z.union([CenterId, z.literal('all')]).nullable();
export type PageCenter = z.infer<typeof PageCenter>;

export const todayChannels = {
  /** Today as it opens: one call for its whole first paint. Never a request to the service. */
  'today.page': { input: z.object({ fc: PageCenter, today: CalendarDayInput }).strict(), output: TodayPage },
  /** The tiles from the last known state, for a center (null: all). Never a request to the service. */
  'today.summary': { input: CenterInput, output: TodaySummary },
  /**
   * Reads the service's lists again (low priority, in the background lane), unless a refresh ran
   * moments ago (a window regaining focus) or the service is not reached; `force`: the clerk asked,
   * read them even so. Answers when it is done, with the freshness.
   */
  'today.refresh': { input: z.object({ force: z.boolean().optional() }).strict(), output: TodayFreshness },
  /** A receiving tile's full list, from the same state, most urgent first. */
  'today.receiving': {
    input: z.object({ when: ReceivingWhen, fc: CenterId.nullable() }).strict(),
    output: z.object({ freshness: TodayFreshness, rows: z.array(TodayWro) }),
  },
  'today.settings.get': {
    input: NoInput,
    output: z.object({ settings: TodaySettings, deskCenter: CenterRef.nullable() }),
  },
  'today.settings.set': {
    input: TodaySettings.partial().strict(),
    output: z.object({ settings: TodaySettings, deskCenter: CenterRef.nullable() }),
  },
} as const;

export const todayEvents = {
  /** The state behind Today changed (a refresh ended, the outbox moved): read the summary again. */
  'today.changed': TodayFreshness,
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const todayIpc = { id: 'today', channels: todayChannels, events: todayEvents } as const;
