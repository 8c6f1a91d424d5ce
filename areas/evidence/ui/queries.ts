import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAccountKey, type AccountKey } from '../../../renderer/src/app/accountKey';
import { call, useDockdeskEvent } from '../../../renderer/src/bridge/dockdesk';
import type { PhotosOfInput } from '../common/ipc';

/**
 * Photos are the desk's own (its disk and journal) and the warehouse's (read once, then kept by
 * main): reading either again asks the service nothing. A photo's image never changes, so it is
 * read once per page; the list is read again when main says a photo was kept.
 */
export const evidenceQueries = {
  all: (account: AccountKey) => [...account, 'evidence'] as const,
  photos: (account: AccountKey, input: PhotosOfInput) =>
    queryOptions({
      queryKey: [...account, 'evidence', 'photos', input] as const,
      queryFn: ({ signal }) => call('evidence.photos', input, signal),
    }),
  image: (account: AccountKey, checksum: string) =>
    queryOptions({
      queryKey: [...account, 'evidence', 'image', checksum] as const,
      queryFn: ({ signal }) => call('evidence.image', { checksum }, signal),
      staleTime: Infinity,
    }),
  warehouse: (account: AccountKey, url: string) =>
    queryOptions({
      queryKey: [...account, 'evidence', 'warehouse', url] as const,
      queryFn: ({ signal }) => call('evidence.warehousePhoto', { url }, signal),
      staleTime: Infinity,
      // A file host that refused once refuses again: said on the photo's place, asked again only when the page opens again.
      retry: false,
    }),
};

export function usePhotos(input: PhotosOfInput | null) {
  const client = useQueryClient();
  const account = useAccountKey();
  useDockdeskEvent(
    'evidence.photoTaken',
    // Never rejects (a failed read shows where the photos are); nothing waits for it.
    useCallback(() => void client.invalidateQueries({ queryKey: [...evidenceQueries.all(account), 'photos'] }), [client, account]),
  );
  return useQuery({ ...evidenceQueries.photos(account, input ?? { draftId: '-' }), enabled: input !== null });
}

export function usePhotoImage(checksum: string) {
  return useQuery(evidenceQueries.image(useAccountKey(), checksum));
}

export function useWarehousePhoto(url: string) {
  return useQuery(evidenceQueries.warehouse(useAccountKey(), url));
}
