import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionState } from '../../../shared/schemas/session';
import { sessionKey } from '../session/useSession';

/**
 * Every query of account data starts with ['account', <environment id>]: switching environments can
 * never show one environment's rows under another's name, and sign-out drops them all at once.
 */
export type AccountKey = readonly ['account', string];

export function useAccountKey(): AccountKey {
  return accountKeyOf(useQueryClient());
}

/** The same outside a component (a route's loader). */
export function accountKeyOf(client: QueryClient): AccountKey {
  const session = client.getQueryData<SessionState>(sessionKey);
  return ['account', session?.environment.id ?? 'none'] as const;
}
