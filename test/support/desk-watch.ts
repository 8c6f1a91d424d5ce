import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
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
  /** Ends the watch: the slowest call, the calls made, and the memory's peak and end above the start, in MB. */
  stop(): Promise<WatchFigures>;
}

export interface WatchFigures {
  calls: number;
  slowestCallMs: number;
  medianCallMs: number;
  peakHeapGrowthMB: number;
  peakRssGrowthMB: number;
  endHeapGrowthMB: number;
  endRssGrowthMB: number;
}

const PERIOD_MS = 20;

/** Starts timing a cheap core call every 20 ms and sampling memory, from a settled start. */
export async function watchDesk(core: AppCore): Promise<DeskWatch> {
  const start = await settledMemory();
  const times: number[] = [];
  let peak = { ...start };
  let running = true;
  const loop = (async () => {
    let due = performance.now();
    // One more call after the stop: a timer that fired late (the loop held) is timed by it too.
    for (;;) {
      const answer = await core.dispatch('app.preferences.get', {});
      if (!answer.ok) throw new Error(`app.preferences.get: ${answer.error.message}`);
      times.push(Math.max(0, performance.now() - due));
      const m = memoryNow();
      peak = { heap: Math.max(peak.heap, m.heap), rss: Math.max(peak.rss, m.rss) };
      if (!running) break;
      due += PERIOD_MS;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else due = performance.now();
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const end = await settledMemory();
      const sorted = [...times].sort((a, b) => a - b);
      const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
      return {
        calls: times.length,
        slowestCallMs: Math.round(sorted.at(-1) ?? 0),
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
  const end = performance.now() + withinMs;
  let quietSince = performance.now();
  while (performance.now() - quietSince < 1000) {
    if (performance.now() > end) throw new Error(`the desk was not quiet for a second within ${withinMs} ms`);
    const asked = performance.now();
    await core.dispatch('app.preferences.get', {});
    await new Promise((resolve) => setTimeout(resolve, PERIOD_MS));
    if (performance.now() - asked > PERIOD_MS + 20) quietSince = performance.now();
  }
}
