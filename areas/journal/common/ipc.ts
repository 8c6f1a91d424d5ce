import { z } from 'zod';
import { NoInput } from '../../../shared/ipc/define.js';
import { DateTime } from '../../../shared/schemas/common.js';
import { JournalDesk, JournalEntry, JournalRecordKind, JournalRecordRef, JournalState, ScanOutcome } from './entry.js';

/**
 * The desk's journal, read side: whether it is whole, one record's history, and the entries of a
 * stretch of time (a shift). Entries are written by the areas that act (their core); the one thing
 * the page tells is what it made of a scan, since only the page decides that (`journal.scans`).
 */

export const JournalForRecordInput = z.object({ kind: JournalRecordKind, id: z.string().min(1).max(200) }).strict();
export const JournalRangeInput = z.object({ from: DateTime, to: DateTime }).strict();
export const JournalEntries = z.object({ entries: z.array(JournalEntry) });
/** A record's entries at the desks, and which desk is this one (the page names the others). */
export const JournalRecordEntries = JournalEntries.extend({ desk: JournalDesk });
/** A page sends its scans' outcomes a few at a time (see ui/scanJournal.ts); 100 is more than a scanner makes between two sends. */
export const JournalScansInput = z.object({ scans: z.array(ScanOutcome).min(1).max(100) }).strict();

export const journalChannels = {
  /** Whether the journal was whole when the desk started, or where it was found broken. */
  'journal.state': { input: NoInput, output: JournalState },
  /**
   * A record's entries (by its id or its reference), newest first: this desk's in its environment,
   * and the other desks' of the same service and account while the store they share answers.
   */
  'journal.forRecord': { input: JournalForRecordInput, output: JournalRecordEntries },
  /** The entries from `from` (inclusive) to `to` (exclusive), oldest first. */
  'journal.range': { input: JournalRangeInput, output: JournalEntries },
  /** Records scans' outcomes (intake, receiving), answering once they are on disk: how many were recorded. */
  'journal.scans': { input: JournalScansInput, output: z.object({ recorded: z.number().int().nonnegative() }) },
} as const;

export const journalEvents = {
  /** Said when the journal has been read at start (and whenever its state changes). */
  'journal.state': JournalState,
  /** Said after each entry is appended: the record it names (null: none), so a page showing that record's entries reads them again. */
  'journal.recorded': z.object({ record: JournalRecordRef.nullable() }),
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const journalIpc = { id: 'journal', channels: journalChannels, events: journalEvents } as const;
