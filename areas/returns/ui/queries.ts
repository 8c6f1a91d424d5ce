import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ReturnDetail } from '../common/ipc';
import type { ReturnRecord } from '../../../shared/schemas/returns';
import { useAccountKey, type AccountKey } from '../../../renderer/src/app/accountKey';
import { isRefresh, useRefreshInterval } from '../../../renderer/src/app/requestBudget';
import { call } from '../../../renderer/src/bridge/dockdesk';
import type { ReturnsSearch } from './search';

/** The list's filters: its address without the page and the find text. */
type ListFilters = Omit<ReturnsSearch, 'page' | 'q'>;

export const RETURNS_PAGE_SIZE = 100;

/**
 * Returns' queries (list, detail, centers, intake drafts, the outbox): every key starts with the
 * account, so one account's returns never show under another.
 */
export const returnsQueries = {
  all: (account: AccountKey) => [...account, 'returns'] as const,
  list: (account: AccountKey, filters: ListFilters) => [...account, 'returns', 'list', filters] as const,
  detail: (account: AccountKey, id: number) =>
    queryOptions({
      queryKey: [...account, 'returns', 'detail', id] as const,
      queryFn: ({ signal, queryKey, client }) => call('returns.get', { id }, signal, { refresh: isRefresh(client, queryKey) }),
    }),
  /** A shipment's order reference and tracking do not change once shipped: read once a while. */
  originalShipment: (account: AccountKey, id: number) =>
    queryOptions({
      queryKey: [...account, 'returns', 'original-shipment', id] as const,
      queryFn: ({ signal }) => call('returns.originalShipment', { id }, signal),
      staleTime: 10 * 60_000,
      retry: false,
    }),
  /** The center a new return starts with, kept per environment. */
  settings: (account: AccountKey) =>
    queryOptions({ queryKey: [...account, 'returns', 'settings'] as const, queryFn: ({ signal }) => call('returns.settings.get', {}, signal) }),
  /** One intake draft, read once when it opens (the form owns it from then on). */
  draft: (account: AccountKey, id: string) =>
    queryOptions({
      queryKey: [...account, 'drafts', 'return-intake', id] as const,
      queryFn: () => call('drafts.get', { id }),
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
    }),
  /** Which draft `#/returns/new` opens (or starts): asked on each visit, never kept. */
  openDraft: (account: AccountKey) => [...account, 'drafts', 'return-intake', 'open-or-create'] as const,
  /** The outbox list: the status bar's slot keeps it fresh (outbox.changed, outbox.sent). */
  outbox: (account: AccountKey) => queryOptions({ queryKey: [...account, 'outbox'] as const, queryFn: () => call('outbox.list', {}) }),
};
/** The list and an open return refresh themselves this often while the window is visible (a request each; slower when the service reports little left). */
export const REFRESH_MS = 60_000;

/** One page as the list shows it and as the cache keeps it (page N's `next` is page N+1's cursor). */
export interface ReturnListPage {
  items: ReturnRecord[];
  /** The service's link to the page after this one, null on the last page. */
  next: string | null;
  /** The address asked for a page past the end (the list got shorter since it was opened). */
  pastEnd: boolean;
  /** Find mode: every match on one page, no paging. */
  found: boolean;
}

/**
 * One page of the service's list. The service pages by cursor (each page's `next` link), so page N's
 * cursor is page N-1's `next`: taken from the cache when that page was read, otherwise read first
 * (which walks back to page 1 at most once per filter set). An address with ?page=4 thus still opens
 * page 4 after a restart.
 */
async function servicePage(
  client: QueryClient,
  base: readonly unknown[],
  filters: ListFilters,
  page: number,
  signal: AbortSignal,
  refresh = false,
): Promise<ReturnListPage> {
  let cursor: string | null = null;
  if (page > 1) {
    const before = await client.ensureQueryData({
      queryKey: [...base, page - 1],
      queryFn: ({ signal: s }) => servicePage(client, base, filters, page - 1, s),
    });
    if (before.next === null) return { items: [], next: null, pastEnd: true, found: false };
    cursor = before.next;
  }
  const result = await call('returns.list', { ...filters, limit: RETURNS_PAGE_SIZE, cursor }, signal, { refresh });
  return { ...result, pastEnd: false, found: false };
}

export function useReturnList(search: ReturnsSearch) {
  const account = useAccountKey();
  const client = useQueryClient();
  const { page = 1, q, ...filters } = search;
  const base = returnsQueries.list(account, filters);
  return useQuery({
    queryKey: q ? [...base, 'find', q] : [...base, page],
    queryFn: async ({ signal, queryKey }): Promise<ReturnListPage> => {
      // Rows already shown: this is the periodic refresh (or one after a change), which waits behind the clerk's calls.
      const refresh = isRefresh(client, queryKey);
      if (q) return { ...(await call('returns.list', { ...filters, q, cursor: null }, signal, { refresh })), pastEnd: false, found: true };
      return servicePage(client, base, filters, page, signal, refresh);
    },
    placeholderData: keepPreviousData,
    // TanStack Query pauses the interval while the document is hidden (refetchIntervalInBackground off).
    refetchInterval: useRefreshInterval(REFRESH_MS),
  });
}

export function useReturnDetail(id: number) {
  return useQuery({
    ...returnsQueries.detail(useAccountKey(), id),
    refetchInterval: useRefreshInterval(REFRESH_MS),
  });
}

/** The return's original shipment by what a clerk knows it by; nothing is asked when the return names none. */
export function useOriginalShipment(id: number | null | undefined) {
  return useQuery({ ...returnsQueries.originalShipment(useAccountKey(), id ?? 0), enabled: typeof id === 'number' && id > 0 });
}

/**
 * Cancel: the answer is the return as it now is. Refused or not, the return and every list are read
 * again, so a refusal (the return moved on meanwhile) shows the return's new state beside the reason.
 */
export function useCancelReturn(id: number) {
  const account = useAccountKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('returns.cancel', { id }),
    onSuccess: (detail: ReturnDetail) => client.setQueryData(returnsQueries.detail(account, id).queryKey, detail),
    onSettled: () => client.invalidateQueries({ queryKey: returnsQueries.all(account) }),
  });
}

/** Edit: main opens the return as an intake draft; the caller goes to that draft. */
export function useEditReturn(id: number) {
  const account = useAccountKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('returns.edit', { id }),
    // A refusal means the return moved on: read it again so the view says why.
    onError: () => client.invalidateQueries({ queryKey: returnsQueries.detail(account, id).queryKey }),
  });
}
