import { countOf } from '../../../shared/counts.js';
import { appError, AppErrorException } from '../../../shared/errors.js';
import type { receivingChannels, ReceivingDetail, ReceivingMatch } from '../../../shared/ipc/receiving.js';
import type { ReceivingOrder } from '../../../shared/schemas/receiving.js';
import { validateWroForm, wroCreateBody } from '../../../shared/schemas/wro-form.js';
import type { ApiClient } from '../api/api-client.js';
import { listFulfillmentCenters } from '../api/resources.js';
import { resolveItem } from '../inventory/index.js';
import type { HandlersFor } from '../ipc/registry.js';
import { boxIndexFor, type BoxQuery } from './box-index.js';
import { findCreatedOrder } from './create-reconcile.js';
import { isServiceOrder, LOCAL_SORT_LIMIT, pageOf, receivingServiceQuery, sortOrders } from './list-query.js';
import {
  cancelReceivingOrder,
  createReceivingOrder,
  getDistributions,
  getReceivingBoxes,
  getReceivingLabels,
  getReceivingOrder,
  listAllReceivingOrders,
  listReceivingOrders,
  setExternalSync,
} from './resources.js';

export interface ReceivingHandlerDeps {
  /** The active environment's API client. */
  api: () => ApiClient;
  /** The signed-in session's channel with write access, or null when none is chosen. */
  channelId: () => number | null;
  /** The shell's own label window (Electron): shows the PDF, or prints it through the system dialog. */
  showLabels?: (labels: { pdf: Buffer; fileName: string; title: string }, mode: 'view' | 'print') => Promise<void>;
}

/** Why an order cannot be cancelled, in words; null when it can (the service cancels Awaiting orders only). */
export function cancelRefusal(order: Pick<ReceivingOrder, 'id' | 'status'>): string | null {
  if (order.status === 'Awaiting') return null;
  if (order.status === 'Cancelled') return `WRO ${order.id} is already cancelled.`;
  if (order.status === 'Completed') return `WRO ${order.id} is completed: its stock is already received.`;
  return `WRO ${order.id} is ${order.status}: boxes have reached the warehouse, so only an order still Awaiting can be cancelled.`;
}

async function orDefault<T>(work: Promise<T>, fallback: T, when: (e: AppErrorException) => boolean): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppErrorException && when(error)) return fallback;
    throw error;
  }
}

export function receivingHandlers(deps: ReceivingHandlerDeps): HandlersFor<typeof receivingChannels> {
  const findBox = async (query: BoxQuery, signal?: AbortSignal): Promise<ReceivingMatch | null> => {
    const api = deps.api();
    const hit = await boxIndexFor(api).find(query, signal);
    if (!hit) return null;
    return { order: await getReceivingOrder(api, hit.orderId, signal), via: 'boxId' in query ? 'box_id' : 'tracking_number', boxId: hit.box.box_id };
  };

  /** Quick find: an order's id and its PO in one pass; a tracking number (or box id) only when neither matched. */
  const quickFind = async (find: string, filters: Parameters<typeof receivingServiceQuery>[0], signal?: AbortSignal): Promise<ReceivingMatch[]> => {
    const api = deps.api();
    const numeric = /^\d{1,10}$/.test(find) && Number(find) <= 2147483647 ? Number(find) : null;
    const [byId, byPo] = await Promise.all([
      numeric === null ? [] : listAllReceivingOrders(api, { limit: 250, filters: receivingServiceQuery({ ...filters, ids: [numeric] }) }, signal),
      find.includes(',')
        ? []
        : listAllReceivingOrders(api, { limit: 250, filters: receivingServiceQuery({ ...filters, purchaseOrderNumbers: [find] }) }, signal),
    ]);
    const matches: ReceivingMatch[] = [
      ...byId.map((order) => ({ order, via: 'id' as const, boxId: null })),
      ...byPo.filter((o) => !byId.some((i) => i.id === o.id)).map((order) => ({ order, via: 'purchase_order_number' as const, boxId: null })),
    ];
    if (matches.length) return matches;
    const box = (await findBox({ trackingNumber: find }, signal)) ?? (numeric !== null ? await findBox({ boxId: numeric }, signal) : null);
    return box ? [box] : [];
  };

  return {
    'receiving.list': async ({ page, limit, sort, find, ...filters }, call) => {
      const api = deps.api();
      if (find) {
        const matches = await quickFind(find, filters, call.signal);
        const ordered = sortOrders(
          matches.map((m) => m.order),
          sort ?? { field: 'insert_date', direction: 'desc' },
        );
        return { ...pageOf(ordered, page, limit), matches };
      }
      const query = receivingServiceQuery(filters);
      if (isServiceOrder(sort)) {
        const { items, pageInfo } = await listReceivingOrders(api, { page, limit, filters: query }, call.signal);
        return { items, pageInfo };
      }
      const all = await listAllReceivingOrders(api, { limit: 250, filters: query }, call.signal);
      if (all.length > LOCAL_SORT_LIMIT)
        throw appError(
          'invalid_input',
          `${countOf(all.length, 'order')} match: narrow the filters (to ${LOCAL_SORT_LIMIT} or fewer) to sort by ${sort!.field.replaceAll('_', ' ')}, or sort by insert date.`,
        );
      return pageOf(sortOrders(all, sort!), page, limit);
    },
    'receiving.get': async (input, call) => getReceivingOrder(deps.api(), input.id, call.signal),
    'receiving.detail': async ({ id }, call): Promise<ReceivingDetail> => {
      const api = deps.api();
      const [order, boxes, distributions] = await Promise.all([
        getReceivingOrder(api, id, call.signal),
        getReceivingBoxes(api, id, call.signal),
        // An order without a placement program has no distributions: the service answers 404.
        orDefault(getDistributions(api, id, call.signal), null, (e) => e.appError.code === 'not_found'),
      ]);
      boxIndexFor(api).remember(id, boxes);
      const reason = cancelRefusal(order);
      return { order, boxes, distributions: distributions?.distributions?.length ? distributions : null, cancel: { allowed: reason === null, reason } };
    },
    'receiving.findBox': async (input, call) => ({ match: await findBox(input, call.signal) }),
    'receiving.fulfillmentCenters': async (_input, call) => listFulfillmentCenters(deps.api(), call.signal),
    'receiving.setExternalSync': async ({ id, isExternalSync }, call) => setExternalSync(deps.api(), [id], isExternalSync, deps.channelId(), call.signal),
    'receiving.cancel': async ({ id }, call) => {
      const api = deps.api();
      const current = await getReceivingOrder(api, id, call.signal);
      const refusal = cancelRefusal(current);
      if (refusal) throw appError('conflict', `Not cancelled. ${refusal}`);
      try {
        return await cancelReceivingOrder(api, id, deps.channelId(), call.signal);
      } catch (error) {
        // The status moved between our read and the cancel: the service's own reason, in its words.
        if (error instanceof AppErrorException && error.appError.code === 'validation') {
          const reason = Object.values(error.appError.fieldErrors ?? {}).flat()[0] ?? error.appError.message;
          throw appError('conflict', `Not cancelled. The service refused: ${reason}`);
        }
        throw error;
      }
    },
    'receiving.labels': async ({ id }, call) => {
      const pdf = await getReceivingLabels(deps.api(), id, call.signal);
      return { fileName: `wro-${id}-box-labels.pdf`, contentType: 'application/pdf' as const, base64: pdf.toString('base64') };
    },
    'receiving.showLabels': async ({ id, mode }, call) => {
      if (!deps.showLabels) return { shown: false };
      const pdf = await getReceivingLabels(deps.api(), id, call.signal);
      await deps.showLabels({ pdf, fileName: `wro-${id}-box-labels.pdf`, title: `Box labels of WRO ${id}` }, mode);
      return { shown: true };
    },
    'receiving.resolveItem': async ({ code }, call) => ({ item: await resolveItem(deps.api(), code, call.signal) }),
    'receiving.create': async ({ form, pendingSince }, call) => {
      const errors = validateWroForm(form);
      if (Object.keys(errors).length) throw appError('validation', 'Check the highlighted fields: nothing was sent.', { fieldErrors: errors });
      const api = deps.api();
      const body = wroCreateBody(form);
      if (pendingSince) {
        // An earlier submit of this draft got no answer: look before sending anything again.
        const earlier = await findCreatedOrder(api, body, new Date(pendingSince), call.signal);
        if (earlier) return { order: earlier, reconciled: true };
      }
      const sentAt = new Date();
      let reconciled = false;
      const order = await createReceivingOrder(api, body, deps.channelId(), call.signal, async () => {
        let found;
        try {
          found = await findCreatedOrder(api, body, sentAt, call.signal);
        } catch (error) {
          // The answer was lost and the check failed too: say so, and send nothing more. The draft
          // keeps `pendingSince`, so the next submit checks again before sending.
          const why = error instanceof AppErrorException ? error.appError.message : String(error);
          throw appError(
            'network',
            `The answer to "create" was lost and Dockdesk could not yet check whether the order was made (${why}). Nothing was sent again; submit again to check first.`,
            { retryable: true },
          );
        }
        reconciled = found !== null;
        return found;
      });
      boxIndexFor(api).ordersChanged();
      return { order, reconciled };
    },
  };
}
