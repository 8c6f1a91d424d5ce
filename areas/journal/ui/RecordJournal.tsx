import { useId } from 'react';
import type { JournalEntry, JournalRecordKind } from '../common/entry';
import { formatCenterTime } from '../../../renderer/src/format';
import { useT } from '../../../renderer/src/i18n/useT';
import { answerSaid, whatSaid, type EntryWords } from '../common/say';
import { useJournalState, useRecordJournal } from './queries';
import './journal.css';

/**
 * "Done at this desk": what this desk did to a record (from its journal, on this computer) and what
 * the service answered, beside the service's own status history; with the other desks' entries when
 * the desks share a store ("Done at the desks", each such entry naming its desk). Its heading is
 * announced with the page and never takes focus: the page puts focus on its own action.
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
  const here = entries.data?.deskId ?? null;
  const list = entries.data?.entries ?? [];
  const otherDesks = here !== null && list.some((e) => e.desk.id !== here);
  return (
    <section className="record-journal" aria-labelledby={headingId} data-testid="record-journal">
      <h2 id={headingId}>{t(otherDesks ? 'journal.record.titleDesks' : 'journal.record.title')}</h2>
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
      ) : list.length === 0 ? (
        <p className="state">{t('journal.record.none')}</p>
      ) : (
        <ol className="timeline" aria-labelledby={headingId}>
          {list.map((entry) => (
            <EntryLine key={`${entry.desk.id}\n${entry.seq}`} entry={entry} when={when} otherDesk={here !== null && entry.desk.id !== here} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** A time with no center of its own: in the desk's zone, named. */
const deskTime = (at: string): string => formatCenterTime(at, null);

function EntryLine({ entry, when, otherDesk }: { entry: JournalEntry; when: (at: string) => string; otherDesk: boolean }) {
  const words = useT();
  // The page's typed `t` said through the common words' looser signature: say.ts names only messages whose arguments it gives.
  const said: EntryWords = { t: words.t as unknown as EntryWords['t'], said: words.said };
  const answer = answerSaid(said, entry);
  return (
    <li>
      <strong>{whatSaid(said, entry)}</strong>{' '}
      {entry.clerk && <span className="journal-clerk">{words.t('journal.record.byClerk', { name: entry.clerk.name })}</span>}{' '}
      {otherDesk && <span className="journal-desk">{words.t('journal.record.atDesk', { desk: entry.desk.name })}</span>}{' '}
      <span className="muted">{when(entry.at)}</span>
      {answer && <div className={entry.answer?.status === 'refused' ? 'journal-answer refused' : 'journal-answer'}>{answer}</div>}
    </li>
  );
}
