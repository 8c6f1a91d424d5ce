import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { expect, test } from 'vitest';
import { lowerThisThreadPriority } from '../../shared/node/thread-priority';

/** Runs lowerThisThreadPriority in a fresh worker thread; answers what it returned and the thread's own niceness. */
function inWorker(): Promise<{ lowered: boolean; tid: number; niceness: number }> {
  const source = `
    const { parentPort } = require('node:worker_threads');
    const { readlinkSync } = require('node:fs');
    const { getPriority } = require('node:os');
    require('tsx/cjs');
    const { lowerThisThreadPriority } = require(${JSON.stringify(require.resolve('../../shared/node/thread-priority.ts'))});
    const lowered = lowerThisThreadPriority();
    const tid = process.platform === 'linux' ? Number(/\\/task\\/(\\d+)$/.exec(readlinkSync('/proc/thread-self'))[1]) : 0;
    parentPort.postMessage({ lowered, tid, niceness: tid ? getPriority(tid) : getPriority() });
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

test('a worker thread that steps back runs behind the main thread (Linux), and the main thread keeps its priority', async () => {
  const mainBefore = getPriority();
  const worker = await inWorker();
  if (process.platform !== 'linux') {
    // Only Linux renices one thread of a process: elsewhere the call says it did nothing.
    expect(worker.lowered).toBe(false);
    return;
  }
  expect(worker.lowered).toBe(true);
  expect(worker.tid).not.toBe(process.pid);
  expect(worker.niceness).toBe(Math.max(10, mainBefore));
  expect(getPriority()).toBe(mainBefore);
});

test('the main thread is never lowered', () => {
  const before = getPriority();
  expect(lowerThisThreadPriority()).toBe(false);
  expect(getPriority()).toBe(before);
});
