/**
 * When an idle desk hands back to "no clerk": the page tells this timer of every key, scan and
 * pointer input, and it says when the set time has passed with none. Pure (it is given the time), so
 * it is tested without waiting; the page runs it on one timeout.
 */
export class IdleHandBack {
  private lastInput: number;

  constructor(
    /** Minutes without input before the turn ends; 0: never. */
    private minutes: number,
    now: number,
  ) {
    this.lastInput = now;
  }

  /** Input at `now` (ms): the idle time starts again. */
  touch(now: number): void {
    this.lastInput = Math.max(this.lastInput, now);
  }

  /** A new idle time from Settings; it counts from the last input, as the old one did. */
  setMinutes(minutes: number): void {
    this.minutes = minutes;
  }

  /** When the turn ends if no input comes (ms), or null when it never does. */
  dueAt(): number | null {
    return this.minutes > 0 ? this.lastInput + this.minutes * 60_000 : null;
  }

  /** Whether the turn has ended by `now`. */
  isDue(now: number): boolean {
    const due = this.dueAt();
    return due !== null && now >= due;
  }
}

/** The idle times Settings takes, in minutes (0: never); a day is the longest a turn may wait. */
export const MAX_IDLE_MINUTES = 24 * 60;
export const DEFAULT_IDLE_MINUTES = 10;
