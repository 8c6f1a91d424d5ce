import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { PrintJob, PrintJobState } from '../../../areas/printing/common/ipc';
import { englishMessages, loadMessages } from '../../../renderer/src/i18n/catalogs';
import { wordsOf } from '../../../renderer/src/i18n/useT';
import { jobProblem, queueSummary as summaryIn, systemPrintersReason } from '../../../areas/printing/ui/printerText';

const { t } = wordsOf(createIntl({ locale: 'en', messages: englishMessages }));
const queueSummary = (jobs: Parameters<typeof summaryIn>[1]) => summaryIn(t, jobs);

/** The print queue's line in the status bar: what is on its way, what is kept for the clerk, else what printed. */
function job(state: PrintJobState, n: number): PrintJob {
  return {
    id: `job-${n}`,
    printerId: 'p1',
    printerName: 'Bench Zebra',
    what: 'Test print',
    state,
    problem: state === 'printed' ? [] : [{ id: 'printing.jobProblem.stop.paperOut' }],
    bytes: 100,
    attempts: 1,
    createdAt: '2026-11-25T10:00:00.000Z',
    finishedAt: null,
  };
}
const jobs = (...states: PrintJobState[]) => states.map(job);

describe('the print queue in the status bar', () => {
  it('says nothing before anything was printed', () => {
    expect(queueSummary([])).toBeNull();
  });
  it('counts jobs on their way and jobs kept, and leaves printed ones out while either is there', () => {
    expect(queueSummary(jobs('sending', 'not-sent', 'printed'))).toBe('Printing 1 · 1 kept');
    expect(queueSummary(jobs('queued', 'sending', 'printed'))).toBe('Printing 2');
    expect(queueSummary(jobs('not-sent', 'stopped-after', 'unsure', 'printed'))).toBe('Print queue · 3 kept');
  });
  it('says how many printed when nothing waits', () => {
    expect(queueSummary(jobs('printed', 'printed'))).toBe('Print queue · 2 printed');
  });
  it('counts a system printer’s jobs handed to the browser’s print dialog apart from those printed', () => {
    expect(queueSummary(jobs('to-browser'))).toBe('Print queue · 1 to the print dialog');
    expect(queueSummary(jobs('printed', 'to-browser', 'to-browser'))).toBe('Print queue · 1 printed · 2 to the print dialog');
    expect(queueSummary(jobs('not-sent', 'to-browser'))).toBe('Print queue · 1 kept');
  });
  it('is said in the desk’s language, each count a number of that language', async () => {
    const de = wordsOf(createIntl({ locale: 'de', messages: await loadMessages('de') })).t;
    expect(summaryIn(de, jobs('sending', 'not-sent', 'printed'))).toBe('Druck läuft: 1 · 1 zurückgehalten');
    expect(summaryIn(de, jobs('printed', 'to-browser'))).toBe('Druckwarteschlange · 1 gedruckt · 1 im Druckdialog');
  });
});

describe('a print job’s problem and the system printers’ reason', () => {
  const stopped: PrintJob = {
    ...job('not-sent', 9),
    problem: [
      { id: 'printing.jobProblem.notPrinted', values: { printer: 'Bench Zebra' } },
      { id: 'printing.jobProblem.stop.headOpen' },
      { id: 'printing.jobProblem.sendAgain' },
    ],
  };

  it('says main’s sentences in the desk’s language, one after another', async () => {
    const { said } = wordsOf(createIntl({ locale: 'de', messages: await loadMessages('de') }));
    expect(jobProblem(said, stopped)).toBe(
      'Bench Zebra hat nicht gedruckt. Der Druckkopf ist offen: den Druckkopf schließen, bis er einrastet. Dann den Auftrag erneut senden.',
    );
    const reason = { available: true, reason: [{ id: 'printing.systemPrinters.none' }], printers: [] };
    expect(systemPrintersReason(said, reason)).toMatch(/^Auf diesem Computer ist kein Drucker eingerichtet/);
  });

  it('says nothing where nothing went wrong', () => {
    const { said } = wordsOf(createIntl({ locale: 'en', messages: englishMessages }));
    expect(jobProblem(said, job('printed', 1))).toBeNull();
    expect(systemPrintersReason(said, { available: true, reason: [], printers: [] })).toBeNull();
  });
});
