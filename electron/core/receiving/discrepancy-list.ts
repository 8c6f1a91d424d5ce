import type { z } from 'zod';
import { DISCREPANCY_STATUSES, type receivingChannels } from '../../../shared/ipc/receiving.js';
import type { ReceivingOrder } from '../../../shared/schemas/receiving.js';
import type { ApiClient } from '../api/api-client.js';
import { discrepancyRow, lotDifferenceCount, sortDiscrepancyRows } from './discrepancies.js';
import { receivingServiceQuery } from './list-query.js';
import { getReceivingBoxes, listReceivingOrders } from './resources.js';

type Channel = (typeof receivingChannels)['receiving.discrepancyList'];

/** Whether an item is lot-tracked, from the desk's item cache; undefined when the cache does not know it. */
export type LotItems = (inventoryId: number) => boolean | undefined;

/**
 * Lines received under another lot or expiry, by order, as read from its boxes. The list reads only
 * closed orders, and a closed order's boxes change only with the order's `last_updated_date`: each is
 * read once while it stays as it was. One memo per API client, so a new environment starts empty.
 */
type LotMemo = Map<number, { updated: string; lines: number }>;
const lotMemos = new WeakMap<ApiClient, LotMemo>();

function lotMemoFor(api: ApiClient): LotMemo {
  let memo = lotMemos.get(api);
  if (!memo) lotMemos.set(api, (memo = new Map() as LotMemo));
  return memo;
}

/** An order whose counts agree item by item can still have a lot received otherwise only if it holds a lot item. */
function mayHaveLotDifference(order: ReceivingOrder, lotItems: LotItems): boolean {
  const quantities = order.inventory_quantities ?? [];
  return quantities.some((q) => lotItems(q.inventory_id) !== false) && quantities.every((q) => q.received_quantity === q.expected_quantity);
}

/**
 * Closed orders of a period and center whose received differs from expected: from the list's own
 * per-item quantities, ceil(orders / 250) requests. A lot received under another lot or expiry leaves
 * the counts equal, so an order whose counts agree and that holds a lot item has its boxes read too
 * (one request each, once while the order stays unchanged). Today counts its tile with this same call,
 * so the tile and the list it opens agree.
 */
export async function readDiscrepancyList(
  api: ApiClient,
  { from, to, centerId }: z.infer<Channel['input']>,
  signal: AbortSignal,
  lotItems: LotItems,
): Promise<z.infer<Channel['output']>> {
  let requests = 0;
  const filters = receivingServiceQuery({
    statuses: [...DISCREPANCY_STATUSES],
    insertedFrom: from,
    insertedTo: to,
    ...(centerId === null ? {} : { fulfillmentCenterIds: [centerId] }),
  });
  const orders: ReceivingOrder[] = [];
  let next: string | null = null;
  do {
    const page = await listReceivingOrders(api, { page: 1, limit: 250, filters, follow: next }, signal);
    requests++;
    orders.push(...page.items);
    next = page.next;
  } while (next);
  const memo = lotMemoFor(api);
  const rows = [];
  for (const order of orders) {
    let lotLines: number | null = null;
    if (mayHaveLotDifference(order, lotItems)) {
      const updated = order.last_updated_date ?? '';
      const known = memo.get(order.id);
      if (known?.updated === updated) lotLines = known.lines;
      else {
        lotLines = lotDifferenceCount(await getReceivingBoxes(api, order.id, signal));
        requests++;
        memo.set(order.id, { updated, lines: lotLines });
      }
    }
    const row = discrepancyRow(order, lotLines);
    if (row) rows.push(row);
  }
  return { rows: sortDiscrepancyRows(rows), read: orders.length, requests };
}
