import { useId } from 'react';
import type { JournalEntry, JournalRecordKind } from '../common/entry';
import { formatCenterTime } from '../../../renderer/src/format';
import { useT, type Words } from '../../../renderer/src/i18n/useT';
import { useJournalState, useRecordJournal } from './queries';
import './journal.css';

/**
 * "Done at this desk": what this desk did to a record (from its journal, on this computer) and what
 * the service answered, beside the service's own status history. Its heading is announced with the
 * page and never takes focus: the page puts focus on its own action.
 */
export function RecordJournal({
  kind,
  id,
  reference = null,
  when = deskTime,
}: {
  kind: JournalRecordKind;
  /** The record's id; or the ids of the records of one kind a page shows together (an item's lots). */
  id: string | readonly string[];
  reference?: string | null;
  /** How the page says its times (a record's are in its center's zone): the desk's entries read in the same, so no two times on one page are in two zones. */
  when?: (at: string) => string;
}) {
  const headingId = useId();
  const { t, said } = useT();
  const state = useJournalState();
  const entries = useRecordJournal(kind, id, reference);
  const broken = state.data && !state.data.ok ? state.data : null;
  const unavailable = broken?.how === 'unavailable';
  return (
    <section className="record-journal" aria-labelledby={headingId} data-testid="record-journal">
      <h2 id={headingId}>{t('journal.record.title')}</h2>
      {broken && !unavailable && (
        <p className="note journal-broken" data-testid="journal-broken">
          {t('journal.record.broken')} {broken.said.map(said).join(' ')}
        </p>
      )}
      {unavailable ? (
        <p className="state">{t('journal.record.unavailable')}</p>
      ) : entries.isPending ? (
        <p className="state">{t('journal.record.loading')}</p>
      ) : entries.isError ? (
        <p className="state">{t('journal.record.unread')}</p>
      ) : entries.data.length === 0 ? (
        <p className="state">{t('journal.record.none')}</p>
      ) : (
        <ol className="timeline" aria-labelledby={headingId}>
          {entries.data.map((entry) => (
            <EntryLine key={entry.seq} entry={entry} when={when} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** A time with no center of its own: in the desk's zone, named. */
const deskTime = (at: string): string => formatCenterTime(at, null);

function EntryLine({ entry, when }: { entry: JournalEntry; when: (at: string) => string }) {
  const words = useT();
  const answer = answerSaid(words, entry);
  return (
    <li>
      <strong>{whatSaid(words, entry)}</strong>{' '}
      {entry.clerk && <span className="journal-clerk">{words.t('journal.record.byClerk', { name: entry.clerk.name })}</span>}{' '}
      <span className="muted">{when(entry.at)}</span>
      {answer && <div className={entry.answer?.status === 'refused' ? 'journal-answer refused' : 'journal-answer'}>{answer}</div>}
    </li>
  );
}

const count = (value: unknown): number => (typeof value === 'number' ? value : 0);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** A dotted name as a message's select key: `scan.outcome` → `scanOutcome`. */
const camel = (name: string): string => name.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());

/** What was done, in the desk's words; a refused action is said as tried, since it did not happen. */
function whatSaid({ t }: Words, entry: JournalEntry): string {
  const { kind, details } = entry.what;
  const refused = entry.answer?.status === 'refused' ? 'yes' : 'no';
  switch (kind) {
    case 'return.created':
      return t('journal.record.returnCreated', { refused, units: count(details.units), lines: count(details.lines) });
    case 'return.changed':
      return t('journal.record.returnChanged', { refused, units: count(details.units), lines: count(details.lines) });
    case 'receiving.created':
      return t('journal.record.receivingCreated', { refused, boxes: count(details.boxes), units: count(details.units) });
    case 'return.cancelled':
    case 'receiving.cancelled':
      return t('journal.record.cancelled', { refused });
    case 'labels.printed':
      return typeof details.printer === 'string' && details.printer
        ? t('journal.record.labelsPrintedOn', { printer: details.printer })
        : t('journal.record.labelsPrinted');
    case 'receipt.linked':
      return t('journal.record.receiptLinked', { refused });
    case 'lot.excluded':
    case 'lot.restored':
      return t('journal.record.lotChanged', { refused, excluded: kind === 'lot.excluded' ? 'yes' : 'no', lot: text(details.lotNumber) });
    case 'scan.outcome':
      return t('journal.record.scanned', { code: text(details.code), view: camel(text(details.view)), result: text(details.result) });
    default:
      // Kinds no record page of these areas shows (lots, scans) still read as something, never as a blank line.
      return t('journal.record.other', { kind: camel(kind) });
  }
}

/** What the service answered: confirmed, refused with its reasons (each its own sentence), or nothing asked of it. */
function answerSaid({ t, said }: Words, entry: JournalEntry): string | null {
  const answer = entry.answer;
  // A scan asks nothing of the service: what the clerk was told of it is said instead.
  if (entry.what.kind === 'scan.outcome') return text(entry.what.details.reason) || null;
  if (!answer) return t('journal.record.answer.none');
  if (answer.status === 'refused') return t('journal.record.answer.refused', { reasons: (answer.said ?? []).map(said).join(' ') });
  if (answer.status === 'none') return t('journal.record.answer.none');
  return entry.what.details.foundOnService === true ? t('journal.record.answer.found') : t('journal.record.answer.done');
}
