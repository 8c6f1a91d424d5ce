import type { ReceivingBox, ReceivingCreate, ReceivingOrder } from '../../../shared/schemas/receiving.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { receivingServiceQuery } from './list-query.js';
import { getReceivingBoxes, listAllReceivingOrders } from './resources.js';

/**
 * Finds the order an earlier submit of this body created, when its answer was lost (a dropped
 * connection, a crash between send and answer). Create has no idempotency key or reference id, so the
 * order is recognised by what it is made of:
 *
 * 1. the list, filtered by the fulfillment center, the PO number (when there is one and it has no
 *    comma, which the service's list filter would split) and an insert date from a day before the
 *    submit (the service's clock is its own: the day of slack keeps a skewed clock from hiding the
 *    order; the content match below is what decides);
 * 2. the same expected arrival instant, to the millisecond;
 * 3. then its boxes, read one order at a time: the same number of boxes, the same tracking numbers in
 *    the same order, and per box the same items (inventory id, or SKU by the order's quantities),
 *    quantities and lot numbers.
 *
 * What it cannot tell apart: a second, identical order entered by hand from another draft within the
 * day. That is the price of a create without a key; such twins are vanishingly rare at a desk, and the
 * result names the order found so the clerk sees it.
 */
const SLACK_MS = 24 * 60 * 60_000;

function sameBoxes(body: ReceivingCreate, boxes: ReceivingBox[], skuOf: Map<number, string>): boolean {
  if (boxes.length !== body.boxes.length) return false;
  const byNumber = [...boxes].sort((a, b) => (a.box_number ?? 0) - (b.box_number ?? 0));
  return body.boxes.every((want, i) => {
    const got = byNumber[i]!;
    if ((want.tracking_number ?? null) !== (got.tracking_number ?? null)) return false;
    const items = got.box_items ?? [];
    if (items.length !== want.box_items.length) return false;
    return want.box_items.every((w, j) => {
      const g = items[j]!;
      const sameItem =
        w.inventory_id !== undefined ? g.inventory_id === w.inventory_id : (skuOf.get(g.inventory_id) ?? '').toLowerCase() === (w.sku ?? '').toLowerCase();
      return sameItem && g.quantity === w.quantity && (g.lot_number ?? null) === (w.lot_number ?? null);
    });
  });
}

export async function findCreatedOrder(api: ApiClient, body: ReceivingCreate, sentAt: Date, signal?: AbortSignal): Promise<ReceivingOrder | null> {
  const po = body.purchase_order_number ?? null;
  const since = new Date(sentAt.getTime() - SLACK_MS);
  const filters = receivingServiceQuery({
    fc: body.fulfillment_center.id,
    ...(po && !po.includes(',') ? { purchaseOrderNumbers: [po] } : {}),
  });
  filters.InsertStartDate = since.toISOString();
  const arrival = Date.parse(body.expected_arrival_date);
  const candidates = (await listAllReceivingOrders(api, { limit: 250, filters }, signal))
    .filter((o) => o.expected_arrival_date !== undefined && Date.parse(o.expected_arrival_date) === arrival && (o.purchase_order_number ?? null) === po)
    .sort((a, b) => b.id - a.id);
  for (const order of candidates) {
    const skuOf = new Map((order.inventory_quantities ?? []).map((q) => [q.inventory_id, q.sku ?? '']));
    if (sameBoxes(body, await getReceivingBoxes(api, order.id, signal), skuOf)) return order;
  }
  return null;
}
