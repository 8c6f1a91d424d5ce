import { Worker } from 'node:worker_threads';
import type { BodyVerdict } from '../../../electron/core/api/body-verdict.js';
import { workerCode } from '../../../electron/core/worker-code.js';
import type { CacheColumns } from './cache-format.js';
import type { FoldedColumns } from './search-text.js';
import { SnapshotAssembler, textColumns, type PageSummary, type SnapshotMeta, type SyncStream } from './snapshot-assembler.js';

/** The sync's side of its assembler: pages in as they arrive, columns out at the end. */
export interface SyncAssembler {
  readonly where: 'worker' | 'inline';
  /** The worker thread's id (which worker served the sync); none inline. */
  readonly thread?: number;
  /**
   * A page's body as text or as its UTF-8 bytes (a worker takes the bytes' buffer over: the caller must
   * not use it after). `onNext` hears the page's `next` link before the verdict, when it can be read
   * early (`SnapshotAssembler.addPage`): a hint, the verdict's link is the page's.
   */
  page(stream: SyncStream, body: string | Uint8Array, onNext?: (link: string) => void): Promise<BodyVerdict<PageSummary>>;
  /** Where to gather a page's bytes before `page` (a worker's: memory it shares; absent: any buffer). */
  bodyBuffer?(size: number): Buffer;
  finish(meta: SnapshotMeta): Promise<AssembledCache>;
  close(): void;
}

/** The sync's result: the columns and, when made off this thread, their encoding for the cache file. */
export interface AssembledCache {
  columns: CacheColumns;
  /** `cacheCodec.encode(columns)`, made in the worker (null inline: the file encodes it when written). */
  encoded: Uint8Array | null;
  /** The search text of names and SKUs, folded in the worker (null inline: the index folds them). */
  folded: FoldedColumns | null;
}

export type WorkerRequest =
  | { id: number; op: 'page'; stream: SyncStream; body: string | Uint8Array }
  | { id: number; op: 'finish'; meta: SnapshotMeta }
  | { id: number; op: 'text'; index: number }
  /** The sync is over: a new assembler for the next (the worker is kept, see `park`). */
  | { id: number; op: 'reset' };
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
export type WorkerAnswer =
  /** The page's `next` link, read before its records (then its `page` answer, with the same id). */
  | { id: number; op: 'next'; next: string }
  | { id: number; op: 'page'; verdict: BodyVerdict<PageSummary> }
  /** The columns with every string column's text left empty (`texts` of them, asked for one by one with `text`). */
  | { id: number; op: 'finish'; ok: true; columns: CacheColumns; folded: FoldedColumns; encoded: Uint8Array; texts: number }
  | { id: number; op: 'finish'; ok: false; message: string }
  | { id: number; op: 'text'; text: string };

/** The worker thread died or could not start: the sync was not at fault, and can run again inline. */
export class SyncWorkerStopped extends Error {}

/**
 * An assembler for one sync: in a worker thread (sync-worker.ts), so parsing, checking, turning
 * 100,000 records into columns and encoding them for the file never holds up the main process's IPC, or `inline` in this thread (the
 * fallback after a worker failed). The worker is `sync-worker.ts` (its code found by
 * `workerCode`: bundled from source, else `inventory-sync-worker.js` beside the main bundle). A worker
 * whose sync ended cleanly serves the next one (`park`).
 */
export async function startSyncAssembler(options: { inline?: boolean; log?: (line: string) => void } = {}): Promise<SyncAssembler> {
  if (options.inline) return inlineAssembler();
  let entry: URL | string | null;
  try {
    entry = await workerCode(new URL('./sync-worker.ts', import.meta.url), new URL('./inventory-sync-worker.js', import.meta.url));
  } catch (error) {
    options.log?.(`inventory sync: the worker could not be prepared (${(error as Error).message}); assembling in the main thread`);
    return inlineAssembler();
  }
  if (!entry) {
    options.log?.('inventory sync: no worker entry found; assembling in the main thread');
    return inlineAssembler();
  }
  const worker = unpark() ?? (typeof entry === 'string' ? new Worker(entry, { eval: true }) : new Worker(entry));
  return new WorkerAssembler(worker);
}

function inlineAssembler(): SyncAssembler {
  const assembler = new SnapshotAssembler();
  return {
    where: 'inline',
    page: async (stream, body, onNext) => assembler.addPage(stream, body, onNext),
    finish: async (meta) => ({ columns: assembler.finish(meta), encoded: null, folded: null }),
    close: () => {},
  };
}

/** Shared page buffers come in whole megabytes, so one fits most pages of every list. */
const PAGE_BUFFER_STEP = 1024 * 1024;

class WorkerAssembler implements SyncAssembler {
  readonly where = 'worker';
  readonly thread: number;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (answer: WorkerAnswer) => void; reject: (error: Error) => void }>();
  private failure: SyncWorkerStopped | null = null;
  private closed = false;
  /**
   * Page buffers shared with the worker, each reused once the worker has read its page: this thread
   * no longer allocates a new buffer per page to move across (some 800 pages and 340 MB at 100,000
   * items), external memory its garbage collector had to account for.
   */
  private readonly shared: { memory: SharedArrayBuffer; busy: boolean }[] = [];

  /** Who hears a page's early `next` answer, by request id (until its `page` answer). */
  private readonly hints = new Map<number, (link: string) => void>();

  private readonly onMessage = (answer: WorkerAnswer) => {
    if (answer.op === 'next') {
      this.hints.get(answer.id)?.(answer.next);
      return;
    }
    this.hints.delete(answer.id);
    const waiting = this.pending.get(answer.id);
    this.pending.delete(answer.id);
    waiting?.resolve(answer);
  };
  private readonly onError = (error: Error) => this.fail(error.message);
  private readonly onExit = (code: number) => this.fail(`exit code ${code}`);

  constructor(private readonly worker: Worker) {
    this.thread = worker.threadId;
    worker.on('message', this.onMessage);
    worker.once('error', this.onError);
    worker.once('exit', this.onExit);
  }

  bodyBuffer(size: number): Buffer {
    let slot = this.shared.find((s) => !s.busy && s.memory.byteLength >= size);
    if (!slot) {
      slot = { memory: new SharedArrayBuffer(Math.max(1, Math.ceil(size / PAGE_BUFFER_STEP)) * PAGE_BUFFER_STEP), busy: false };
      this.shared.push(slot);
    }
    slot.busy = true;
    return Buffer.from(slot.memory, 0, size);
  }

  async page(stream: SyncStream, body: string | Uint8Array, onNext?: (link: string) => void): Promise<BodyVerdict<PageSummary>> {
    // Shared bytes are read in place by the worker (their buffer is free again once it answered);
    // bytes in a buffer of their own move to the worker; a slice of a shared one (Node's pool) is copied.
    const slot = typeof body === 'string' ? undefined : this.shared.find((s) => s.memory === body.buffer);
    const own = typeof body !== 'string' && body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer;
    try {
      const answer = await this.ask({ op: 'page', stream, body }, own ? [body.buffer] : [], onNext);
      if (answer.op !== 'page') throw new SyncWorkerStopped('the sync worker answered out of turn');
      return answer.verdict;
    } finally {
      // After a failure the worker is gone (nothing reads the buffer any more).
      if (slot) slot.busy = false;
    }
  }

  /**
   * The typed arrays come over in one message (moved, not copied); the strings (some 17 MB at
   * 100,000 items, names, SKUs, codes, lots and the folded search text) are copied, and receiving
   * them all in one message held this thread's event loop for 30 to 70 ms. So they come one column
   * per message, each asked for after the last arrived: timers and IPC run between them.
   */
  async finish(meta: SnapshotMeta): Promise<AssembledCache> {
    const answer = await this.ask({ op: 'finish', meta });
    if (answer.op !== 'finish') throw new SyncWorkerStopped('the sync worker answered out of turn');
    if (!answer.ok) throw new Error(answer.message);
    const columns = textColumns(answer.columns, answer.folded);
    if (columns.length !== answer.texts) throw new SyncWorkerStopped('the sync worker answered with other columns');
    for (let index = 0; index < columns.length; index++) {
      // A turn of the event loop between columns: without it, main took the columns in one stretch
      // that held its timers and IPC for up to 90 ms (the stall bench, 100,000 items).
      if (index > 0) await new Promise((resolve) => setImmediate(resolve));
      const part = await this.ask({ op: 'text', index });
      if (part.op !== 'text') throw new SyncWorkerStopped('the sync worker answered out of turn');
      columns[index]!.text = part.text;
    }
    return { columns: answer.columns, encoded: answer.encoded, folded: answer.folded };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.worker.off('message', this.onMessage);
    this.worker.off('error', this.onError);
    this.worker.off('exit', this.onExit);
    // Only a worker with nothing under way serves the next sync (an answer still due would reach it).
    if (this.failure || this.pending.size > 0)
      void this.worker.terminate(); // terminate does not reject
    else park(this.worker);
  }

  private ask(request: WithoutId<WorkerRequest>, transfer: ArrayBuffer[] = [], onNext?: (link: string) => void): Promise<WorkerAnswer> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    if (onNext) this.hints.set(id, onNext);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...request }, transfer);
    });
  }

  private fail(why: string): void {
    if (this.closed || this.failure) return;
    this.failure = new SyncWorkerStopped(`the sync's worker thread stopped (${why})`);
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
    this.hints.clear();
  }
}

/**
 * How long a worker waits, idle, for the next sync: longer than the background refresh's 15 minutes,
 * so each refresh and a clerk's next sync find it warm. A new worker is a new JavaScript engine that
 * compiles and optimises the assembler again: at 50,000 items that cost about 0.9 s more CPU per sync
 * than a warm one (of some 4 s; 2026-11-24, one sync's pages given to a new and a kept worker). What
 * it holds while idle: no records (`reset` drops them), and memory the engine gives back within two
 * minutes: after a 50,000-item sync the process's RSS was 300 MB for the first minute, then 151 MB
 * (131 MB with the worker ended).
 */
const IDLE_MS = 20 * 60 * 1000;
/** The one worker waiting for a sync, if any. */
let idle: { worker: Worker; timer: NodeJS.Timeout; gone: () => void } | null = null;

/** Keeps a worker whose sync ended cleanly for the next, its assembler emptied; one at most. */
function park(worker: Worker): void {
  if (idle) {
    // One idle worker is enough; this one's exit needs no waiting and cannot fail in a way we act on.
    void worker.terminate();
    return;
  }
  worker.postMessage({ id: 0, op: 'reset' } satisfies WorkerRequest);
  const gone = () => {
    if (idle?.worker !== worker) return;
    clearTimeout(idle.timer);
    idle = null;
  };
  // A worker that fails while idle is simply not used again (an 'error' nobody listened for would throw here).
  worker.once('exit', gone);
  worker.once('error', gone);
  const timer = setTimeout(() => {
    gone();
    // Nothing waits for an idle worker's end; its 'exit' listener above tidies up.
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  // An idle worker does not keep the process alive.
  worker.unref();
  idle = { worker, timer, gone };
}

/** The parked worker, taken for a sync. */
function unpark(): Worker | null {
  const parked = idle;
  if (!parked) return null;
  idle = null;
  clearTimeout(parked.timer);
  parked.worker.off('exit', parked.gone);
  parked.worker.off('error', parked.gone);
  parked.worker.ref();
  return parked.worker;
}
