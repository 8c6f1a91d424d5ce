import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { localDay } from '../../../shared/time/expiry';
import type { PageCenter, ReceivingWhen, TodayFreshness, TodayPage } from '../common/ipc';
import { accountKeyOf, useAccountKey, type AccountKey } from '../../../renderer/src/app/accountKey';
import { queryClient } from '../../../renderer/src/app/queryClient';
import { call, useDockdeskEvent } from '../../../renderer/src/bridge/dockdesk';

/**
 * Today's page, one call for its whole first paint (the stock tiles' day is the desk's, in the user's
 * zone). Kept a few seconds: the loader's answer serves the view that opens with it, without a
 * second read at once; main's "changed" events read it again whenever it changes.
 */
const PAGE_FRESH_MS = 5_000;

function todayPageQuery(account: AccountKey, fc: PageCenter, today: string) {
  return queryOptions({
    queryKey: [...account, 'today', 'page', fc, today],
    queryFn: ({ signal }) => call('today.page', { fc, today }, signal),
    staleTime: PAGE_FRESH_MS,
  });
}

/** The desk's calendar day in the user's zone, read at each render (the page turns over at midnight). */
function deskDay(): string {
  return localDay(Date.now());
}

export function useTodayPage(center: PageCenter) {
  const account = useAccountKey();
  return useQuery(todayPageQuery(account, center, deskDay()));
}

/**
 * The route's loader: asks for the page the moment the address changes to Today, alongside the
 * view's code, so both arrive together and the view's first frame already has its tiles. A failure
 * is left to the view's query, which shows it.
 */
export async function loadTodayPage(center: PageCenter): Promise<void> {
  await queryClient.ensureQueryData(todayPageQuery(accountKeyOf(queryClient), center, deskDay())).catch(() => undefined);
}

export function useTodaySettings() {
  const account = useAccountKey();
  return useQuery({ queryKey: [...account, 'today', 'settings'], queryFn: ({ signal }) => call('today.settings.get', {}, signal) });
}

export function useTodayReceiving(when: ReceivingWhen, center: number | null, enabled: boolean) {
  const account = useAccountKey();
  return useQuery({
    queryKey: [...account, 'today', 'receiving', when, center],
    queryFn: ({ signal }) => call('today.receiving', { when, fc: center }, signal),
    enabled,
  });
}

/** After the first paint: the page's own frames come before a refresh's request and its answer. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 100);
  return () => clearTimeout(timer);
}

/** Whether two freshness lines would read differently. */
function readsDifferently(a: TodayFreshness, b: TodayFreshness): boolean {
  return a.asOf !== b.asOf || a.offline !== b.offline || JSON.stringify(a.problem) !== JSON.stringify(b.problem) || a.refreshing !== b.refreshing;
}

/**
 * Asks main for a refresh, and reads the page again when main's answer says something the shown page
 * does not. Main emits "changed" only when a refresh runs; one it declines (offline, or moments after
 * the last) still answers with the state as it is now, and the page must show that: a service lost
 * while Today was closed, or a forced refresh while offline, leaves no event to read it by.
 */
export function useTodayRefresh(): (options?: { force?: boolean }) => Promise<void> {
  const client = useQueryClient();
  const account = useAccountKey();
  return useCallback(
    async (options = {}) => {
      const now = await call('today.refresh', options);
      const pages = client.getQueriesData<TodayPage>({ queryKey: [...account, 'today', 'page'] });
      if (pages.some(([, page]) => page !== undefined && readsDifferently(page.summary.freshness, now)))
        await client.invalidateQueries({ queryKey: [...account, 'today'] });
    },
    [client, account],
  );
}

/**
 * Keeps Today current while it is shown: asks main for a refresh once the view has painted and
 * whenever the window gets focus (main answers from the last refresh if it was moments ago), and
 * reads the tiles again when main says the state changed (a refresh ended, the outbox moved, the
 * service was lost or found, the inventory cache's sync started or ended).
 */
export function useTodayUpkeep(): void {
  const client = useQueryClient();
  const account = useAccountKey();
  const askRefresh = useTodayRefresh();
  const reread = useCallback(() => {
    client.invalidateQueries({ queryKey: [...account, 'today'] }).catch(() => undefined);
  }, [client, account]);
  useDockdeskEvent('today.changed', reread);
  useDockdeskEvent('outbox.changed', reread);
  // Going offline or back changes what the freshness line says, whatever the page's age.
  useDockdeskEvent('connectivity.changed', reread);
  // The stock tiles are the cache's: a sync that ends (the first one after sign-in above all) changes them.
  useDockdeskEvent('inventory.syncStatus', reread);
  useEffect(() => {
    const refresh = () => {
      // Failures show in the freshness line (main keeps them); nothing to do here.
      askRefresh().catch(() => undefined);
    };
    const cancel = whenIdle(refresh);
    window.addEventListener('focus', refresh);
    return () => {
      cancel();
      window.removeEventListener('focus', refresh);
    };
  }, [askRefresh]);
}
