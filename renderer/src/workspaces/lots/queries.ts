import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAccountKey } from '../../app/accountKey';
import { call } from '../../bridge/dockdesk';

export type LotAction = 'exclude' | 'delete' | 'restore';
export interface LotRef {
  inventoryId: number;
  lotNumber: string;
  lotDate?: string | null;
}

/** Exclusions are not cached: they are read from the service each time the view opens (and after each change). */
export function useLotExclusions(inventoryId: number) {
  const account = useAccountKey();
  return useQuery({
    queryKey: [...account, 'lot-exclusions', inventoryId],
    queryFn: ({ signal }) => call('lotExclusion.list', { inventoryId }, signal),
  });
}

const channel = { exclude: 'lotExclusion.exclude', delete: 'lotExclusion.delete', restore: 'lotExclusion.restore' } as const;

/** One change to one lot's exclusion; afterwards the list (and the item detail's exclusion marks) are read again. */
export function useLotAction() {
  const account = useAccountKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, lot }: { action: LotAction; lot: LotRef }) => call(channel[action], lot),
    // An exclusion changes what the service counts as fulfillable in the lot: the quantities are read
    // again (a refresh sync reads every level and lot; codes only where changed), and the sync's end
    // redraws every inventory view with the service's new figures.
    onSuccess: () => void call('inventory.syncStart', { mode: 'refresh' }).catch(() => undefined),
    onSettled: (_data, _error, { lot }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: [...account, 'lot-exclusions', lot.inventoryId] }),
        client.invalidateQueries({ queryKey: [...account, 'inventory'] }),
      ]),
  });
}
