import { join } from 'node:path';
import { AppErrorException, said, type Said } from '../../../shared/errors.js';
import type { EventName, EventPayload } from '../../../shared/ipc/contract.js';
import type { TodayFreshness, TodayOutboxEntry } from '../common/ipc.js';
import { TodayReceipt, TodayReturn, TodayWro } from '../common/ipc.js';
import { DiscrepancyListRow, discrepancyPeriod } from '../../receiving/common/ipc.js';
import type { OutboxEntryView } from '../../../shared/schemas/outbox.js';
import type { Connectivity } from '../../../shared/schemas/session.js';
import { z } from 'zod';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { inLane } from '../../../electron/core/api/request-budget.js';
import type { Clock } from '../../../electron/core/clock.js';
import { DurableFile, jsonCodec } from '../../../electron/core/data/durable-file.js';
import { scopeKey, type DeskScope } from '../../../electron/core/data/desk-paths.js';
import { PerScope } from '../../../electron/core/data/scoped.js';
import type { LogFn } from '../../../electron/core/logging/app-log.js';
import { listAllReceivingOrders, readDiscrepancyList, type LotItems } from '../../receiving/core/index.js';
import { listAllReturns } from '../../returns/core/index.js';
import { listReceipts } from '../../unidentified/core/index.js';
import { englishOf } from '../../../electron/core/words.js';
import { discrepanciesStale, outboxRow, receiptRow, RECEIVING_STATUSES, returnRow, wroRow, type TodaySnapshot } from './tiles.js';

/**
 * The failure in words for the desk (never a stack): the error's own sentence (a general one where it
 * has none), and its English for the log.
 */
function problemOf(error: unknown): Problem {
  if (error instanceof AppErrorException) return { message: error.appError.message, said: error.appError.said ?? said('errors.today.listsUnread') };
  const unread = said('errors.today.listsUnread');
  return { message: englishOf(unread), said: unread };
}

interface Problem {
  message: string;
  said: Said;
}

export const TODAY_FILE = 'today.ddf';
/** How often the lists are read again while the desk is open and online. */
export const TODAY_REFRESH_MS = 5 * 60_000;
/** A refresh asked for this soon after the last one (a window regaining focus) is answered from it. */
export const TODAY_FRESH_ENOUGH_MS = 30_000;
/** The service's largest receiving and returns page: fewest requests per refresh. */
const PAGE_LIMIT = 250;
/** A bound on unidentified pages read (50 each): past it the count says "at least". */
const MAX_RECEIPT_PAGES = 40;

const StoredSnapshot = z.object({
  asOf: z.string(),
  wros: z.array(TodayWro),
  receipts: z.array(TodayReceipt),
  returns: z.array(TodayReturn),
  // Absent from a file written before the tile existed: read at the next refresh.
  discrepancies: z
    .object({ from: z.string(), to: z.string(), rows: z.array(DiscrepancyListRow) })
    .nullable()
    .default(null),
});

export interface TodayDeskDeps {
  dataDir: string;
  scope: () => DeskScope;
  signedIn: () => boolean;
  api: () => ApiClient;
  connectivity: () => Connectivity;
  /** Entries of the active account's returns outbox (local: no request). */
  outbox: () => Promise<OutboxEntryView[]>;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  log: LogFn;
  clock: Clock;
  /** Which items are lot-tracked (the offline cache), for the discrepancy count; absent: none known. */
  lotItems?: () => Promise<LotItems>;
  /** 0: no scheduled refresh (tests drive it). */
  refreshMs?: number;
}

interface ScopeState {
  file: DurableFile<TodaySnapshot>;
  snapshot: TodaySnapshot | null;
  loaded: Promise<void> | null;
  problem: Problem | null;
  lastTriedAt: number;
}

/**
 * Reads the service's lists behind Today: one receiving list (every status Today counts, all
 * centers, 250 a page), the unlinked receipts and the returns awaiting arrival, each in the budget's
 * background lane so a clerk's call always goes first. Keeps the last answer per account on disk.
 */
export class TodayDesk {
  private readonly scopes: PerScope<ScopeState>;
  private running: { key: string; done: Promise<void>; abort: AbortController } | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Accounts whose Today was asked for: only they are refreshed in the background (nobody else pays for it). */
  private readonly wanted = new Set<string>();
  private closed = false;

  constructor(private readonly deps: TodayDeskDeps) {
    this.scopes = new PerScope(deps.dataDir, (dir) => ({
      file: new DurableFile({ path: join(dir, TODAY_FILE), kind: 'dockdesk-today', version: 1, codec: jsonCodec((v) => StoredSnapshot.parse(v)) }),
      snapshot: null,
      loaded: null,
      problem: null,
      lastTriedAt: 0,
    }));
    const every = deps.refreshMs ?? TODAY_REFRESH_MS;
    if (every > 0) {
      this.timer = setInterval(() => this.refreshInBackground(), every);
      this.timer.unref();
    }
  }

  now(): Date {
    return this.deps.clock.now();
  }

  /** The active account's last known state (read from disk once). */
  async snapshot(): Promise<TodaySnapshot | null> {
    const state = this.scopes.for(this.deps.scope());
    state.loaded ??= state.file.read().then((r) => {
      state.snapshot ??= r.value;
      for (const p of r.problems) this.deps.log(`today: ${p.message}`);
    });
    await state.loaded;
    return state.snapshot;
  }

  async outboxRows(): Promise<TodayOutboxEntry[]> {
    return (await this.deps.outbox()).filter((e) => e.state !== 'sent').map(outboxRow);
  }

  freshness(): TodayFreshness {
    const state = this.scopes.for(this.deps.scope());
    return {
      asOf: state.snapshot?.asOf ?? null,
      refreshing: this.running?.key === scopeKey(this.deps.scope()),
      offline: this.deps.connectivity() === 'offline',
      problem: state.problem?.said ?? null,
    };
  }

  /** Reads the lists again unless it just did, nobody is signed in or the service is not reached. */
  async refresh(options: { force?: boolean } = {}): Promise<TodayFreshness> {
    await this.snapshot();
    const scope = this.deps.scope();
    const key = scopeKey(scope);
    const state = this.scopes.for(scope);
    this.wanted.add(key);
    if (this.running?.key === key) await this.running.done;
    else if (!this.closed && this.deps.signedIn() && this.deps.connectivity() !== 'offline') {
      const recent = this.now().getTime() - state.lastTriedAt < TODAY_FRESH_ENOUGH_MS;
      if (options.force || !recent) await this.run(key, state, options.force === true);
    }
    return this.freshness();
  }

  private async run(key: string, state: ScopeState, force: boolean): Promise<void> {
    const abort = new AbortController();
    const done = (async () => {
      state.lastTriedAt = this.now().getTime();
      this.deps.emit('today.changed', this.freshness());
      try {
        const snapshot = await inLane('background', () => this.read(this.deps.api(), state.snapshot, force, abort.signal));
        state.snapshot = snapshot;
        state.problem = null;
        await state.file.write(snapshot);
      } catch (error) {
        // A refresh cut short by going offline is no problem to report: the page says offline.
        state.problem = abort.signal.aborted ? null : problemOf(error);
        if (state.problem) this.deps.log(`today: refresh failed: ${state.problem.message}`);
        state.lastTriedAt = 0;
      }
    })();
    this.running = { key, done, abort };
    try {
      await done;
    } finally {
      this.running = null;
      this.deps.emit('today.changed', this.freshness());
    }
  }

  private async lotItems(): Promise<LotItems> {
    return this.deps.lotItems ? await this.deps.lotItems() : () => undefined;
  }

  /** One listing per source, every page of it; the discrepancy list only when its answer can have changed. */
  private async read(api: ApiClient, previous: TodaySnapshot | null, force: boolean, signal: AbortSignal): Promise<TodaySnapshot> {
    const now = this.now();
    const asOf = now.toISOString();
    const orders = await listAllReceivingOrders(api, { limit: PAGE_LIMIT, filters: { Statuses: RECEIVING_STATUSES.join(',') } }, signal);
    const wros = orders.map(wroRow).filter((w) => w !== null);
    const period = discrepancyPeriod(now);
    const discrepancies = discrepanciesStale(previous, wros, period, force)
      ? { ...period, rows: (await readDiscrepancyList(api, { ...period, fc: null }, signal, await this.lotItems())).rows }
      : previous!.discrepancies;
    const receipts = [];
    for (let page = 1; page <= MAX_RECEIPT_PAGES; page++) {
      const result = await listReceipts(api, { linked: false, page }, signal);
      receipts.push(...result.items);
      if (!result.hasNext) break;
    }
    const returns = await listAllReturns(api, { status: 'AwaitingArrival', limit: PAGE_LIMIT }, signal);
    return {
      asOf,
      wros,
      // The unlinked tab's page may still show one linked moments ago: only the unlinked ones count.
      receipts: receipts.filter((r) => r.linked_wro_id === null).map(receiptRow),
      returns: returns.map(returnRow).filter((r) => r !== null),
      discrepancies,
    };
  }

  private refreshInBackground(): void {
    if (!this.wanted.has(scopeKey(this.deps.scope()))) return;
    this.refresh().catch((error: unknown) => this.deps.log(`today: ${problemOf(error).message}`));
  }

  /** Going offline stops a refresh under way; coming back starts one (after sign-in the page asks itself). */
  onEvent<E extends EventName>(event: E, payload: EventPayload<E>): void {
    if (event !== 'connectivity.changed') return;
    if (payload === 'offline') this.running?.abort.abort();
    else if (payload === 'online') this.refreshInBackground();
  }

  /** Stops the timer and a refresh under way, and resolves once that refresh has stopped: no write lands after it. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.running?.abort.abort();
    await this.running?.done;
  }
}
