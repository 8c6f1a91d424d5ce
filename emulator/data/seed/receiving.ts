import { ReceivingStatus } from '../../../shared/schemas/receiving.js';
import { FULFILLMENT_CENTERS } from '../catalog.js';
import type { EmulatorData, StoredBox, StoredInventory, StoredWro } from '../model.js';
import type { SeededRandom } from '../random.js';
import { DAY, HOUR, iso } from './common.js';

/** Receiving orders with boxes, in every status, on their lanes of the virtual clock. */
/** Where the moving lane puts a box at seed time: hours since it arrived (negative: not yet). */
const LANE: Partial<Record<(typeof ReceivingStatus.options)[number], number[]>> = {
  Awaiting: [-48, -72, -120, -240],
  PartiallyArrived: [1, -30],
  Arrived: [0.5, 1],
  Processing: [2.5, 4],
};

export function makeReceivingOrders(rng: SeededRandom, data: EmulatorData, count: number, now: number): void {
  const stockable = data.inventory.filter((i) => !i.is_bundle && !i.is_digital);
  if (stockable.length === 0) return;
  const statuses = ReceivingStatus.options;
  let historyId = 1;
  let boxId = 60_000;
  for (let n = 0; n < count; n++) {
    const status =
      n < statuses.length ? statuses[n]! : rng.pick(['Awaiting', 'Awaiting', 'Arrived', 'Processing', 'Completed', 'Completed', 'PartiallyArrived'] as const);
    const fc = rng.pick(FULFILLMENT_CENTERS);
    const inserted = now - rng.int(2, 80) * DAY - rng.int(0, 86_399) * 1000;
    const packageType = rng.pick(['Package', 'Package', 'Pallet', 'FloorLoadedContainer'] as const);
    const boxCount = rng.int(1, 4);
    const boxes: StoredBox[] = [];
    const lane = LANE[status];
    for (let b = 0; b < boxCount; b++) {
      const items = new Set<StoredInventory>();
      const want = rng.int(1, 3);
      while (items.size < Math.min(want, stockable.length)) items.add(rng.pick(stockable));
      const hoursSinceArrival = lane ? (lane[b] ?? lane[lane.length - 1]!) : null;
      const box: StoredBox = {
        box_id: ++boxId,
        box_number: b + 1,
        box_status: 'Awaiting',
        tracking_number: packageType === 'Package' ? `1Z${rng.int(100_000_000, 999_999_999)}` : null,
        arrived_date: null,
        received_date: null,
        counting_started_date: null,
        arrive_at: hoursSinceArrival === null ? null : now - hoursSinceArrival * HOUR,
        box_items: [...items].map((item) => {
          const lot = item.is_lot ? item.lots[0] : undefined;
          return {
            inventory_id: item.inventory_id,
            quantity: rng.int(2, 60) * (rng.chance(0.3) ? 10 : 1),
            received_quantity: 0,
            stowed_quantity: 0,
            lot_number: lot?.lot_number ?? null,
            lot_date: lot?.expiration_date ?? null,
          };
        }),
      };
      if (!lane) settleStaticBox(box, status, inserted + (b + 1) * DAY);
      boxes.push(box);
    }
    const pathTo = staticPath(status);
    const step = Math.max(1, Math.floor((now - inserted) / (pathTo.length + 1)));
    const wro: StoredWro = {
      id: 5000 + n * 3 + rng.int(0, 2),
      status,
      package_type: packageType,
      // Drawn here, after the id and before the arrival date, as always: the random stream stays as it was.
      box_packaging_type: packagingFor(rng, status, boxes),
      expected_arrival_date: iso(lane ? Math.min(...boxes.map((b) => b.arrive_at!)) : inserted + rng.int(1, 10) * DAY),
      insert_date: iso(inserted),
      last_updated_date: iso(inserted),
      external_sync_timestamp: rng.chance(0.3) ? iso(inserted + HOUR) : null,
      purchase_order_number: rng.chance(0.85) ? `PO-${rng.int(10_000, 99_999)}` : null,
      fulfillment_center: { ...fc },
      status_history: lane
        ? [{ id: historyId++, status: 'Awaiting', timestamp: iso(inserted) }]
        : pathTo.map((s, k) => ({ id: historyId++, status: s, timestamp: iso(inserted + k * step) })),
      freight:
        packageType === 'Package'
          ? null
          : {
              carrier: rng.pick(['Estes', 'XPO', 'Maersk', 'Old Dominion']),
              bol_number: `BOL${rng.int(1_000_000, 9_999_999)}`,
              container_number: packageType === 'FloorLoadedContainer' ? `MSKU${rng.int(1_000_000, 9_999_999)}` : null,
              vessel_name: packageType === 'FloorLoadedContainer' ? rng.pick(['Maersk Elba', 'CMA CGM Rio']) : null,
              freight_forwarder: rng.chance(0.5) ? 'Harbor Freight Forwarding' : null,
              notes: null,
            },
      final_destination_fulfillment_center_id: null,
      boxes,
      moving: lane !== undefined,
    };
    wro.last_updated_date = wro.status_history[wro.status_history.length - 1]!.timestamp;
    data.receivingOrders.push(wro);
  }
  seedDiscrepancies(data.receivingOrders);
}

/**
 * Closed orders counted otherwise than expected, as the warehouse leaves them: one over, one short,
 * one lot received under another expiry (a line of its own, expected 0), and one closed without its
 * last box (Incomplete). Chosen among the seeded orders without drawing from the random stream, so
 * every other order, and every expected quantity, stays as it was.
 */
function seedDiscrepancies(orders: StoredWro[]): void {
  const completed = orders.filter((w) => w.status === 'Completed' && !w.moving);
  const lotted = completed.find((w) => w.boxes[0]!.box_items.some((i) => i.lot_number !== null));
  const plain = completed.filter((w) => w !== lotted);
  const over = plain[0]?.boxes[0]!.box_items[0];
  if (over) over.received_quantity = over.stowed_quantity = over.quantity + 3;
  const short = plain[1]?.boxes[0]!.box_items[0];
  if (short) short.received_quantity = short.stowed_quantity = short.quantity - 2;
  if (lotted) {
    const box = lotted.boxes[0]!;
    const line = box.box_items.find((i) => i.lot_number !== null)!;
    const later = line.lot_date ? new Date(Date.parse(line.lot_date) + 90 * DAY).toISOString() : null;
    box.box_items.push({ ...line, quantity: 0, received_quantity: line.received_quantity, stowed_quantity: line.stowed_quantity, lot_date: later });
    line.received_quantity = line.stowed_quantity = 0;
  }
  // A box never received: the order the warehouse closed without it is Incomplete (its last status).
  const closedShort = completed.find((w) => w !== lotted && !plain.slice(0, 2).includes(w) && w.boxes.length > 1);
  const missing = closedShort?.boxes[closedShort.boxes.length - 1];
  if (closedShort && missing) {
    closedShort.status = 'Incomplete';
    closedShort.status_history[closedShort.status_history.length - 1]!.status = 'Incomplete';
    Object.assign(missing, { box_status: 'Awaiting', arrived_date: null, received_date: null, counting_started_date: null });
    for (const item of missing.box_items) item.received_quantity = item.stowed_quantity = 0;
  }
}

/** The order's packaging, with its boxes made to agree (fitBoxesTo). */
function packagingFor(rng: SeededRandom, status: string, boxes: StoredBox[]): StoredWro['box_packaging_type'] {
  const drawn = rng.pick(['EverythingInOneBox', 'OneSkuPerBox', 'MultipleSkuPerBox'] as const);
  // A partial arrival needs a box that came and one that did not: never one box.
  const packaging = drawn === 'EverythingInOneBox' && boxes.length > 1 && /^PartiallyArrived/.test(status) ? 'MultipleSkuPerBox' : drawn;
  fitBoxesTo(packaging, boxes);
  return packaging;
}

/**
 * The boxes as the order's packaging says they are: everything in one box is one box (the others'
 * items moved into the first, same item and lot added up); one SKU per box keeps each box's first
 * item. Without this an order read "Everything in one box" over four boxes.
 */
export function fitBoxesTo(packaging: StoredWro['box_packaging_type'], boxes: StoredBox[]): void {
  if (packaging === 'OneSkuPerBox') {
    for (const box of boxes) box.box_items = box.box_items.slice(0, 1);
    return;
  }
  if (packaging !== 'EverythingInOneBox' || boxes.length <= 1) return;
  const [first, ...rest] = boxes as [StoredBox, ...StoredBox[]];
  for (const box of rest) {
    for (const item of box.box_items) {
      const same = first.box_items.find((i) => i.inventory_id === item.inventory_id && i.lot_number === item.lot_number);
      if (same) {
        same.quantity += item.quantity;
        same.received_quantity += item.received_quantity;
        same.stowed_quantity += item.stowed_quantity;
      } else first.box_items.push(item);
    }
  }
  boxes.length = 1;
}

function staticPath(status: (typeof ReceivingStatus.options)[number]): (typeof ReceivingStatus.options)[number][] {
  switch (status) {
    case 'Cancelled':
    case 'InternalTransfer':
      return ['Awaiting', status];
    case 'ArrivedAtHub':
    case 'PartiallyArrivedAtHub':
      return ['Awaiting', status];
    case 'ProcessingAtHub':
      return ['Awaiting', 'ArrivedAtHub', 'ProcessingAtHub'];
    case 'Incomplete':
      return ['Awaiting', 'Arrived', 'Processing', 'Incomplete'];
    case 'Completed':
      return ['Awaiting', 'Arrived', 'Processing', 'Completed'];
    default:
      return ['Awaiting', status];
  }
}

/** Boxes of orders that keep their seeded status get quantities that fit it. */
function settleStaticBox(box: StoredBox, status: string, arrivedAt: number): void {
  const mark = (s: StoredBox['box_status'], received: number, stowed: number) => {
    box.box_status = s;
    for (const item of box.box_items) {
      item.received_quantity = Math.round(item.quantity * received);
      item.stowed_quantity = Math.round(item.received_quantity * stowed);
    }
    if (received > 0 || s === 'Arrived') {
      box.arrived_date = iso(arrivedAt);
      box.counting_started_date = received > 0 ? iso(arrivedAt + 2 * HOUR) : null;
      box.received_date = received > 0 ? iso(arrivedAt + 3 * HOUR) : null;
    }
  };
  if (status === 'Completed') mark('Completed', 1, 1);
  else if (status === 'Incomplete') mark('Completed', 0.8, 1);
  else if (status === 'Cancelled') mark('Cancelled', 0, 0);
  else if (status === 'InternalTransfer') mark('InternalTransfer', 0, 0);
  else if (status === 'ProcessingAtHub') mark('Stowing', 1, 0.4);
  else if (status === 'ArrivedAtHub' || status === 'PartiallyArrivedAtHub') mark('Arrived', 0, 0);
}
