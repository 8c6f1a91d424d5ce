import type { z } from 'zod';
import { DISCREPANCY_STATUSES, type receivingChannels } from '../common/ipc.js';
import type { ReceivingBox, ReceivingOrder } from '../../../shared/schemas/receiving.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { otherLotUnits } from '../common/difference.js';
import { discrepancyRow, sortDiscrepancyRows } from './discrepancies.js';
import { receivingServiceQuery } from './list-query.js';
import { getReceivingBoxes, listReceivingOrders } from './resources.js';

type Channel = (typeof receivingChannels)['receiving.discrepancyList'];

/** Whether an item is lot-tracked, from the desk's item cache; undefined when the cache does not know it. */
export type LotItems = (inventoryId: number) => boolean | undefined;

/**
 * Units received under another lot or expiry, by order and item, as read from its boxes. The list
 * reads only closed orders, and a closed order's boxes change only with the order's
 * `last_updated_date`: each is read once while it stays as it was. One memo per API client, so a new
 * environment starts empty.
 */
type LotMemo = Map<number, { updated: string; units: ReadonlyMap<number, number> }>;
const lotMemos = new WeakMap<ApiClient, LotMemo>();

function lotMemoFor(api: ApiClient): LotMemo {
  let memo = lotMemos.get(api);
  if (!memo) lotMemos.set(api, (memo = new Map() as LotMemo));
  return memo;
}

/** Keeps what an order's boxes, as just read, received under another lot: the list and the receiving list say it without reading them again. */
export function rememberOtherLot(api: ApiClient, order: Pick<ReceivingOrder, 'id' | 'last_updated_date'>, boxes: readonly ReceivingBox[]): void {
  lotMemoFor(api).set(order.id, { updated: order.last_updated_date ?? '', units: otherLotUnits(boxes) });
}

/** Only an order that holds a lot item (or one the item cache does not know) can have a lot received otherwise. */
function mayHaveLotDifference(order: ReceivingOrder, lotItems: LotItems): boolean {
  return (order.inventory_quantities ?? []).some((q) => lotItems(q.inventory_id) !== false);
}

/** Units under another lot of an order's last read boxes, when the order has not changed since: no request. */
export function knownOtherLot(api: ApiClient, order: Pick<ReceivingOrder, 'id' | 'last_updated_date'>): ReadonlyMap<number, number> | null {
  const known = lotMemos.get(api)?.get(order.id);
  return known && known.updated === (order.last_updated_date ?? '') ? known.units : null;
}

/**
 * Closed orders of a period and center whose received differs from expected: from the list's own
 * per-item quantities, ceil(orders / 250) requests. The order's quantities do not say lots, so an
 * order that holds a lot item has its boxes read too (one request each, once while the order stays
 * unchanged), and its row counts the units under another lot as the order's report does. Today counts its tile with this same call,
 * so the tile and the list it opens agree.
 */
export async function readDiscrepancyList(
  api: ApiClient,
  { from, to, fc }: z.infer<Channel['input']>,
  signal: AbortSignal,
  lotItems: LotItems,
): Promise<z.infer<Channel['output']>> {
  let requests = 0;
  const filters = receivingServiceQuery({
    status: DISCREPANCY_STATUSES.join(','),
    in: from,
    inTo: to,
    ...(fc === null ? {} : { fc }),
  });
  const orders: ReceivingOrder[] = [];
  let next: string | null = null;
  do {
    const page = await listReceivingOrders(api, { page: 1, limit: 250, filters, follow: next }, signal);
    requests++;
    orders.push(...page.items);
    next = page.next;
  } while (next);
  const rows = [];
  for (const order of orders) {
    let otherLot: ReadonlyMap<number, number> | null = null;
    if (mayHaveLotDifference(order, lotItems)) {
      otherLot = knownOtherLot(api, order);
      if (!otherLot) {
        const boxes = await getReceivingBoxes(api, order.id, signal);
        requests++;
        rememberOtherLot(api, order, boxes);
        otherLot = otherLotUnits(boxes);
      }
    }
    const row = discrepancyRow(order, otherLot);
    if (row) rows.push(row);
  }
  return { rows: sortDiscrepancyRows(rows), read: orders.length, requests };
}
