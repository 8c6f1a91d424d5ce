import { PagingHeaders, type PageInfo } from '../../../shared/schemas/common.js';
import type { Distributions, ReceivingBox, ReceivingCreate, ReceivingOrder } from '../../../shared/schemas/receiving.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { collect, linkedPages } from '../../../electron/core/api/paging.js';
import { headerPageInfo, headerText, needsChannel, withSignal } from '../../../electron/core/api/resources.js';
import type { ServiceQuery } from './list-query.js';

/** Receiving orders (WROs): lists by page or Next-Page href, the record, boxes, labels, writes. */

export interface ReceivingPage {
  items: ReceivingOrder[];
  pageInfo: PageInfo;
  /** Next-Page as the service gave it: the href of the next page, or null. */
  next: string | null;
}

/** One page of receiving orders: by number (a table's pager), or by following a Next-Page href. */
export async function listReceivingOrders(
  api: ApiClient,
  query: { page: number; limit: number; statuses?: string[] | undefined; filters?: ServiceQuery; follow?: string | null },
  signal?: AbortSignal,
): Promise<ReceivingPage> {
  const filters: ServiceQuery = { ...query.filters, Statuses: query.filters?.Statuses ?? (query.statuses?.length ? query.statuses.join(',') : undefined) };
  const result = await api.call('receiving.list', {
    ...(query.follow ? { follow: query.follow } : { query: { Page: query.page, Limit: query.limit, ...filters } }),
    ...withSignal(signal),
  });
  const pageInfo = headerPageInfo('GET /2026-07/receiving', result, query.page, query.limit);
  return { items: result.data, pageInfo, next: headerText(result.headers[PagingHeaders.nextPage]) ?? null };
}

/** Every receiving order that matches, following Next-Page hrefs as given. */
export function listAllReceivingOrders(
  api: ApiClient,
  query: { limit: number; statuses?: string[]; filters?: ServiceQuery },
  signal?: AbortSignal,
): Promise<ReceivingOrder[]> {
  const page = (follow: string | null) => listReceivingOrders(api, { page: 1, ...query, follow }, signal);
  return collect(linkedPages(() => page(null), page, signal));
}

export async function getReceivingOrder(api: ApiClient, id: number, signal?: AbortSignal): Promise<ReceivingOrder> {
  return (await api.call('receiving.get', { params: { id }, ...withSignal(signal) })).data;
}

/**
 * Creates a receiving order. There is no reference id to look one up by: without `reconcile` (a
 * search for the order this body made, create-reconcile.ts) a lost answer is reported, never sent twice.
 */
export async function createReceivingOrder(
  api: ApiClient,
  body: ReceivingCreate,
  channelId: number | null,
  signal?: AbortSignal,
  reconcile?: () => Promise<ReceivingOrder | null>,
): Promise<ReceivingOrder> {
  const channel = needsChannel(channelId, 'Creating a receiving order');
  return (
    await api.call('receiving.create', {
      body,
      channelId: channel,
      ...(reconcile ? { reconcile } : {}),
      ...withSignal(signal),
    })
  ).data;
}

export async function cancelReceivingOrder(api: ApiClient, id: number, channelId: number | null, signal?: AbortSignal): Promise<ReceivingOrder> {
  const channel = needsChannel(channelId, 'Cancelling a receiving order');
  // Cancelling twice is harmless to check: a lost answer is reconciled by reading the order.
  return (
    await api.call('receiving.cancel', {
      params: { id },
      channelId: channel,
      reconcile: async () => {
        const order = await getReceivingOrder(api, id, signal);
        return order.status === 'Cancelled' ? order : null;
      },
      ...withSignal(signal),
    })
  ).data;
}

export async function getReceivingBoxes(api: ApiClient, id: number, signal?: AbortSignal): Promise<ReceivingBox[]> {
  return (await api.call('receiving.boxes', { params: { id }, ...withSignal(signal) })).data;
}

/** The box labels as the PDF itself (one page per box). */
export async function getReceivingLabels(api: ApiClient, id: number, signal?: AbortSignal): Promise<Buffer> {
  return (await api.call('receiving.labels', { params: { id }, accept: 'application/pdf', ...withSignal(signal) })).data;
}

export async function getDistributions(api: ApiClient, id: number, signal?: AbortSignal): Promise<Distributions> {
  return (await api.call('receiving.distributions', { params: { id }, ...withSignal(signal) })).data;
}

/** Marks orders as synced with (or released from) an outside system; answers the first order named. */
export async function setExternalSync(
  api: ApiClient,
  ids: number[],
  isExternalSync: boolean,
  channelId: number | null,
  signal?: AbortSignal,
): Promise<ReceivingOrder> {
  const channel = needsChannel(channelId, 'Changing the external sync flag');
  return (
    await api.call('receiving.setExternalSync', {
      body: { ids, is_external_sync: isExternalSync },
      channelId: channel,
      ...withSignal(signal),
    })
  ).data;
}
