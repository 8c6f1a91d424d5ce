import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { InventoryCacheSnapshot } from '../../../shared/schemas/inventory-cache.js';
import { toColumns, type CacheColumns } from './cache-format.js';

/**
 * Runs `toColumns` in a worker thread so the main process keeps answering while a 100,000-item sync
 * is turned into columns. The worker is `columns-worker.ts` beside this file when running from source
 * (tests, the browser host: the worker gets tsx's loader), or `inventory-columns-worker.js` beside the
 * main bundle (build/vite.main.config.ts builds it as a second entry). The typed arrays come back
 * transferred, not copied. If no worker can start (or it dies), the conversion runs inline and says so in the log:
 * slower for the UI, never a failed sync.
 */
export async function toColumnsInWorker(snapshot: InventoryCacheSnapshot, log: (line: string) => void = () => {}): Promise<CacheColumns> {
  const entry = workerEntry();
  if (!entry) {
    log('inventory cache: no worker entry found; converting in the main thread');
    return toColumns(snapshot);
  }
  const worker = entry.tsx
    ? // Source: register tsx's loader in the worker first (Node 20 does not apply `--import` hooks to a worker's entry).
      new Worker(`import(${JSON.stringify(entry.tsx)}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(entry.url.href)}));`, { eval: true })
    : new Worker(entry.url);
  try {
    return await new Promise<CacheColumns>((resolve, reject) => {
      let settled = false;
      const inline = (why: string) => {
        if (settled) return; // the exit that follows a finished conversion (terminate) is no failure
        settled = true;
        log(`inventory cache: the column worker failed (${why}); converting in the main thread`);
        try {
          resolve(toColumns(snapshot));
        } catch (error) {
          reject(error as Error);
        }
      };
      worker.once('message', (answer: { ok: true; columns: CacheColumns } | { ok: false; message: string }) => {
        settled = true;
        if (answer.ok) resolve(answer.columns);
        else reject(new Error(answer.message));
      });
      worker.once('error', (error) => inline(error.message));
      worker.once('exit', (code) => inline(`exit code ${code}`));
      worker.postMessage(snapshot);
    });
  } finally {
    void worker.terminate();
  }
}

function workerEntry(): { url: URL; tsx: string | null } | null {
  const source = new URL('./columns-worker.ts', import.meta.url);
  if (source.protocol === 'file:' && existsSync(fileURLToPath(source))) {
    // tsx's ESM API (`tsx/esm/api`, import condition), found through its package folder.
    const tsxDir = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
    return { url: source, tsx: pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href };
  }
  const bundled = new URL('./inventory-columns-worker.js', import.meta.url);
  if (bundled.protocol === 'file:' && existsSync(fileURLToPath(bundled))) return { url: bundled, tsx: null };
  return null;
}

/** Every distinct ArrayBuffer under the columns, for the transfer list. */
export function columnBuffers(columns: CacheColumns): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const visit = (value: unknown) => {
    if (ArrayBuffer.isView(value)) {
      if (value.buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength) buffers.add(value.buffer);
    } else if (value && typeof value === 'object' && !Array.isArray(value)) for (const v of Object.values(value)) visit(v);
  };
  visit(columns);
  return [...buffers];
}
