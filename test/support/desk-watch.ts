import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { vi } from 'vitest';
import type { AppCore } from '../../electron/core/app-core.js';

/**
 * What a clerk would notice while something from outside hits the desk: whether a core call still
 * answers at once, and how much the desk's process grows. The core runs in this test's process (the
 * built-in emulator in a worker thread of it, as in the app), so this process's memory is the desk's.
 *
 * Latency: every 20 ms a cheap core call (`app.preferences.get`) is started; its time is from when it
 * was due to when it answered, so a held event loop counts in full even when the timer itself fires
 * late. Memory: `process.memoryUsage()`, after a full collection (V8's `gc`, exposed here without a
 * flag on the command line) for the start and the end, and sampled without one along the way for the
 * peak; "heap" is the JavaScript heap in use plus external memory (Buffers, strings' backing stores
 * live in the heap), "rss" the whole process, worker threads included.
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export interface MemoryFigures {
  heap: number;
  rss: number;
}

const MB = 1024 * 1024;

function memoryNow(): MemoryFigures {
  const m = process.memoryUsage();
  return { heap: m.heapUsed + m.external, rss: m.rss };
}

/** Memory after full collections (twice: the first can leave weakly held objects for the second). */
export async function settledMemory(): Promise<MemoryFigures> {
  for (let i = 0; i < 2; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return memoryNow();
}

export interface DeskWatch {
  /** Calls answered so far. */
  calls(): number;
  /** How long every call has answered within 20 ms (since the watch started, or since the last slow one). */
  quietMs(): number;
  /** Ends the watch: the slowest call, the calls made, and the memory's peak and end above the start, in MB. */
  stop(): Promise<WatchFigures>;
}

export interface WatchFigures {
  calls: number;
  slowestCallMs: number;
  /** The slowest of the same calls over half a second just before, with the desk at rest: what the machine itself adds. */
  restingSlowestMs: number;
  /** How much longer than at rest the slowest call waited: the desk's own hold on its loop. */
  heldMs: number;
  medianCallMs: number;
  peakHeapGrowthMB: number;
  peakRssGrowthMB: number;
  endHeapGrowthMB: number;
  endRssGrowthMB: number;
}

const PERIOD_MS = 20;
/** A call answered later than this after it was due is not a quiet desk's. */
const QUIET_MS = 20;

/** A cheap core call every 20 ms, each timed from when it was due (see the file's comment). */
function timedCalls(core: AppCore, onAnswer: (tookMs: number) => void): { stop(): Promise<number[]> } {
  const times: number[] = [];
  let lastTick = performance.now();
  let out: Promise<void> | null = null;
  const ask = (due: number): Promise<void> =>
    core.dispatch('app.preferences.get', {}).then((answer) => {
      if (!answer.ok) throw new Error(`app.preferences.get: ${answer.error.message}`);
      const took = Math.max(0, performance.now() - due);
      times.push(took);
      onAnswer(took);
    });
  const tick = () => {
    const due = lastTick + PERIOD_MS;
    lastTick = performance.now();
    if (out) return;
    out = ask(due).finally(() => (out = null));
  };
  const timer = setInterval(tick, PERIOD_MS);
  return {
    async stop() {
      clearInterval(timer);
      await out;
      // One more call: a loop held since the last tick is timed by it too.
      await ask(Math.min(performance.now(), lastTick + PERIOD_MS));
      return times;
    },
  };
}

/** How many calls (about half a second's) time the machine's own stall before each watch. */
const REST_CALLS = 25;

/**
 * Starts timing a cheap core call every 20 ms (an interval timer; a call still out when the next is
 * due lets that one pass) and sampling memory, from a settled start. A call is due when its tick
 * should have come (the last tick plus the period), so a tick held back by a busy loop counts in full.
 *
 * First the same calls run for half a second (25 of them) with the desk at rest: on a machine other work crowds
 * (two cores, four test files at once, a compiler beside them) every call can wait a scheduler's
 * while, the desk's or not, and that wait is the floor the figures are read against (`heldMs`).
 */
export async function watchDesk(core: AppCore): Promise<DeskWatch> {
  let rested = 0;
  let restedEnough: () => void = () => undefined;
  const enough = new Promise<void>((resolve) => (restedEnough = resolve));
  const resting = timedCalls(core, () => {
    if (++rested >= REST_CALLS) restedEnough();
  });
  await enough;
  const restingSlowestMs = Math.round(Math.max(0, ...(await resting.stop())));
  const start = await settledMemory();
  let peak = { ...start };
  let quietSince = performance.now();
  let answered = 0;
  const calls = timedCalls(core, (took) => {
    answered++;
    if (took > QUIET_MS) quietSince = performance.now();
    const m = memoryNow();
    peak = { heap: Math.max(peak.heap, m.heap), rss: Math.max(peak.rss, m.rss) };
  });
  return {
    calls: () => answered,
    quietMs: () => performance.now() - quietSince,
    async stop() {
      const times = await calls.stop();
      const end = await settledMemory();
      const sorted = [...times].sort((a, b) => a - b);
      const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
      const slowestCallMs = Math.round(sorted.at(-1) ?? 0);
      return {
        calls: times.length,
        slowestCallMs,
        restingSlowestMs,
        heldMs: Math.max(0, slowestCallMs - restingSlowestMs),
        medianCallMs: Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10,
        peakHeapGrowthMB: mb(peak.heap - start.heap),
        peakRssGrowthMB: mb(peak.rss - start.rss),
        endHeapGrowthMB: mb(end.heap - start.heap),
        endRssGrowthMB: mb(end.rss - start.rss),
      };
    },
  };
}

/**
 * Waits until the desk has answered every call within 20 ms for a second: a core just started (its
 * emulator seeding and saving, a first print's code compiling) is busy for a moment of its own, and
 * what a test measures after this is what it caused.
 */
export async function untilQuiet(core: AppCore, withinMs = 30_000): Promise<void> {
  const watch = await watchDesk(core);
  try {
    await vi.waitFor(
      () => {
        if (watch.quietMs() < 1000) throw new Error(`the desk was not quiet for a second within ${withinMs} ms`);
      },
      { timeout: withinMs, interval: 50 },
    );
  } finally {
    await watch.stop();
  }
}

/**
 * Runs a measured scenario again, up to `attempts` times, while the desk held its loop (`heldMs`, the
 * slowest call beyond the machine's resting one) `limitMs` or more, and gives the run that held it
 * least. One run can still lose its cores for a moment the resting watch did not see; a desk that
 * holds its own event loop holds it in every run, so it still fails.
 */
export async function bestRun<T extends { figures: WatchFigures }>(attempts: number, limitMs: number, run: (attempt: number) => Promise<T>): Promise<T> {
  let best: T | null = null;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const result = await run(attempt);
    if (!best || result.figures.heldMs < best.figures.heldMs) best = result;
    if (result.figures.heldMs < limitMs) break;
  }
  return best!;
}
