import { ChannelList, type Channel } from '../../../shared/schemas/channel.js';
import { PagingHeaders, type PageInfo } from '../../../shared/schemas/common.js';
import { ReceivingList, ReceivingOrder } from '../../../shared/schemas/receiving.js';
import { cursorPage, InventoryPage, type InventoryItem } from '../../../shared/schemas/inventory.js';
import { collect, nextUrlPages } from './paging.js';
import { ReturnRecord, type ReturnCreate } from '../../../shared/schemas/returns.js';
import { appError } from '../../../shared/errors.js';
import type { ApiClient, CallResult } from './api-client.js';

/** Typed functions per resource. Each one is the only place its query and paging are spelled. */

export async function listChannels(api: ApiClient, signal?: AbortSignal): Promise<Channel[]> {
  const { data } = await api.call('channel.list', { schema: ChannelList, ...(signal ? { signal } : {}) });
  return data.items;
}

export async function listReceivingOrders(
  api: ApiClient,
  query: { page: number; limit: number; statuses?: string[] | undefined },
  signal?: AbortSignal,
): Promise<{ items: ReceivingOrder[]; pageInfo: PageInfo }> {
  const result = await api.call('receiving.list', {
    schema: ReceivingList,
    query: { Page: query.page, Limit: query.limit, Statuses: query.statuses?.length ? query.statuses.join(',') : undefined },
    ...(signal ? { signal } : {}),
  });
  return { items: result.data, pageInfo: headerPageInfo('GET /2026-07/receiving', result, query.page, query.limit) };
}

export async function getReceivingOrder(api: ApiClient, id: number, signal?: AbortSignal): Promise<ReceivingOrder> {
  const { data } = await api.call('receiving.get', { schema: ReceivingOrder, params: { id }, ...(signal ? { signal } : {}) });
  return data;
}

const ReturnPage = cursorPage(ReturnRecord);

export async function findReturnByReference(api: ApiClient, referenceId: string, signal?: AbortSignal): Promise<ReturnRecord | null> {
  const { data } = await api.call('return.list', { schema: ReturnPage, query: { ReferenceIds: referenceId, Limit: 1 }, ...(signal ? { signal } : {}) });
  return data.items[0] ?? null;
}

/**
 * Creates a return. Its reference id is unique per account (spec 4.8 rule 4), so after a lost answer
 * the client looks it up instead of sending the return twice.
 */
export async function createReturn(api: ApiClient, body: ReturnCreate, channelId: number | null, signal?: AbortSignal): Promise<ReturnRecord> {
  if (channelId === null) throw appError('invalid_input', 'Creating a return needs the channel with write access; choose one in Settings.');
  const { data } = await api.call('return.create', {
    schema: ReturnRecord,
    body,
    channelId,
    reconcile: () => findReturnByReference(api, body.reference_id, signal),
    ...(signal ? { signal } : {}),
  });
  return data;
}

/** Every inventory item, following the service's next-page URLs (1,000 a page). */
export function listAllInventory(api: ApiClient, signal?: AbortSignal): Promise<InventoryItem[]> {
  const page = (nextPath?: string) => api.call('inventory.list', { schema: InventoryPage, query: { PageSize: 1000 }, ...(nextPath ? { nextPath } : {}), ...(signal ? { signal } : {}) }).then((r) => r.data);
  return collect(nextUrlPages(() => page(), (next) => page(next), signal));
}

/** Header paging (API notes): a missing or non-numeric header is a broken response, named as such. */
function headerPageInfo(endpoint: string, result: CallResult<unknown>, page: number, limit: number): PageInfo {
  const read = (name: string): number => {
    const raw = result.headers[name];
    const value = Number(Array.isArray(raw) ? raw[0] : raw);
    if (raw === undefined || !Number.isInteger(value) || value < 0) {
      throw appError('bad_response', `${endpoint} sent an unexpected response: header "${name}" is missing or not a whole number.`);
    }
    return value;
  };
  return {
    page: read(PagingHeaders.pageNumber) || page,
    pageSize: read(PagingHeaders.pageSize) || limit,
    totalPages: read(PagingHeaders.totalPages),
    totalCount: read(PagingHeaders.totalCount),
  };
}
