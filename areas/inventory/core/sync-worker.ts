import { parentPort } from 'node:worker_threads';
import { cacheCodec, columnBuffers } from './cache-format.js';
import { foldColumn } from './search-text.js';
import { SnapshotAssembler, textColumns } from './snapshot-assembler.js';
import type { WorkerAnswer, WorkerRequest } from './sync-in-worker.js';

/**
 * Worker-thread entry of the inventory sync: one assembler per sync (`reset` starts the next one's:
 * the worker is kept for the next sync, sync-in-worker.ts `park`). Pages come
 * in as bytes (or text) and are answered with where the next one is (first as soon as it is read,
 * `next`, then with the page's verdict); `finish` answers with the columns, their
 * encoding for the cache file and the folded search text of names and SKUs (what the index would fold on the
 * main thread), typed arrays transferred, not copied, and every string column's text left out: each is
 * answered on its own when asked for (`text`). Built as its own file beside the main bundle
 * (build/vite.main.config.ts); from source it is bundled on first use (sync-in-worker.ts).
 */
let assembler = new SnapshotAssembler();
const port = parentPort!;
/** The finished sync's string column texts, handed over one per `text` request. */
let texts: string[] = [];
port.on('message', (request: WorkerRequest) => {
  const answer = (message: WorkerAnswer, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  if (request.op === 'page') {
    const hint = (next: string) => answer({ id: request.id, op: 'next', next });
    answer({ id: request.id, op: 'page', verdict: assembler.addPage(request.stream, request.body, hint) });
    return;
  }
  if (request.op === 'reset') {
    assembler = new SnapshotAssembler();
    texts = [];
    return;
  }
  if (request.op === 'text') {
    answer({ id: request.id, op: 'text', text: texts[request.index] ?? '' });
    texts[request.index] = '';
    return;
  }
  try {
    const columns = assembler.finish(request.meta);
    // Encoded here: at 100,000 items v8.serialize took some 150 ms, a stall of main's event loop.
    const encoded = cacheCodec.encode(columns);
    const own = encoded.byteOffset === 0 && encoded.byteLength === encoded.buffer.byteLength && encoded.buffer instanceof ArrayBuffer;
    const folded = { name: foldColumn(columns.name, columns.count), sku: foldColumn(columns.sku, columns.count) };
    const strings = textColumns(columns, folded);
    texts = strings.map((column) => column.text);
    // An ASCII column folds to the same entry ends: the same array, one buffer to move.
    const transfer = new Set([...columnBuffers(columns), ...columnBuffers(folded)]);
    if (own) transfer.add(encoded.buffer);
    for (const column of strings) column.text = '';
    answer({ id: request.id, op: 'finish', ok: true, columns, folded, encoded, texts: strings.length }, [...transfer]);
  } catch (error) {
    answer({ id: request.id, op: 'finish', ok: false, message: (error as Error).message });
  }
});
