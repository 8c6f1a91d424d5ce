import { describe, expect, it } from 'vitest';
import { emptyTally, type ShiftReport } from '../../areas/shift/common/report.js';
import { shiftSummaryLabel } from '../../areas/shift/common/summary-label.js';
import { shiftReportPdf } from '../../areas/shift/core/report-pdf.js';
import { documentTime } from '../../electron/core/pdf/a4.js';
import { wordsFor } from '../../electron/core/words.js';
import { renderPdf } from '../support/pdf-render.js';

/**
 * The end-of-shift report in a Polish clerk's words, as main makes it (the PDF and the label summary
 * are made in main, from the locale the renderer sends): Polish throughout, with Polish plural forms,
 * and its letters drawn in the PDF.
 */
const REPORT: ShiftReport = {
  from: '2026-11-27T06:00:00.000Z',
  to: '2026-11-27T14:00:00.000Z',
  madeAt: '2026-11-27T14:01:00.000Z',
  desk: { id: 'desk-1', name: 'Stół zwrotów 2' },
  clerks: [],
  total: { ...emptyTally(), returnsCreated: 3, returnUnits: 7, returnUnitsByAction: { Restock: 5, Quarantine: 2 }, receivingCreated: 1, scansUnmatched: 2 },
  outbox: [
    { referenceId: 'RMA-22', state: 'waiting', unitCount: 5, lineCount: 2, queuedAt: '2026-11-27T13:00:00.000Z' },
    { referenceId: 'RMA-23', state: 'held', unitCount: 1, lineCount: 1, queuedAt: '2026-11-27T13:10:00.000Z' },
  ],
  journalWhole: true,
};
REPORT.clerks = [{ clerk: { id: 'c1', name: 'Ola' }, tally: REPORT.total }];

describe('the end-of-shift report in Polish', { timeout: 30_000 }, () => {
  const words = wordsFor('system', ['pl-PL']);

  it('prints its label summary in Polish', () => {
    const label = shiftSummaryLabel(REPORT, undefined, 'Brama 3 się zacina.', words.t, documentTime(words, 'Europe/Warsaw'));
    expect(label.title).toBe('Koniec zmiany: Stół zwrotów 2');
    expect(label.lines).toEqual([
      'Wszyscy pracownicy',
      expect.stringMatching(/^Od .+ do .+$/),
      'Przyjęte zwroty: 3',
      'Zwrócone sztuki: 7',
      'Zwrócone sztuki, Na stan: 5',
      'Zwrócone sztuki, Kwarantanna: 2',
      'Utworzone przyjęcia: 1',
      'Skany bez dopasowania (znalezione rozbieżności): 2',
      'Nadal w skrzynce nadawczej: 2',
      'Notatka do przekazania zmiany:',
      'Brama 3 się zacina.',
    ]);
  });

  it('says the returns still waiting with Polish plural forms', () => {
    const line = (units: number, lines: number) =>
      words.t('shift.outbox.line', { reference: 'RMA-22', units, lines, state: words.t('shift.outbox.state.waiting') });
    expect(line(1, 1)).toBe('Zwrot RMA-22: 1 sztuka w 1 pozycji, czeka na serwis');
    expect(line(3, 2)).toBe('Zwrot RMA-22: 3 sztuki w 2 pozycjach, czeka na serwis');
    expect(line(5, 5)).toBe('Zwrot RMA-22: 5 sztuk w 5 pozycjach, czeka na serwis');
    expect(line(22, 12)).toBe('Zwrot RMA-22: 22 sztuki w 12 pozycjach, czeka na serwis');
  });

  it('makes a PDF that reads in Polish, its letters drawn', async () => {
    const pdf = await shiftReportPdf(REPORT, '', words, 'Europe/Warsaw');
    const text = (await renderPdf(pdf, 72)).flatMap((p) => p.lines).join('\n');
    expect(text).toContain('Koniec zmiany: Stół zwrotów 2');
    expect(text).toContain('Pracownik: Ola');
    expect(text).toMatch(/Zwrócone sztuki, Na stan\s+5\b/);
    expect(text).toContain('Zwrot RMA-22: 5 sztuk w 2 pozycjach, czeka na serwis');
    expect(text).toContain('Zwrot RMA-23: 1 sztuka w 1 pozycji, wstrzymany: potrzebuje pracownika');
    expect(text).toContain('Brak notatki do przekazania zmiany.');
  });
});
