import type { UnidentifiedReceivingOrder } from '../../../shared/schemas/uro.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { needsChannel, withSignal } from '../../../electron/core/api/resources.js';

/**
 * Unidentified receiving orders (2026-07, API notes): a plain array of 50 a page, numbered pages and
 * no paging headers, so "is there a next page" is "was this page full".
 */
export const RECEIPT_PAGE_SIZE = 50;

export interface ReceiptPage {
  items: UnidentifiedReceivingOrder[];
  /** A full page may be followed by an empty one: the service does not say how many there are. */
  hasNext: boolean;
}

export async function listReceipts(api: ApiClient, query: { linked: boolean; page: number }, signal?: AbortSignal): Promise<ReceiptPage> {
  const { data } = await api.call('uro.list', {
    query: { isCompleted: query.linked, page: query.page },
    ...withSignal(signal),
  });
  return { items: data, hasNext: data.length >= RECEIPT_PAGE_SIZE };
}

export async function getReceipt(api: ApiClient, id: number, signal?: AbortSignal): Promise<UnidentifiedReceivingOrder> {
  return (
    await api.call('uro.get', {
      params: { uroId: id },
      ...withSignal(signal),
    })
  ).data;
}

/** An attachment's image bytes, read with the bearer token; refused unless the bytes are a raster image. */
export async function getAttachmentImage(api: ApiClient, id: number, attachmentId: number, signal?: AbortSignal): Promise<Buffer> {
  return (
    await api.call('uro.attachment', {
      params: { uroId: id, attachmentId },
      accept: 'image/*',
      ...withSignal(signal),
    })
  ).data;
}

/**
 * Links a receipt to a WRO (204). A lost answer is reconciled by reading the receipt: linked to this
 * WRO means the link landed; still unlinked means it did not, and it is sent again.
 */
export async function associateWro(api: ApiClient, id: number, wroId: number, channelId: number | null, signal?: AbortSignal): Promise<void> {
  const channel = needsChannel(channelId, 'Linking a receipt to a receiving order');
  await api.call('uro.associateWro', {
    params: { uroId: id },
    body: { wro_id: wroId },
    channelId: channel,
    reconcile: async () => ((await getReceipt(api, id, signal)).linked_wro_id === wroId ? 'linked' : null),
    ...withSignal(signal),
  });
}
