import type pg from 'pg';
import type { BudgetNews, RequestBudget } from '../../../electron/core/api/request-budget.js';
import { listenBudget, tellBudget, type BudgetNotice } from './budget-news.js';
import { ListenerSlot } from './listen.js';
import type { SharingScope } from './shared-store.js';

export interface SharedBudgetDeps {
  pool: () => pg.Pool | null;
  sharing: () => SharingScope | null;
  deskId: string;
  /** The active account's request budget (a new one after a switch of environment). */
  budget: () => RequestBudget;
  lost: (error: unknown) => void;
  log: (line: string) => void;
}

/** Another desk's clerk waiting holds background work here at most this long per notice. */
const CLERK_HOLD_MAX_MS = 5_000;

/**
 * The account's one request window, as the desks sharing a store keep to it together: a 429 one desk
 * hears makes every desk wait what the service asked, and a clerk's call waiting at one desk holds
 * the background work (syncs, prefetch) of every other desk while it waits. Each desk still paces by
 * the service's own `x-remaining-calls`, which counts every desk's calls already.
 */
export class SharedBudget {
  private readonly listener: ListenerSlot;
  private unsubscribe: (() => void) | null = null;
  private bound: RequestBudget | null = null;
  /** Raised by every (dis)connect: a listener that opens after a newer one began is closed at once. */
  private generation = 0;

  constructor(private readonly deps: SharedBudgetDeps) {
    this.listener = new ListenerSlot('budget', deps.lost);
  }

  /** The store answers (again): hear the other desks, and tell them what this desk learns. */
  async connected(): Promise<void> {
    this.rebind();
    const pool = this.deps.pool();
    const generation = ++this.generation;
    await this.stopListening();
    if (!pool) return;
    try {
      const listener = await listenBudget(pool, (notice) => this.heard(notice));
      await this.listener.keep(listener, generation !== this.generation);
    } catch (error) {
      this.deps.lost(error);
    }
  }

  disconnected(): void {
    this.generation += 1;
    void this.stopListening();
  }

  /** The active budget may be another one (a sign-in, a switch of environment): tell from that one. */
  rebind(): void {
    const budget = this.deps.budget();
    if (budget === this.bound) return;
    this.unsubscribe?.();
    this.bound = budget;
    this.unsubscribe = budget.onNews((news) => this.tell(news));
  }

  async close(): Promise<void> {
    this.generation += 1;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.stopListening();
  }

  private tell(news: BudgetNews): void {
    const pool = this.deps.pool();
    const scope = this.deps.sharing();
    if (!pool || !scope || !this.listener.held) return;
    const notice: BudgetNotice = { ...scope, deskId: this.deps.deskId, kind: news.kind, ms: Math.max(0, Math.min(120_000, Math.round(news.ms))) };
    tellBudget(pool, notice).catch((error: unknown) => this.deps.lost(error));
  }

  private heard(notice: BudgetNotice): void {
    const scope = this.deps.sharing();
    if (!scope || notice.deskId === this.deps.deskId || notice.account !== scope.account || notice.environment !== scope.environment) return;
    const budget = this.deps.budget();
    if (notice.kind === 'blocked') {
      this.deps.log(`budget: another desk was asked to wait ${Math.round(notice.ms / 1000)} s; this desk waits too`);
      budget.blockFor(notice.ms);
    } else budget.holdBackground(Math.min(notice.ms, CLERK_HOLD_MAX_MS));
  }

  private stopListening(): Promise<void> {
    return this.listener.stop();
  }
}
