import type { EmulatorData, StoredBox, StoredInventory, StoredWro } from './model.js';
import { SeededRandom } from './random.js';
import { centerDayBounds } from '../../shared/time/center-day.js';

/**
 * A desk's realistic day on top of the generated warehouse, relative to the emulator's clock at
 * seed time: receiving orders expected today at their center (its own clock's day) (one late already, two still on their way, which
 * arrive as the clock moves), overdue ones that never came, one arrived yesterday and not yet
 * counted, and lots expiring within days or expired (one of each excluded). The generated data
 * already holds unlinked receipts, returns awaiting arrival, and items at zero or low stock.
 *
 * It only adds orders and exclusions and moves a few lots' expiry dates; it draws from its own
 * random sequence, so everything generated before it is the same with or without it.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
/** Below the generator's ids (5000 and up) and box ids (60001 and up). */
const FIRST_WRO_ID = 4000;
const FIRST_BOX_ID = 59_000;

interface PlannedWro {
  expected: number;
  status: 'Awaiting' | 'Arrived';
  /** Boxes reach the dock then and the order moves on the clock; null: it keeps its status. */
  arriveAt: number | null;
  arrivedAt?: number;
}

/** The day's plan: times within the center's day (its midnight to midnight) where "today" is meant. */
function plan(now: number, timeZone: string | null, k: number): PlannedWro {
  const { start, end } = centerDayBounds(now, timeZone);
  const left = end - now;
  const soon = now + Math.min(3 * HOUR, left / 2);
  const later = now + Math.min(5 * HOUR, (left * 3) / 4);
  const plans: PlannedWro[] = [
    // Expected earlier today and not here yet.
    { expected: Math.max(start, now - HOUR), status: 'Awaiting', arriveAt: null },
    { expected: soon, status: 'Awaiting', arriveAt: soon },
    { expected: later, status: 'Awaiting', arriveAt: later },
    // Overdue: expected on earlier days, never arrived.
    { expected: start - DAY + 10 * HOUR, status: 'Awaiting', arriveAt: null },
    { expected: start - 2 * DAY + 14 * HOUR, status: 'Awaiting', arriveAt: null },
    { expected: start - 5 * DAY + 9 * HOUR, status: 'Awaiting', arriveAt: null },
    // At the dock since yesterday, not counted yet.
    { expected: start - DAY + 8 * HOUR, status: 'Arrived', arriveAt: null, arrivedAt: start - DAY + 9 * HOUR },
  ];
  return plans[k]!;
}

/** How many orders the plan holds. */
const PLANNED = 7;

function box(rng: SeededRandom, id: number, number: number, items: StoredInventory[], p: PlannedWro): StoredBox {
  return {
    box_id: id,
    box_number: number,
    box_status: p.status,
    tracking_number: `1Z${rng.int(100_000_000, 999_999_999)}`,
    arrived_date: p.arrivedAt === undefined ? null : iso(p.arrivedAt),
    received_date: null,
    counting_started_date: null,
    arrive_at: p.arriveAt,
    box_items: items.map((item) => ({
      inventory_id: item.inventory_id,
      quantity: rng.int(2, 40),
      received_quantity: 0,
      stowed_quantity: 0,
      lot_number: item.lots[0]?.lot_number ?? null,
      lot_date: item.lots[0]?.expiration_date ?? null,
    })),
  };
}

function addReceivingOrders(rng: SeededRandom, data: EmulatorData, now: number): void {
  const stockable = data.inventory.filter((i) => !i.is_bundle && !i.is_digital);
  if (data.receivingOrders.length === 0 || stockable.length === 0 || data.fulfillmentCenters.length === 0) return;
  for (let k = 0; k < PLANNED; k++) {
    const fc = data.fulfillmentCenters[k % data.fulfillmentCenters.length]!;
    const p = plan(now, fc.timezone, k);
    // Inserted well before the generated orders' newest, so "the newest Awaiting order" stays as it was.
    const inserted = Math.min(p.expected, now) - 12 * DAY - k * HOUR;
    const items = [rng.pick(stockable), rng.pick(stockable)].filter((item, i, all) => all.indexOf(item) === i);
    const history: StoredWro['status_history'] = [{ id: 90_000 + k * 2, status: 'Awaiting', timestamp: iso(inserted) }];
    if (p.status === 'Arrived') history.push({ id: 90_001 + k * 2, status: 'Arrived', timestamp: iso(p.arrivedAt!) });
    data.receivingOrders.push({
      id: FIRST_WRO_ID + k * 3,
      status: p.status,
      package_type: 'Package',
      box_packaging_type: 'MultipleSkuPerBox',
      expected_arrival_date: iso(p.expected),
      insert_date: iso(inserted),
      last_updated_date: history[history.length - 1]!.timestamp,
      external_sync_timestamp: null,
      purchase_order_number: `PO-TODAY-${k + 1}`,
      fulfillment_center: { ...fc },
      status_history: history,
      freight: null,
      final_destination_fulfillment_center_id: null,
      boxes: [box(rng, FIRST_BOX_ID + k, 1, items, p)],
      moving: p.arriveAt !== null,
    });
  }
}

/** Days from the desk's today to each chosen lot's expiry; the two marked are excluded. */
const LOT_DAYS: { days: number; excluded: boolean }[] = [
  { days: 2, excluded: false },
  { days: 9, excluded: true },
  { days: 21, excluded: false },
  { days: -1, excluded: false },
  { days: -6, excluded: true },
  { days: -14, excluded: false },
];

/** Lots past the first dozen lotted items: the generator's exclusions use those. */
function setLotExpiries(data: EmulatorData, now: number): void {
  const lotted = data.inventory.filter((i) => i.lots.length > 0).slice(12, 12 + LOT_DAYS.length);
  const d = new Date(now);
  let id = data.lotExclusions.reduce((max, e) => Math.max(max, e.id), 0);
  lotted.forEach((item, k) => {
    const { days, excluded } = LOT_DAYS[k]!;
    const lot = item.lots[0]!;
    // Midday of the local day: the same calendar day in UTC for any desk within twelve hours of it.
    lot.expiration_date = iso(new Date(d.getFullYear(), d.getMonth(), d.getDate() + days, 12).getTime());
    if (!excluded) return;
    data.lotExclusions.push({
      id: ++id,
      inventory_id: item.inventory_id,
      lot_number: lot.lot_number,
      lot_date: lot.expiration_date,
      is_deleted: true,
      created_timestamp: iso(now - 3 * DAY),
      deleted_timestamp: iso(now - 3 * DAY),
    });
  });
}

export function addTodayScenario(data: EmulatorData, now: number): void {
  const rng = new SeededRandom(data.seed ^ 0x70da7);
  addReceivingOrders(rng, data, now);
  setLotExpiries(data, now);
}
