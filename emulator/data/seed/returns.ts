import { FULFILLMENT_CENTERS } from '../catalog.js';
import type { EmulatorData, StoredReturn } from '../model.js';
import type { SeededRandom } from '../random.js';
import { DAY, HOUR, iso } from './common.js';

/** Returns. */
export function makeReturns(rng: SeededRandom, data: EmulatorData, now: number): void {
  const stock = data.inventory.filter((i) => !i.is_digital && !i.is_bundle && i.levels.length > 0);
  if (stock.length === 0) return;
  const statuses = ['AwaitingArrival', 'Arrived', 'Processing', 'Completed', 'Cancelled'] as const;
  const channel = data.channels[0]!;
  for (let n = 0; n < 25; n++) {
    const status = statuses[n % statuses.length]!;
    const created = now - rng.int(1, 30) * DAY;
    const item = rng.pick(stock);
    const fc = FULFILLMENT_CENTERS.find((f) => f.id === item.levels[0]!.fc_id)!;
    const action = n % 4 === 0 ? 'Quarantine' : n % 4 === 1 ? 'Dispose' : 'Restock';
    const override = n % 3 === 0;
    const qty = rng.int(1, 3);
    const history: StoredReturn['status_history'] = [{ status: 'AwaitingArrival', timestamp: iso(created) }];
    const pathTo = {
      AwaitingArrival: [],
      Arrived: ['Arrived'],
      Processing: ['Arrived', 'Processing'],
      Completed: ['Arrived', 'Processing', 'Completed'],
      Cancelled: ['Cancelled'],
    }[status] as StoredReturn['status'][];
    pathTo.forEach((s, k) => history.push({ status: s, timestamp: iso(created + (k + 1) * 6 * HOUR) }));
    const ret: StoredReturn = {
      id: 6_000 + n,
      reference_id: `RMA-${20_000 + n}`,
      status,
      return_type: n % 5 === 4 ? 'ReturnToSender' : 'Regular',
      channel: { id: channel.id, name: channel.name },
      fulfillment_center: { id: fc.id, name: fc.name },
      tracking_number: `1Z${rng.int(100_000_000, 999_999_999)}`,
      original_shipment_id: data.orders[n % Math.max(1, data.orders.length)]?.shipments[0]?.id ?? null,
      insert_date: iso(created),
      completed_date: status === 'Completed' ? history[history.length - 1]!.timestamp : null,
      status_history: history,
      inventory: [
        {
          id: item.inventory_id,
          name: item.name,
          sku: item.sku,
          quantity: qty,
          action_requested: {
            action: override ? action : item.default_return_action,
            action_type: override ? 'Override' : 'InventoryDefault',
            instructions: null,
          },
          action_taken:
            status === 'Completed' ? [{ action: override ? action : item.default_return_action, action_reason: 'Inspected', quantity_processed: qty }] : [],
          lot_number: item.lots[0]?.lot_number ?? null,
          lot_date: item.lots[0]?.expiration_date ?? null,
        },
      ],
      // Returns still on their way move on the clock: arrival a day after creation, then processing.
      schedule: status === 'AwaitingArrival' ? { arrive_at: now + rng.int(4, 48) * HOUR, process_at: 0, complete_at: 0 } : null,
    };
    if (ret.schedule) {
      ret.schedule.process_at = ret.schedule.arrive_at + 2 * HOUR;
      ret.schedule.complete_at = ret.schedule.arrive_at + 6 * HOUR;
    }
    data.returns.push(ret);
  }
}
