import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Label, Text, TextArea, TextField } from 'react-aria-components';
import type { ShiftClerkTally, ShiftReport, TallyRow } from '../common/report';
import { OUTBOX_STATE_WORDS as STATE_WORDS, tallyRows } from '../common/report';
import { useAccountKey } from '../../../renderer/src/app/accountKey';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { deskZone, formatCount, formatDateTime } from '../../../renderer/src/format';
import { useT, type MessageId, type Translate } from '../../../renderer/src/i18n/useT';
import type { ChannelInput } from '../../../shared/ipc/contract';
import { downloadBlob } from '../../../renderer/src/ui/download';
import { ErrorNote, errorParts } from '../../../renderer/src/ui/ErrorNote';
import { Select } from '../../../renderer/src/ui/Select';
import { showToast } from '../../../renderer/src/ui/Toasts';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { PERIODS, periodRange, shiftQueries, useShiftReport, type Period } from './queries';
import { jobProblem, jobTitle, usePrintingSettings } from '../../printing/ui';
import { textLabelPrinter } from '../../printing/common/text-label';
import './shift.css';

/** Typing pauses this long before the note is kept; leaving the field or the view keeps it at once. */
const NOTE_SAVE_DELAY_MS = 500;

const PERIOD_WORDS = {
  last8h: 'shift.period.last8h',
  last12h: 'shift.period.last12h',
  today: 'shift.period.today',
  yesterday: 'shift.period.yesterday',
} as const satisfies Record<Period, MessageId>;

const ALL = 'all';
const NO_CLERK = 'none';

const sayRow = (t: Translate, row: TallyRow) => (row.id === 'shift.returns.unitsByAction' ? t(row.id, { action: t(row.action) }) : t(row.id));

/** One clerk's counts (or all clerks' together) as a two-column table: what, and how many. */
function TallyTable({ part, caption }: { part: ShiftClerkTally['tally']; caption: string }) {
  const { t } = useT();
  return (
    <table className="plain shift-tally">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('shift.col.what')}</th>
          <th scope="col" className="end">
            {t('shift.col.count')}
          </th>
        </tr>
      </thead>
      <tbody>
        {tallyRows(part).map((row) => (
          <tr key={row.id === 'shift.returns.unitsByAction' ? row.action : row.id}>
            <th scope="row">{sayRow(t, row)}</th>
            <td className="end">{formatCount(row.count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The shift's counts: each clerk's, then all together when more than one did something; what still waits in the outbox. */
function ReportBody({ report }: { report: ShiftReport }) {
  const { t } = useT();
  const clerkName = (c: ShiftClerkTally) => c.clerk?.name ?? t('shift.clerk.none');
  return (
    <>
      {!report.journalWhole && <p className="note">{t('shift.journal.broken')}</p>}
      {report.clerks.length === 0 ? (
        <p className="state">{t('shift.nothing')}</p>
      ) : (
        <div className="shift-clerks">
          {report.clerks.map((c) => (
            <TallyTable key={c.clerk?.id ?? NO_CLERK} part={c.tally} caption={t('shift.pdf.clerk', { clerk: clerkName(c) })} />
          ))}
          {report.clerks.length > 1 && <TallyTable part={report.total} caption={t('shift.total')} />}
        </div>
      )}
      <h2>{t('shift.outbox.title')}</h2>
      {report.outbox.length === 0 ? (
        <p className="state">{t('shift.outbox.none')}</p>
      ) : (
        <ul className="shift-outbox">
          {report.outbox.map((line) => (
            <li key={line.referenceId}>
              {t('shift.outbox.line', {
                reference: line.referenceId,
                units: line.unitCount,
                lines: line.lineCount,
                state: t(STATE_WORDS[line.state]),
              })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The handover note: typed here, kept on this computer's disk at each pause and when the field or
 * the view is left (main writes it as it writes drafts), read back when the view opens again.
 */
function useHandoverNote() {
  const account = useAccountKey();
  const stored = useQuery(shiftQueries.note(account));
  const client = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const [status, setStatus] = useState<{ state: 'saved'; at: string | null } | { state: 'saving' } | { state: 'failed'; reason: string }>({
    state: 'saved',
    at: null,
  });
  const waiting = useRef<{ timer: ReturnType<typeof setTimeout>; note: string } | null>(null);
  const text = note ?? stored.data?.note ?? '';

  const keep = useCallback(
    async (value: string) => {
      setStatus({ state: 'saving' });
      try {
        const { savedAt } = await call('shift.saveNote', { note: value });
        client.setQueryData(shiftQueries.note(account).queryKey, { note: value, savedAt });
        setStatus({ state: 'saved', at: savedAt });
      } catch (error) {
        setStatus({ state: 'failed', reason: errorParts(error).message });
      }
    },
    [client, account],
  );
  const flush = useCallback(() => {
    const pending = waiting.current;
    if (!pending) return;
    clearTimeout(pending.timer);
    waiting.current = null;
    void keep(pending.note); // never rejects: a failure shows under the field
  }, [keep]);
  const edit = (value: string) => {
    setNote(value);
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = { note: value, timer: setTimeout(flush, NOTE_SAVE_DELAY_MS) };
  };
  // Leaving the view keeps what is waiting.
  useEffect(() => flush, [flush]);
  const cleared = () => {
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = null;
    setNote('');
    client.setQueryData(shiftQueries.note(account).queryKey, { note: '', savedAt: null });
    setStatus({ state: 'saved', at: null });
  };
  const savedAt = status.state === 'saved' ? (status.at ?? stored.data?.savedAt ?? null) : null;
  return { text, ready: stored.isSuccess || stored.isError, status, savedAt, edit, flush, cleared };
}

/**
 * The report's short summary on the desk's label printer: the button says which printer it goes to,
 * and when the desk has none that can take it, stays disabled with the reason beside it. The note
 * stays as it is: the summary carries its first lines, the PDF hands it over.
 */
function PrintSummary({ input }: { input: () => ChannelInput<'shift.label'> }) {
  const { t, said } = useT();
  const settings = usePrintingSettings();
  const [printing, setPrinting] = useState(false);
  const hint = useId();
  const chosen = settings.data ? textLabelPrinter(settings.data) : null;
  const print = async () => {
    setPrinting(true);
    try {
      const job = await call('shift.label', input());
      const problem = jobProblem(said, job);
      if (job.state === 'printed') showToast({ title: t('shift.label.printed', { printer: job.printerName }), tone: 'success' });
      else showToast({ title: t('shift.label.failed'), description: problem ?? jobTitle(t, job), tone: 'error' });
    } catch (error) {
      showToast({ title: t('shift.label.failed'), description: errorParts(error).message, tone: 'error' });
    } finally {
      setPrinting(false);
    }
  };
  return (
    <div className="shift-label">
      <button type="button" onClick={() => void print()} disabled={!chosen?.printer || printing} aria-describedby={hint}>
        {printing ? t('shift.label.printing') : t('shift.label.print')}
      </button>
      <small className="hint" id={hint}>
        {chosen?.printer ? t('shift.label.on', { printer: chosen.printer.name, size: chosen.printer.size }) : chosen ? said(chosen.reason) : null}
      </small>
    </div>
  );
}

/**
 * End of shift: what this desk did in the shift chosen, per clerk and in all, counted from its own
 * journal (no request to the service, so it works offline too); what still waits in the outbox; the
 * handover note; and the report as a PDF to keep or print.
 */
export function ShiftView() {
  const { t, locale } = useT();
  const [period, setPeriod] = useState<Period>('last8h');
  const [clerk, setClerk] = useState<string>(ALL);
  const report = useShiftReport(period);
  const note = useHandoverNote();
  const [making, setMaking] = useState(false);
  const noteHint = useId();

  const clerkChoices = [
    { id: ALL, label: t('shift.clerk.all') },
    ...(report.data?.clerks ?? []).map((c) => ({ id: c.clerk?.id ?? NO_CLERK, label: c.clerk?.name ?? t('shift.clerk.none') })),
  ];
  /** What the PDF and the summary label are made of: the shift chosen, the clerk chosen, the note, in the clerk's words and zone. */
  const reportInput = () => {
    const clerkId = clerk === ALL ? undefined : clerk === NO_CLERK ? null : clerk;
    return { ...periodRange(period, new Date()), ...(clerkId !== undefined ? { clerkId } : {}), note: note.text, locale, timeZone: deskZone() };
  };
  const savePdf = async () => {
    setMaking(true);
    try {
      const pdf = await call('shift.pdf', reportInput());
      const bytes = Uint8Array.from(atob(pdf.base64), (c) => c.charCodeAt(0));
      downloadBlob(pdf.fileName, new Blob([bytes], { type: pdf.contentType }));
      note.cleared();
      showToast({ title: t('shift.pdf.saved'), tone: 'success' });
    } catch (error) {
      showToast({ title: t('shift.pdf.failed'), description: errorParts(error).message, tone: 'error' });
    } finally {
      setMaking(false);
    }
  };

  return (
    <section className="workspace shift" aria-labelledby="shift-title" data-loading={note.ready ? undefined : ''}>
      <header className="workspace-header">
        <ViewHeading id="shift-title">{t('shift.title')}</ViewHeading>
      </header>
      <div className="filters wrap">
        <Select label={t('shift.period.label')} value={period} choices={PERIODS.map((p) => ({ id: p, label: t(PERIOD_WORDS[p]) }))} onChange={setPeriod} />
        {report.data && (
          <p className="muted shift-period">{t('shift.pdf.period', { from: formatDateTime(report.data.from), to: formatDateTime(report.data.to) })}</p>
        )}
      </div>
      {report.isPending ? (
        <p className="state">{t('shift.loading')}</p>
      ) : report.isError ? (
        <ErrorNote error={report.error} prefix={t('shift.unread')} />
      ) : (
        <ReportBody report={report.data} />
      )}
      <h2>{t('shift.note.label')}</h2>
      <TextField className="field shift-note" value={note.text} onChange={note.edit} onBlur={note.flush} maxLength={2000} aria-describedby={noteHint}>
        <Label className="visually-hidden">{t('shift.note.label')}</Label>
        {/* The one thing the clerk writes here: the view opens on it. */}
        <TextArea rows={5} spellCheck data-primary />
        <Text slot="description" className="hint" elementType="small" id={noteHint}>
          {t('shift.note.help')}{' '}
          {note.status.state === 'saving'
            ? t('shift.note.saving')
            : note.status.state === 'failed'
              ? t('shift.note.unsaved', { reason: note.status.reason })
              : note.savedAt
                ? t('shift.note.saved', { at: formatDateTime(note.savedAt) })
                : null}
        </Text>
      </TextField>
      <div className="actions">
        <Select label={t('shift.filter.clerk')} value={clerkChoices.some((c) => c.id === clerk) ? clerk : ALL} choices={clerkChoices} onChange={setClerk} />
        <button type="button" onClick={() => void savePdf()} disabled={making}>
          {making ? t('shift.pdf.making') : t('shift.pdf.save')}
        </button>
        <PrintSummary input={reportInput} />
      </div>
    </section>
  );
}
