import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAccountKey, type AccountKey } from '../../../renderer/src/app/accountKey';
import { call, useDockdeskEvent } from '../../../renderer/src/bridge/dockdesk';

/** The shifts the view offers, each a stretch of time counted back from now or a day of the desk's calendar. */
export const PERIODS = ['last8h', 'last12h', 'today', 'yesterday'] as const;
export type Period = (typeof PERIODS)[number];

const HOUR = 3_600_000;

/** A period's start and end at `now`, in the desk's own zone for a day. */
export function periodRange(period: Period, now: Date): { from: string; to: string } {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const dayAfter = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1);
  const dayBefore = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() - 1);
  switch (period) {
    case 'last8h':
      return { from: new Date(now.getTime() - 8 * HOUR).toISOString(), to: now.toISOString() };
    case 'last12h':
      return { from: new Date(now.getTime() - 12 * HOUR).toISOString(), to: now.toISOString() };
    case 'today':
      return { from: midnight.toISOString(), to: dayAfter(midnight).toISOString() };
    case 'yesterday':
      return { from: dayBefore(midnight).toISOString(), to: midnight.toISOString() };
  }
}

/**
 * The report is made from this desk's journal and outbox, on this computer, never from the service:
 * reading it again costs no request, so it is read again whenever main says it appended an entry.
 * A period counted back from now is measured when it is read, so an entry just made is in it.
 */
export const shiftQueries = {
  all: (account: AccountKey) => [...account, 'shift'] as const,
  report: (account: AccountKey, period: Period) =>
    queryOptions({
      queryKey: [...account, 'shift', 'report', period] as const,
      queryFn: ({ signal }) => call('shift.report', periodRange(period, new Date()), signal),
    }),
  note: (account: AccountKey) =>
    queryOptions({ queryKey: [...account, 'shift', 'note'] as const, queryFn: ({ signal }) => call('shift.note', {}, signal), staleTime: Infinity }),
};

export function useShiftReport(period: Period) {
  const client = useQueryClient();
  const account = useAccountKey();
  useDockdeskEvent(
    'journal.recorded',
    // Never rejects (a failed read shows on the page); nothing waits for it.
    useCallback(() => void client.invalidateQueries({ queryKey: [...shiftQueries.all(account), 'report'] }), [client, account]),
  );
  return useQuery(shiftQueries.report(account, period));
}
