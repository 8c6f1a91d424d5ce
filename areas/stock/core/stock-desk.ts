import { localDay } from '../../../shared/time/expiry.js';
import type { ExpiringSearch, ItemsSearch, StockExclusionsAnswer, StockExpiringPage, StockItemsPage, StockSummary, StockSummaryInput } from '../common/ipc.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import type { Clock } from '../../../electron/core/clock.js';
import type { CacheColumns } from '../../inventory/core/index.js';
import { listLotExclusions } from '../../lots/core/index.js';
import { StockIndex } from './stock-index.js';
import { expiringQuery, itemPositions, itemRows, itemsQuery, lotPositions, lotRows, summarize } from './stock-queries.js';

/** Summaries kept per cache generation (see StockDesk.summaries). */
const SUMMARIES_KEPT = 16;

export interface StockDeskDeps {
  /** The active account's cache columns (loaded first if the account changed). */
  columns: () => Promise<CacheColumns>;
  /** The cache's "as of" now (null: never synced). */
  asOf: () => string | null;
  /** Who the cache belongs to now (exclusions heard are kept per account); null signed out. */
  account: () => string | null;
  api: () => ApiClient;
  /** Today's date when the caller gives none. */
  clock: Clock;
}

/**
 * The stock area's core: answers from the inventory cache through a StockIndex built once per cache
 * generation, and remembers the lot exclusions the service told it about, per account (the cache
 * holds none; `exclusions` asks the service for a few items at a time).
 */
export class StockDesk {
  private index: StockIndex | null = null;
  private exclusions = new Map<number, Set<string>>();
  private exclusionsOf: string | null = null;
  /** Bumped whenever what the desk knows of exclusions changes (a summary counts expired lots not excluded). */
  private heard = 0;
  /**
   * Summaries answered for this cache generation and these exclusions, by question: Today asks the
   * same one at every visit and after every refresh, and scanning 100,000 items each time would
   * cost its first paint tens of milliseconds for the same answer.
   */
  private summaries: { index: StockIndex | null; heard: number; answers: Map<string, Omit<StockSummary, 'asOf'>> } = {
    index: null,
    heard: 0,
    answers: new Map(),
  };
  /** The last browser query's matches, so paging through them (a CSV export) does not filter again. */
  private lastItems: { key: string; index: StockIndex; positions: Uint32Array } | null = null;

  constructor(private readonly deps: StockDeskDeps) {}

  private async ready(): Promise<StockIndex> {
    const columns = await this.deps.columns();
    if (this.index?.columns !== columns) this.index = new StockIndex(columns);
    return this.index;
  }

  private known(): (inventoryId: number, lotNumber: string) => boolean | null {
    const account = this.deps.account();
    if (account !== this.exclusionsOf) {
      this.exclusions = new Map();
      this.exclusionsOf = account;
      this.heard++;
    }
    const map = this.exclusions;
    return (inventoryId, lotNumber) => map.get(inventoryId)?.has(lotNumber) ?? null;
  }

  async summary(input: StockSummaryInput): Promise<StockSummary> {
    const index = await this.ready();
    const today = input.today ?? localDay(this.deps.clock.now().getTime());
    const q = { center: input.fc, withinDays: input.withinDays, lowThreshold: input.lowThreshold, today };
    const known = this.known();
    if (this.summaries.index !== index || this.summaries.heard !== this.heard) this.summaries = { index, heard: this.heard, answers: new Map() };
    const key = JSON.stringify(q);
    let answer = this.summaries.answers.get(key);
    if (!answer) {
      answer = summarize(index, q, known);
      // A few questions are asked (a center or two, one window, one day): a bound keeps it so.
      if (this.summaries.answers.size >= SUMMARIES_KEPT) this.summaries.answers.clear();
      this.summaries.answers.set(key, answer);
    }
    return { asOf: this.deps.asOf(), ...answer };
  }

  async expiring(input: ExpiringSearch & { today?: string | undefined; offset: number; limit: number }): Promise<StockExpiringPage> {
    const index = await this.ready();
    const today = input.today ?? localDay(this.deps.clock.now().getTime());
    const known = this.known();
    const positions = lotPositions(index, expiringQuery(input, today), known);
    const page = positions.slice(input.offset, input.offset + input.limit);
    return { ...this.mark(index), today, total: positions.length, offset: input.offset, rows: lotRows(index, page, today, known) };
  }

  async items(input: ItemsSearch & { offset: number; limit: number }): Promise<StockItemsPage> {
    const index = await this.ready();
    const query = itemsQuery(input);
    const key = JSON.stringify(query);
    let positions: Uint32Array;
    if (this.lastItems?.key === key && this.lastItems.index === index) positions = this.lastItems.positions;
    else {
      positions = itemPositions(index, query);
      this.lastItems = { key, index, positions };
    }
    return {
      ...this.mark(index),
      cached: index.size,
      total: positions.length,
      offset: input.offset,
      rows: itemRows(index, positions, input.offset, input.limit, query.center),
    };
  }

  /** Asks the service for each item's exclusions (side by side, in the caller's budget lane) and remembers them. */
  async refreshExclusions(inventoryIds: number[], signal: AbortSignal): Promise<StockExclusionsAnswer> {
    this.known();
    const account = this.exclusionsOf;
    const answer: StockExclusionsAnswer = { items: [], failed: [] };
    await Promise.all(
      [...new Set(inventoryIds)].map(async (inventoryId) => {
        try {
          const list = await listLotExclusions(this.deps.api(), { inventoryId }, signal);
          const excludedLots = [...new Set(list.lot_exclusions.filter((e) => !e.is_deleted).map((e) => e.lot_number))];
          // An answer for an account signed out meanwhile is not kept for the next one.
          if (this.exclusionsOf === account) {
            this.exclusions.set(inventoryId, new Set(excludedLots));
            this.heard++;
          }
          answer.items.push({ inventoryId, excludedLots });
        } catch (error) {
          answer.failed.push({ inventoryId, reason: error instanceof Error ? error.message : String(error) });
        }
      }),
    );
    if (answer.failed.length === inventoryIds.length && signal.aborted) signal.throwIfAborted();
    return answer;
  }

  private mark(index: StockIndex) {
    return { asOf: this.deps.asOf(), centers: index.columns.centers };
  }
}
