import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inventoryCacheFile, toColumns } from '../../areas/inventory/core/cache-format.js';
import { CacheIndex } from '../../areas/inventory/core/cache-index.js';
import { generateData } from '../../emulator/data/generate.js';
import { PRODUCT_WORDS } from '../../emulator/data/catalog.js';
import { snapshotFromEmulator } from './inventory-cache-data.js';
import { summarize } from './stats.js';

/**
 * The offline inventory cache at 100,000 items: writing the file, a cold load (read,
 * checksum, decode, index build) and resident memory measured in fresh child processes, exact lookup
 * and ranked search latency per call (p99 per round of a query mix, median over rounds). Targets from the issue; `met` says whether the median (or p99)
 * is inside them on this machine.
 */
const ITEMS = Number(process.env.BENCH_CACHE_ITEMS ?? 100_000);
const LOADS = Number(process.env.BENCH_CACHE_LOADS ?? 7);
const ROUNDS = Number(process.env.BENCH_CACHE_ROUNDS ?? 15);
const CHILD = fileURLToPath(new URL('./inventory-cache-child.ts', import.meta.url));
const run = promisify(execFile);

export async function benchInventoryCache(): Promise<Record<string, unknown>> {
  const data = generateData({ seed: 20261121, inventoryItems: ITEMS, receivingOrders: 8, now: new Date('2026-11-21T12:00:00Z') });
  const snapshot = snapshotFromEmulator(data, '2026-11-21T12:00:00.000Z');
  const loadBefore = loadavg()[0]!;
  const dir = await mkdtemp(join(tmpdir(), 'dockdesk-cache-bench-'));
  try {
    const path = join(dir, 'inventory.cache');
    const file = inventoryCacheFile(path);
    const encodeSamples: number[] = [];
    const writeSamples: number[] = [];
    for (let r = 0; r < 3; r++) {
      const t0 = performance.now();
      const columns = toColumns(snapshot);
      const t1 = performance.now();
      await file.write(columns);
      encodeSamples.push(t1 - t0);
      writeSamples.push(performance.now() - t1);
    }
    const bytes = (await stat(path)).size;

    // Cold load and memory: each in a fresh process, so neither the JIT nor the heap is warm.
    const loads: { loadMs: number; readMs: number; rssMb: number; rssAfterGcMb: number; heapUsedMb: number; baselineRssMb: number }[] = [];
    for (let r = 0; r < LOADS; r++) {
      const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, path], { maxBuffer: 1 << 20 });
      loads.push(JSON.parse(stdout) as (typeof loads)[number]);
    }
    const coldLoad = summarize(loads.map((l) => l.loadMs));
    const rss = summarize(loads.map((l) => l.rssAfterGcMb));

    const index = CacheIndex.fromSnapshot(snapshot);
    const lookupCodes = lookupMix(snapshot.items.map((it) => ({ id: it.inventoryId, sku: it.sku, barcode: it.codes.inventoryBarcode })));
    const lookup = rounds(lookupCodes.length, (i) => index.lookup(lookupCodes[i]!), 1000);
    const queries = searchMix(snapshot.items.map((it) => it.sku));
    const search = rounds(queries.length, (i) => index.search({ q: queries[i]!, offset: 0, limit: 50 }), 1);

    return {
      items: ITEMS,
      // Other processes compete for the same cores; read the figures against the 1-minute load average.
      loadAverage: { before: Math.round(loadBefore * 100) / 100, after: Math.round(loadavg()[0]! * 100) / 100, cpus: cpus().length },
      fileBytes: bytes,
      encode: {
        description: 'records to columns (toColumns: display order, lookup indexes); once per sync, a candidate for a worker thread',
        unit: 'ms',
        ...summarize(encodeSamples),
      },
      write: {
        description: 'columns to file: v8.serialize, SHA-256, temp file, fsync, rotate to .prev, rename, fsync folder',
        unit: 'ms',
        ...summarize(writeSamples),
      },
      coldLoad: {
        description: 'fresh process: read file, verify SHA-256, decode, check columns, build index',
        unit: 'ms',
        ...coldLoad,
        readAndDecodeMedian: summarize(loads.map((l) => l.readMs)).median,
        target: '< 300',
        met: coldLoad.median < 300,
      },
      residentMemory: {
        description: 'fresh process with the cache loaded and indexed, after a GC (baseline: the same process before loading)',
        unit: 'MB',
        ...rss,
        rightAfterLoadMedian: summarize(loads.map((l) => l.rssMb)).median,
        heapUsedMedian: summarize(loads.map((l) => l.heapUsedMb)).median,
        baselineMedian: summarize(loads.map((l) => l.baselineRssMb)).median,
        target: '< 250',
        met: rss.median < 250,
      },
      exactLookup: {
        description:
          'lookup() per call, median and p99 per round of the mix, median over rounds: inventory id, SKU in mixed case, EAN-13, the UPC-A form of an EAN-13, misses',
        unit: 'µs',
        ...lookup,
        target: 'p99 < 20',
        met: lookup.p99 < 20,
      },
      partialSearch: {
        description:
          'search() per call, first page of 50, median and p99 per round of the mix, median over rounds: catalog words and fragments, SKU prefixes and whole SKUs, misses',
        unit: 'ms',
        ...search,
        target: 'p99 < 5',
        met: search.p99 < 5,
      },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Times every call of a mix, ROUNDS times over; each round's median and p99, then the median of each
 * across rounds, so one round disturbed by the other processes on this machine does not decide it.
 */
function rounds(size: number, once: (i: number) => unknown, scale: number) {
  for (let i = 0; i < size; i++) once(i); // warm-up round
  const medians: number[] = [];
  const p99s: number[] = [];
  const best = new Array<number>(size).fill(Infinity);
  let max = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const samples: number[] = [];
    for (let i = 0; i < size; i++) {
      const t0 = performance.now();
      once(i);
      const took = (performance.now() - t0) * scale;
      samples.push(took);
      best[i] = Math.min(best[i]!, took);
    }
    samples.sort((a, b) => a - b);
    medians.push(samples[Math.floor(samples.length / 2)]!);
    p99s.push(samples[Math.min(samples.length - 1, Math.floor(0.99 * samples.length))]!);
    max = Math.max(max, samples[samples.length - 1]!);
  }
  const round = (n: number) => Math.round(n * 1000) / 1000;
  best.sort((a, b) => a - b);
  return {
    rounds: ROUNDS,
    callsPerRound: size,
    median: round(summarize(medians).median),
    p99: round(summarize(p99s).median),
    worstRoundP99: round(Math.max(...p99s)),
    max: round(max),
    // Each call's best of all rounds, then the p99 over the mix: the code's own cost with the time
    // other processes held the cores filtered out (a call is rarely preempted in every round).
    p99OfBestPerCall: round(best[Math.min(size - 1, Math.floor(0.99 * size))]!),
  };
}

function lookupMix(items: { id: number; sku: string; barcode: string | null }[]): string[] {
  const codes: string[] = [];
  for (let i = 0; i < items.length; i += 37) {
    const it = items[i]!;
    codes.push(String(it.id), it.sku.toLowerCase(), it.sku);
    if (it.barcode) {
      codes.push(it.barcode);
      if (it.barcode.length === 13 && it.barcode.startsWith('0')) codes.push(it.barcode.slice(1));
    }
    codes.push(`NOPE-${i}`);
  }
  return codes;
}

function searchMix(skus: string[]): string[] {
  const words = [...PRODUCT_WORDS.adjectives, ...PRODUCT_WORDS.nouns, ...PRODUCT_WORDS.variants];
  const queries: string[] = [];
  for (const w of words) queries.push(w, w.toLowerCase().slice(0, 3), w.toUpperCase().slice(1, 5));
  for (let i = 0; i < skus.length; i += 997) queries.push(skus[i]!, skus[i]!.slice(0, 8), skus[i]!.slice(-6));
  queries.push('zzq', 'no such thing', 'x');
  return queries;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchInventoryCache()
    .then((r) => process.stdout.write(`${JSON.stringify(r, null, 2)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`bench: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(1);
    });
}
