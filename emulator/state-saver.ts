import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

/**
 * Persistence of an environment's data without stalling its requests. At 100,000 items the state is
 * over 200 MB of JSON; one JSON.stringify of it holds the event loop for seconds. So the state is
 * written in slices (the same bytes JSON.stringify would produce, a few milliseconds of work at a
 * time, yielding to requests in between), and saves are coalesced: a burst of changes costs one
 * save, never more than one runs at a time, and `flush` (a clean stop) writes whatever is still due.
 */

/** Longest stretch of serialising between two yields to the event loop. */
const SLICE_MS = 8;

/**
 * Writes `value` (a plain JSON object) to `path` atomically (temp file, fsync, rename, mode 0600).
 * Top-level arrays are serialised one element at a time; each element is whole as of when it was
 * written, and a change made meanwhile is written by the next save.
 */
export async function writeJsonInSlices(path: string, value: Record<string, unknown>): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const file = await open(temp, 'w', 0o600);
  try {
    let pending: string[] = [];
    let sliceStart = performance.now();
    const put = async (text: string) => {
      pending.push(text);
      if (performance.now() - sliceStart < SLICE_MS) return;
      await file.write(pending.join(''));
      pending = [];
      await yieldToLoop();
      sliceStart = performance.now();
    };
    await put('{');
    let first = true;
    for (const [key, field] of Object.entries(value)) {
      if (field === undefined || typeof field === 'function') continue;
      await put(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      if (!Array.isArray(field)) {
        await put(JSON.stringify(field));
        continue;
      }
      await put('[');
      for (let i = 0; i < field.length; i++) await put(`${i === 0 ? '' : ','}${JSON.stringify(field[i]) ?? 'null'}`);
      await put(']');
    }
    pending.push('}');
    await file.write(pending.join(''));
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(temp, { force: true });
    throw error;
  }
  await file.close();
  await rename(temp, path);
}

export interface CoalescedSaver {
  /** Something changed: a save follows within `delayMs` (later changes join it). */
  schedule(): void;
  /** Writes now whatever was changed and not yet written; resolves when it is on disk. */
  flush(): Promise<void>;
  readonly saves: number;
}

export function coalescedSaver(save: () => Promise<void>, options: { delayMs: number; onError: (error: Error) => void }): CoalescedSaver {
  let dirty = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let saves = 0;

  const run = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (running) return running;
    if (!dirty) return Promise.resolve();
    dirty = false;
    saves++;
    running = save()
      .catch((e: unknown) => {
        dirty = true; // still unsaved; the next change or flush tries again
        options.onError(e as Error);
      })
      .finally(() => {
        running = null;
        if (dirty && !timer) arm();
      });
    return running;
  };
  const arm = () => {
    timer = setTimeout(() => void run(), options.delayMs);
    timer.unref();
  };

  return {
    schedule() {
      dirty = true;
      // A save under way will be followed by another (armed when it ends); otherwise start the clock.
      if (!timer && !running) arm();
    },
    async flush() {
      // At most two rounds: the save under way (it may predate the last change), then the rest.
      await running;
      await run();
      await running;
    },
    get saves() {
      return saves;
    },
  };
}
