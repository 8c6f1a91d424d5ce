import type { z } from 'zod';
import type { OrderV, ShipmentV } from '../../../shared/schemas/orders.js';
import type { ReturnCreate, ReturnRecord, ReturnWriteResult } from '../../../shared/schemas/returns.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { collect, linkedPages, type LinkedPage } from '../../../electron/core/api/paging.js';
import { cursorList, needsChannel, withSignal } from '../../../electron/core/api/resources.js';

/** Returns: list (cursor URLs), the record, create (reconciled by reference id), update, cancel. */

export interface ReturnQuery {
  ids?: number[];
  referenceIds?: string[];
  status?: string;
  fulfillmentCenterIds?: number[];
  trackingNumbers?: string[];
  originalShipmentIds?: number[];
  inventoryIds?: number[];
  startDate?: string;
  endDate?: string;
  sortOrder?: 'Asc' | 'Desc';
  limit?: number;
}

export function listReturns(api: ApiClient, q: ReturnQuery, follow?: string | null, signal?: AbortSignal): Promise<LinkedPage<ReturnRecord>> {
  const query = {
    Ids: q.ids?.join(','),
    ReferenceIds: q.referenceIds?.join(','),
    Status: q.status,
    FulfillmentCenterIds: q.fulfillmentCenterIds?.join(','),
    TrackingNumbers: q.trackingNumbers?.join(','),
    OriginalShipmentIds: q.originalShipmentIds?.join(','),
    InventoryIds: q.inventoryIds?.join(','),
    StartDate: q.startDate,
    EndDate: q.endDate,
    SortOrder: q.sortOrder,
    Limit: q.limit,
  };
  return cursorList((o) => api.call('return.list', { ...o, ...withSignal(signal) }), query, follow);
}

export function listAllReturns(api: ApiClient, q: ReturnQuery, signal?: AbortSignal): Promise<ReturnRecord[]> {
  return collect(
    linkedPages(
      () => listReturns(api, q, null, signal),
      (next) => listReturns(api, q, next, signal),
      signal,
    ),
  );
}

export async function getReturn(api: ApiClient, id: number, signal?: AbortSignal): Promise<ReturnRecord> {
  return (await api.call('return.get', { params: { id }, ...withSignal(signal) })).data;
}

export async function findReturnByReference(api: ApiClient, referenceId: string, signal?: AbortSignal): Promise<ReturnRecord | null> {
  return (await listReturns(api, { referenceIds: [referenceId], limit: 1 }, null, signal)).items[0] ?? null;
}

/**
 * The create and update body as sent: every line names its action (`Default`: the item's action set
 * in the merchant portal, spec 4.8 rule 3), as the published request schema asks.
 */
function returnBody(body: ReturnCreate): ReturnCreate {
  return { ...body, inventory: body.inventory.map((line) => ({ ...line, requested_action: line.requested_action ?? 'Default' })) };
}

/**
 * Creates a return. Its reference id is unique per account (spec 4.8 rule 4), so after a lost answer
 * the client looks it up instead of sending the return twice.
 */
export async function createReturn(api: ApiClient, body: ReturnCreate, channelId: number | null, signal?: AbortSignal): Promise<ReturnWriteResult> {
  const channel = needsChannel(channelId, 'Creating a return');
  const { data } = await api.call('return.create', {
    body: returnBody(body),
    channelId: channel,
    reconcile: () => findReturnByReference(api, body.reference_id, signal),
    ...withSignal(signal),
  });
  return data;
}

/** Changes a return that is still awaiting arrival (spec 3); PUT is idempotent, so it may be re-sent. */
export async function updateReturn(api: ApiClient, id: number, body: ReturnCreate, channelId: number | null, signal?: AbortSignal): Promise<ReturnWriteResult> {
  const channel = needsChannel(channelId, 'Changing a return');
  return (await api.call('return.update', { params: { id }, body: returnBody(body), channelId: channel, ...withSignal(signal) })).data;
}

export async function cancelReturn(api: ApiClient, id: number, channelId: number | null, signal?: AbortSignal): Promise<void> {
  const channel = needsChannel(channelId, 'Cancelling a return');
  await api.call('return.cancel', {
    params: { id },
    channelId: channel,
    reconcile: async () => ((await getReturn(api, id, signal)).status === 'Cancelled' ? {} : null),
    ...withSignal(signal),
  });
}

/**
 * The order a returned box came from, by the reference printed on its packing slip: the published
 * order list's ReferenceIds filter; a number is also tried as the order id (IDs).
 */
export async function findOrdersForReturn(api: ApiClient, reference: string, signal?: AbortSignal): Promise<z.infer<typeof OrderV>[]> {
  const byReference = await api.call('order.list', {
    query: { ReferenceIds: reference, Page: 1, Limit: 10 },
    ...withSignal(signal),
  });
  const found = byReference.data.filter((o) => o.id !== undefined);
  if (found.length > 0 || !/^\d{1,10}$/.test(reference)) return found;
  const byId = await api.call('order.list', { query: { IDs: reference, Page: 1, Limit: 10 }, ...withSignal(signal) });
  return byId.data.filter((o) => o.id !== undefined);
}

/** One shipment by its id (published 2025-07 on): what a return's original shipment is known by. */
export async function getShipment(api: ApiClient, shipmentId: number, signal?: AbortSignal): Promise<z.infer<typeof ShipmentV>> {
  return (await api.call('shipment.get', { params: { shipmentId }, ...withSignal(signal) })).data;
}
