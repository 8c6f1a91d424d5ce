import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAccountKey } from '../../../renderer/src/app/accountKey';
import { inForceRows } from './inForce';
import { lotsQueries } from './queries';

/** While the desk's first pass reads the items' exclusions, the list looks again this often (no request: main's copy). */
const FILLING_POLL_MS = 2_000;

/**
 * Every lot exclusion in force, from the desk's account mirror in main (one call, no request to the
 * service): the service lists exclusions per item only, so main keeps every lot-tracked item's and
 * walks them in the background. While its first pass is under way the list looks again every 2 s.
 */
export function useExclusionsInForce() {
  const query = useQuery({
    ...lotsQueries.inForceAll(useAccountKey()),
    refetchInterval: (q) => (q.state.data && q.state.data.itemsRead < q.state.data.items ? FILLING_POLL_MS : false),
  });
  const rows = useMemo(() => inForceRows(query.data?.rows ?? []), [query.data]);
  return {
    query,
    rows,
    checked: query.data?.itemsRead ?? 0,
    total: query.data?.items ?? 0,
    asOf: query.data?.asOf ?? null,
    offlineSince: query.data?.offlineSince ?? null,
  };
}
