import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../bridge/dockdesk';
import { useAccountKey, type AccountKey } from './accountKey';

/**
 * The account's fulfillment centers, for every view's center field and filter and the zone an
 * order's times are read in: one query for all of them, answered by main from what the desk holds.
 * Under the inventory key, so a finished sync (which reads the centers again) refreshes it.
 */
export const centersQuery = (account: AccountKey) =>
  queryOptions({
    queryKey: [...account, 'inventory', 'centers'] as const,
    queryFn: ({ signal }) => call('inventory.centers', {}, signal),
    select: (answer) => answer.items,
    staleTime: 10 * 60_000,
  });

export function useCenters(enabled = true) {
  return useQuery({ ...centersQuery(useAccountKey()), enabled });
}
