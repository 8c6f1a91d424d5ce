import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SyncStatus } from '../../../../shared/ipc/inventory';
import { useAccountKey } from '../../app/accountKey';
import { call, useDockdeskEvent } from '../../bridge/dockdesk';
import { laterStatus } from './model';
import { INVENTORY_PAGE_SIZE } from './search';

/**
 * The inventory desk's queries. Every answer comes from main's offline cache (microseconds there),
 * so nothing is kept long: a finished sync invalidates them all and the view reads the new cache.
 */
export function useInventorySearch(text: string, page: number) {
  const account = useAccountKey();
  const offset = (page - 1) * INVENTORY_PAGE_SIZE;
  return useQuery({
    queryKey: [...account, 'inventory', 'search', text, offset],
    queryFn: ({ signal }) => call('inventory.search', { text, offset, limit: INVENTORY_PAGE_SIZE }, signal),
    enabled: text.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Exact lookup of what was typed (SKU, barcode, GTIN in any form, GS1): run beside the search, it costs as little. */
export function useInventoryLookup(code: string) {
  const account = useAccountKey();
  const trimmed = code.trim();
  return useQuery({
    queryKey: [...account, 'inventory', 'lookup', trimmed],
    queryFn: ({ signal }) => call('inventory.lookup', { code: trimmed }, signal),
    enabled: trimmed.length > 0 && trimmed.length <= 500,
    placeholderData: keepPreviousData,
  });
}

export function useInventoryItem(inventoryId: number) {
  const account = useAccountKey();
  return useQuery({
    queryKey: [...account, 'inventory', 'item', inventoryId],
    queryFn: ({ signal }) => call('inventory.item', { inventoryId }, signal),
  });
}

export const syncStatusKey = (account: readonly unknown[]) => [...account, 'inventory', 'syncStatus'] as const;

/**
 * The sync's state as main reports it: read once, then kept current by `inventory.syncStatus`
 * events. When a sync ends, every inventory answer on screen is read again from the new cache.
 */
export function useSyncStatus(enabled: boolean) {
  const account = useAccountKey();
  const client = useQueryClient();
  const key = syncStatusKey(account);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const read = await call('inventory.syncStatus', {}, signal);
      // The answer may be older than an event that came while it travelled: keep the later (what is held now, after the wait).
      return laterStatus(client.getQueryData<SyncStatus>(key), read);
    },
    enabled,
    staleTime: Infinity,
  });
  const environment = account[1];
  const onStatus = useCallback(
    (status: SyncStatus) => {
      const held = syncStatusKey(['account', environment]);
      const before = client.getQueryData<SyncStatus>(held);
      client.setQueryData(held, laterStatus(before, status));
      if (status.state === 'idle' && before?.state !== 'idle') {
        void client.invalidateQueries({ predicate: (q) => q.queryKey[2] === 'inventory' && q.queryKey[3] !== 'syncStatus' }); // never rejects: a failed refetch shows in the query's own error state
      }
    },
    [client, environment],
  );
  useDockdeskEvent('inventory.syncStatus', onStatus);
  return query;
}

export function startSync() {
  return call('inventory.syncStart', { mode: 'full' });
}

export function cancelSync() {
  return call('inventory.syncCancel', {});
}
