import { a4Document, documentTime, FONT, FONT_BOLD, MARGIN, TEXT_WIDTH } from '../../../electron/core/pdf/a4.js';
import type { MainWords } from '../../../electron/core/words.js';
import { OUTBOX_STATE_WORDS, tallyRows, type ShiftReport, type TallyRow } from '../common/report.js';

/**
 * The end-of-shift report as a PDF: the desk and the shift's times, each clerk's counts, all clerks
 * together, what still waits in the outbox, and the handover note. Written by pdfkit in the core from
 * the report alone (no request), so it is made offline.
 */
export async function shiftReportPdf(report: ShiftReport, note: string, words: MainWords, timeZone: string | undefined): Promise<Buffer> {
  const t = words.t;
  const when = documentTime(words, timeZone);
  const number = new Intl.NumberFormat(words.locale);
  const { doc, done } = a4Document(words, t('shift.pdf.title', { desk: report.desk.name }));
  const width = TEXT_WIDTH;
  const heading = (text: string, size = 13) => doc.moveDown(0.6).font(FONT_BOLD).fontSize(size).text(text, { width }).font(FONT).fontSize(10.5);
  const say = (r: TallyRow) => (r.id === 'shift.returns.unitsByAction' ? t(r.id, { action: t(r.action) }) : t(r.id));
  const row = (what: string, count: number) => {
    const y = doc.y;
    doc.text(what, MARGIN, y, { width: width - 90 });
    const after = doc.y;
    doc.text(number.format(count), MARGIN + width - 80, y, { width: 80, align: 'right' });
    // Back to the left margin: the next line (a heading, the note) starts there, not in the count's column.
    doc.x = MARGIN;
    doc.y = Math.max(after, doc.y);
  };

  doc
    .font(FONT_BOLD)
    .fontSize(18)
    .text(t('shift.pdf.title', { desk: report.desk.name }), { width });
  doc
    .font(FONT)
    .fontSize(11)
    .text(t('shift.pdf.period', { from: when(report.from), to: when(report.to) }), { width });
  doc
    .fontSize(9)
    .fillColor('#444444')
    .text(t('shift.pdf.made', { at: when(report.madeAt), desk: report.desk.name }), { width })
    .fillColor('#000000');
  if (!report.journalWhole) doc.moveDown(0.4).fontSize(10.5).text(t('shift.journal.broken'), { width });
  doc.fontSize(10.5);

  if (report.clerks.length === 0) {
    heading(t('shift.total'));
    doc.text(t('shift.nothing'), { width });
  } else {
    for (const part of report.clerks) {
      heading(t('shift.pdf.clerk', { clerk: part.clerk?.name ?? t('shift.clerk.none') }));
      for (const r of tallyRows(part.tally)) row(say(r), r.count);
    }
    if (report.clerks.length > 1) {
      heading(t('shift.total'));
      for (const r of tallyRows(report.total)) row(say(r), r.count);
    }
  }

  heading(t('shift.outbox.title'));
  if (report.outbox.length === 0) doc.text(t('shift.outbox.none'), { width });
  for (const line of report.outbox) {
    const state = t(OUTBOX_STATE_WORDS[line.state]);
    doc.text(t('shift.outbox.line', { reference: line.referenceId, units: line.unitCount, lines: line.lineCount, state }), { width });
  }

  heading(t('shift.note.label'));
  doc.text(note.trim() || t('shift.pdf.noNote'), { width });
  doc.end();
  return done;
}
