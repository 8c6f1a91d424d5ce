import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SharedStoreView } from '../common/ipc';
import type { ChannelInput } from '../../../shared/ipc/contract';
import { call, useDockdeskEvent } from '../../../renderer/src/bridge/dockdesk';

/**
 * Where this desk stands with the store it shares. The link is the desk's, not an account's (it is
 * kept on this computer whoever signs in), so its key does not start with the account.
 */
export const sharedStoreQuery = queryOptions({
  queryKey: ['desks', 'store'] as const,
  queryFn: ({ signal }) => call('desks.store.get', {}, signal),
});

/** The store's view, kept current by main's `desks.store.changed` (a store that stops answering, or answers again). */
export function useSharedStore() {
  const queryClient = useQueryClient();
  useDockdeskEvent(
    'desks.store.changed',
    useCallback((view: SharedStoreView) => queryClient.setQueryData(sharedStoreQuery.queryKey, view), [queryClient]),
  );
  return useQuery(sharedStoreQuery);
}

export type StoreChange = ChannelInput<'desks.store.save'>;

/** Connects to a store (or stops sharing, with `connection: null`); the answer is the new view. */
export function useSaveSharedStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StoreChange) => call('desks.store.save', change),
    onSuccess: (view) => queryClient.setQueryData(sharedStoreQuery.queryKey, view),
  });
}
