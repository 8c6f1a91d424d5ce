/**
 * A desk's journal in a process of its own, so a test can kill it with SIGKILL mid-append: it opens
 * the journal in the given data folder (as the core does) and appends without end, a few appends in
 * flight at a time, printing `appended <seq> <hash>` as each append resolves (its line is on disk),
 * until it is killed.
 *
 * Run as `node --import tsx test/support/journal-process.ts <data folder>`.
 */
import { Journal } from '../../areas/journal/core/journal.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: journal-process.ts <data folder>');
const journal = await Journal.open({
  dataDir,
  log: (line) => process.stderr.write(`${line}\n`),
  stamp: () => ({ at: new Date().toISOString(), environment: 'local', clerk: null, desk: { id: 'desk-child', name: 'Child desk' } }),
});
process.stdout.write('ready\n');
let n = 0;
const IN_FLIGHT = 4;
async function appender(): Promise<never> {
  for (;;) {
    n += 1;
    const entry = await journal.record({
      what: { kind: 'scan.outcome', record: { kind: 'scan', id: `code-${n}`, reference: null }, details: { code: `code-${n}`, outcome: 'item' } },
      answer: null,
    });
    process.stdout.write(`appended ${entry.seq} ${entry.hash}\n`);
  }
}
await Promise.all(Array.from({ length: IN_FLIGHT }, appender));
