import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { SyncStatus } from '../common/ipc';
import { useAccountKey, type AccountKey } from '../../../renderer/src/app/accountKey';
import { call, useDockdeskEvent } from '../../../renderer/src/bridge/dockdesk';
import { laterStatus } from './model';
import { INVENTORY_PAGE_SIZE } from './search';

/**
 * The inventory desk's queries. Every answer comes from main's offline cache, which changes only when
 * a sync ends: the answers stay fresh until then (useSyncStatus invalidates them all when it does), so
 * a code looked up once (a scan's answer) is never asked for again by the view that shows it.
 */
export const inventoryQueries = {
  all: (account: AccountKey) => [...account, 'inventory'] as const,
  search: (account: AccountKey, text: string, offset: number) =>
    queryOptions({
      queryKey: [...account, 'inventory', 'search', text, offset] as const,
      queryFn: ({ signal }) => call('inventory.search', { q: text, offset, limit: INVENTORY_PAGE_SIZE }, signal),
      staleTime: Infinity,
    }),
  /** Exact lookup of a code (SKU, barcode, GTIN in any form, GS1 with its separators), trimmed. */
  lookup: (account: AccountKey, code: string) =>
    queryOptions({
      queryKey: [...account, 'inventory', 'lookup', code.trim()] as const,
      queryFn: ({ signal }) => call('inventory.lookup', { code: code.trim() }, signal),
      staleTime: Infinity,
    }),
  /** The item as the cache has it, with the exclusions main last read: no request. */
  item: (account: AccountKey, inventoryId: number) =>
    queryOptions({
      queryKey: [...account, 'inventory', 'item', inventoryId] as const,
      queryFn: ({ signal }) => call('inventory.item', { inventoryId }, signal),
      staleTime: Infinity,
    }),
  /** What can have moved since the sync (quantities, lots' exclusions), read from the service behind the clerk's calls. */
  itemLive: (account: AccountKey, inventoryId: number) =>
    queryOptions({
      queryKey: [...account, 'inventory', 'item', inventoryId, 'live'] as const,
      queryFn: ({ signal }) => call('inventory.item', { inventoryId, live: true }, signal),
      staleTime: LIVE_FRESH_MS,
    }),
  /** Names and SKUs of the items a view knows only by id (box contents, return lines). */
  names: (account: AccountKey, ids: readonly number[]) =>
    queryOptions({
      queryKey: [...account, 'inventory', 'names', ids] as const,
      queryFn: ({ signal }) => call('inventory.names', { inventoryIds: ids.slice(0, 1000) }, signal),
      staleTime: 60_000,
    }),
  syncStatus: (account: AccountKey) => [...account, 'inventory', 'syncStatus'] as const,
};

/** A code main will look up: not empty and not longer than a scan can be. */
export const isLookupCode = (code: string) => code.trim().length > 0 && code.trim().length <= 500;

export function useInventorySearch(text: string, page: number) {
  const account = useAccountKey();
  return useQuery({
    ...inventoryQueries.search(account, text, (page - 1) * INVENTORY_PAGE_SIZE),
    enabled: text.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Exact lookup of what was typed or scanned: run beside the search, it costs as little. */
export function useInventoryLookup(code: string) {
  const account = useAccountKey();
  return useQuery({ ...inventoryQueries.lookup(account, code), enabled: isLookupCode(code), placeholderData: keepPreviousData });
}

/** Items whose figures this desk changed since the cache's sync: their page waits for the service's. */
const changedHere = new Set<number>();

/** How long a clerk stays on an item before its live read goes out: a clerk who moves on sooner costs no request. */
export const LIVE_READ_AFTER_MS = 1_000;
/** A live read this recent is shown again without a new one (coming back to an item just seen). */
const LIVE_FRESH_MS = 30_000;

/** The item as the offline cache has it (no request). */
export function useInventoryItem(inventoryId: number) {
  return useQuery(inventoryQueries.item(useAccountKey(), inventoryId));
}

/** The item with its figures read from the service now (a request or three, behind the clerk's calls). */
export function useLiveInventoryItem(inventoryId: number) {
  return useQuery(inventoryQueries.itemLive(useAccountKey(), inventoryId));
}

/**
 * The item for its page: the cache's answer at once, then, once the clerk has stayed on it for
 * LIVE_READ_AFTER_MS, the service's current figures over it. `detail` is the newest of the two.
 */
export function useItemWithLive(inventoryId: number) {
  const account = useAccountKey();
  const cached = useQuery(inventoryQueries.item(account, inventoryId));
  // Changed from this desk since the sync (a lot excluded): the cache's figures are known to be old.
  const mustBeLive = changedHere.has(inventoryId);
  const [stayed, setStayed] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setStayed(inventoryId), LIVE_READ_AFTER_MS);
    return () => clearTimeout(timer);
  }, [inventoryId]);
  const live = useQuery({ ...inventoryQueries.itemLive(account, inventoryId), enabled: cached.isSuccess && (mustBeLive || stayed === inventoryId) });
  if (live.data?.readAt) changedHere.delete(inventoryId);
  return { cached, live, detail: live.data ?? (mustBeLive ? undefined : cached.data) };
}

/**
 * The service changed what this item can ship (a lot excluded, its exclusion deleted or restored):
 * every inventory answer is read again, and the item's page, if not on screen, forgets its answer
 * so that opening it again reads first instead of drawing the figures from before the change.
 */
export async function itemQuantitiesChanged(client: QueryClient, account: AccountKey, inventoryId: number): Promise<void> {
  changedHere.add(inventoryId);
  client.removeQueries({ queryKey: inventoryQueries.item(account, inventoryId).queryKey, type: 'inactive' });
  await client.invalidateQueries({ queryKey: inventoryQueries.all(account) });
}

export const syncStatusKey = inventoryQueries.syncStatus;

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
