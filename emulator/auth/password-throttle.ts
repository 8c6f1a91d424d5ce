/**
 * Slows down password guessing on the consent page: after a few wrong passwords for one account, or
 * from one address, each further try must wait longer (doubling, capped), and a success clears the
 * account's and the address's count. Time is the emulator's clock, so tests can move past a wait.
 */
export const THROTTLE = { freeFailures: 5, firstWaitMs: 2_000, maxWaitMs: 5 * 60_000, forgetAfterMs: 15 * 60_000 } as const;

interface Failures {
  count: number;
  lastAt: number;
}

export class PasswordThrottle {
  private readonly failures = new Map<string, Failures>();

  constructor(private readonly now: () => number) {}

  /** Milliseconds still to wait before this account or address may try again; 0 when it may. */
  waitMs(account: string, address: string): number {
    return Math.max(this.waitFor(`account:${account.toLowerCase()}`), this.waitFor(`ip:${address}`));
  }

  failed(account: string, address: string): void {
    for (const key of [`account:${account.toLowerCase()}`, `ip:${address}`]) {
      const entry = this.current(key);
      this.failures.set(key, { count: (entry?.count ?? 0) + 1, lastAt: this.now() });
    }
  }

  succeeded(account: string, address: string): void {
    this.failures.delete(`account:${account.toLowerCase()}`);
    this.failures.delete(`ip:${address}`);
  }

  private current(key: string): Failures | undefined {
    const entry = this.failures.get(key);
    if (entry && this.now() - entry.lastAt > THROTTLE.forgetAfterMs) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }

  private waitFor(key: string): number {
    const entry = this.current(key);
    if (!entry || entry.count < THROTTLE.freeFailures) return 0;
    const wait = Math.min(THROTTLE.maxWaitMs, THROTTLE.firstWaitMs * 2 ** (entry.count - THROTTLE.freeFailures));
    return Math.max(0, entry.lastAt + wait - this.now());
  }
}
