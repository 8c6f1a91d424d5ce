import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal } from '../../areas/journal/core/journal.js';
import type { JournalInput } from '../../areas/journal/common/entry.js';
import type { ChannelOutput } from '../../shared/ipc/contract.js';
import { createTestCore } from '../support/test-core.js';
import { summarize } from './stats.js';

/**
 * The desk's journal on this machine's disk (a temporary folder):
 *
 * - append: one entry at a time, each awaited (written and fdatasync'd), as a clerk's writes come;
 *   then 8 asked for at once (they share one write and one fdatasync), per entry.
 * - a 2,000-entry shift: opening the journal (read, every hash checked, the index built), the
 *   shift's entries by time (`range`), and one record's history (`forRecord`); then the shift as
 *   the page would ask for it, `journal.range` through a core's dispatch (its output checked
 *   against the contract), on the same data folder; the end-of-shift report of that shift
 *   (`shift.report`) and its PDF (`shift.pdf`, which also records the handover) through the same core.
 */
const SHIFT = Number(process.env.BENCH_JOURNAL_SHIFT ?? 2000);
const READS = Number(process.env.BENCH_JOURNAL_READS ?? 200);

const input = (n: number): JournalInput => ({
  what: {
    kind: n % 3 === 0 ? 'scan.outcome' : 'return.created',
    record: { kind: 'return', id: String(100_000 + (n % 500)), reference: `RMA-${n % 500}` },
    details: { lines: 3, units: 7, fulfillmentCenter: 12, trackingNumber: `1Z${String(n).padStart(12, '0')}` },
  },
  answer: { status: 'done', id: String(100_000 + (n % 500)), said: null },
});

function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 1000) / 1000;
}

export async function benchJournal(): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-bench-journal-'));
  let clock = Date.UTC(2026, 10, 29, 6, 0, 0);
  const options = {
    dataDir,
    log: () => {},
    stamp: () => ({ at: new Date((clock += 10_000)).toISOString(), environment: 'local', clerk: null, desk: { id: 'bench', name: 'Bench desk' } }),
  };
  try {
    const journal = await Journal.open(options);
    const single: number[] = [];
    for (let n = 0; n < SHIFT; n++) {
      const start = performance.now();
      await journal.record(input(n));
      single.push(performance.now() - start);
    }
    await journal.close();
    // In a journal of its own, so the shift read below is exactly SHIFT entries.
    const other = await Journal.open({ ...options, dataDir: join(dataDir, 'batched') });
    const batched: number[] = [];
    for (let n = 0; n < 100; n++) {
      const start = performance.now();
      await Promise.all(Array.from({ length: 8 }, (_, i) => other.record(input(n * 8 + i))));
      batched.push((performance.now() - start) / 8);
    }
    await other.close();

    const opens: number[] = [];
    let reopened: Journal | null = null;
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      reopened = await Journal.open(options);
      opens.push(performance.now() - start);
      if (i < 19) await reopened.close();
    }
    const shiftStart = new Date(Date.UTC(2026, 10, 29, 6, 0, 0));
    const shiftEnd = new Date(shiftStart.getTime() + SHIFT * 10_000 + 1);
    const ranges: number[] = [];
    let count = 0;
    for (let i = 0; i < READS; i++) {
      const start = performance.now();
      count = reopened!.range(shiftStart, shiftEnd).length;
      ranges.push(performance.now() - start);
    }
    const records: number[] = [];
    for (let i = 0; i < READS; i++) {
      const start = performance.now();
      reopened!.forRecord('return', String(100_000 + (i % 500)));
      records.push(performance.now() - start);
    }
    await reopened!.close();

    const t = await createTestCore({ dataDir });
    const dispatched: number[] = [];
    const reports: number[] = [];
    const pdfs: number[] = [];
    try {
      for (let i = 0; i < 30; i++) {
        const start = performance.now();
        const answer = await t.core.dispatch('journal.range', { from: shiftStart.toISOString(), to: shiftEnd.toISOString() });
        dispatched.push(performance.now() - start);
        if (!answer.ok || (answer.value as ChannelOutput<'journal.range'>).entries.length !== SHIFT)
          throw new Error('bench: journal.range did not answer the shift');
      }
      // The end-of-shift report of the same shift (counted per clerk, the outbox read), and its PDF.
      const span = { from: shiftStart.toISOString(), to: shiftEnd.toISOString() };
      for (let i = 0; i < 30; i++) {
        const start = performance.now();
        const answer = await t.core.dispatch('shift.report', span);
        reports.push(performance.now() - start);
        if (!answer.ok) throw new Error(`bench: shift.report failed: ${answer.error.message}`);
        if ((answer.value as ChannelOutput<'shift.report'>).total.returnsCreated === 0) throw new Error('bench: shift.report counted none of the shift');
      }
      for (let i = 0; i < 10; i++) {
        const start = performance.now();
        const answer = await t.core.dispatch('shift.pdf', { ...span, note: 'Door 3 sticks.', locale: 'en-US', timeZone: 'America/New_York' });
        pdfs.push(performance.now() - start);
        if (!answer.ok) throw new Error(`bench: shift.pdf failed: ${answer.error.message}`);
      }
    } finally {
      await t.dispose(false);
    }
    return {
      entries: reopened!.length,
      appendOneAtATime: { ...summarize(single), p99: percentile(single, 0.99) },
      appendEightAtOncePerEntry: { ...summarize(batched), p99: percentile(batched, 0.99) },
      shift: {
        entries: count,
        openAndVerify: summarize(opens),
        range: summarize(ranges),
        forRecord: summarize(records),
        rangeThroughDispatch: summarize(dispatched),
        endOfShiftReport: summarize(reports),
        endOfShiftPdf: summarize(pdfs),
      },
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
