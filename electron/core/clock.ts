/**
 * The time the core reads. The composition root (app-core.ts) picks the clock, the real one below
 * unless a test hands it a fixed one, and every area gets it through its context, so time stamps,
 * day-stamped reference ids and "how old is this" decisions can be pinned by a test.
 */
export interface Clock {
  now(): Date;
}

/** The one real clock: the machine's time. Only the composition root picks it. */
export const systemClock: Clock = { now: () => new Date() };
