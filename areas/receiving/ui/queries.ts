import { useEffect, useState } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReceivingOrder } from '../../../shared/schemas/receiving';
import { useAccountKey, type AccountKey } from '../../../renderer/src/app/accountKey';
import { isRefresh, useRefreshInterval } from '../../../renderer/src/app/requestBudget';
import { call } from '../../../renderer/src/bridge/dockdesk';
import type { ReceivingSearch } from './search';
import type { ChannelInput } from '../../../shared/ipc/contract';

export const RECEIVING_PAGE_SIZE = 100;
/**
 * The list and an open order refresh themselves this often while the window is visible: an open
 * order is three requests (order, boxes, distributions), the list one, so an idle desk with both on
 * screen spends 4 requests a minute of the account's 150 (slower when the service reports little left).
 */
export const REFRESH_MS = 60_000;

/** Receiving's queries: every key starts with the account, so one account's orders never show under another. */
export const receivingQueries = {
  all: (account: AccountKey) => [...account, 'receiving'] as const,
  list: (account: AccountKey, input: ChannelInput<'receiving.list'>) =>
    queryOptions({
      queryKey: [...account, 'receiving', 'list', input] as const,
      queryFn: ({ signal, queryKey, client }) => call('receiving.list', input, signal, { refresh: isRefresh(client, queryKey) }),
    }),
  /** The order alone (one request, none when a scan read it moments ago): what its page shows first. */
  order: (account: AccountKey, id: number) =>
    queryOptions({
      queryKey: [...account, 'receiving', 'detail', id, 'order'] as const,
      queryFn: ({ signal, queryKey, client }) => call('receiving.detail', { id, contents: false }, signal, { refresh: isRefresh(client, queryKey) }),
    }),
  /** The order's page as the desk holds it (the account mirror in main): no request. */
  held: (account: AccountKey, id: number) =>
    queryOptions({
      queryKey: [...account, 'receiving', 'detail', id, 'held'] as const,
      queryFn: ({ signal }) => call('receiving.held', { id }, signal),
      // What the desk holds changes only as main's mirror reads behind: asked again when the page opens.
      staleTime: 0,
    }),
  /** The order with its boxes and distributions (two more requests). */
  detail: (account: AccountKey, id: number) =>
    queryOptions({
      queryKey: [...account, 'receiving', 'detail', id] as const,
      queryFn: ({ signal, queryKey, client }) => call('receiving.detail', { id }, signal, { refresh: isRefresh(client, queryKey) }),
    }),
};

export function useReceivingList(search: ReceivingSearch, enabled = true) {
  return useQuery({
    ...receivingQueries.list(useAccountKey(), { ...search, limit: RECEIVING_PAGE_SIZE }),
    enabled,
    placeholderData: keepPreviousData,
    // TanStack Query pauses the interval while the document is hidden (refetchIntervalInBackground off).
    refetchInterval: useRefreshInterval(REFRESH_MS),
  });
}

export function useReceivingDetail(id: number, enabled = true) {
  return useQuery({
    ...receivingQueries.detail(useAccountKey(), id),
    enabled,
    refetchInterval: useRefreshInterval(REFRESH_MS),
  });
}

/** How long the clerk stays on an order before its boxes and distributions are read: one moving on costs only the order. */
export const CONTENTS_AFTER_MS = 1_000;

/**
 * An order's page: the order at once, its boxes and distributions once the clerk has stayed on it for
 * CONTENTS_AFTER_MS, or at once when `now` (a box was scanned, the clerk asked). `detail` is the fullest answer held.
 */
export function useOrderPage(id: number, now: boolean) {
  const account = useAccountKey();
  const interval = useRefreshInterval(REFRESH_MS);
  const [stayed, setStayed] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setStayed(id), CONTENTS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [id]);
  const wanted = now || stayed === id;
  const full = useQuery({ ...receivingQueries.detail(account, id), enabled: wanted, refetchInterval: interval });
  const held = useQuery({ ...receivingQueries.held(account, id), enabled: !full.data }).data;
  // Until the service answers, the page shows what the desk holds; once the order alone is read, the
  // held boxes stay beside it until the boxes are read too, so nothing the clerk sees goes away.
  const order = useQuery({
    ...receivingQueries.order(account, id),
    enabled: !full.data,
    refetchInterval: wanted ? false : interval,
    placeholderData: held?.detail,
    select: (d) => (d.contents || !held?.detail.contents ? d : { ...d, contents: true, boxes: held.detail.boxes }),
  });
  const query = full.data ? full : order;
  /** When what is shown was read, while it is the desk's copy and not yet the service's answer. */
  const heldAsOf = full.data ? null : held && (order.isPlaceholderData || held.detail.contents) ? held.asOf : (order.data?.heldAsOf ?? null);
  // The service's read of the whole order failed while the page shows the desk's copy: said, with Retry,
  // not swallowed (the page would otherwise look current while the service is down).
  const unread =
    !full.data && full.isError && !order.isError && order.data !== undefined
      ? { error: full.error, retry: () => void full.refetch(), retrying: full.isFetching }
      : null;
  return { query, detail: full.data ?? order.data, heldAsOf, shownSince: heldAsOf ?? order.dataUpdatedAt, unread };
}

/** A write on one order: afterwards the order and every list are read again. */
export function useOrderAction<I, O>(run: (input: I) => Promise<O>) {
  const account = useAccountKey();
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => client.invalidateQueries({ queryKey: receivingQueries.all(account) }) });
}

/** Totals over the order's items; the service may leave any quantity out (published documents). */
export function totals(order: ReceivingOrder) {
  return (order.inventory_quantities ?? []).reduce(
    (t, q) => ({
      expected: t.expected + (q.expected_quantity ?? 0),
      received: t.received + (q.received_quantity ?? 0),
      stowed: t.stowed + (q.stowed_quantity ?? 0),
    }),
    { expected: 0, received: 0, stowed: 0 },
  );
}
