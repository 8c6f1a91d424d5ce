import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { ReceivingWhen } from '../../../../shared/ipc/today';
import { useAccountKey } from '../../app/accountKey';
import { call, useDockdeskEvent } from '../../bridge/dockdesk';

export function useTodaySettings() {
  const account = useAccountKey();
  return useQuery({ queryKey: [...account, 'today', 'settings'], queryFn: ({ signal }) => call('today.settings.get', {}, signal) });
}

export function useTodaySummary(center: number | null, enabled: boolean) {
  const account = useAccountKey();
  return useQuery({ queryKey: [...account, 'today', 'summary', center], queryFn: ({ signal }) => call('today.summary', { center }, signal), enabled });
}

export function useTodayReceiving(when: ReceivingWhen, center: number | null, enabled: boolean) {
  const account = useAccountKey();
  return useQuery({
    queryKey: [...account, 'today', 'receiving', when, center],
    queryFn: ({ signal }) => call('today.receiving', { when, center }, signal),
    enabled,
  });
}

/**
 * Keeps Today current while it is shown: asks main for a refresh when the view opens and whenever
 * the window gets focus (main answers from the last refresh if it was moments ago), and reads the
 * tiles again when main says the state changed (a refresh ended, the outbox moved).
 */
export function useTodayUpkeep(): void {
  const client = useQueryClient();
  const account = useAccountKey();
  const reread = useCallback(() => {
    client.invalidateQueries({ queryKey: [...account, 'today'] }).catch(() => undefined);
  }, [client, account]);
  useDockdeskEvent('today.changed', reread);
  useDockdeskEvent('outbox.changed', reread);
  useEffect(() => {
    const refresh = () => {
      // Failures show in the freshness line (main keeps them); nothing to do here.
      call('today.refresh', {}).catch(() => undefined);
    };
    refresh();
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, []);
}
