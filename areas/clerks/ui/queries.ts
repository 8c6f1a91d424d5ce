import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ClerksView } from '../common/ipc';
import type { ChannelInput } from '../../../shared/ipc/contract';
import { call, useDockdeskEvent } from '../../../renderer/src/bridge/dockdesk';

/** This desk's clerks and whose turn it is: the desk's, whoever is signed in to the service. */
export const clerksQuery = queryOptions({
  queryKey: ['clerks'] as const,
  queryFn: ({ signal }) => call('clerks.get', {}, signal),
});

/** The clerks, kept current by main's `clerks.changed` (a turn taken by a scan, an idle hand-back). */
export function useClerks() {
  const queryClient = useQueryClient();
  useDockdeskEvent(
    'clerks.changed',
    useCallback((view: ClerksView) => queryClient.setQueryData(clerksQuery.queryKey, view), [queryClient]),
  );
  return useQuery(clerksQuery);
}

type Change =
  | { channel: 'clerks.add'; input: ChannelInput<'clerks.add'> }
  | { channel: 'clerks.rename'; input: ChannelInput<'clerks.rename'> }
  | { channel: 'clerks.pin.set'; input: ChannelInput<'clerks.pin.set'> }
  | { channel: 'clerks.remove'; input: ChannelInput<'clerks.remove'> }
  | { channel: 'clerks.idle.set'; input: ChannelInput<'clerks.idle.set'> };

/** A change to the clerks from Settings; the answer is the new list. */
export function useChangeClerks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change): Promise<ClerksView> => (call as (c: string, i: unknown) => Promise<ClerksView>)(change.channel, change.input),
    onSuccess: (view) => queryClient.setQueryData(clerksQuery.queryKey, view),
  });
}
