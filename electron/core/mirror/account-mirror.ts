import { join } from 'node:path';
import type { EventName, EventPayload } from '../../../shared/ipc/contract.js';
import type { LotExclusion, LotExclusionList } from '../../../shared/schemas/lots.js';
import { ReceivingStatus, type ReceivingBox, type ReceivingOrder } from '../../../shared/schemas/receiving.js';
import type { ReturnRecord } from '../../../shared/schemas/returns.js';
import type { Connectivity } from '../../../shared/schemas/session.js';
import type { ApiClient } from '../api/api-client.js';
import { inLane } from '../api/request-budget.js';
import type { Clock } from '../clock.js';
import { DurableFile, jsonCodec } from '../data/durable-file.js';
import { scopeKey, type DeskScope } from '../data/desk-paths.js';
import { PerScope } from '../data/scoped.js';
import type { LogFn } from '../logging/app-log.js';
import { listLotExclusions } from '../../../areas/lots/core/index.js';
import { getReceivingBoxes, listAllReceivingOrders } from '../../../areas/receiving/core/index.js';
import { getReturn, listAllReturns } from '../../../areas/returns/core/index.js';
import { listReceipts } from '../../../areas/unidentified/core/index.js';
import { emptyMirror, MirrorState, type MirrorBoxes, type MirrorLotItem } from './mirror-state.js';

export const MIRROR_FILE = 'mirror.ddf';
/** How often the mirror asks the service what changed while the desk is open, online and signed in. */
export const MIRROR_REFRESH_MS = 10 * 60_000;
/** A mirror read this recently (every part) holds every record the service had then: a code it cannot place is unknown. */
export const MIRROR_FRESH_MS = 2 * MIRROR_REFRESH_MS;
/** The gap between two of the mirror's requests: at most 60 a minute of the account's 150, and only when no clerk's call waits. */
export const MIRROR_PACE_MS = 1_000;
/**
 * Items whose exclusions one refresh reads again, the longest unread first. The service lists them
 * per item only (API notes), so the mirror walks the lot-tracked items: 12 every 10 minutes is each
 * of 72 items once an hour, 72 requests an hour.
 */
export const LOT_READS_PER_REFRESH = 12;
/** The service's largest receiving and returns page. */
const PAGE_LIMIT = 250;
/** A bound on the unlinked receipts read (50 a page). */
const MAX_RECEIPT_PAGES = 40;
/** Changes are asked for from a little before the newest record seen: the service's clock, not ours, with room for a late write. */
const OVERLAP_MS = 5 * 60_000;
/** Pages of linked receipts kept (50 each): as many as a scan read before the mirror. */
const LINKED_RECEIPT_PAGES = 4;
/** Ids asked for in one list request (a query string's length). */
const IDS_PER_REQUEST = 100;

/** The service refuses nothing to these and moves them on: read again at every refresh. */
const CLOSED_ORDER: ReadonlySet<string> = new Set(['Completed', 'Cancelled']);
const OPEN_RETURN_STATUSES = ['AwaitingArrival', 'Arrived', 'Processing'] as const;

export interface MirrorFreshness {
  /** When the whole mirror was last brought up to date (the oldest of its parts); null: never. */
  asOf: string | null;
  refreshing: boolean;
  /** Since when the service has not answered (null: it answers). */
  offlineSince: string | null;
}

export interface AccountMirrorDeps {
  dataDir: string;
  scope: () => DeskScope;
  signedIn: () => boolean;
  api: () => ApiClient;
  connectivity: () => Connectivity;
  /** The lot-tracked items of the item cache (no request); empty until the cache has synced. */
  lotItems: () => Promise<{ inventoryId: number; name: string; sku: string }[]>;
  log: LogFn;
  clock: Clock;
  /** 0: no scheduled refresh (tests drive it). */
  refreshMs?: number;
  paceMs?: number;
  /** Whether a sign-in (and coming back online) starts a refresh; tests that count requests turn it off. */
  auto?: boolean;
}

interface ScopeState {
  file: DurableFile<MirrorState>;
  state: MirrorState;
  loaded: Promise<void> | null;
  /** Set once a whole pass (every part, every lot item) has been read. */
  warm: boolean;
  warmWaiters: (() => void)[];
  /** Lot items read at least once since the file was opened (the first pass reads every one). */
  lotPassDone: boolean;
}

/**
 * The account mirror: what the desk has read of the account's records, per environment and account
 * on disk beside the item cache (desk/<env>/<account>/mirror.ddf): receiving orders (every status)
 * with their boxes' tracking numbers, returns, the unlinked unidentified receipts and every
 * lot-tracked item's exclusions. Screens answer from it at no request; it is refreshed in the
 * budget's background lane by what the service can say changed, a request at a time.
 *
 * What changed, per part (the service has no last-updated filter on these lists):
 * - orders: the open ones (one list), those inserted since the newest seen (InsertStartDate), and
 *   by id those the mirror held open that are in neither (closed since); boxes again where the
 *   order's last_updated_date moved (a status change) or none are held for an open order.
 * - returns: each open status's list, those inserted since the newest seen (StartDate), and by id
 *   those held open that are in neither.
 * - unlinked receipts: the list itself (50 a page, usually one page).
 * - lot exclusions: per item only, so a walk of LOT_READS_PER_REFRESH items, the longest unread
 *   first; this desk's own writes update the item at once.
 */
export class AccountMirror {
  private readonly scopes: PerScope<ScopeState>;
  private running: { key: string; done: Promise<void>; abort: AbortController } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private offlineSince: Date | null = null;
  private readonly paceMs: number;
  private closed = false;

  constructor(private readonly deps: AccountMirrorDeps) {
    this.paceMs = deps.paceMs ?? MIRROR_PACE_MS;
    this.scopes = new PerScope(deps.dataDir, (dir) => ({
      file: new DurableFile({ path: join(dir, MIRROR_FILE), kind: 'dockdesk-mirror', version: 1, codec: jsonCodec((v) => MirrorState.parse(v)) }),
      state: emptyMirror(),
      loaded: null,
      warm: false,
      warmWaiters: [],
      lotPassDone: false,
    }));
    const every = deps.refreshMs ?? MIRROR_REFRESH_MS;
    if (every > 0) {
      this.timer = setInterval(() => this.refreshInBackground(), every);
      this.timer.unref();
    }
  }

  /** The active account's mirror, read from disk once (a bad file is set aside: the mirror starts empty and fills). */
  async state(): Promise<MirrorState> {
    const scope = this.scopes.for(this.deps.scope());
    await this.load(scope);
    return scope.state;
  }

  private load(scope: ScopeState): Promise<void> {
    scope.loaded ??= scope.file.read().then((r) => {
      if (r.value) scope.state = r.value;
      for (const p of r.problems) this.deps.log(`mirror: ${p.message}`);
    });
    return scope.loaded;
  }

  freshness(): MirrorFreshness {
    const { state } = this.scopes.for(this.deps.scope());
    const parts = [state.receivingAt, state.returnsAt, state.receiptsAt];
    const asOf = parts.some((p) => p === null) ? null : parts.reduce((a, b) => (a! < b! ? a : b));
    return {
      asOf,
      refreshing: this.running?.key === scopeKey(this.deps.scope()),
      offlineSince: this.offlineSince?.toISOString() ?? null,
    };
  }

  /**
   * Whether the mirror answers for the service now: every part read within MIRROR_FRESH_MS and the
   * service reachable. Then a code it cannot place is said to be unknown without asking.
   */
  isFresh(): boolean {
    const { asOf } = this.freshness();
    return asOf !== null && this.deps.connectivity() !== 'offline' && this.deps.clock.now().getTime() - Date.parse(asOf) < MIRROR_FRESH_MS;
  }

  /** Resolves once the active account's mirror has read every part once (passes again while the item cache has no lot items yet). */
  async whenWarm(): Promise<void> {
    const scope = this.scopes.for(this.deps.scope());
    const warm = new Promise<void>((resolve) => (scope.warm ? resolve() : scope.warmWaiters.push(resolve)));
    while (!scope.warm && this.deps.signedIn()) {
      await this.refresh();
      if (!scope.warm) await new Promise((r) => setTimeout(r, 1_000));
    }
    await warm;
  }

  /** Asks the service what changed (one pass; a pass under way is joined). */
  async refresh(): Promise<MirrorFreshness> {
    const key = scopeKey(this.deps.scope());
    const scope = this.scopes.for(this.deps.scope());
    await this.load(scope);
    if (this.running?.key === key) await this.running.done;
    else if (!this.closed && this.deps.signedIn() && this.deps.connectivity() !== 'offline') await this.run(key, scope);
    return this.freshness();
  }

  private async run(key: string, scope: ScopeState): Promise<void> {
    const abort = new AbortController();
    const done = (async () => {
      try {
        await inLane('background', () => this.pass(this.deps.api(), scope, abort.signal));
        if (scope.lotPassDone && !scope.warm) {
          scope.warm = true;
          for (const w of scope.warmWaiters.splice(0)) w();
        }
      } catch (error) {
        if (!abort.signal.aborted) this.deps.log(`mirror: refresh failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    })();
    this.running = { key, done, abort };
    try {
      await done;
    } finally {
      if (this.running?.done === done) this.running = null;
    }
  }

  /** One request's pause: the mirror never takes the budget in a burst. */
  private async paced<T>(signal: AbortSignal, read: () => Promise<T>): Promise<T> {
    if (this.paceMs > 0) await new Promise((r) => setTimeout(r, this.paceMs));
    signal.throwIfAborted();
    return read();
  }

  private async pass(api: ApiClient, scope: ScopeState, signal: AbortSignal): Promise<void> {
    const s = scope.state;
    await this.refreshOrders(api, s, signal);
    await this.save(scope);
    await this.refreshBoxes(api, s, signal);
    await this.save(scope);
    await this.refreshReturns(api, s, signal);
    await this.refreshReceipts(api, s, signal);
    await this.save(scope);
    await this.refreshLots(api, scope, signal);
    await this.save(scope);
  }

  private async save(scope: ScopeState): Promise<void> {
    await scope.file.write(scope.state);
  }

  private async refreshOrders(api: ApiClient, s: MirrorState, signal: AbortSignal): Promise<void> {
    const at = this.deps.clock.now().toISOString();
    const list = (filters: Record<string, string>) => this.paced(signal, () => listAllReceivingOrders(api, { limit: PAGE_LIMIT, filters }, signal));
    let read: ReceivingOrder[];
    if (s.receivingAt === null) {
      read = await list({});
    } else {
      const open = await list({ Statuses: OPEN_ORDER_STATUSES.join(',') });
      const since = newest(s.orders.map((o) => o.insert_date));
      const inserted = since ? await list({ InsertStartDate: since }) : [];
      read = [...open, ...inserted];
      const seen = new Set(read.map((o) => o.id));
      const left = s.orders.filter((o) => !CLOSED_ORDER.has(o.status) && !seen.has(o.id)).map((o) => o.id);
      for (let i = 0; i < left.length; i += IDS_PER_REQUEST) read.push(...(await list({ IDs: left.slice(i, i + IDS_PER_REQUEST).join(',') })));
    }
    s.orders = merged(s.orders, read, (o) => o.id).sort((a, b) => b.id - a.id);
    s.receivingAt = at;
  }

  private async refreshBoxes(api: ApiClient, s: MirrorState, signal: AbortSignal): Promise<void> {
    for (const order of s.orders) {
      const held = s.boxes[String(order.id)];
      const open = !CLOSED_ORDER.has(order.status);
      const moved = held !== undefined && held.orderUpdated !== (order.last_updated_date ?? null);
      if (!(moved || (open && !held))) continue;
      const boxes = await this.paced(signal, () => getReceivingBoxes(api, order.id, signal));
      this.holdBoxes(s, order, boxes);
    }
  }

  private holdBoxes(s: MirrorState, order: Pick<ReceivingOrder, 'id' | 'last_updated_date'>, boxes: readonly ReceivingBox[]): void {
    s.boxes[String(order.id)] = {
      readAt: this.deps.clock.now().toISOString(),
      orderUpdated: order.last_updated_date ?? null,
      boxes: boxes.map((b) => ({ boxId: b.box_id, boxNumber: b.box_number ?? null, tracking: b.tracking_number ?? null })),
      whole: [...boxes],
    };
  }

  private async refreshReturns(api: ApiClient, s: MirrorState, signal: AbortSignal): Promise<void> {
    const at = this.deps.clock.now().toISOString();
    const list = (q: Parameters<typeof listAllReturns>[1]) => this.paced(signal, () => listAllReturns(api, { limit: PAGE_LIMIT, ...q }, signal));
    let read: ReturnRecord[];
    if (s.returnsAt === null) {
      read = await list({});
    } else {
      read = [];
      for (const status of OPEN_RETURN_STATUSES) read.push(...(await list({ status })));
      const since = newest(s.returns.map((r) => r.insert_date));
      if (since) read.push(...(await list({ startDate: since })));
      const seen = new Set(read.map((r) => r.id));
      const left = s.returns.filter((r) => isOpenReturn(r) && !seen.has(r.id)).map((r) => r.id);
      for (let i = 0; i < left.length; i += IDS_PER_REQUEST) read.push(...(await list({ ids: left.slice(i, i + IDS_PER_REQUEST) })));
    }
    s.returns = merged(s.returns, read, (r) => r.id).sort((a, b) => b.id - a.id);
    s.returnsAt = at;
  }

  private async refreshReceipts(api: ApiClient, s: MirrorState, signal: AbortSignal): Promise<void> {
    const at = this.deps.clock.now().toISOString();
    const receipts = [];
    for (let page = 1; page <= MAX_RECEIPT_PAGES; page++) {
      const result = await this.paced(signal, () => listReceipts(api, { linked: false, page }, signal));
      receipts.push(...result.items);
      if (!result.hasNext) break;
    }
    const linked = [];
    for (let page = 1; page <= LINKED_RECEIPT_PAGES; page++) {
      const result = await this.paced(signal, () => listReceipts(api, { linked: true, page }, signal));
      linked.push(...result.items);
      if (!result.hasNext) break;
    }
    s.receipts = receipts.filter((r) => r.linked_wro_id === null);
    s.linkedReceipts = linked.filter((r) => r.linked_wro_id !== null);
    s.receiptsAt = at;
  }

  private async refreshLots(api: ApiClient, scope: ScopeState, signal: AbortSignal): Promise<void> {
    const s = scope.state;
    const items = await this.deps.lotItems();
    if (items.length === 0) return;
    const wanted = new Set(items.map((i) => String(i.inventoryId)));
    for (const id of Object.keys(s.lots)) if (!wanted.has(id)) delete s.lots[id];
    const unread = items.filter((i) => !s.lots[String(i.inventoryId)]);
    // The first pass reads every item; after it, the walk reads the longest unread few.
    const due = scope.lotPassDone
      ? items
          .map((i) => s.lots[String(i.inventoryId)]!)
          .sort((a, b) => a.readAt.localeCompare(b.readAt) || a.inventoryId - b.inventoryId)
          .slice(0, LOT_READS_PER_REFRESH)
          .map((l) => ({ inventoryId: l.inventoryId }))
      : unread.length > 0
        ? unread
        : [];
    for (const item of due) {
      const list = await this.paced(signal, () => listLotExclusions(api, { inventoryId: item.inventoryId }, signal));
      this.holdLotListIn(s, list);
    }
    scope.lotPassDone = true;
  }

  // ---------------------------------------------------------------- what screens ask

  /** Every item's exclusions as held, with when each was read. */
  async lotItems(): Promise<MirrorLotItem[]> {
    return Object.values((await this.state()).lots);
  }

  async lotItem(inventoryId: number): Promise<MirrorLotItem | null> {
    return (await this.state()).lots[String(inventoryId)] ?? null;
  }

  /** An item's exclusions as the service just listed them. */
  async holdLotList(list: LotExclusionList): Promise<void> {
    const scope = this.scopes.for(this.deps.scope());
    await this.load(scope);
    this.holdLotListIn(scope.state, list);
    await this.save(scope);
  }

  private holdLotListIn(s: MirrorState, list: LotExclusionList): void {
    s.lots[String(list.inventory_id)] = {
      inventoryId: list.inventory_id,
      name: list.inventory_name,
      sku: list.inventory_sku,
      readAt: this.deps.clock.now().toISOString(),
      exclusions: list.lot_exclusions,
    };
  }

  /**
   * This desk changed one lot's exclusion and the service answered: the held item follows the answer
   * (a new exclusion is added whole; a delete or restore marks the lot's latest record), so the view
   * shows the change without reading the item again.
   */
  async lotChanged(
    change: { inventory_id: number; lot_number: string; lot_date: string | null; is_deleted: boolean; deleted_timestamp: string | null },
    made?: LotExclusion,
  ): Promise<void> {
    const scope = this.scopes.for(this.deps.scope());
    await this.load(scope);
    const item = scope.state.lots[String(change.inventory_id)];
    if (!item) return;
    const exclusions = [...item.exclusions];
    if (made) exclusions.push(made);
    else {
      const latest = exclusions
        .map((e, i) => ({ e, i }))
        .filter(({ e }) => e.lot_number === change.lot_number)
        .sort((a, b) => b.e.created_timestamp.localeCompare(a.e.created_timestamp) || b.e.id - a.e.id)[0];
      if (!latest) return;
      exclusions[latest.i] = { ...latest.e, is_deleted: change.is_deleted, deleted_timestamp: change.deleted_timestamp };
    }
    scope.state.lots[String(change.inventory_id)] = { ...item, exclusions };
    await this.save(scope);
  }

  /** The orders held, newest first. */
  async orders(): Promise<ReceivingOrder[]> {
    return (await this.state()).orders;
  }

  async boxesOf(orderId: number): Promise<MirrorBoxes | null> {
    return (await this.state()).boxes[String(orderId)] ?? null;
  }

  /** An order as last read, with its boxes whole when they were read; null when the mirror does not hold it. */
  async heldOrder(orderId: number): Promise<{ order: ReceivingOrder; boxes: ReceivingBox[] | null; asOf: string } | null> {
    const state = await this.state();
    const order = state.orders.find((o) => o.id === orderId);
    if (!order || state.receivingAt === null) return null;
    const held = state.boxes[String(orderId)];
    // Boxes read before the order last changed may be another delivery's: the page reads them behind.
    const boxes = held?.whole && held.orderUpdated === (order.last_updated_date ?? null) ? held.whole : null;
    return { order, boxes, asOf: boxes && held!.readAt < state.receivingAt ? held!.readAt : state.receivingAt };
  }

  /** An order as this desk just made, changed or read it. */
  async holdOrder(order: ReceivingOrder): Promise<void> {
    const scope = this.scopes.for(this.deps.scope());
    await this.load(scope);
    if (scope.state.receivingAt === null) return;
    scope.state.orders = merged(scope.state.orders, [order], (o) => o.id).sort((a, b) => b.id - a.id);
    await this.save(scope);
  }

  /** An order's boxes as its page just read them, with the order as read with them. */
  async holdOrderBoxes(order: ReceivingOrder, boxes: readonly ReceivingBox[]): Promise<void> {
    const scope = this.scopes.for(this.deps.scope());
    await this.load(scope);
    this.holdBoxes(scope.state, order, boxes);
    scope.state.boxes[String(order.id)]!.order = order;
    await this.save(scope);
  }

  async receipts() {
    return (await this.state()).receipts;
  }

  /**
   * A return as a screen of this desk just read it (its page): held, so what is made of it later (a
   * claim pack) is made offline too. Look-ups still trust the held returns only once a pass has read
   * them all (`returnsAt`).
   */
  async keepReturn(record: ReturnRecord): Promise<void> {
    const scope = this.scopes.for(this.deps.scope());
    try {
      await this.load(scope);
      // Opened again unchanged (the common case): nothing to write.
      const held = scope.state.returns.find((r) => r.id === record.id);
      if (held && JSON.stringify(held) === JSON.stringify(record)) return;
      scope.state.returns = merged(scope.state.returns, [record], (r) => r.id).sort((a, b) => b.id - a.id);
      await this.save(scope);
    } catch (error) {
      // The page has its return either way; only a later offline claim pack lacks it.
      this.deps.log(`mirror: return ${record.id} not kept: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async holdReturn(id: number): Promise<void> {
    const scope = this.scopes.for(this.deps.scope());
    await this.load(scope);
    if (scope.state.returnsAt === null || !this.deps.signedIn()) return;
    try {
      const record = await inLane('background', () => getReturn(this.deps.api(), id));
      scope.state.returns = merged(scope.state.returns, [record], (r) => r.id).sort((a, b) => b.id - a.id);
      await this.save(scope);
    } catch (error) {
      this.deps.log(`mirror: return ${id} not read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** This desk linked a receipt: it leaves the unlinked ones at once. */
  async receiptLinked(id: number): Promise<void> {
    const scope = this.scopes.for(this.deps.scope());
    await this.load(scope);
    if (!scope.state.receipts.some((r) => r.id === id)) return;
    scope.state.receipts = scope.state.receipts.filter((r) => r.id !== id);
    await this.save(scope);
  }

  /** The receipts held: the unlinked ones and the newest linked. */
  async allReceipts() {
    const state = await this.state();
    return [...state.receipts, ...state.linkedReceipts];
  }

  async returns(): Promise<ReturnRecord[]> {
    return (await this.state()).returns;
  }

  // ---------------------------------------------------------------- when it runs

  private refreshInBackground(): void {
    if (!this.deps.signedIn()) return;
    this.refresh().catch((error: unknown) => this.deps.log(`mirror: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** A sign-in fills the mirror; going offline stops a pass under way and notes since when; coming back asks what changed. */
  onEvent<E extends EventName>(event: E, payload: EventPayload<E>): void {
    if (event === 'connectivity.changed') {
      if (payload === 'offline') {
        this.offlineSince ??= this.deps.clock.now();
        this.running?.abort.abort();
      } else if (payload === 'online') {
        this.offlineSince = null;
        if (this.deps.auto !== false) this.refreshInBackground();
      }
    }
    if (event === 'session.changed' && (payload as EventPayload<'session.changed'>).status === 'signed-in' && this.deps.auto !== false)
      this.refreshInBackground();
  }

  /** Stops the timer and a pass under way, and resolves once that pass has stopped: no write lands after it. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.running?.abort.abort();
    await this.running?.done;
  }
}

const OPEN_ORDER_STATUSES = ReceivingStatus.options.filter((status) => !CLOSED_ORDER.has(status));

function isOpenReturn(r: ReturnRecord): boolean {
  return (OPEN_RETURN_STATUSES as readonly string[]).includes(r.status ?? '');
}

/** The newest of the dates, less the overlap (the service compares strictly, and a write may land late). */
function newest(dates: readonly (string | null | undefined)[]): string | null {
  let max = -Infinity;
  for (const d of dates) if (d) max = Math.max(max, Date.parse(d));
  return Number.isFinite(max) ? new Date(max - OVERLAP_MS).toISOString() : null;
}

/** The held records with the ones just read put over them (by id). */
function merged<T>(held: readonly T[], read: readonly T[], id: (t: T) => number): T[] {
  const byId = new Map(held.map((t) => [id(t), t]));
  for (const t of read) byId.set(id(t), t);
  return [...byId.values()];
}
