import { parentPort } from 'node:worker_threads';
import { cacheCodec, columnBuffers } from './cache-format.js';
import { SnapshotAssembler } from './snapshot-assembler.js';
import type { WorkerAnswer, WorkerRequest } from './sync-in-worker.js';

/**
 * Worker-thread entry of the inventory sync: one assembler per sync (one worker per sync). Pages come
 * in as bytes (or text) and are answered with where the next one is; `finish` answers with the columns and their
 * encoding for the cache file, typed arrays transferred, not copied. Built as its own file beside the main bundle
 * (build/vite.main.config.ts); from source it is bundled on first use (sync-in-worker.ts).
 */
const assembler = new SnapshotAssembler();
const port = parentPort!;
port.on('message', (request: WorkerRequest) => {
  const answer = (message: WorkerAnswer, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  if (request.op === 'page') {
    answer({ id: request.id, op: 'page', verdict: assembler.addPage(request.stream, request.body) });
    return;
  }
  try {
    const columns = assembler.finish(request.meta);
    // Encoded here: at 100,000 items v8.serialize took some 150 ms, a stall of main's event loop.
    const encoded = cacheCodec.encode(columns);
    const own = encoded.byteOffset === 0 && encoded.byteLength === encoded.buffer.byteLength && encoded.buffer instanceof ArrayBuffer;
    answer({ id: request.id, op: 'finish', ok: true, columns, encoded }, [...columnBuffers(columns), ...(own ? [encoded.buffer] : [])]);
  } catch (error) {
    answer({ id: request.id, op: 'finish', ok: false, message: (error as Error).message });
  }
});
