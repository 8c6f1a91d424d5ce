import { EventCategory } from '../../../shared/schemas/inventory.js';
import type { EmulatorData, StoredHistoryEvent } from '../model.js';
import type { SeededRandom } from '../random.js';
import { DAY, iso } from './common.js';

/** Items with 90 days of history; beyond these, history lies before the window. */
const HISTORY_ITEMS = 300;

export function makeHistory(rng: SeededRandom, data: EmulatorData, now: number): void {
  const categories = EventCategory.options;
  let eventId = 1;
  const events: StoredHistoryEvent[] = [];
  const items = data.inventory.filter((i) => i.levels.length > 0).slice(0, HISTORY_ITEMS);
  items.forEach((item, index) => {
    for (const level of item.levels) {
      // Walk forward from zero so the running sum of quantity_change ends at today's on-hand.
      let balance = 0;
      const steps = rng.int(6, 18);
      const start = now - 89 * DAY;
      const movement = (qty: number, status = 'Fulfillable') => ({
        facility_id: level.fc_id,
        location_id: level.fc_id * 1000 + rng.int(1, 40),
        sku: item.sku,
        lot_number: item.lots.find((l) => l.fc_id === level.fc_id)?.lot_number ?? null,
        expiration_date: item.lots.find((l) => l.fc_id === level.fc_id)?.expiration_date ?? null,
        inventory_status: status,
        quantity_change: qty,
        committed_quantity_change: 0,
      });
      for (let s = 0; s <= steps; s++) {
        const at = start + Math.floor(((s + rng.next()) / (steps + 2)) * 88 * DAY);
        const last = s === steps;
        // Guarantee every category appears: the first items walk through all of them.
        let category: EventCategory = index < categories.length && s === 1 ? categories[index]! : rng.pick(categories);
        if (s === 0) category = 'InventoryReceived';
        let change: number;
        if (last) change = level.on_hand - balance;
        else if (category === 'OrderPicked') change = -Math.min(balance, rng.int(1, 12));
        else if (category === 'InventoryAdjusted') change = rng.chance(0.5) ? rng.int(1, 5) : -Math.min(balance, rng.int(1, 5));
        else if (category === 'InventoryReceived' || category === 'InventoryRestocked' || category === 'KittingStow') change = rng.int(5, 120);
        else change = 0; // moves and attribute updates do not change on-hand
        if (last && change === 0) continue;
        if (last) category = change > 0 ? 'InventoryAdjusted' : 'OrderPicked';
        balance += change;
        const event: StoredHistoryEvent = {
          inventory_audit_event_id: eventId++,
          inventory_id: item.inventory_id,
          event_category: category,
          event_datetime: iso(at),
          order_id: category === 'OrderPicked' ? 3_000_000 + rng.int(1, 99_999) : null,
          primary_reference: {
            type: category === 'OrderPicked' ? 'Order' : category === 'InventoryReceived' || category === 'ReceivingStow' ? 'WRO' : 'Adjustment',
            value: String(rng.int(1000, 99_999)),
          },
          additional_reference: [],
          increment: null,
          decrement: null,
        };
        if (category === 'ReceivingStow' || category === 'InventoryFacilityUpdated') {
          const qty = rng.int(1, 40);
          event.increment = movement(qty);
          event.decrement = movement(-qty, category === 'ReceivingStow' ? 'Received' : 'Fulfillable');
        } else if (change > 0) event.increment = movement(change);
        else if (change < 0) event.decrement = movement(change);
        else event.increment = movement(0);
        events.push(event);
      }
    }
  });
  events.sort((a, b) => a.event_datetime.localeCompare(b.event_datetime) || a.inventory_audit_event_id - b.inventory_audit_event_id);
  // Ids follow time, so a cursor (the last id seen) pages oldest first.
  events.forEach((e, k) => (e.inventory_audit_event_id = k + 1));
  data.history = events;
}
