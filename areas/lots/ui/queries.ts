import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAccountKey, type AccountKey } from '../../../renderer/src/app/accountKey';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { itemQuantitiesChanged } from '../../inventory/ui';

export type LotAction = 'exclude' | 'delete' | 'restore';
export interface LotRef {
  inventoryId: number;
  lotNumber: string;
  lotDate?: string | null;
}

export const lotsQueries = {
  /** An item's exclusions from main's account mirror (read from the service when it holds none); Refresh reads the service. */
  exclusions: (account: AccountKey, inventoryId: number) =>
    queryOptions({
      queryKey: [...account, 'lot-exclusions', inventoryId] as const,
      queryFn: ({ signal }) => call('lotExclusion.list', { inventoryId }, signal),
    }),
  /** Every exclusion in force, from main's account mirror (no request). */
  inForceAll: (account: AccountKey) =>
    queryOptions({
      queryKey: [...account, 'lot-exclusions', 'in-force'] as const,
      queryFn: ({ signal }) => call('lotExclusion.inForce', {}, signal),
    }),
  /** The items that can have lot exclusions (lot-tracked), from the inventory cache. */
  candidates: (account: AccountKey) =>
    queryOptions({
      queryKey: [...account, 'inventory', 'lot-candidates'] as const,
      queryFn: ({ signal }) => call('lotExclusion.candidates', {}, signal),
      staleTime: 5 * 60_000,
    }),
  /** Items by name or SKU for the lot search (the inventory cache's search, the first 50). */
  find: (account: AccountKey, text: string) =>
    queryOptions({
      queryKey: [...account, 'inventory', 'search', 'lots', text] as const,
      queryFn: ({ signal }) => call('inventory.search', { q: text, offset: 0, limit: 50 }, signal),
    }),
};

export function useLotExclusions(inventoryId: number) {
  const account = useAccountKey();
  const client = useQueryClient();
  const query = useQuery(lotsQueries.exclusions(account, inventoryId));
  /** The service's word now (one request); main's mirror keeps it. */
  const refresh = () =>
    client.fetchQuery({
      ...lotsQueries.exclusions(account, inventoryId),
      queryFn: ({ signal }) => call('lotExclusion.list', { inventoryId, fresh: true }, signal),
      staleTime: 0,
    });
  return { query, refresh };
}

const channel = { exclude: 'lotExclusion.exclude', delete: 'lotExclusion.delete', restore: 'lotExclusion.restore' } as const;

/**
 * One change to one lot's exclusion: one request. Main's mirror takes the service's answer, so the
 * lists redraw from it; the item's quantities on screen are read again (at most the item's one live read).
 */
export function useLotAction() {
  const account = useAccountKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, lot }: { action: LotAction; lot: LotRef }) => call(channel[action], lot),
    // An exclusion changes what the service counts as fulfillable in the lot: the item's figures on
    // screen are read again; the whole cache is not (its next refresh brings the rest).
    onSettled: (_data, _error, { lot }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: lotsQueries.exclusions(account, lot.inventoryId).queryKey }),
        client.invalidateQueries({ queryKey: lotsQueries.inForceAll(account).queryKey }),
        itemQuantitiesChanged(client, account, lot.inventoryId),
      ]),
  });
}
