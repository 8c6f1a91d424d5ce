import { AppErrorException, said, type Said } from '../../../shared/errors.js';
import type { JournalAnswer, JournalDesk, JournalEntry, JournalInput, JournalRecordKind } from '../common/entry.js';
import type { Journal } from './journal.js';
import type { SharedJournal } from './shared-journal.js';

/**
 * What other areas use of the journal (the `journal` area service): record what the desk did and
 * what the service answered. Recording never fails the work it records: the return was sent, the
 * order created, whether or not the desk's disk took the line; a failure is logged, and the caller
 * gets null.
 */
export interface JournalService {
  record(input: JournalInput): Promise<JournalEntry | null>;
  /** The entries from `from` (inclusive) to `to` (exclusive), oldest first; none when the journal could not be opened. */
  range(from: Date, to: Date): JournalEntry[];
  /** A record's entries (by its id or its reference), newest first, in every environment: the caller keeps its own. */
  forRecord(kind: JournalRecordKind, id: string): JournalEntry[];
  /**
   * A record's entries at the desks (by its id or its reference), newest first: this desk's in the
   * active environment, with the other desks' of the same service and account while the store they
   * share answers (each checked against its hash); this desk's alone while it does not.
   */
  atDesks(kind: JournalRecordKind, id: string): Promise<JournalEntry[]>;
  /** Whether the journal was whole when read at start (and could be opened at all). */
  whole(): boolean;
  /** This desk, as each entry names it. */
  desk(): JournalDesk;
}

/** `journal` answers null when the journal could not be opened this run: what is asked is logged, not recorded. */
export function journalService(
  journal: () => Journal | null,
  log: (line: string) => void,
  desk: () => JournalDesk,
  shared: { environmentId: () => string; journal: SharedJournal | null },
): JournalService {
  return {
    range: (from, to) => journal()?.range(from, to) ?? [],
    forRecord: (kind, id) => journal()?.forRecord(kind, id) ?? [],
    atDesks: async (kind, id) => {
      // Records' ids are the service's: return 12 of another environment is another return.
      const local = (journal()?.forRecord(kind, id) ?? []).filter((e) => e.environment === shared.environmentId());
      return shared.journal ? shared.journal.withOtherDesks(kind, id, local) : local;
    },
    whole: () => journal()?.state().ok ?? false,
    desk,
    record: async (input) => {
      try {
        const open = journal();
        if (!open) throw new Error('the journal could not be opened');
        const entry = await open.record(input);
        // On disk first: the store gets its copy after, in the background.
        shared.journal?.publish();
        return entry;
      } catch (error) {
        log(`journal: ${input.what.kind} was not recorded: ${(error as Error).message}`);
        return null;
      }
    },
  };
}

/** The service did it: the record's id on the service. */
export function answerDone(id: string | number | null): JournalAnswer {
  return { status: 'done', id: id === null ? null : String(id), said: null };
}

/**
 * The service refused: its refusal in the desk's words (the error's own sentence, or "The service
 * refused the input."), then the service's own words as they came, each a sentence of its own.
 */
export function answerRefused(error: unknown): JournalAnswer {
  const e = error instanceof AppErrorException ? error.appError : null;
  const sentences: Said[] = [e?.said ?? said('errors.api.validation')];
  if (e?.serviceMessage) sentences.push(said('errors.serviceSaid', { message: e.serviceMessage }));
  return { status: 'refused', id: null, said: sentences };
}

/** Whether an error is the service saying no (not its silence, where the outcome is unknown and nothing is recorded). */
export function isRefusal(error: unknown): boolean {
  return error instanceof AppErrorException && ['validation', 'conflict', 'forbidden', 'not_found'].includes(error.appError.code);
}
