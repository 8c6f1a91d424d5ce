import { said, type Saying } from '../../../shared/errors.js';
import type { CandidateReason, WroCandidate } from '../common/ipc.js';
import { ReceivingStatus, type ReceivingOrder } from '../../../shared/schemas/receiving.js';
import type { UnidentifiedReceivingOrder } from '../../../shared/schemas/uro.js';
import { AppErrorException } from '../../../shared/errors.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { getReceivingBoxes, getReceivingOrder, listReceivingOrders, receivingServiceQuery } from '../../receiving/core/index.js';
import { normalizeCode } from './receipt-search.js';

/** The service refuses to link a receipt to a WRO in these (API notes: 422); every other status is open. */
export const CLOSED_STATUSES: ReadonlySet<ReceivingStatus> = new Set(['Cancelled', 'Completed']);
export const OPEN_STATUSES = ReceivingStatus.options.filter((s) => !CLOSED_STATUSES.has(s));

/**
 * Box tracking numbers are only on each WRO's boxes (one call per WRO; the list carries none), so
 * they are read for the newest open WROs only, this many per request, and kept for a while: a box's
 * tracking number is set when the WRO is created.
 */
export const BOX_CHECK_LIMIT = 30;
const BOX_CACHE_MS = 10 * 60_000;
const BOX_CONCURRENCY = 4;
/** One page of the open list; more open WROs than this is a backlog no picker can rank usefully. */
const OPEN_LIST_LIMIT = 250;
const MAX_CANDIDATES = 25;

const RANK: Record<CandidateReason, number> = {
  tracking: 0,
  id: 1,
  'purchase-order': 2,
  'same-center': 3,
  'near-date': 4,
};
/** An order expected this close to the receipt's date is offered for it (and says so). */
const NEAR_DATE_MS = 7 * 86_400_000;
/** A PO number shorter than this is not looked for in a receipt's barcode or comment (too many chance matches). */
const MIN_PO_IN_RECEIPT = 4;

/**
 * What the account mirror holds for the picker: every order read (every status) and the tracking
 * numbers of each order's boxes it has read. Null: the mirror has not read the orders yet.
 */
export interface HeldOrders {
  orders: readonly ReceivingOrder[];
  tracking: ReadonlyMap<number, string[]>;
}

export function closedRefusal(wro: Pick<ReceivingOrder, 'id' | 'status'>): Saying | null {
  return CLOSED_STATUSES.has(wro.status) ? said('errors.unidentified.closedOrder', { id: wro.id }) : null;
}

/** Tracking numbers per WRO, per API client (so per environment), read lazily and kept for ten minutes. */
export class BoxTrackingCache {
  private readonly byClient = new WeakMap<ApiClient, Map<number, { at: number; tracking: string[] }>>();

  constructor(private readonly now: () => number = Date.now) {}

  async of(api: ApiClient, wroIds: readonly number[], signal?: AbortSignal): Promise<Map<number, string[]>> {
    let cache = this.byClient.get(api);
    if (!cache) this.byClient.set(api, (cache = new Map<number, { at: number; tracking: string[] }>()));
    const fresh = (id: number) => {
      const hit = cache.get(id);
      return hit && this.now() - hit.at < BOX_CACHE_MS ? hit : null;
    };
    const missing = wroIds.filter((id) => !fresh(id));
    for (let i = 0; i < missing.length; i += BOX_CONCURRENCY) {
      await Promise.all(
        missing.slice(i, i + BOX_CONCURRENCY).map(async (id) => {
          const boxes = await getReceivingBoxes(api, id, signal);
          const tracking = boxes.map((b) => b.tracking_number).filter((t): t is string => typeof t === 'string' && t !== '');
          cache.set(id, { at: this.now(), tracking });
        }),
      );
    }
    return new Map(wroIds.map((id) => [id, fresh(id)?.tracking ?? []]));
  }
}

export interface CandidateQuery {
  query?: string | undefined;
  fc?: number | undefined;
}

export interface CandidateResult {
  candidates: WroCandidate[];
  trackingChecked: { orders: number; openOrders: number };
}

/**
 * WROs a receipt could be linked to. Without a query: the open WROs, those with a box carrying the
 * receipt's tracking barcode first, then those at the same fulfillment center (the one named, or
 * where the tracking matches are), then by expected arrival closest to the receipt's date. With a
 * query: the WROs it names, by id, purchase order number or box tracking number, closed ones
 * included so that the refusal can be explained before anything is sent.
 */
export async function wroCandidates(
  api: ApiClient,
  boxes: BoxTrackingCache,
  receipt: UnidentifiedReceivingOrder,
  request: CandidateQuery,
  signal?: AbortSignal,
  held: HeldOrders | null = null,
): Promise<CandidateResult> {
  let open: ReceivingOrder[];
  let newest: ReceivingOrder[];
  let tracking: ReadonlyMap<number, string[]>;
  let openOrders: number;
  if (held) {
    // From the mirror: every open order, and the tracking numbers of every order whose boxes it read.
    open = held.orders.filter((w) => !CLOSED_STATUSES.has(w.status));
    tracking = await withUnreadBoxes(api, boxes, held.tracking, open, signal);
    newest = held.orders.filter((w) => tracking.has(w.id));
    openOrders = open.length;
  } else {
    const list = await listReceivingOrders(api, { page: 1, limit: OPEN_LIST_LIMIT, statuses: OPEN_STATUSES }, signal);
    open = list.items;
    newest = [...open].sort((a, b) => (b.insert_date ?? '').localeCompare(a.insert_date ?? '')).slice(0, BOX_CHECK_LIMIT);
    tracking = await boxes.of(
      api,
      newest.map((w) => w.id),
      signal,
    );
    openOrders = list.pageInfo.totalCount;
  }
  const receiptTracking = receipt.tracking_barcode ? normalizeCode(receipt.tracking_barcode) : null;

  const found = new Map<number, { wro: ReceivingOrder; reasons: Set<CandidateReason>; matched: Set<string> }>();
  const add = (wro: ReceivingOrder, reason?: CandidateReason, matched?: string) => {
    const entry = found.get(wro.id) ?? {
      wro,
      reasons: new Set<CandidateReason>(),
      matched: new Set<string>(),
    };
    if (reason) entry.reasons.add(reason);
    if (matched) entry.matched.add(matched);
    found.set(wro.id, entry);
  };

  const query = request.query?.trim();
  if (!query) {
    for (const wro of open) add(wro);
  } else {
    await matchQuery(api, query, { open, newest, tracking, all: held?.orders ?? null }, add, signal);
  }

  // The receipt's own tracking barcode on a box is the strongest hint, whatever was typed.
  if (receiptTracking) {
    for (const entry of found.values()) {
      for (const t of tracking.get(entry.wro.id) ?? []) {
        if (normalizeCode(t) === receiptTracking) {
          entry.reasons.add('tracking');
          entry.matched.add(t);
        }
      }
    }
  }
  markReceiptHints(found.values(), receipt);
  const centers = new Set<number>();
  if (request.fc) centers.add(request.fc);
  for (const entry of found.values())
    if (entry.reasons.has('tracking') && entry.matched.size > 0 && entry.wro.fulfillment_center?.id !== undefined) centers.add(entry.wro.fulfillment_center.id);
  for (const entry of found.values())
    if (entry.wro.fulfillment_center?.id !== undefined && centers.has(entry.wro.fulfillment_center.id)) entry.reasons.add('same-center');

  // A suggestion says why it is offered: an open order with no reason at all is not one.
  const offered = query ? [...found.values()] : [...found.values()].filter((e) => e.reasons.size > 0);
  const candidates = ranked(offered, receipt);
  return {
    candidates,
    trackingChecked: {
      orders: newest.length,
      openOrders,
    },
  };
}

/**
 * The mirror's tracking numbers, with those of the open orders whose boxes it has not read yet (its
 * first pass under way, an order just made) read here, the newest first as without the mirror, so a
 * receipt's tracking number on such a box is found.
 */
async function withUnreadBoxes(
  api: ApiClient,
  boxes: BoxTrackingCache,
  held: ReadonlyMap<number, string[]>,
  open: readonly ReceivingOrder[],
  signal?: AbortSignal,
): Promise<ReadonlyMap<number, string[]>> {
  const unread = open
    .filter((w) => !held.has(w.id))
    .sort((a, b) => (b.insert_date ?? '').localeCompare(a.insert_date ?? ''))
    .slice(0, BOX_CHECK_LIMIT);
  if (unread.length === 0) return held;
  const read = await boxes.of(
    api,
    unread.map((w) => w.id),
    signal,
  );
  return new Map([...held, ...read]);
}

/** The receipt's own words: an order's PO number in its barcode or comment, and an order expected near the day it came. */
function markReceiptHints(entries: Iterable<{ wro: ReceivingOrder; reasons: Set<CandidateReason> }>, receipt: UnidentifiedReceivingOrder): void {
  const text = normalizeCode([receipt.barcode, receipt.comment ?? ''].join(' '));
  const came = Date.parse(receipt.created_date);
  for (const entry of entries) {
    const po = entry.wro.purchase_order_number ? normalizeCode(entry.wro.purchase_order_number) : '';
    if (po.length >= MIN_PO_IN_RECEIPT && text.includes(po)) entry.reasons.add('purchase-order');
    const expected = entry.wro.expected_arrival_date ? Date.parse(entry.wro.expected_arrival_date) : NaN;
    if (Math.abs(expected - came) <= NEAR_DATE_MS) entry.reasons.add('near-date');
  }
}

function notFoundAsNull(error: unknown): null {
  if (error instanceof AppErrorException && error.appError.code === 'not_found') return null;
  throw error;
}

type Add = (wro: ReceivingOrder, reason?: CandidateReason, matched?: string) => void;

/**
 * The WROs a typed query names: by id, by purchase order number (exactly at the service, by part
 * among the open), by box tracking. With the mirror's orders (`all`) the service is asked only for
 * an id the mirror lacks, and for a PO number only when no order the mirror holds has it.
 */
async function matchQuery(
  api: ApiClient,
  query: string,
  known: { open: ReceivingOrder[]; newest: ReceivingOrder[]; tracking: ReadonlyMap<number, string[]>; all: readonly ReceivingOrder[] | null },
  add: Add,
  signal?: AbortSignal,
): Promise<void> {
  const { open, newest, tracking, all } = known;
  const wanted = normalizeCode(query);
  let named = false;
  if (/^\d{1,10}$/.test(query)) {
    const id = Number(query);
    const inHand = (all ?? open).find((w) => w.id === id);
    const byId = inHand ?? (id <= 2147483647 ? await getReceivingOrder(api, id, signal).catch(notFoundAsNull) : null);
    if (byId) add(byId, 'id');
    named = byId !== null && byId !== undefined;
  }
  let poFound = named;
  for (const wro of all ?? open)
    if (
      wro.purchase_order_number &&
      normalizeCode(wro.purchase_order_number).includes(wanted) &&
      (all === null || !CLOSED_STATUSES.has(wro.status) || normalizeCode(wro.purchase_order_number) === wanted)
    ) {
      add(wro, 'purchase-order');
      poFound = true;
    }
  if (!/,/.test(query) && !(all && poFound)) {
    // The service matches purchase order numbers exactly; open ones also match by part, here.
    const byPo = await listReceivingOrders(api, { page: 1, limit: OPEN_LIST_LIMIT, filters: receivingServiceQuery({ purchaseOrderNumbers: [query] }) }, signal);
    for (const wro of byPo.items) add(wro, 'purchase-order');
  }
  for (const wro of newest) {
    for (const t of tracking.get(wro.id) ?? []) if (normalizeCode(t).includes(wanted)) add(wro, 'tracking', t);
  }
}

/** Candidates in the order the clerk reads them: open first, then by the strongest reason, then nearest the receipt's date. */
function ranked(found: { wro: ReceivingOrder; reasons: Set<CandidateReason>; matched: Set<string> }[], receipt: UnidentifiedReceivingOrder): WroCandidate[] {
  const receiptTime = Date.parse(receipt.created_date);
  const distance = (wro: ReceivingOrder) =>
    wro.expected_arrival_date ? Math.abs(Date.parse(wro.expected_arrival_date) - receiptTime) : Number.MAX_SAFE_INTEGER;
  const strongest = (reasons: Set<CandidateReason>) => Math.min(5, ...[...reasons].map((r) => RANK[r]));
  return found
    .sort(
      (a, b) =>
        Number(CLOSED_STATUSES.has(a.wro.status)) - Number(CLOSED_STATUSES.has(b.wro.status)) ||
        strongest(a.reasons) - strongest(b.reasons) ||
        b.reasons.size - a.reasons.size ||
        distance(a.wro) - distance(b.wro) ||
        a.wro.id - b.wro.id,
    )
    .slice(0, MAX_CANDIDATES)
    .map(({ wro, reasons, matched }): WroCandidate => ({
      id: wro.id,
      status: wro.status,
      purchaseOrderNumber: wro.purchase_order_number ?? null,
      fulfillmentCenter: wro.fulfillment_center
        ? {
            id: wro.fulfillment_center.id,
            name: wro.fulfillment_center.name ?? null,
            timezone: wro.fulfillment_center.timezone ?? null,
          }
        : null,
      expectedArrival: wro.expected_arrival_date ?? null,
      matchedTracking: [...matched],
      reasons: [...reasons].sort((a, b) => RANK[a] - RANK[b]),
      refusal: closedRefusal(wro),
    }));
}
