import { Said } from '../../../shared/errors.js';
import { z } from 'zod';
import { CenterId } from '../../../shared/schemas/center.js';
import { PageInfo } from '../../../shared/schemas/common.js';
import { BoxPackagingType, Distributions, PackageType, ReceivingBox, ReceivingOrder, ReceivingStatus } from '../../../shared/schemas/receiving.js';
import { WroForm, WroFormBox } from '../../../shared/schemas/wro-form.js';
import { ImportField } from './import-columns.js';

const Id = z.number().int().positive().max(2147483647);
/** A day as the date fields give it (YYYY-MM-DD); ranges are whole days, both ends included. */
const Day = z.iso.date();

/** The columns the receiving list sorts by, as its address names them. The service sorts newest first only; other orders are made in main. */
export const ReceivingSort = z.enum(['id', 'status', 'arrival', 'inserted', 'po']);
export type ReceivingSort = z.infer<typeof ReceivingSort>;

const Text = z.string().trim().min(1).max(100);

/**
 * The receiving list as its address says it, which is also the list channel's input (with `limit`):
 *
 *   #/receiving?status=Awaiting,Arrived&fc=12&po=PO-1&q=1Z99&due=2026-11-25&dueTo=2026-11-26&
 *   in=2026-11-01&inTo=2026-11-20&done=…&doneTo=…&sync=no&sort=arrival&dir=asc&page=2
 *
 * One vocabulary from the address to main, where list-query.ts alone turns it into the service's
 * query. The list view reads the address with each part falling back on its own (an old bookmark, a
 * typo: renderer/src/app/search.ts, `lenient`); the channel refuses what does not parse.
 */
export const ReceivingListSearch = z.object({
  page: z.number().int().min(1).max(2147483647).optional(),
  /** Statuses, comma-separated, as the address keeps them. */
  status: z
    .string()
    .refine((s) => s.split(',').every((part) => ReceivingStatus.safeParse(part).success), 'Unknown receiving status.')
    .optional(),
  fc: CenterId.optional(),
  /** Orders with exactly this purchase order number (the service filters by a comma-separated list, so no commas). */
  po: Text.regex(/^[^,]*$/, 'A purchase order number cannot contain a comma.').optional(),
  /** Quick find: a WRO id, a PO number or a box tracking number (or box id). The filters still apply. */
  q: Text.optional(),
  /**
   * Expected to arrive on these days, each order on its center's own calendar (as Today counts
   * "expected today"). The service has no such filter: main filters every order the others match.
   */
  due: Day.optional(),
  dueTo: Day.optional(),
  /** Created on these days (the clerk's days). */
  in: Day.optional(),
  inTo: Day.optional(),
  /** Completed on these days. */
  done: Day.optional(),
  doneTo: Day.optional(),
  /** yes: marked as synced with an outside system; no: not marked. */
  sync: z.enum(['yes', 'no']).optional(),
  sort: ReceivingSort.optional(),
  dir: z.enum(['asc', 'desc']).optional(),
});
export type ReceivingListSearch = z.infer<typeof ReceivingListSearch>;

/** Where a quick find or a scan found an order: by its id, its PO, a box's id or a box's tracking number. */
export const ReceivingMatch = z.object({
  order: ReceivingOrder,
  via: z.enum(['id', 'purchase_order_number', 'box_id', 'tracking_number']),
  boxId: Id.nullable(),
});
export type ReceivingMatch = z.infer<typeof ReceivingMatch>;

export const ReceivingDetail = z.object({
  order: ReceivingOrder,
  /** False when the boxes and distributions were not asked for (both then empty). */
  contents: z.boolean(),
  boxes: z.array(ReceivingBox),
  /** Null when the service has no distributions for this order. */
  distributions: Distributions.nullable(),
  /** Whether the service would accept a cancel now, and if not, why (in words). */
  cancel: z.object({ allowed: z.boolean(), reason: Said.nullable() }),
  /** When the order shown was read, when it is the account mirror's copy rather than the service's answer now. */
  heldAsOf: z.string().nullable().optional(),
});
export type ReceivingDetail = z.infer<typeof ReceivingDetail>;

export const ResolvedItem = z.object({
  inventory_id: Id,
  sku: z.string(),
  name: z.string().nullable(),
  is_lot: z.boolean(),
  matched: z.enum(['inventory_id', 'sku', 'barcode']),
});
export type ResolvedItem = z.infer<typeof ResolvedItem>;

/** The most bytes of a file the import reads: sent as base64, a message between the page and main stays under 1 MB. */
export const IMPORT_FILE_MAX = 700_000;
/** The most lines one imported order may have: its draft must stay one message between the page and main. */
export const IMPORT_LINES_MAX = 5_000;

const ColumnMatch = z.array(ImportField.nullable()).max(200);
const DayOrder = z.enum(['dmy', 'mdy']);
const DecimalMark = z.enum([',', '.']);

/** One problem of an imported file: where (the spreadsheet's row number, the column's index) and what, in words. */
export const ImportProblem = z.object({
  /** The row as the spreadsheet numbers it (the header is row 1); null for the file as a whole. */
  row: z.number().int().positive().nullable(),
  column: z.number().int().min(0).nullable(),
  field: ImportField.nullable(),
  /** The problem in the clerk's words, its place (row, column) apart; `problemLine` says it whole. */
  said: Said,
});
export type ImportProblem = z.infer<typeof ImportProblem>;

/** The order fields an import fills: from the file where it gives them, else the form's. */
export const ImportOrder = z.object({
  fulfillment_center: z.object({ id: z.number().int().positive().nullable(), name: z.string().nullable() }),
  package_type: PackageType,
  box_packaging_type: BoxPackagingType,
  expected_arrival_date: z.string().max(40),
  purchase_order_number: z.string().max(100),
  /** Which of them the file gave. */
  fromFile: z.array(z.enum(['center', 'po', 'arrival', 'packageType', 'boxPackaging'])),
});
export type ImportOrder = z.infer<typeof ImportOrder>;

export const ImportCheckInput = z
  .object({
    fileName: z.string().max(260),
    /** The file's bytes, base64: a workbook (.xlsx, .ods) or CSV/TSV text; what it is, main finds from the bytes. */
    bytes: z.base64().max(Math.ceil(IMPORT_FILE_MAX / 3) * 4),
    /** A workbook's sheet to read, by name; absent: the first. */
    sheet: z.string().max(200).optional(),
    /** The clerk's match of columns to fields; absent: the one remembered for this layout, else guessed from the names. */
    columns: ColumnMatch.optional(),
    /** How numeric dates read; absent: found from the file, else `localeDayOrder`. */
    dayOrder: DayOrder.optional(),
    localeDayOrder: DayOrder,
    /** How quantities' decimal mark reads ("12,0", "1.200"); absent: found from the file, else `localeDecimal`. */
    decimal: DecimalMark.optional(),
    localeDecimal: DecimalMark,
    /** Rows the clerk corrected in place (their cells, by the spreadsheet's row number). */
    edits: z.array(z.object({ row: z.number().int().min(2), cells: z.array(z.string().max(1000)).max(200) })).max(IMPORT_LINES_MAX),
    /** Rows the clerk dropped. */
    dropped: z.array(z.number().int().min(2)).max(IMPORT_LINES_MAX),
    /** The form's order fields, used where the file gives none. */
    defaults: z.object({
      fc: CenterId.nullable(),
      package_type: PackageType,
      box_packaging_type: BoxPackagingType,
      expected_arrival_date: z.string().max(40),
      purchase_order_number: z.string().max(100),
    }),
    /** The centers the form knows (id and name), to read a center named in the file. */
    centers: z.array(z.object({ id: z.number().int().positive(), name: z.string().max(200) })).max(500),
    /** 'preview': the rows and problems; 'lines': also the boxes for the form, when there is no problem (the match is then remembered). */
    want: z.enum(['preview', 'lines']),
  })
  .strict();
export type ImportCheckInput = z.infer<typeof ImportCheckInput>;

export const ImportCheckOutput = z.object({
  headers: z.array(z.string()),
  columns: ColumnMatch,
  columnsFrom: z.enum(['clerk', 'remembered', 'guessed']),
  /** What the file is: CSV/TSV text, or a workbook. */
  kind: z.enum(['text', 'xlsx', 'ods']),
  /** A workbook's sheets by name (empty for CSV/TSV), and the one read. */
  sheets: z.array(z.string()),
  sheet: z.string().nullable(),
  /** The CSV's separator; null for a workbook. */
  separator: z.enum([',', ';', '\t', '|']).nullable(),
  bom: z.boolean(),
  dayOrder: DayOrder,
  dayOrderFrom: z.enum(['clerk', 'file', 'locale']),
  decimal: DecimalMark,
  decimalFrom: z.enum(['clerk', 'file', 'locale']),
  /** The file's rows after the header (blank rows left out), as read; only for 'preview'. */
  rows: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })).optional(),
  /**
   * Each row as the line it will become (its item in `items`), problems or not; only for 'preview'.
   * `code` the item as written; `quantity` null where it does not read; `expiry` the day read (YYYY-MM-DD), else the cell's text.
   */
  lines: z
    .array(z.object({ row: z.number().int(), code: z.string(), box: z.string(), quantity: z.number().int().nullable(), lot: z.string(), expiry: z.string() }))
    .optional(),
  /**
   * Each row's item as resolved (name and SKU), by row number; rows whose item did not resolve are
   * absent. Only for 'preview': the boxes of 'lines' name their items themselves.
   */
  items: z.record(z.string(), z.object({ sku: z.string(), name: z.string() })).optional(),
  problems: z.array(ImportProblem),
  summary: z.object({ lines: z.number().int(), boxes: z.number().int(), items: z.number().int() }),
  order: ImportOrder,
  /** The boxes for the form; only for 'lines' and only when there is no problem. */
  boxes: z.array(WroFormBox).optional(),
});
export type ImportCheckOutput = z.infer<typeof ImportCheckOutput>;

/**
 * One item of an order, all its lots together: what was expected, received and stowed, and the
 * difference as `areas/receiving/common/difference.ts` counts it (short or over item by item, units received
 * under another lot or expiry apart).
 */
export const DiscrepancyLine = z.object({
  inventoryId: z.number().int(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  /** The lots (and expiry days) the order named for the item, in the boxes' order. */
  lots: z.array(z.object({ lotNumber: z.string().nullable(), lotDate: z.string().nullable() })),
  expected: z.number().int(),
  received: z.number().int(),
  stowed: z.number().int(),
  /** received - expected: below 0 short, above 0 over. */
  difference: z.number().int(),
  short: z.number().int(),
  over: z.number().int(),
  /** Units received under another lot or expiry than the order named. */
  otherLot: z.number().int(),
  mark: z.enum(['short', 'over', 'even']),
});
export type DiscrepancyLine = z.infer<typeof DiscrepancyLine>;

/** A box the warehouse has not received: its units are not on the order's received count. */
export const MissingBox = z.object({
  boxId: z.number().int(),
  boxNumber: z.number().int(),
  trackingNumber: z.string().nullable(),
  status: z.string(),
  expected: z.number().int(),
});

/** Units received in a box under a lot or expiry other than the one the order named for that item. */
export const LotDifference = z.object({
  boxId: z.number().int(),
  boxNumber: z.number().int(),
  inventoryId: z.number().int(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  orderedLot: z.string().nullable(),
  orderedExpiry: z.string().nullable(),
  receivedLot: z.string().nullable(),
  receivedExpiry: z.string().nullable(),
  quantity: z.number().int(),
  receivedAt: z.string().nullable(),
});
export type LotDifference = z.infer<typeof LotDifference>;

export const OrderDiscrepancies = z.object({
  orderId: z.number().int(),
  purchaseOrderNumber: z.string().nullable(),
  status: ReceivingStatus,
  center: z.object({ id: z.number().int(), name: z.string().nullable(), timeZone: z.string().nullable() }),
  /** Whether the warehouse has closed the order (Completed, Incomplete): until then a short may still arrive. */
  closed: z.boolean(),
  lines: z.array(DiscrepancyLine),
  missingBoxes: z.array(MissingBox),
  lotDifferences: z.array(LotDifference),
  totals: z.object({
    expected: z.number().int(),
    received: z.number().int(),
    stowed: z.number().int(),
    short: z.number().int(),
    over: z.number().int(),
    otherLot: z.number().int(),
  }),
});
export type OrderDiscrepancies = z.infer<typeof OrderDiscrepancies>;

/** One order of the discrepancy list: its size is the units short plus the units over, item by item, plus those under another lot. */
export const DiscrepancyListRow = z.object({
  orderId: z.number().int(),
  purchaseOrderNumber: z.string().nullable(),
  status: ReceivingStatus,
  center: z.object({ id: z.number().int(), name: z.string().nullable(), timeZone: z.string().nullable() }),
  insertDate: z.string(),
  lastUpdated: z.string(),
  expected: z.number().int(),
  received: z.number().int(),
  short: z.number().int(),
  over: z.number().int(),
  size: z.number().int(),
  /** Items whose received count differs from expected. */
  items: z.number().int(),
  /**
   * Units received under another lot or expiry than ordered, read from the order's boxes where a lot
   * item is on the order; null where they were not read. Absent from a Today snapshot kept before it was.
   */
  otherLot: z.number().int().nullable().default(null),
});
export type DiscrepancyListRow = z.infer<typeof DiscrepancyListRow>;

/** The statuses the discrepancy list reads: orders the warehouse has closed, received in full or in part. */
export const DISCREPANCY_STATUSES = ['Completed', 'Incomplete'] as const satisfies readonly ReceivingStatus[];

/** Days before today the discrepancy list opens with, and Today's tile counts over. */
export const DISCREPANCY_PERIOD_DAYS = 30;

/**
 * The period the discrepancy list opens with and Today's tile counts: orders created today and in
 * the DISCREPANCY_PERIOD_DAYS before it, the desk's own days. One place, so the tile's count and the
 * list it opens agree.
 */
export function discrepancyPeriod(now: Date): { from: string; to: string } {
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { from: day(new Date(now.getFullYear(), now.getMonth(), now.getDate() - DISCREPANCY_PERIOD_DAYS)), to: day(now) };
}

/** Warehouse receiving orders (spec 4.5; API notes, Receiving). */
export const receivingChannels = {
  'receiving.list': {
    input: z.object({ ...ReceivingListSearch.shape, limit: z.number().int().min(1).max(250) }).strict(),
    output: z.object({
      items: z.array(ReceivingOrder),
      pageInfo: PageInfo,
      matches: z.array(ReceivingMatch).optional(),
      /** Units received under another lot or expiry, by order id, where the desk holds the order's boxes as they are (no request for them). */
      otherLot: z.record(z.string(), z.number().int()).optional(),
    }),
  },
  'receiving.get': {
    input: z.object({ id: Id }).strict(),
    output: ReceivingOrder,
  },
  /** The order with its boxes, distributions and whether it can be cancelled. */
  /**
   * An order's page. `contents: false` answers with the order alone (one request, none when it was
   * read moments ago) and no boxes or distributions; the page reads them when the clerk stays or asks.
   */
  'receiving.detail': {
    input: z.object({ id: Id, contents: z.boolean().default(true) }).strict(),
    output: ReceivingDetail,
  },
  /**
   * An order's page as the desk holds it (the account mirror), at no request: the order as last read,
   * with its boxes when they were read since it last changed (`contents`), and when that was. Null when
   * the desk holds no such order. The page shows it at once and reads `receiving.detail` behind.
   */
  'receiving.held': {
    input: z.object({ id: Id }).strict(),
    output: z.object({ detail: ReceivingDetail, asOf: z.string() }).nullable(),
  },
  /**
   * A scanned or typed code's orders, for the kinds of code it can be (shared/scan/plan.ts): by id and
   * by PO number at once, then by a box (its id or tracking number). One call, so the cheap answers
   * decide how far the costly box search goes (ReceivingDesk.lookup).
   */
  'receiving.lookup': {
    input: z
      .object({
        code: z.string().trim().min(1).max(100),
        kinds: z
          .array(z.enum(['record-id', 'purchase-order', 'box-tracking']))
          .min(1)
          .max(3),
      })
      .strict(),
    output: z.object({ matches: z.array(ReceivingMatch) }),
  },
  'receiving.setExternalSync': {
    input: z.object({ id: Id, isExternalSync: z.boolean() }).strict(),
    output: ReceivingOrder,
  },
  /** Cancels an Awaiting order; any other status is refused with the reason, nothing sent. */
  'receiving.cancel': {
    input: z.object({ id: Id }).strict(),
    output: ReceivingOrder,
  },
  /**
   * The box labels PDF, fetched by main with the user's token. The bytes come back base64 so the page
   * can show them in the browser's PDF viewer or save them; the token never leaves main.
   */
  'receiving.labels': {
    input: z.object({ id: Id }).strict(),
    output: z.object({ fileName: z.string(), contentType: z.literal('application/pdf'), base64: z.string() }),
  },
  /**
   * Box labels in the shell's own viewer window or straight to the system print dialog (Electron),
   * fetched by main like `receiving.labels`. `shown: false`: this shell has no such window (the
   * browser host), and the page uses the browser's own PDF viewer with the bytes from `receiving.labels`.
   */
  /** Electron: the labels in a window of their own, titled in the desk's language (`locale`; English without one). */
  'receiving.showLabels': {
    input: z.object({ id: Id, mode: z.enum(['view', 'print']), locale: z.string().min(2).max(35).optional() }).strict(),
    output: z.object({ shown: z.boolean() }),
  },
  /**
   * An order's discrepancies: per item and lot expected, received, stowed and the difference; boxes
   * not received; lots or expiry dates received other than ordered. From the order's boxes, read once
   * (none read again when the desk read them moments ago).
   */
  'receiving.discrepancies': {
    input: z.object({ id: Id }).strict(),
    output: OrderDiscrepancies,
  },
  /**
   * The same discrepancies as a CSV file for a supplier claim (names, SKUs, times in the center's
   * zone), its headings in the language of `locale` (the desk's; English without one).
   */
  'receiving.discrepancyCsv': {
    input: z.object({ id: Id, locale: z.string().min(2).max(35).optional() }).strict(),
    output: z.object({ fileName: z.string(), text: z.string() }),
  },
  /**
   * Closed orders (DISCREPANCY_STATUSES) inserted in a period, of one center or all, whose received
   * differs from expected, largest difference first. From the order list alone (its per-item
   * quantities): one request per 250 orders, never a read of each order's boxes.
   */
  'receiving.discrepancyList': {
    input: z
      .object({ from: Day, to: Day, fc: CenterId.nullable() })
      .strict()
      .refine((v) => v.from <= v.to, { message: 'The period ends before it starts.', path: ['to'] }),
    output: z.object({ rows: z.array(DiscrepancyListRow), read: z.number().int(), requests: z.number().int() }),
  },
  /** An SKU, barcode or inventory id typed or scanned into the create form. */
  'receiving.resolveItem': {
    input: z.object({ code: z.string().trim().min(1).max(200) }).strict(),
    output: z.object({ item: ResolvedItem.nullable() }),
  },
  /**
   * Creates an order from the form. `draftId` names the draft; `pendingSince` is set when an earlier
   * submit of this draft got no answer: main then looks for the order that submit created before
   * sending anything (see create-reconcile.ts).
   */
  'receiving.create': {
    input: z
      .object({
        draftId: z.string().min(8).max(64),
        form: WroForm,
        pendingSince: z.iso.datetime({ offset: true }).optional(),
      })
      .strict(),
    output: z.object({ order: ReceivingOrder, reconciled: z.boolean() }),
  },
  /**
   * A spreadsheet (an .xlsx or .ods workbook, or CSV/TSV text) read into a receiving order's lines, offline: read, its columns
   * matched, every row resolved against the item cache and checked, in one call (see core/receiving/import/).
   */
  'receiving.importCheck': {
    input: ImportCheckInput,
    output: ImportCheckOutput,
  },
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const receivingIpc = { id: 'receiving', channels: receivingChannels } as const;
