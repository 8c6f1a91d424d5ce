import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAccountKey } from '../../app/accountKey';
import { inForceRows } from './inForce';
import { lotsQueries } from './queries';

/** How many items' exclusions are asked for at once (each is one request to the service). */
const AT_ONCE = 6;

/**
 * Every lot exclusion in force. The service lists exclusions only per item, so this asks once per item
 * that can have one (lot-tracked, from the inventory cache), a few at a time and behind the clerk's own
 * calls; each answer is kept five minutes under the same key as the item's lots page, so a change made
 * on either reads that one item again, not the whole list.
 */
export function useExclusionsInForce() {
  const account = useAccountKey();
  const candidates = useQuery(lotsQueries.candidates(account));
  const items = useMemo(() => candidates.data?.items ?? [], [candidates.data]);
  const client = useQueryClient();
  // A few at a time: the next items are asked for as answers arrive (every answer re-renders this).
  const answered = items.filter((item) => {
    const status = client.getQueryState(lotsQueries.inForce(account, item.inventoryId).queryKey)?.status;
    return status === 'success' || status === 'error';
  }).length;
  const results = useQueries({
    queries: items.map((item, i) => ({ ...lotsQueries.inForce(account, item.inventoryId), enabled: i < answered + AT_ONCE })),
  });
  const settled = results.filter((r) => r.status !== 'pending').length;
  const failed = results.filter((r) => r.status === 'error');
  const rows = useMemo(() => inForceRows(results.map((r) => r.data)), [results]);
  return {
    candidates,
    rows,
    checked: settled,
    total: items.length,
    failed: failed.length,
    firstError: failed[0]?.error ?? null,
    retry: () => Promise.all(failed.map((r) => r.refetch())),
  };
}
