import { parentPort } from 'node:worker_threads';
import type { InventoryCacheSnapshot } from '../../../shared/schemas/inventory-cache.js';
import { toColumns } from './cache-format.js';
import { columnBuffers } from './columns-in-worker.js';

/**
 * Worker-thread entry: records in, columns out (`toColumns` takes seconds at 100,000 items, which
 * would freeze the main process's IPC). Built as its own file in the main bundle
 * (build/vite.main.config.ts); run from source under tsx in tests and the browser host.
 */
parentPort?.once('message', (snapshot: InventoryCacheSnapshot) => {
  try {
    const columns = toColumns(snapshot);
    parentPort!.postMessage({ ok: true, columns }, columnBuffers(columns));
  } catch (error) {
    parentPort!.postMessage({ ok: false, message: (error as Error).message });
  }
});
