import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReceiptTab } from '../common/ipc';
import { useAccountKey, type AccountKey } from '../../../renderer/src/app/accountKey';
import { call } from '../../../renderer/src/bridge/dockdesk';

type ListFilter = { tab: ReceiptTab; page: number; q?: string | undefined };

/** Unidentified receipts' queries: every key starts with the account. */
export const unidentifiedQueries = {
  lists: (account: AccountKey) => [...account, 'unidentified', 'list'] as const,
  list: (account: AccountKey, filter: ListFilter) =>
    queryOptions({
      queryKey: [...account, 'unidentified', 'list', filter] as const,
      queryFn: ({ signal }) => call('unidentified.list', { tab: filter.tab, page: filter.page, ...(filter.q ? { q: filter.q } : {}) }, signal),
    }),
  receipt: (account: AccountKey, id: number) =>
    queryOptions({ queryKey: [...account, 'unidentified', 'receipt', id] as const, queryFn: ({ signal }) => call('unidentified.get', { id }, signal) }),
  /** Attachment images do not change: fetched once (by main, with the token) and kept for the session. */
  attachment: (account: AccountKey, id: number, attachmentId: number) =>
    queryOptions({
      queryKey: [...account, 'unidentified', 'attachment', id, attachmentId] as const,
      queryFn: ({ signal }) => call('unidentified.attachment', { id, attachmentId }, signal),
      staleTime: Infinity,
    }),
  candidates: (account: AccountKey, id: number, query: string) =>
    queryOptions({
      queryKey: [...account, 'unidentified', 'candidates', id, query] as const,
      queryFn: ({ signal }) => call('unidentified.candidates', { id, ...(query ? { query } : {}) }, signal),
    }),
};

export function useReceiptList(filter: ListFilter) {
  return useQuery({ ...unidentifiedQueries.list(useAccountKey(), filter), placeholderData: keepPreviousData });
}

export function useReceipt(id: number) {
  return useQuery(unidentifiedQueries.receipt(useAccountKey(), id));
}

export function useAttachment(id: number, attachmentId: number) {
  return useQuery(unidentifiedQueries.attachment(useAccountKey(), id, attachmentId));
}

export function useWroCandidates(id: number, query: string, enabled: boolean) {
  return useQuery({ ...unidentifiedQueries.candidates(useAccountKey(), id, query), enabled, placeholderData: keepPreviousData });
}

/** Links a receipt; afterwards every receipts list and the receipt itself are read again. */
export function useLinkReceipt(id: number) {
  const account = useAccountKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (wroId: number) => call('unidentified.link', { id, wroId }),
    onSuccess: (receipt) => {
      client.setQueryData(unidentifiedQueries.receipt(account, id).queryKey, receipt);
      void client.invalidateQueries({ queryKey: unidentifiedQueries.lists(account) }); // never rejects: a failed refetch shows in the query's own error state
    },
  });
}
