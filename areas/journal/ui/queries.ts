import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { JournalEntry, JournalRecordKind, JournalRecordRef, JournalState } from '../common/entry';
import { newestFirst } from '../common/order';
import { useAccountKey, type AccountKey } from '../../../renderer/src/app/accountKey';
import { call, useDockdeskEvent } from '../../../renderer/src/bridge/dockdesk';

/**
 * The desk's journal as a record's page reads it. It is read from this computer's disk, never from
 * the service, so reading it again costs no request: main says when an entry is appended
 * (`journal.recorded`) and when the journal's state changes (`journal.state`), and the page follows.
 * Other desks' entries (through the store the desks share) are read with it, when it is read.
 */
export const journalQueries = {
  /** Every record's entries of one kind in the account's environment: what an entry appended makes stale. */
  kind: (account: AccountKey, kind: JournalRecordKind) => [...account, 'journal', 'record', kind] as const,
  /** `id`: one record, or several of a kind a page shows together (an item's lots). */
  record: (account: AccountKey, kind: JournalRecordKind, id: string | readonly string[], reference: string | null) =>
    queryOptions({
      queryKey: [...account, 'journal', 'record', kind, id, reference] as const,
      queryFn: async ({ signal }) => {
        const names = [...new Set([...(typeof id === 'string' ? [id] : id), ...(reference ? [reference] : [])])];
        const answers = await Promise.all(names.map((name) => call('journal.forRecord', { kind, id: name }, signal)));
        return {
          entries: entriesOf(
            answers.flatMap((a) => a.entries),
            names,
          ),
          /** This desk's id: an entry of another names its desk. */
          deskId: answers[0]?.desk.id ?? null,
        };
      },
    }),
};

/** Whether the journal is whole: the desk's, not an account's (one file per desk, whoever signs in). */
export const journalStateQuery = queryOptions({ queryKey: ['journal', 'state'] as const, queryFn: ({ signal }) => call('journal.state', {}, signal) });

/**
 * One record's entries, newest first. Asked by its id and by its reference: an entry written before
 * the service named the record (a create it refused) carries the reference only. An entry that names
 * another record under the same reference (another order with the same purchase order number) is not
 * this one's.
 */
export function entriesOf(entries: readonly JournalEntry[], names: readonly string[]): JournalEntry[] {
  return newestFirst(entries.filter((e) => e.what.record !== null && names.includes(e.what.record.id)));
}

/** The journal's state, kept current by main's event. */
export function useJournalState() {
  const client = useQueryClient();
  useDockdeskEvent(
    'journal.state',
    useCallback((state: JournalState) => client.setQueryData(journalStateQuery.queryKey, state), [client]),
  );
  return useQuery(journalStateQuery);
}

/** A record's entries, read again when main appends one about a record of its kind. */
export function useRecordJournal(kind: JournalRecordKind, id: string | readonly string[], reference: string | null) {
  const client = useQueryClient();
  const account = useAccountKey();
  useDockdeskEvent(
    'journal.recorded',
    useCallback(
      ({ record }: { record: JournalRecordRef | null }) => {
        // Never rejects (a failed read shows on the page); nothing waits for it.
        if (record?.kind === kind) void client.invalidateQueries({ queryKey: journalQueries.kind(account, kind) });
      },
      [client, account, kind],
    ),
  );
  return useQuery(journalQueries.record(account, kind, id, reference));
}
