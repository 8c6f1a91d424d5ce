import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { AppError } from '../../../shared/errors';
import type { Connectivity, SessionState } from '../../../shared/schemas/session';
import { call, useDockdeskEvent } from '../bridge/dockdesk';

export const sessionKey = ['session'] as const;

/** The session as main reports it, kept current by `session.changed` events. */
export function useSession() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: sessionKey, queryFn: () => call('session.get', {}), staleTime: Infinity });
  const onChange = useCallback(
    (state: SessionState) => {
      queryClient.setQueryData(sessionKey, state);
      // Whatever was read under another identity is no longer valid.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'app' });
    },
    [queryClient],
  );
  useDockdeskEvent('session.changed', onChange);
  return query;
}

export function useSignInFailure(): [AppError | null, (e: AppError | null) => void] {
  const [failure, setFailure] = useState<AppError | null>(null);
  useDockdeskEvent('auth.failed', setFailure);
  return [failure, setFailure];
}

/** Connectivity as main knows it at start (a probe may already have found the service down), then its changes. */
export function useConnectivity(): Connectivity {
  const [state, setState] = useState<Connectivity | null>(null);
  const initial = useQuery({ queryKey: ['app', 'connectivity'], queryFn: () => call('connectivity.get', {}), staleTime: Infinity });
  useDockdeskEvent('connectivity.changed', setState);
  return state ?? initial.data ?? 'online';
}

export function useAppInfo() {
  return useQuery({ queryKey: ['app', 'info'], queryFn: () => call('app.info', {}), staleTime: Infinity });
}
