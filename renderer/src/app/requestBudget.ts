import { useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { RequestBudgetView } from '../../../shared/ipc/app';
import { call, useDockdeskEvent } from '../bridge/dockdesk';

const budgetKey = ['app', 'requestBudget'] as const;

/** The request budget main keeps for the signed-in account (the service's per-minute limit), kept current by its event. */
export function useRequestBudget(): RequestBudgetView | undefined {
  return useRequestBudgetAt().budget;
}

/** The request budget and when this renderer received it (ms since the epoch): a countdown starts from then. */
export function useRequestBudgetAt(): { budget: RequestBudgetView | undefined; at: number } {
  const client = useQueryClient();
  const query = useQuery({ queryKey: budgetKey, queryFn: () => call('app.requestBudget', {}), staleTime: Infinity });
  const onChange = useCallback((state: RequestBudgetView) => client.setQueryData(budgetKey, state), [client]);
  useDockdeskEvent('app.requestBudget', onChange);
  return { budget: query.data, at: query.dataUpdatedAt };
}

/** Under this share of the window left, refreshes slow down: the clerk's own calls come first. */
const LOW_SHARE = 0.3;
const SLOWER = 4;

/**
 * How often a view on screen refreshes itself: `baseMs` (chosen so that an idle desk with a record
 * open spends at most 5 requests a minute), four times slower when the service reports little left
 * in the account's window. TanStack Query already pauses it while the window is hidden.
 */
export function useRefreshInterval(baseMs: number): number {
  const budget = useRequestBudget();
  const low = budget?.serviceRemaining != null && budget.serviceRemaining < budget.perMinute * LOW_SHARE;
  return low ? baseMs * SLOWER : baseMs;
}

/** Whether a query's fetch refreshes data already shown (then it goes after a clerk's calls). */
export function isRefresh(client: QueryClient, queryKey: QueryKey): boolean {
  return (client.getQueryState(queryKey)?.dataUpdatedAt ?? 0) > 0;
}
