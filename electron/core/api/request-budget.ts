import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A client-side budget under the service's limit of 150 requests a minute per token (API notes):
 * a sliding window that makes a call wait, rather than be refused, when the window is full.
 * 140 leaves room for the odd request another tool makes with the same token.
 */
export const BUDGET_PER_MINUTE = 140;
const WINDOW_MS = 60_000;

export class RequestBudget {
  private readonly sent: number[] = [];

  constructor(
    private readonly perMinute = BUDGET_PER_MINUTE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves when a request may go out; rejects if the signal aborts while waiting. */
  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const t = this.now();
      while (this.sent.length > 0 && this.sent[0]! <= t - WINDOW_MS) this.sent.shift();
      if (this.sent.length < this.perMinute) {
        this.sent.push(t);
        return;
      }
      await sleep(this.sent[0]! + WINDOW_MS - t + 5, undefined, signal ? { signal } : {});
    }
  }

  /** Requests sent in the last minute (for diagnostics and tests). */
  get used(): number {
    const t = this.now();
    return this.sent.filter((s) => s > t - WINDOW_MS).length;
  }
}
