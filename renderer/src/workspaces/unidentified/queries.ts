import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReceiptTab } from '../../../../shared/ipc/unidentified';
import { useAccountKey } from '../../app/accountKey';
import { call } from '../../bridge/dockdesk';

export function useReceiptList(filter: { tab: ReceiptTab; page: number; q?: string | undefined }) {
  const account = useAccountKey();
  return useQuery({
    queryKey: [...account, 'unidentified', 'list', filter],
    queryFn: ({ signal }) => call('unidentified.list', { tab: filter.tab, page: filter.page, ...(filter.q ? { q: filter.q } : {}) }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReceipt(id: number) {
  const account = useAccountKey();
  return useQuery({ queryKey: [...account, 'unidentified', 'receipt', id], queryFn: ({ signal }) => call('unidentified.get', { id }, signal) });
}

/** Attachment images do not change: fetched once (by main, with the token) and kept for the session. */
export function useAttachment(id: number, attachmentId: number) {
  const account = useAccountKey();
  return useQuery({
    queryKey: [...account, 'unidentified', 'attachment', id, attachmentId],
    queryFn: ({ signal }) => call('unidentified.attachment', { id, attachmentId }, signal),
    staleTime: Infinity,
  });
}

export function useWroCandidates(id: number, query: string, enabled: boolean) {
  const account = useAccountKey();
  return useQuery({
    queryKey: [...account, 'unidentified', 'candidates', id, query],
    queryFn: ({ signal }) => call('unidentified.candidates', { id, ...(query ? { query } : {}) }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Links a receipt; afterwards every receipts list and the receipt itself are read again. */
export function useLinkReceipt(id: number) {
  const account = useAccountKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (wroId: number) => call('unidentified.link', { id, wroId }),
    onSuccess: (receipt) => {
      client.setQueryData([...account, 'unidentified', 'receipt', id], receipt);
      void client.invalidateQueries({ queryKey: [...account, 'unidentified', 'list'] }); // never rejects: a failed refetch shows in the query's own error state
    },
  });
}
