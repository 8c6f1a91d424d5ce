import { said, type Saying } from '../../../shared/errors.js';
import type { CandidateReason, WroCandidate } from '../../../shared/ipc/unidentified.js';
import { ReceivingStatus, type ReceivingOrder } from '../../../shared/schemas/receiving.js';
import type { UnidentifiedReceivingOrder } from '../../../shared/schemas/uro.js';
import { AppErrorException } from '../../../shared/errors.js';
import type { ApiClient } from '../api/api-client.js';
import { getReceivingBoxes, getReceivingOrder, listReceivingOrders, receivingServiceQuery } from '../receiving/index.js';
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
};

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
  fulfillmentCenterId?: number | undefined;
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
): Promise<CandidateResult> {
  const open = await listReceivingOrders(api, { page: 1, limit: OPEN_LIST_LIMIT, statuses: OPEN_STATUSES }, signal);
  const newest = [...open.items].sort((a, b) => (b.insert_date ?? '').localeCompare(a.insert_date ?? '')).slice(0, BOX_CHECK_LIMIT);
  const tracking = await boxes.of(
    api,
    newest.map((w) => w.id),
    signal,
  );
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
    for (const wro of open.items) add(wro);
  } else {
    await matchQuery(api, query, { open: open.items, newest, tracking }, add, signal);
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
  const centers = new Set<number>();
  if (request.fulfillmentCenterId) centers.add(request.fulfillmentCenterId);
  for (const entry of found.values())
    if (entry.reasons.has('tracking') && entry.matched.size > 0 && entry.wro.fulfillment_center?.id !== undefined) centers.add(entry.wro.fulfillment_center.id);
  for (const entry of found.values())
    if (entry.wro.fulfillment_center?.id !== undefined && centers.has(entry.wro.fulfillment_center.id)) entry.reasons.add('same-center');

  const candidates = ranked([...found.values()], receipt);
  return {
    candidates,
    trackingChecked: {
      orders: newest.length,
      openOrders: open.pageInfo.totalCount,
    },
  };
}

function notFoundAsNull(error: unknown): null {
  if (error instanceof AppErrorException && error.appError.code === 'not_found') return null;
  throw error;
}

type Add = (wro: ReceivingOrder, reason?: CandidateReason, matched?: string) => void;

/** The WROs a typed query names: by id, by purchase order number (exactly at the service, by part among the open), by box tracking. */
async function matchQuery(
  api: ApiClient,
  query: string,
  known: { open: ReceivingOrder[]; newest: ReceivingOrder[]; tracking: Map<number, string[]> },
  add: Add,
  signal?: AbortSignal,
): Promise<void> {
  const { open, newest, tracking } = known;
  const wanted = normalizeCode(query);
  if (/^\d{1,10}$/.test(query)) {
    const id = Number(query);
    const inOpen = open.find((w) => w.id === id);
    const byId = inOpen ?? (id <= 2147483647 ? await getReceivingOrder(api, id, signal).catch(notFoundAsNull) : null);
    if (byId) add(byId, 'id');
  }
  if (!/,/.test(query)) {
    // The service matches purchase order numbers exactly; open ones also match by part, here.
    const byPo = await listReceivingOrders(api, { page: 1, limit: OPEN_LIST_LIMIT, filters: receivingServiceQuery({ purchaseOrderNumbers: [query] }) }, signal);
    for (const wro of byPo.items) add(wro, 'purchase-order');
  }
  for (const wro of open) if (wro.purchase_order_number && normalizeCode(wro.purchase_order_number).includes(wanted)) add(wro, 'purchase-order');
  for (const wro of newest) {
    for (const t of tracking.get(wro.id) ?? []) if (normalizeCode(t).includes(wanted)) add(wro, 'tracking', t);
  }
}

/** Candidates in the order the clerk reads them: open first, then by the strongest reason, then nearest the receipt's date. */
function ranked(found: { wro: ReceivingOrder; reasons: Set<CandidateReason>; matched: Set<string> }[], receipt: UnidentifiedReceivingOrder): WroCandidate[] {
  const receiptTime = Date.parse(receipt.created_date);
  const distance = (wro: ReceivingOrder) =>
    wro.expected_arrival_date ? Math.abs(Date.parse(wro.expected_arrival_date) - receiptTime) : Number.MAX_SAFE_INTEGER;
  const strongest = (reasons: Set<CandidateReason>) => Math.min(4, ...[...reasons].map((r) => RANK[r]));
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
