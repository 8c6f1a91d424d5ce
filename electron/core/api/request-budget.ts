import { AsyncLocalStorage } from 'node:async_hooks';
import { CALL_LANES, type CallLane } from '../../../shared/ipc/contract.js';

/**
 * Who is waiting for a request: a clerk at the desk (an online lookup, opening a record, a submit),
 * a refresh of what is on screen, or work nobody is watching (the inventory sync, prefetch).
 */
export type Lane = CallLane;
export const LANES: readonly Lane[] = CALL_LANES;

/** The service's published figure, assumed until its answers say otherwise. */
export const SERVICE_PER_MINUTE = 150;
const WINDOW_MS = 60_000;
/**
 * When this desk counts one of its calls as out of the service's window: a minute after it was sent,
 * plus a margin for the way to the service (which counts it on arrival) and for the service's clock.
 * Counting it out at the minute exactly sends a burst the service still refuses.
 */
const LEAVES_MARGIN_MS = 2_000;
export const LEAVES_MS = WINDOW_MS + LEAVES_MARGIN_MS;
/** The share of the window background work leaves alone, so a clerk's call goes out at once. */
const RESERVE_SHARE = 0.2;
/** Own send times are kept this long: a report can count requests that have since left the window. */
const HISTORY_MS = 2 * WINDOW_MS;
/** The latest answers' reports kept to cross-check each other (calls out at once can be counted in any order). */
const REPORTS_KEPT = 16;

const lanes = new AsyncLocalStorage<Lane>();

/** Runs `work` with every API call it makes (however deep) in this lane. */
export function inLane<T>(lane: Lane, work: () => T): T {
  return lanes.run(lane, work);
}

/** The lane of the calling code: interactive unless something upstream said otherwise. */
export function currentLane(): Lane {
  return lanes.getStore() ?? 'interactive';
}

/** What the budget is doing, for the status bar and Settings → Support. */
export interface BudgetState {
  /** Requests this desk sent in the last minute. */
  usedLastMinute: number;
  /** What the service last reported as remaining in the account's window (null: it has not said). */
  serviceRemaining: number | null;
  /** When that report was made (ISO), or null. */
  reportedAt: string | null;
  /** The window's size: the service's figure as far as its answers show it. */
  perMinute: number;
  /** The calls of each lane waiting for the budget now. */
  waiting: Record<Lane, number>;
  /** When a waiting clerk's call is expected to go out (ISO), or null when none waits. */
  interactiveWaitUntil: string | null;
  /** What the clerk waits for, in queue order: each subject's calls and when the last of them is expected to go (ISO). */
  clerkWaits: ClerkWait[];
  /** Set after a 429: every lane waits until then (ISO). */
  blockedUntil: string | null;
  /** Background requests sent in the last minute: the pace the sync runs at now. */
  backgroundLastMinute: number;
}

export interface ClerkWait {
  /** The clerk's word for it ("receiving order", "item"), from the calling operation. */
  what: string;
  count: number;
  until: string;
}

interface Waiter {
  lane: Lane;
  what: string | undefined;
  grant: (ticket: Ticket) => void;
  fail: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * What this desk learned that the account's other desks need too, since they spend the same window:
 * the service refused a call and asked every call to wait `ms`, or a clerk's call here is waiting for
 * the window (background work elsewhere should leave it room for about `ms`).
 */
export type BudgetNews = { kind: 'blocked'; ms: number } | { kind: 'clerkWaiting'; ms: number };
/** A clerk's wait is told at most this often: each telling holds background work elsewhere this long. */
export const CLERK_WAIT_TOLD_MS = 2_000;

/** One admitted request: its answer's headers are reported against it. */
export interface Ticket {
  sentAt: number;
  lane: Lane;
  /** Order of sending (times can be equal). */
  seq: number;
  /** What its answer said was left once the service had counted it (unset until answered, and for a 429). */
  remaining?: number;
  /** Refused (429) or lost: the service did not count it, or this desk cannot tell that it did. */
  uncounted?: true;
}

/** What one answer showed of the window's size: at least this many calls fit in a minute. */
interface SizeSeen {
  size: number;
  at: number;
}

interface Report {
  remaining: number;
  /** The request it answered: the report counts everything sent up to it. */
  seq: number;
  /** When that request was sent: a minute later everything the report counted has left the window. */
  sentAt: number;
  at: number;
  /** Set in place of a report by a 429: it holds until an answer to a later call says how the window stands. */
  refusal?: true;
}

/**
 * The one scheduler every API call of a signed-in account goes through (the ApiClient holds one).
 * It paces by what the service reports in `x-remaining-calls`, not by its own count alone, because
 * every desk signed in as the same user spends the same window: the latest report, less what this
 * desk sent since, plus what of its own has left the window since, is what is left. Calls go out by
 * lane: interactive may spend the whole window, visible refreshes leave half the reserve, background
 * work leaves the whole reserve and never goes while a clerk's call waits. A 429 makes every lane
 * wait its `x-retry-after`. A service that reports nothing is paced by this desk's own count against
 * `perMinute` (the published figure unless raised, as benchmarks do).
 */
export class RequestBudget {
  private readonly sent: Ticket[] = [];
  private readonly queue: Waiter[] = [];
  private readonly inflight = new Set<Ticket>();
  /** The report of the newest call answered: what the service last said (Settings → Support). */
  private report: Report | null = null;
  /** The latest reports in the order their answers came; what is left is the least any of them allows. */
  private recent: Report[] = [];
  /**
   * What the answers of the last minute showed of the window's size (each a lower bound: what was
   * left, plus this desk's own calls counted in the window then). The newest minute's, because the
   * service may change an application's figure; an older figure is kept only until a newer answer.
   */
  private sizesSeen: SizeSeen[] = [];
  private blockedUntil = 0;
  private seq = 0;
  /** After a 429's wait, one call goes to learn how the window stands before the lanes' rules apply again. */
  private probeDue = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = 0;
  private readonly listeners = new Set<() => void>();
  /** Until then background work waits: a clerk at another desk of the account waits for the window. */
  private backgroundHeldUntil = 0;
  private clerkWaitToldAt = -Infinity;
  private readonly newsListeners = new Set<(news: BudgetNews) => void>();

  constructor(
    private readonly perMinute = SERVICE_PER_MINUTE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves when a request of this lane may go out; rejects if the signal aborts while waiting. */
  take(lane: Lane = currentLane(), signal?: AbortSignal, what?: string): Promise<Ticket> {
    signal?.throwIfAborted();
    return new Promise<Ticket>((resolve, reject) => {
      const waiter: Waiter = {
        lane,
        what,
        signal,
        grant: resolve,
        fail: reject,
        onAbort: () => {
          const i = this.queue.indexOf(waiter);
          if (i >= 0) this.queue.splice(i, 1);
          // The signal's own reason, as fetch rejects with it: callers tell a cancel from a failure by it.
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
          reject(signal!.reason);
          this.pump();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.queue.push(waiter);
      this.pump();
    });
  }

  /** The answer to an admitted request: its status and headers say what the service has left. */
  settle(ticket: Ticket, status: number | null, headers: Record<string, string | string[] | undefined> = {}): void {
    // Settled once: the first word on a ticket (its answer, or its loss) is the one that counts.
    if (!this.inflight.delete(ticket)) return;
    const remaining = numberHeader(headers['x-remaining-calls']);
    const t = this.now();
    if (remaining !== null && status !== 429) ticket.remaining = remaining;
    if (status === null || status === 429) ticket.uncounted = true;
    if (remaining !== null) {
      const report: Report = { remaining, seq: ticket.seq, sentAt: ticket.sentAt, at: t };
      // An older call's answer still counts: the service may have counted it after a newer one. A
      // 429's stand-in goes once a call sent after it is answered.
      this.recent = this.recent.filter((r) => !r.refusal || r.seq >= ticket.seq);
      this.recent.push(report);
      if (this.recent.length > REPORTS_KEPT) this.recent.shift();
      if (!this.report || ticket.seq >= this.report.seq) this.report = report;
      // The window holds at least what remained after this call plus this desk's calls counted in it
      // (at an empty window: what remained plus one; at a 429: this desk's calls in it).
      const counted = this.countedWith(ticket);
      if (status !== 429 || counted > 0) this.sawSize((status === 429 ? 0 : remaining) + counted, t);
    } else if (status !== null && status !== 429 && this.report?.refusal && ticket.seq > this.report.seq) {
      // A call sent after a 429 was answered, and the answer reports nothing (a service or gateway
      // that reports the window only on its refusals): the refusal's "nothing left" no longer
      // stands, and this desk's own count paces it again. Kept, it held every lane for a minute.
      this.recent = this.recent.filter((r) => !r.refusal);
      this.report = null;
    }
    if (status === 429) {
      const seconds = numberHeader(headers['x-retry-after']) ?? numberHeader(headers['retry-after']) ?? 1;
      this.blockedUntil = Math.max(this.blockedUntil, t + Math.min(seconds, 60) * 1000);
      // Nothing is left until then; what is left after, only the next answer can tell.
      this.report = { remaining: 0, seq: this.seq, sentAt: this.blockedUntil, at: t, refusal: true };
      this.recent = [this.report];
      this.probeDue = true;
      this.tell({ kind: 'blocked', ms: this.blockedUntil - t });
    }
    this.pump();
  }

  /** Told what the account's other desks should know of this desk's window (the store shares it). */
  onNews(listener: (news: BudgetNews) => void): () => void {
    this.newsListeners.add(listener);
    return () => this.newsListeners.delete(listener);
  }

  /** Background work waits `ms`: a clerk at another desk of the same account is waiting for the window. */
  holdBackground(ms: number): void {
    this.backgroundHeldUntil = Math.max(this.backgroundHeldUntil, this.now() + ms);
    this.pump();
  }

  private tell(news: BudgetNews): void {
    for (const listener of [...this.newsListeners]) listener(news);
  }

  /** Every lane's calls wait until the given time (a 429's x-retry-after, however learned). */
  blockFor(ms: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, this.now() + ms);
    this.pump();
  }

  state(): BudgetState {
    const t = this.now();
    const inWindow = this.sent.filter((s) => s.sentAt > t - WINDOW_MS);
    const waiting: Record<Lane, number> = { interactive: 0, visible: 0, background: 0 };
    for (const w of this.queue) waiting[w.lane]++;
    const clerkWaits = this.clerkWaits(t);
    return {
      usedLastMinute: inWindow.length,
      serviceRemaining: this.report && t - this.report.sentAt < WINDOW_MS ? this.report.remaining : null,
      reportedAt: this.report ? new Date(this.report.at).toISOString() : null,
      perMinute: this.limit(),
      waiting,
      interactiveWaitUntil: clerkWaits[0] ? clerkWaits[0].firstAt : null,
      clerkWaits: clerkWaits.map(({ what, count, until }) => ({ what, count, until })),
      blockedUntil: this.blockedUntil > t ? new Date(this.blockedUntil).toISOString() : null,
      backgroundLastMinute: inWindow.filter((s) => s.lane === 'background').length,
    };
  }

  /**
   * When each waiting clerk's call is expected to go, grouped by what it is for. A clerk's call waits
   * only while nothing is left, so the n-th in the queue goes once enough of this desk's calls have
   * left the window (or the 429's wait is over); past what this desk's own calls explain (other desks
   * spent the window), a whole minute is the most a sliding window can hold it.
   */
  private clerkWaits(t: number): (ClerkWait & { firstAt: string })[] {
    const waiters = this.queue.filter((w) => w.lane === 'interactive');
    if (waiters.length === 0) return [];
    const leaves: number[] = [];
    for (const s of this.sent) if (!s.uncounted && s.sentAt + LEAVES_MS > t) leaves.push(s.sentAt + LEAVES_MS);
    leaves.sort((a, b) => a - b);
    const left = Math.max(0, this.estimate(t));
    const start = Math.max(t, this.blockedUntil);
    const groups = new Map<string, ClerkWait & { firstAt: string }>();
    waiters.forEach((w, i) => {
      const mustLeave = i + 1 - left;
      const at = Math.max(start, mustLeave <= 0 ? t : (leaves[mustLeave - 1] ?? t + LEAVES_MS));
      const what = w.what ?? 'lookup';
      const iso = new Date(at).toISOString();
      const group = groups.get(what);
      if (group) {
        group.count++;
        group.until = iso;
      } else groups.set(what, { what, count: 1, until: iso, firstAt: iso });
    });
    return [...groups.values()];
  }

  /** Requests sent in the last minute (for diagnostics and tests). */
  get used(): number {
    return this.state().usedLastMinute;
  }

  /** Called when waiting starts or ends or a report changes what is left (the status bar listens). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The window's size: what the service's answers of the last minute showed, else the assumed figure. */
  private limit(): number {
    if (this.sizesSeen.length === 0) return this.perMinute;
    let size = 0;
    for (const seen of this.sizesSeen) size = Math.max(size, seen.size);
    return size;
  }

  /** A lower bound on the window's size from one answer; figures older than a window go once a newer one comes. */
  private sawSize(size: number, t: number): void {
    this.sizesSeen = this.sizesSeen.filter((seen) => t - seen.at < LEAVES_MS);
    this.sizesSeen.push({ size: Math.max(1, size), at: t });
  }

  /**
   * This desk's calls the service had surely counted in its window when it counted `ticket`: sent
   * before it (or it) and less than a minute before it, not refused or lost, and answered already with
   * no less left than it.
   */
  private countedWith(ticket: Ticket): number {
    let count = 0;
    for (const s of this.sent) {
      if (s.seq > ticket.seq || s.uncounted) continue;
      // Unanswered, or answered with less left: it may have reached the service after this one.
      if (s !== ticket && (s.remaining === undefined || (ticket.remaining !== undefined && s.remaining < ticket.remaining))) continue;
      if (s.sentAt > ticket.sentAt - WINDOW_MS + LEAVES_MARGIN_MS) count++;
    }
    return count;
  }

  /**
   * What is left in the account's window as far as this desk can tell: the least that any recent
   * report allows. Calls out at the same time reach the service in any order, so the newest call's
   * report may have been counted before an older call that arrived after it; that older call's own
   * report, less what was sent after it, is then the lower figure, and the true one.
   */
  private estimate(t: number): number {
    let least: number | null = null;
    for (const report of this.recent) {
      if (t - report.sentAt >= LEAVES_MS) continue;
      const left = this.leftAfter(report, t);
      if (least === null || left < least) least = left;
    }
    // No report, or ones so old that everything they counted has left the window.
    return least ?? this.limit() - this.sentAfter(t - LEAVES_MS);
  }

  /**
   * This desk's calls sent after `since`. Counted, not filtered: the pump asks on every grant and
   * answer, and with the service reporting nothing (the emulator with its limit off) a filtered copy
   * of two minutes of calls each time was most of what main's garbage collector had to move.
   */
  private sentAfter(since: number): number {
    let count = 0;
    for (const s of this.sent) if (s.sentAt > since) count++;
    return count;
  }

  /**
   * What one report leaves now: its figure, less what was sent after its call and not yet counted in
   * it, plus what has left the window since. A later call whose own answer said more was left reached
   * the service first (the figure only falls as calls are counted), so the report already counts it;
   * counting it again would hold back calls the window has room for. Where a window's leaving makes
   * that reading wrong, the later call's own report is the lower figure and decides.
   */
  private leftAfter(report: Report, t: number): number {
    let sentSince = 0;
    let leftSince = 0;
    for (const s of this.sent) {
      if (s.seq > report.seq) {
        const countedBefore = s.remaining !== undefined && s.remaining > report.remaining;
        if (!countedBefore && s.sentAt > t - LEAVES_MS) sentSince++;
      }
      // Out of the window since: only calls surely in it when the report was made (it did not count older ones).
      else if (s.sentAt > report.sentAt - WINDOW_MS + LEAVES_MARGIN_MS && s.sentAt <= t - LEAVES_MS) leftSince++;
    }
    return report.remaining - sentSince + leftSince;
  }

  private reserve(): number {
    return Math.max(2, Math.ceil(this.limit() * RESERVE_SHARE));
  }

  private allowed(lane: Lane, t: number): boolean {
    if (t < this.blockedUntil) return false;
    if (this.probeDue) return this.inflight.size === 0;
    const left = this.estimate(t);
    if (lane === 'interactive') return left > 0;
    if (lane === 'visible') return left > Math.ceil(this.reserve() / 2);
    if (t < this.backgroundHeldUntil) return false;
    // Before the first report, background work has only a few calls out at once: the figure is not known yet.
    if (!this.report && this.sizesSeen.length === 0 && this.perMinute <= SERVICE_PER_MINUTE && this.inflight.size >= 4) return false;
    return left > this.reserve();
  }

  private pump(): void {
    const t = this.now();
    while (this.sent.length > 0 && this.sent[0]!.sentAt <= t - HISTORY_MS) this.sent.shift();
    let granted = false;
    for (;;) {
      const next = this.nextWaiter();
      if (!next || !this.allowed(next.lane, t)) break;
      this.queue.splice(this.queue.indexOf(next), 1);
      next.signal?.removeEventListener('abort', next.onAbort);
      this.probeDue = false;
      const ticket: Ticket = { sentAt: t, lane: next.lane, seq: ++this.seq };
      this.sent.push(ticket);
      this.inflight.add(ticket);
      next.grant(ticket);
      granted = true;
    }
    this.schedule(t);
    // A clerk's call left waiting: the other desks' background work should make room.
    if (this.newsListeners.size > 0 && this.queue.some((w) => w.lane === 'interactive') && t - this.clerkWaitToldAt >= CLERK_WAIT_TOLD_MS) {
      this.clerkWaitToldAt = t;
      this.tell({ kind: 'clerkWaiting', ms: CLERK_WAIT_TOLD_MS });
    }
    if (granted || this.queue.length > 0 || this.report) for (const l of this.listeners) l();
  }

  /** The first waiter of the most urgent lane that has one. */
  private nextWaiter(): Waiter | undefined {
    for (const lane of LANES) {
      const w = this.queue.find((q) => q.lane === lane);
      if (w) return w;
    }
    return undefined;
  }

  /** When what is allowed can next change by time alone: a block ends, or a request leaves the window. */
  private nextChange(t: number): number | null {
    if (t < this.blockedUntil) return this.blockedUntil;
    const candidates: number[] = [];
    if (this.backgroundHeldUntil > t) candidates.push(this.backgroundHeldUntil);
    for (const s of this.sent) if (s.sentAt + LEAVES_MS > t) candidates.push(s.sentAt + LEAVES_MS);
    for (const r of this.recent) if (r.sentAt + LEAVES_MS > t) candidates.push(r.sentAt + LEAVES_MS);
    return candidates.length ? Math.min(...candidates) : null;
  }

  private schedule(t: number): void {
    if (this.queue.length === 0) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      return;
    }
    // With nothing due by time (answers still out), an answer's settle pumps again; poll slowly as a backstop.
    const at = (this.nextChange(t) ?? t + 1_000) + 5;
    if (this.timer && this.timerAt === at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.pump();
      },
      Math.max(0, at - t),
    );
    this.timer.unref?.();
  }
}

function numberHeader(value: string | string[] | undefined): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
}
