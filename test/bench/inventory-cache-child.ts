import { inventoryCacheFile } from '../../areas/inventory/core/cache-format.js';
import { CacheIndex } from '../../areas/inventory/core/cache-index.js';

/**
 * Child process of the inventory cache bench: one cold load of the cache file given as the argument,
 * printed as JSON. A fresh process per load, so the timing includes an unwarmed JIT and the memory
 * figures are this process's own.
 */
const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
const path = process.argv[2];
if (!path) throw new Error('usage: inventory-cache-child.ts <cache file>');
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const baselineRssMb = mb(process.memoryUsage().rss);
const t0 = performance.now();
const read = await inventoryCacheFile(path).read();
const readMs = performance.now() - t0;
if (!read.value) throw new Error(`cache not loaded: ${JSON.stringify(read.problems)}`);
const index = new CacheIndex(read.value);
const loadMs = performance.now() - t0;
const rssMb = mb(process.memoryUsage().rss);
gc?.();
const usage = process.memoryUsage();
if (index.size === 0) throw new Error('empty index');
process.stdout.write(JSON.stringify({ loadMs, readMs, rssMb, rssAfterGcMb: mb(usage.rss), heapUsedMb: mb(usage.heapUsed), baselineRssMb }));
