import { queryOptions } from '@tanstack/react-query';
import type { AccountKey } from '../../app/accountKey';
import { call } from '../../bridge/dockdesk';

/** History's queries; the event runs themselves are paged by useHistoryRun, not cached. */
export const historyQueries = {
  /** The account's centers for the center picker (the same list, under the same key, as receiving's). */
  centers: (account: AccountKey) =>
    queryOptions({
      queryKey: [...account, 'fulfillment-centers'] as const,
      queryFn: ({ signal }) => call('receiving.fulfillmentCenters', {}, signal),
      staleTime: 10 * 60_000,
    }),
};
