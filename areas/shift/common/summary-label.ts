import type { LabelText } from '../../printing/common/item-label.js';
import type { TextLabel } from '../../printing/common/text-label.js';
import { tallyRows, type ShiftReport } from './report.js';

/** The handover note's first lines the summary carries: the label is short, the PDF has it whole. */
export const NOTE_LINES = 3;

/** The rows of a tally the summary keeps: returns received, units returned and units by each action asked. */
const RETURN_ROWS = new Set(['shift.returns.created', 'shift.returns.units', 'shift.returns.unitsByAction']);

/**
 * The end-of-shift report as a short label: the desk, whose shift (a clerk, or all clerks), when,
 * then the counts that matter at a glance (returns received and their units by action, receiving
 * orders created, scans not matched, returns still in the outbox) and the note's first lines, in that
 * order, so a small label that drops lines from the end keeps the counts. `clerkId` as the report
 * was asked for: absent, every clerk's work.
 */
export function shiftSummaryLabel(
  report: ShiftReport,
  clerkId: string | null | undefined,
  note: string,
  t: LabelText,
  when: (iso: string) => string,
): TextLabel {
  const clerk =
    clerkId === undefined
      ? t('shift.clerk.all')
      : t('shift.pdf.clerk', {
          clerk: clerkId === null ? t('shift.clerk.none') : (report.clerks.find((c) => c.clerk?.id === clerkId)?.clerk?.name ?? clerkId),
        });
  const count = (what: string, n: number) => t('shift.label.count', { what, count: n });
  const lines = [clerk, t('shift.pdf.period', { from: when(report.from), to: when(report.to) })];
  for (const row of tallyRows(report.total)) {
    if (!RETURN_ROWS.has(row.id)) continue;
    lines.push(count(row.id === 'shift.returns.unitsByAction' ? t(row.id, { action: t(row.action) }) : t(row.id), row.count));
  }
  lines.push(count(t('shift.receiving.created'), report.total.receivingCreated));
  lines.push(count(t('shift.scans.unmatched'), report.total.scansUnmatched));
  lines.push(count(t('shift.outbox.title'), report.outbox.length));
  const noteLines = note
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (noteLines.length === 0) lines.push(t('shift.pdf.noNote'));
  else lines.push(`${t('shift.note.label')}:`, ...noteLines.slice(0, NOTE_LINES), ...(noteLines.length > NOTE_LINES ? ['…'] : []));
  return { title: t('shift.pdf.title', { desk: report.desk.name }), lines };
}
