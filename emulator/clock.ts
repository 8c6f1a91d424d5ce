/**
 * The emulator's virtual clock. Every time the emulator reads (token expiry, code lifetime, state
 * transitions) comes from here, so tests can move time instead of waiting for it.
 */
export class VirtualClock {
  private offsetMs = 0;
  private advancedTotalMs = 0;
  private frozenAt: number | null;
  private readonly listeners = new Set<() => void>();

  constructor(options: { startAt?: Date | string | number; frozen?: boolean } = {}) {
    const start = options.startAt === undefined ? Date.now() : new Date(options.startAt).getTime();
    this.offsetMs = start - Date.now();
    this.frozenAt = options.frozen ? start : null;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  /**
   * Real time plus every advance, running even while frozen: for what must keep flowing (the rate
   * limit's minute), yet lets a test move past a minute without waiting for it.
   */
  flowingNowMs(): number {
    return Date.now() + this.advancedTotalMs;
  }

  /** Moves time forward; negative amounts are refused because issued tokens and states never go back. */
  advance(ms: number): Date {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offsetMs += ms;
    this.advancedTotalMs += ms;
    for (const listener of this.listeners) listener();
    return this.now();
  }

  /** Called after every advance, so states that became due move at once. */
  onAdvance(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
