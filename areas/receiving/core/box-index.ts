import type { ReceivingBox, ReceivingOrder } from '../../../shared/schemas/receiving.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { getReceivingBoxes, listAllReceivingOrders } from './resources.js';

/**
 * Which order carries a box: the service has no search by box id or tracking number, so main reads
 * the orders' boxes (open orders first, newest first) until it finds one, and remembers every box it
 * has read. A box's id and its tracking number never change once the order exists (there is no
 * update call), so a remembered box stays right; the order itself is always read fresh.
 */
export type BoxQuery = { boxId: number } | { trackingNumber: string };
export interface BoxHit {
  orderId: number;
  box: ReceivingBox;
}

/** Orders still moving come first: a box being scanned at the dock most likely belongs to one. */
const SETTLED = new Set<ReceivingOrder['status']>(['Completed', 'Cancelled']);
const ORDERS_TTL_MS = 30_000;
const PARALLEL = 4;
/**
 * Each order read is one request of the service's window (150 a minute, shared with everything the
 * clerk does). A search reads every open order but only the newest settled ones; a settled order's
 * boxes are otherwise known once its detail has been opened.
 */
const SETTLED_READS = 10;

function matches(box: ReceivingBox, query: BoxQuery): boolean {
  if ('boxId' in query) return box.box_id === query.boxId;
  return (box.tracking_number ?? '').trim().toLowerCase() === query.trackingNumber.trim().toLowerCase();
}

export class BoxIndex {
  private readonly boxes = new Map<number, ReceivingBox[]>();
  /** Reads under way, shared: two searches at once (a box id and a tracking number) read each order once. */
  private readonly reading = new Map<number, Promise<ReceivingBox[]>>();
  private orders: { at: number; list: Promise<ReceivingOrder[]> } | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly now: () => number = Date.now,
  ) {}

  private remembered(query: BoxQuery): BoxHit | null {
    for (const [orderId, boxes] of this.boxes) {
      const box = boxes.find((b) => matches(b, query));
      if (box) return { orderId, box };
    }
    return null;
  }

  private orderList(signal?: AbortSignal): Promise<ReceivingOrder[]> {
    if (!this.orders || this.now() - this.orders.at > ORDERS_TTL_MS) {
      const list = listAllReceivingOrders(this.api, { limit: 250 }, signal);
      this.orders = { at: this.now(), list };
      list.catch(() => (this.orders = null));
    }
    return this.orders.list;
  }

  /** A new order exists: the next search reads the order list again. */
  ordersChanged(): void {
    this.orders = null;
  }

  /** Remembers an order's boxes read elsewhere (the detail view), sparing a call later. */
  remember(orderId: number, boxes: ReceivingBox[]): void {
    this.boxes.set(orderId, boxes);
  }

  private read(orderId: number, signal?: AbortSignal): Promise<ReceivingBox[]> {
    let pending = this.reading.get(orderId);
    if (!pending) {
      pending = getReceivingBoxes(this.api, orderId, signal).then((boxes) => {
        this.boxes.set(orderId, boxes);
        return boxes;
      });
      const settle = () => this.reading.delete(orderId);
      pending.then(settle, settle);
      this.reading.set(orderId, pending);
    }
    return pending;
  }

  /** An order's boxes as already read (the detail view read them), or read now. */
  boxesOf(orderId: number, signal?: AbortSignal): Promise<ReceivingBox[]> {
    const known = this.boxes.get(orderId);
    return known ? Promise.resolve(known) : this.read(orderId, signal);
  }

  /** The box among those already read, without asking the service. */
  known(query: BoxQuery): BoxHit | null {
    return this.remembered(query);
  }

  async find(query: BoxQuery, signal?: AbortSignal): Promise<BoxHit | null> {
    const known = this.remembered(query);
    if (known) return known;
    const orders = await this.orderList(signal);
    const newest = [...orders].sort((a, b) => (b.insert_date ?? '').localeCompare(a.insert_date ?? '') || b.id - a.id);
    // The newest settled orders of the whole list, not the newest not yet read: otherwise every search
    // that misses would read ten more settled orders, until it had read them all.
    const settled = newest.filter((o) => SETTLED.has(o.status)).slice(0, SETTLED_READS);
    const unread = [...newest.filter((o) => !SETTLED.has(o.status)), ...settled].filter((o) => !this.boxes.has(o.id));
    for (let i = 0; i < unread.length; i += PARALLEL) {
      // A shared read that another search gave up on (aborted) is read again for this one.
      await Promise.all(
        unread.slice(i, i + PARALLEL).map((o) =>
          this.read(o.id, signal).catch((e: unknown) => {
            if (signal?.aborted) throw e;
            return this.read(o.id, signal);
          }),
        ),
      );
      const hit = this.remembered(query);
      if (hit) return hit;
    }
    return null;
  }
}

/** One index per API client: a new environment (or a new sign-in's client) starts empty. */
const indexes = new WeakMap<ApiClient, BoxIndex>();
export function boxIndexFor(api: ApiClient): BoxIndex {
  let index = indexes.get(api);
  if (!index) indexes.set(api, (index = new BoxIndex(api)));
  return index;
}
