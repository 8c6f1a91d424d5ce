import type { z } from 'zod';
import { AppErrorException, said, type Saying } from '../../../shared/errors.js';
import { appError, englishOf, englishWords, sayError, wordsFor } from '../../../electron/core/words.js';
import { type OrderDiscrepancies, type receivingChannels, type ReceivingDetail, type ReceivingMatch, type ResolvedItem } from '../common/ipc.js';
import type { Distributions, ReceivingBox, ReceivingOrder } from '../../../shared/schemas/receiving.js';
import { currentLane } from '../../../electron/core/api/request-budget.js';
import { sayFormProblems, validateWroForm, wroCreateBody } from '../../../shared/schemas/wro-form.js';
import { foldCode } from '../../../shared/codes.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import type { AccountMirror } from '../../../electron/core/mirror/index.js';
import type { Clock } from '../../../electron/core/clock.js';
import { resolveItem } from '../../inventory/core/index.js';
import { answerDone, answerRefused, isRefusal, type JournalService } from '../../journal/core/index.js';
import type { JournalWhat } from '../../journal/common/entry.js';
import { boxIndexFor, type BoxQuery } from './box-index.js';
import { findCreatedOrder } from './create-reconcile.js';
import { discrepancyCsv, orderDiscrepancies, type ItemNames } from './discrepancies.js';
import { knownOtherLot, readDiscrepancyList, rememberOtherLot, type LotItems } from './discrepancy-list.js';
import { isServiceOrder, LOCAL_SORT_LIMIT, localFilter, pageOf, receivingServiceQuery, sortOf, sortOrders, type ReceivingQuery } from './list-query.js';
import {
  cancelReceivingOrder,
  createReceivingOrder,
  getDistributions,
  getReceivingBoxes,
  getReceivingLabels,
  getReceivingOrder,
  listAllReceivingOrders,
  listReceivingOrders,
  setExternalSync,
} from './resources.js';

export interface ReceivingDeskDeps {
  /** The active environment's API client. */
  api: () => ApiClient;
  /** The signed-in session's channel with write access, or null when none is chosen. */
  channelId: () => number | null;
  /** When a create was sent: the look-up after a lost answer searches from then. */
  clock: Clock;
  /** The shell's own label window (Electron): shows the PDF, or prints it through the system dialog. */
  showLabels?: (labels: { pdf: Buffer; fileName: string; title: string }, mode: 'view' | 'print') => Promise<void>;
  /** Items' names and SKUs from the offline cache, for the discrepancy report; absent: the order's SKUs alone. */
  itemNames?: () => Promise<ItemNames>;
  /** Which items are lot-tracked, from the offline cache, for the discrepancy list; absent: none known. */
  lotItems?: () => Promise<LotItems>;
  /** The account mirror: the orders and their boxes as last read; a lookup answers from it first. */
  mirror?: AccountMirror;
  /** The one item the offline cache names by a code, with no request; absent or null: the service is asked. */
  cachedItem?: (code: string) => Promise<ResolvedItem | null>;
  /** The desk's journal: orders created and cancelled, with the service's answer. */
  journal?: Pick<JournalService, 'record'>;
}

/** Why an order cannot be cancelled, in the desk's words; null when it can (the service cancels Awaiting orders only). */
export function cancelRefusal(order: Pick<ReceivingOrder, 'id' | 'status'>): Saying | null {
  if (order.status === 'Awaiting') return null;
  return said('errors.receiving.cancelRefusal', { id: order.id, status: order.status });
}

async function orDefault<T>(work: Promise<T>, fallback: T, when: (e: AppErrorException) => boolean): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppErrorException && when(error)) return fallback;
    throw error;
  }
}

/** A code that can be a record's id: digits only, 1 to 2^31-1. */
function recordId(code: string): number | null {
  return /^\d{1,10}$/.test(code) && Number(code) >= 1 && Number(code) <= 2147483647 ? Number(code) : null;
}

type Channels = typeof receivingChannels;
type In<C extends keyof Channels> = z.output<Channels[C]['input']>;
type Out<C extends keyof Channels> = Promise<z.input<Channels[C]['output']>>;

/** How long an order (or its boxes) just read serves the views that show it instead of a new read. */
const JUST_READ_MS = 3_000;

/** A list page with the units each order received under another lot, where the desk holds its boxes as they are: its marker says them. */
function withOtherLot<T extends { items: ReceivingOrder[] }>(api: ApiClient, result: T): T & { otherLot: Record<string, number> } {
  const otherLot: Record<string, number> = {};
  for (const order of result.items) {
    const known = knownOtherLot(api, order);
    if (known) otherLot[order.id] = [...known.values()].reduce((n, units) => n + units, 0);
  }
  return { ...result, otherLot };
}

/** Code that registered an id's read for a scan: other areas' lookups of the same code may wait for it. */
const exactIdReads = new WeakMap<ApiClient, Map<string, Promise<boolean>>>();

/**
 * Whether a scan of `code` named a receiving order by its exact id (read moments ago or in flight):
 * then the scan has its record and other lookups by free text need not list anything for it.
 */
export function namedOrderById(api: ApiClient, code: string): Promise<boolean> {
  return exactIdReads.get(api)?.get(code.trim()) ?? Promise.resolve(false);
}

/**
 * The receiving desk in main: the order list (the service's order, or sorted here), an order's detail,
 * finding an order by a box, cancelling, box labels, resolving a box line's item, and creating an order
 * without ever creating it twice. Created with its dependencies; the IPC handlers are thin over it.
 */
export class ReceivingDesk {
  /**
   * Orders read to answer a scan (by id, or as the order carrying a box), kept for the detail view the
   * scan opens a moment later, so one scan and its view read the order once. Taken once and only
   * within JUST_READ_MS: the view's own refreshes, and a view opened any other way, read the service.
   */
  private readonly justRead = new Map<number, { order: ReceivingOrder; at: number }>();
  /** Boxes and distributions read moments ago, so the page's second look (its contents) does not read the order again. */
  private readonly contentsRead = new Map<number, { boxes: ReceivingBox[]; distributions: Distributions | null; at: number }>();

  constructor(private readonly deps: ReceivingDeskDeps) {}

  private async readForScan(id: number, signal?: AbortSignal): Promise<ReceivingOrder> {
    const order = await getReceivingOrder(this.deps.api(), id, signal);
    this.justRead.set(id, { order, at: this.deps.clock.now().getTime() });
    return order;
  }

  /**
   * The order read within JUST_READ_MS, for a view the clerk opens; null for a refresh of what is on
   * screen (a call outside the interactive lane), which reads the service.
   */
  private takeJustRead(id: number): ReceivingOrder | null {
    const now = this.deps.clock.now().getTime();
    for (const [other, { at }] of this.justRead) if (now - at > JUST_READ_MS) this.justRead.delete(other);
    for (const [other, { at }] of this.contentsRead) if (now - at > JUST_READ_MS) this.contentsRead.delete(other);
    if (currentLane() !== 'interactive') {
      this.justRead.delete(id);
      this.contentsRead.delete(id);
      return null;
    }
    return this.justRead.get(id)?.order ?? null;
  }

  /**
   * The order as the account mirror holds it, for the first look at its page (the order alone, not
   * its contents): a fresh mirror read it within minutes, so the page draws at once and costs no
   * request, and a clerk who moves on within a second has spent nothing. Not kept as just read:
   * the page's read of its contents a second later reads the order too, so what the clerk then
   * looks at (status, quantities, boxes) is the service's, all of one moment. A refresh (outside
   * the interactive lane) and a mirror that is not fresh read the service.
   */
  private async heldForFirstLook(id: number): Promise<ReceivingOrder | null> {
    const mirror = this.deps.mirror;
    if (!mirror || currentLane() !== 'interactive' || !mirror.isFresh()) return null;
    return (await mirror.orders()).find((o) => o.id === id) ?? null;
  }

  async list({ page = 1, limit, sort: column, dir, q, ...filters }: In<'receiving.list'>, signal: AbortSignal): Out<'receiving.list'> {
    const api = this.deps.api();
    const sort = sortOf({ sort: column, dir });
    const kept = localFilter(filters) ?? (() => true);
    if (q) {
      const matches = (await this.quickFind(q, filters, signal)).filter((m) => kept(m.order));
      const ordered = sortOrders(
        matches.map((m) => m.order),
        sort,
      );
      return withOtherLot(api, { ...pageOf(ordered, page, limit), matches });
    }
    const query = receivingServiceQuery(filters);
    if (isServiceOrder(sort) && !localFilter(filters)) {
      const { items, pageInfo } = await listReceivingOrders(api, { page, limit, filters: query }, signal);
      return withOtherLot(api, { items, pageInfo });
    }
    // A sort or a filter the service cannot do: made here over every order the service's filters match.
    const all = await listAllReceivingOrders(api, { limit: 250, filters: query }, signal);
    if (all.length > LOCAL_SORT_LIMIT) {
      throw localFilter(filters)
        ? appError('invalid_input', 'errors.receiving.tooManyToFilter', { count: all.length, limit: LOCAL_SORT_LIMIT })
        : appError('invalid_input', 'errors.receiving.tooManyToSort', { count: all.length, limit: LOCAL_SORT_LIMIT, field: sort.field });
    }
    return withOtherLot(api, pageOf(sortOrders(all.filter(kept), sort), page, limit));
  }

  async detail({ id, contents }: In<'receiving.detail'>, signal: AbortSignal): Promise<ReceivingDetail> {
    const api = this.deps.api();
    const kept = this.takeJustRead(id);
    const fromMirror = kept || contents ? null : await this.heldForFirstLook(id);
    const order = kept ?? fromMirror ?? (await this.readForScan(id, signal));
    const reason = cancelRefusal(order);
    const cancel = { allowed: reason === null, reason };
    if (!contents) {
      const heldAsOf = fromMirror ? (this.deps.mirror?.freshness().asOf ?? null) : null;
      return { order, contents: false, boxes: [], distributions: null, cancel, heldAsOf };
    }
    const held = kept ? this.contentsRead.get(id) : undefined;
    const [boxes, distributions] = held
      ? [held.boxes, held.distributions]
      : await Promise.all([
          getReceivingBoxes(api, id, signal),
          // An order without a placement program has no distributions: the service answers 404.
          orDefault(getDistributions(api, id, signal), null, (e) => e.appError.code === 'not_found'),
        ]);
    this.contentsRead.set(id, { boxes, distributions, at: this.deps.clock.now().getTime() });
    rememberOtherLot(api, order, boxes);
    boxIndexFor(api).remember(id, boxes);
    if (!held) await this.deps.mirror?.holdOrderBoxes(order, boxes);
    return { order, contents: true, boxes, distributions: distributions?.distributions?.length ? distributions : null, cancel };
  }

  /** The order's page from the account mirror, at no request (null: not held). Distributions are not held: the page reads them behind. */
  async held({ id }: In<'receiving.held'>): Out<'receiving.held'> {
    const held = await this.deps.mirror?.heldOrder(id);
    if (!held) return null;
    const reason = cancelRefusal(held.order);
    return {
      detail: { order: held.order, contents: held.boxes !== null, boxes: held.boxes ?? [], distributions: null, cancel: { allowed: reason === null, reason } },
      asOf: held.asOf,
    };
  }

  private async findBox(query: BoxQuery, signal?: AbortSignal): Promise<ReceivingMatch | null> {
    const api = this.deps.api();
    const hit = await boxIndexFor(api).find(query, signal);
    if (!hit) return null;
    return { order: await this.readForScan(hit.orderId, signal), via: 'boxId' in query ? 'box_id' : 'tracking_number', boxId: hit.box.box_id };
  }

  /**
   * A scanned or typed code's orders. Its id and its PO number are asked at once (a request each);
   * a box is searched among every open order only when neither named an order, since finding a box
   * not yet read can read each open order's boxes (dozens of requests of the account's minute). When
   * the code did name an order, the boxes already read (orders opened, earlier searches) are still
   * looked at, so a code that is both an order's id and a known box's offers both.
   */
  async lookup({ code, kinds }: In<'receiving.lookup'>, signal?: AbortSignal): Promise<ReceivingMatch[]> {
    const numeric = kinds.includes('record-id') ? recordId(code) : null;
    const found = this.lookupHeld(code, kinds, numeric, signal).then((held) => held ?? this.lookupOnService(code, kinds, numeric, signal));
    // Claimed before the first await: a return lookup of the same scan, sent beside this one, must
    // know the code may name an order by id before it reads a list of returns for it.
    if (numeric !== null)
      this.claimExactId(
        code,
        found.then((matches) => matches.find((m) => m.via === 'id')?.order ?? null),
      );
    return found;
  }

  /**
   * A code's orders from the account mirror, at no request: by id, PO number, box id or tracking
   * number. Null when the service must be asked: the mirror has not read the orders, or places nothing
   * and is not fresh. A fresh mirror that places nothing asks only for an id newer than every order it
   * holds (made since it looked): the order itself, one request.
   */
  private async lookupHeld(code: string, kinds: readonly string[], numeric: number | null, signal?: AbortSignal): Promise<ReceivingMatch[] | null> {
    const mirror = this.deps.mirror;
    if (!mirror) return null;
    const state = await mirror.state();
    if (state.receivingAt === null) return null;
    const folded = foldCode(code);
    const byId = numeric === null ? undefined : state.orders.find((o) => o.id === numeric);
    const matches: ReceivingMatch[] = byId ? [{ order: byId, via: 'id', boxId: null }] : [];
    if (kinds.includes('purchase-order'))
      for (const order of state.orders)
        if (order.id !== byId?.id && order.purchase_order_number && foldCode(order.purchase_order_number) === folded)
          matches.push({ order, via: 'purchase_order_number', boxId: null });
    const wantsTracking = kinds.includes('box-tracking');
    for (const [orderId, held] of Object.entries(state.boxes)) {
      for (const box of held.boxes) {
        const via =
          numeric !== null && box.boxId === numeric ? 'box_id' : wantsTracking && box.tracking && foldCode(box.tracking) === folded ? 'tracking_number' : null;
        const order = via && state.orders.find((o) => o.id === Number(orderId));
        if (via && order && !matches.some((m) => m.boxId === box.boxId)) matches.push({ order, via, boxId: box.boxId });
      }
    }
    if (byId) this.claimExactId(code, Promise.resolve(byId));
    if (matches.length > 0) return matches;
    if (!mirror.isFresh()) return null;
    const newest = state.orders.reduce((m, o) => Math.max(m, o.id), 0);
    if (numeric === null || numeric <= newest) return [];
    const read = orDefault(this.readForScan(numeric, signal), null, (e) => e.appError.code === 'not_found');
    this.claimExactId(code, read);
    const order = await read;
    if (order) await mirror.holdOrder(order);
    return order ? [{ order, via: 'id', boxId: null }] : [];
  }

  /** A code's orders on the service: the order by id and by PO number, then the box index as far as those leave open. */
  private async lookupOnService(code: string, kinds: readonly string[], numeric: number | null, signal?: AbortSignal): Promise<ReceivingMatch[]> {
    const api = this.deps.api();
    // An exact id is asked first: when it names an order, the scan has its record and no list is read.
    const idRead = numeric === null ? null : orDefault(this.readForScan(numeric, signal), null, (e) => e.appError.code === 'not_found');
    if (idRead) this.claimExactId(code, idRead);
    const byId = await idRead;
    const byPo =
      !byId && kinds.includes('purchase-order') && !code.includes(',')
        ? (await listReceivingOrders(api, { page: 1, limit: 20, filters: receivingServiceQuery({ purchaseOrderNumbers: [code] }) }, signal)).items
        : [];
    const matches: ReceivingMatch[] = [
      ...(byId ? [{ order: byId, via: 'id' as const, boxId: null }] : []),
      ...byPo.filter((o) => o.id !== byId?.id).map((order) => ({ order, via: 'purchase_order_number' as const, boxId: null })),
    ];
    const queries: BoxQuery[] = [...(numeric !== null ? [{ boxId: numeric }] : []), ...(kinds.includes('box-tracking') ? [{ trackingNumber: code }] : [])];
    const index = boxIndexFor(api);
    const searchAll = matches.length === 0;
    const hits = searchAll ? await Promise.all(queries.map((q) => index.find(q, signal))) : queries.map((q) => index.known(q));
    for (const [i, hit] of hits.entries()) {
      if (!hit || matches.some((m) => m.boxId === hit.box.box_id)) continue;
      const order = byId?.id === hit.orderId ? byId : await this.readForScan(hit.orderId, signal);
      matches.push({ order, via: 'boxId' in queries[i]! ? 'box_id' : 'tracking_number', boxId: hit.box.box_id });
    }
    return matches;
  }

  /** Lets other lookups of this code (returns' by reference) learn that it named an order by its id. */
  private claimExactId(code: string, read: Promise<ReceivingOrder | null>): void {
    const api = this.deps.api();
    let claims = exactIdReads.get(api);
    if (!claims) exactIdReads.set(api, (claims = new Map<string, Promise<boolean>>()));
    const key = code.trim();
    const named = read.then(
      (order) => order !== null,
      () => false,
    );
    claims.set(key, named);
    // Kept as long as the order read for the scan is: a later scan of the same code asks again.
    setTimeout(() => {
      if (claims.get(key) === named) claims.delete(key);
    }, JUST_READ_MS).unref?.();
  }

  /** Quick find: an order's id and its PO in one pass; a tracking number (or box id) only when neither matched. */
  private async quickFind(find: string, filters: ReceivingQuery, signal?: AbortSignal): Promise<ReceivingMatch[]> {
    const api = this.deps.api();
    const numeric = recordId(find);
    const [byId, byPo] = await Promise.all([
      numeric === null ? [] : listAllReceivingOrders(api, { limit: 250, filters: receivingServiceQuery({ ...filters, ids: [numeric] }) }, signal),
      find.includes(',')
        ? []
        : listAllReceivingOrders(api, { limit: 250, filters: receivingServiceQuery({ ...filters, purchaseOrderNumbers: [find] }) }, signal),
    ]);
    const matches: ReceivingMatch[] = [
      ...byId.map((order) => ({ order, via: 'id' as const, boxId: null })),
      ...byPo.filter((o) => !byId.some((i) => i.id === o.id)).map((order) => ({ order, via: 'purchase_order_number' as const, boxId: null })),
    ];
    if (matches.length) return matches;
    const box = (await this.findBox({ trackingNumber: find }, signal)) ?? (numeric !== null ? await this.findBox({ boxId: numeric }, signal) : null);
    return box ? [box] : [];
  }

  async cancel({ id }: In<'receiving.cancel'>, signal: AbortSignal): Out<'receiving.cancel'> {
    const api = this.deps.api();
    // A change to the order makes a copy read for a scan out of date: the detail reads it again.
    this.justRead.delete(id);
    const current = await getReceivingOrder(api, id, signal);
    const refusal = cancelRefusal(current);
    if (refusal) throw sayError('conflict', refusal);
    const what: JournalWhat = {
      kind: 'receiving.cancelled',
      record: { kind: 'receiving', id: String(id), reference: current.purchase_order_number ?? null },
      details: {},
    };
    try {
      const cancelled = await cancelReceivingOrder(api, id, this.deps.channelId(), signal);
      await this.deps.journal?.record({ what, answer: answerDone(cancelled.id) });
      await this.deps.mirror?.holdOrder(cancelled);
      return cancelled;
    } catch (error) {
      if (isRefusal(error)) await this.deps.journal?.record({ what, answer: answerRefused(error) });
      // The status moved between our read and the cancel: the service's own reason, in its words.
      if (error instanceof AppErrorException && error.appError.code === 'validation') {
        const reason = Object.values(error.appError.fieldErrors ?? {}).flat()[0] ?? error.appError.message;
        throw appError('conflict', 'errors.receiving.cancelRefused', undefined, { ...error.appError, serviceMessage: reason });
      }
      throw error;
    }
  }

  get(id: number, signal: AbortSignal): Promise<ReceivingOrder> {
    return this.readForScan(id, signal);
  }

  setExternalSync(id: number, isExternalSync: boolean, signal: AbortSignal): Out<'receiving.setExternalSync'> {
    this.justRead.delete(id);
    return setExternalSync(this.deps.api(), [id], isExternalSync, this.deps.channelId(), signal);
  }

  /**
   * An order's discrepancies from its boxes. The order and its boxes read for the page moments ago
   * serve (no request); otherwise the order and its boxes, two requests.
   */
  async discrepancies(id: number, signal: AbortSignal): Promise<OrderDiscrepancies> {
    const detail = await this.detail({ id, contents: true }, signal);
    const names = this.deps.itemNames ? await this.deps.itemNames() : () => null;
    return orderDiscrepancies(detail.order, detail.boxes, names);
  }

  async discrepancyCsv(id: number, locale: string | undefined, signal: AbortSignal): Promise<{ fileName: string; text: string }> {
    const words = locale ? wordsFor('system', [locale]) : englishWords;
    return { fileName: `wro-${id}-discrepancies.csv`, text: discrepancyCsv(await this.discrepancies(id, signal), words) };
  }

  async discrepancyList(input: In<'receiving.discrepancyList'>, signal: AbortSignal): Out<'receiving.discrepancyList'> {
    const lotItems = this.deps.lotItems ? await this.deps.lotItems() : () => undefined;
    return readDiscrepancyList(this.deps.api(), input, signal, lotItems);
  }

  async labels(id: number, signal: AbortSignal): Promise<Buffer> {
    return getReceivingLabels(this.deps.api(), id, signal);
  }

  async resolveItem({ code }: In<'receiving.resolveItem'>, signal: AbortSignal): Promise<{ item: ResolvedItem | null }> {
    // What the desk holds answers first: a scan into a box costs no request when the cache knows it.
    const held = this.deps.cachedItem ? await this.deps.cachedItem(code) : null;
    return { item: held ?? (await resolveItem(this.deps.api(), code, signal)) };
  }

  async create({ form, pendingSince }: In<'receiving.create'>, signal: AbortSignal): Out<'receiving.create'> {
    // The renderer checked the form in the clerk's words before sending; this repeats the check for a
    // caller that did not, in English, as main's other technical words.
    const problems = validateWroForm(form);
    if (Object.keys(problems).length)
      throw appError('validation', 'errors.receiving.checkFields', undefined, {
        fieldErrors: sayFormProblems(problems, (id, values) => englishOf(values ? { id, values } : { id })),
      });
    const api = this.deps.api();
    const body = wroCreateBody(form);
    const what = (id: string | null, found = false): JournalWhat => ({
      kind: 'receiving.created',
      // Before the service names it, an order is known by its purchase order number, if it has one.
      record:
        id !== null || body.purchase_order_number
          ? { kind: 'receiving', id: id ?? body.purchase_order_number!, reference: body.purchase_order_number ?? null }
          : null,
      details: {
        fulfillmentCenter: body.fulfillment_center.id,
        boxes: body.boxes.length,
        units: body.boxes.reduce((sum, b) => sum + b.box_items.reduce((n, i) => n + i.quantity, 0), 0),
        expectedArrival: body.expected_arrival_date,
        // Found on the service after an answer was lost, rather than answered to this create.
        foundOnService: found,
      },
    });
    if (pendingSince) {
      // An earlier submit of this draft got no answer: look before sending anything again.
      const earlier = await findCreatedOrder(api, body, new Date(pendingSince), signal);
      if (earlier) {
        await this.deps.journal?.record({ what: what(String(earlier.id), true), answer: answerDone(earlier.id) });
        return { order: earlier, reconciled: true };
      }
    }
    const sentAt = this.deps.clock.now();
    let reconciled = false;
    const order = await createReceivingOrder(api, body, this.deps.channelId(), signal, async () => {
      let found;
      try {
        found = await findCreatedOrder(api, body, sentAt, signal);
      } catch (error) {
        // The answer was lost and the check failed too: say so, and send nothing more. The draft
        // keeps `pendingSince`, so the next submit checks again before sending.
        const why = error instanceof AppErrorException ? error.appError.message : String(error);
        throw appError('network', 'errors.receiving.createUnchecked', undefined, { retryable: true, detail: why });
      }
      reconciled = found !== null;
      return found;
    }).catch(async (error: unknown) => {
      if (isRefusal(error)) await this.deps.journal?.record({ what: what(null), answer: answerRefused(error) });
      throw error;
    });
    await this.deps.journal?.record({ what: what(String(order.id), reconciled), answer: answerDone(order.id) });
    boxIndexFor(api).ordersChanged();
    await this.deps.mirror?.holdOrder(order);
    return { order, reconciled };
  }
}
