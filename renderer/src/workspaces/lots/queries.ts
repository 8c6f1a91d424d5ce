import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAccountKey, type AccountKey } from '../../app/accountKey';
import { call } from '../../bridge/dockdesk';
import { itemQuantitiesChanged } from '../inventory';

export type LotAction = 'exclude' | 'delete' | 'restore';
export interface LotRef {
  inventoryId: number;
  lotNumber: string;
  lotDate?: string | null;
}

export const lotsQueries = {
  /** Exclusions are not cached: they are read from the service each time the view opens (and after each change). */
  exclusions: (account: AccountKey, inventoryId: number) =>
    queryOptions({
      queryKey: [...account, 'lot-exclusions', inventoryId] as const,
      queryFn: ({ signal }) => call('lotExclusion.list', { inventoryId }, signal),
    }),
  /**
   * The same answer for the list of every exclusion in force: a refresh of what is on screen (main lets
   * the clerk's own calls go first) and kept for five minutes, since the service lists exclusions
   * only item by item; a change through this desk reads its one item again.
   */
  inForce: (account: AccountKey, inventoryId: number) =>
    queryOptions({
      queryKey: [...account, 'lot-exclusions', inventoryId] as const,
      queryFn: ({ signal }) => call('lotExclusion.list', { inventoryId }, signal, { refresh: true }),
      staleTime: 5 * 60_000,
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
      queryFn: ({ signal }) => call('inventory.search', { text, offset: 0, limit: 50 }, signal),
    }),
};

export function useLotExclusions(inventoryId: number) {
  return useQuery(lotsQueries.exclusions(useAccountKey(), inventoryId));
}

const channel = { exclude: 'lotExclusion.exclude', delete: 'lotExclusion.delete', restore: 'lotExclusion.restore' } as const;

/** One change to one lot's exclusion; afterwards the list and the item's quantities and exclusion marks are read again. */
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
        client.invalidateQueries({ queryKey: lotsQueries.exclusions(account, lot.inventoryId).queryKey }),
        itemQuantitiesChanged(client, account, lot.inventoryId),
      ]),
  });
}
