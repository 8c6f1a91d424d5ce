import { appError, AppErrorException } from '../../../shared/errors.js';
import type { unidentifiedChannels } from '../../../shared/ipc/unidentified.js';
import { sniffImageType, type UnidentifiedReceivingOrder } from '../../../shared/schemas/uro.js';
import type { ApiClient } from '../api/api-client.js';
import type { HandlersFor } from '../ipc/registry.js';
import { getReceivingOrder } from '../receiving/index.js';
import { searchReceipts, SEARCH_MAX_MATCHES } from './receipt-search.js';
import { associateWro, getAttachmentImage, getReceipt, listReceipts } from './resources.js';
import { BoxTrackingCache, closedRefusal, wroCandidates } from './wro-candidates.js';

/** Pages of linked receipts a scan reads (50 each). */
const SCAN_LINKED_PAGES = 4;

export interface UnidentifiedHandlerDeps {
  /** The active environment's API client. */
  api: () => ApiClient;
  /** The channel with write access chosen for the active environment (service_channel_id), if any. */
  writeChannelId: () => number | null;
}

export function unidentifiedHandlers(deps: UnidentifiedHandlerDeps): HandlersFor<typeof unidentifiedChannels> {
  const boxes = new BoxTrackingCache();
  return {
    'unidentified.list': async ({ tab, page, q }, call) => {
      const linked = tab === 'linked';
      if (!q) {
        const result = await listReceipts(deps.api(), { linked, page }, call.signal);
        return {
          items: result.items,
          page,
          hasNext: result.hasNext,
          search: null,
        };
      }
      // A search answers its matches on one page: they are bounded (SEARCH_MAX_MATCHES).
      const found = await searchReceipts(deps.api(), { linked, code: q, how: 'contains' }, call.signal);
      return {
        items: found.items.slice(0, SEARCH_MAX_MATCHES),
        page: 1,
        hasNext: false,
        search: { pagesRead: found.pagesRead, complete: found.complete },
      };
    },
    'unidentified.get': async ({ id }, call) => receiptOrExplain(deps.api(), id, call.signal),
    'unidentified.attachment': async ({ id, attachmentId }, call) => {
      const bytes = await getAttachmentImage(deps.api(), id, attachmentId, call.signal).catch((error: unknown) => {
        throw explainNotFound(error, `Receipt ${id} has no attachment ${attachmentId}.`);
      });
      // The type comes from the bytes (RESPONSES refused anything that is not a raster image).
      const contentType = sniffImageType(bytes)!;
      return {
        contentType,
        bytes: bytes.length,
        dataUrl: `data:${contentType};base64,${bytes.toString('base64')}`,
      };
    },
    'unidentified.candidates': async ({ id, query, fulfillmentCenterId }, call) => {
      const receipt = await receiptOrExplain(deps.api(), id, call.signal);
      return wroCandidates(deps.api(), boxes, receipt, { query, fulfillmentCenterId }, call.signal);
    },
    'unidentified.link': async ({ id, wroId }, call) => {
      const api = deps.api();
      // Checked first, so a refusal is explained in words before anything is sent.
      await refusalBeforeLink(api, id, wroId, call.signal);
      try {
        await associateWro(api, id, wroId, deps.writeChannelId(), call.signal);
      } catch (error) {
        // Someone else linked it, or the WRO closed, between the check and the write: say which.
        if (error instanceof AppErrorException && (error.appError.code === 'validation' || error.appError.code === 'not_found'))
          await refusalBeforeLink(api, id, wroId, call.signal);
        throw error;
      }
      return getReceipt(api, id, call.signal);
    },
    'unidentified.byCode': async ({ code }, call) => {
      const api = deps.api();
      // Unlinked first: a receipt waiting for its WRO is what a scan at the desk is most likely after.
      const unlinked = await searchReceipts(api, { linked: false, code, how: 'exact' }, call.signal);
      // Linked receipts only grow (they are history): a scan looks at the newest 200, not all of them.
      const linked = await searchReceipts(api, { linked: true, code, how: 'exact', maxPages: SCAN_LINKED_PAGES }, call.signal);
      return {
        items: [...unlinked.items, ...linked.items],
        search: {
          pagesRead: unlinked.pagesRead + linked.pagesRead,
          complete: unlinked.complete && linked.complete,
        },
      };
    },
  };
}

async function receiptOrExplain(api: ApiClient, id: number, signal: AbortSignal): Promise<UnidentifiedReceivingOrder> {
  return getReceipt(api, id, signal).catch((error: unknown) => {
    throw explainNotFound(error, `There is no unidentified receipt ${id}.`);
  });
}

/** The refusals the service would give (API notes: 404, 422), found and worded before the write. */
async function refusalBeforeLink(api: ApiClient, id: number, wroId: number, signal: AbortSignal): Promise<void> {
  const receipt = await receiptOrExplain(api, id, signal);
  if (receipt.linked_wro_id !== null) {
    const other = receipt.linked_wro_id === wroId ? 'this receiving order' : `receiving order ${receipt.linked_wro_id}`;
    throw appError('conflict', `Receipt ${receipt.barcode} is already linked to ${other}; a receipt is linked once. Nothing was changed.`);
  }
  const wro = await getReceivingOrder(api, wroId, signal).catch((error: unknown) => {
    throw explainNotFound(error, `There is no receiving order ${wroId}. Check the number, or search by purchase order or tracking number.`);
  });
  const refusal = closedRefusal(wro);
  if (refusal) throw appError('conflict', `${refusal} Choose an open receiving order. Nothing was changed.`);
}

function explainNotFound(error: unknown, words: string): unknown {
  if (error instanceof AppErrorException && error.appError.code === 'not_found') return appError('not_found', words);
  return error;
}
