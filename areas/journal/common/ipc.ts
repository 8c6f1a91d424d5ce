import { z } from 'zod';
import { NoInput } from '../../../shared/ipc/define.js';
import { DateTime } from '../../../shared/schemas/common.js';
import { JournalEntry, JournalRecordKind, JournalRecordRef, JournalState } from './entry.js';

/**
 * The desk's journal, read side: whether it is whole, one record's history, and the entries of a
 * stretch of time (a shift). Entries are written by the areas that act (their core), never from the page.
 */

export const JournalForRecordInput = z.object({ kind: JournalRecordKind, id: z.string().min(1).max(200) }).strict();
export const JournalRangeInput = z.object({ from: DateTime, to: DateTime }).strict();
export const JournalEntries = z.object({ entries: z.array(JournalEntry) });

export const journalChannels = {
  /** Whether the journal was whole when the desk started, or where it was found broken. */
  'journal.state': { input: NoInput, output: JournalState },
  /** A record's entries in the desk's environment (by its id or its reference), newest first. */
  'journal.forRecord': { input: JournalForRecordInput, output: JournalEntries },
  /** The entries from `from` (inclusive) to `to` (exclusive), oldest first. */
  'journal.range': { input: JournalRangeInput, output: JournalEntries },
} as const;

export const journalEvents = {
  /** Said when the journal has been read at start (and whenever its state changes). */
  'journal.state': JournalState,
  /** Said after each entry is appended: the record it names (null: none), so a page showing that record's entries reads them again. */
  'journal.recorded': z.object({ record: JournalRecordRef.nullable() }),
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const journalIpc = { id: 'journal', channels: journalChannels, events: journalEvents } as const;
