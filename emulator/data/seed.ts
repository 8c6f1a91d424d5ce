import type { FulfillmentCenter, ReceivingOrder, ReceivingStatus } from '../../shared/schemas/receiving.js';
import { ReceivingStatus as ReceivingStatusEnum } from '../../shared/schemas/receiving.js';
import { FULFILLMENT_CENTERS, PRODUCT_WORDS } from './catalog.js';
import { SeededRandom } from './random.js';

export interface SeedOptions {
  seed: number;
  /** How many inventory items to make (the full-emulator issue raises this to 100,000). */
  inventoryItems: number;
  receivingOrders: number;
  /** Dates in the seed are placed around this moment (the virtual clock's time at seeding). */
  now: Date;
}

export const DEFAULT_SEED: Omit<SeedOptions, 'now'> = { seed: 20261121, inventoryItems: 240, receivingOrders: 64 };

export interface InventoryItemSeed {
  inventory_id: number;
  name: string;
  sku: string;
  barcode: string;
  is_lot: boolean;
}

/** The receiving order as the emulator keeps it: the full 2026-07 record, trimmed per version on the way out. */
export type StoredReceivingOrder = Required<Pick<ReceivingOrder, 'status_history' | 'freight' | 'final_destination_fulfillment_center_id'>> &
  ReceivingOrder;

export interface SeedData {
  fulfillmentCenters: FulfillmentCenter[];
  inventory: InventoryItemSeed[];
  receivingOrders: StoredReceivingOrder[];
}

const DAY = 24 * 60 * 60 * 1000;

export function generateSeed(options: SeedOptions): SeedData {
  const rng = new SeededRandom(options.seed);
  const inventory = makeInventory(rng, options.inventoryItems);
  const receivingOrders = makeReceivingOrders(rng, options, inventory);
  return { fulfillmentCenters: FULFILLMENT_CENTERS.map((fc) => ({ ...fc })), inventory, receivingOrders };
}

function makeInventory(rng: SeededRandom, count: number): InventoryItemSeed[] {
  const items: InventoryItemSeed[] = [];
  for (let i = 0; i < count; i++) {
    const inventoryId = 100_000 + i * 7 + rng.int(0, 6);
    const adjective = rng.pick(PRODUCT_WORDS.adjectives);
    const noun = rng.pick(PRODUCT_WORDS.nouns);
    const variant = rng.pick(PRODUCT_WORDS.variants);
    const skuStem = `${adjective.slice(0, 3)}-${noun.replace(/[^A-Za-z]/g, '').slice(0, 4)}`.toUpperCase();
    items.push({
      inventory_id: inventoryId,
      name: `${adjective} ${noun}, ${variant}`,
      sku: `${skuStem}-${String(i + 1).padStart(5, '0')}`,
      barcode: gtin13(rng),
      is_lot: rng.chance(0.25),
    });
  }
  return items;
}

/** A GTIN-13 with a correct check digit, so scanners and GS1 parsers accept seeded barcodes. */
function gtin13(rng: SeededRandom): string {
  const body = `0${String(rng.int(10_000_000, 99_999_999))}${String(rng.int(100, 999))}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

/** What a WRO's quantities look like in each status: fractions of the expected count received and stowed. */
const PROGRESS: Record<ReceivingStatus, { received: [number, number]; stowed: [number, number] }> = {
  Awaiting: { received: [0, 0], stowed: [0, 0] },
  Cancelled: { received: [0, 0], stowed: [0, 0] },
  InternalTransfer: { received: [0, 0], stowed: [0, 0] },
  PartiallyArrived: { received: [0.2, 0.6], stowed: [0, 0] },
  PartiallyArrivedAtHub: { received: [0.2, 0.6], stowed: [0, 0] },
  Arrived: { received: [0.3, 0.9], stowed: [0, 0] },
  ArrivedAtHub: { received: [0.3, 0.9], stowed: [0, 0] },
  Processing: { received: [0.7, 1], stowed: [0.2, 0.7] },
  ProcessingAtHub: { received: [0.7, 1], stowed: [0.2, 0.7] },
  Incomplete: { received: [0.5, 0.9], stowed: [1, 1] },
  Completed: { received: [0.95, 1], stowed: [1, 1] },
};

/** The order of statuses a WRO passed through to reach its current one (for status_history). */
const PATH_TO: Record<ReceivingStatus, ReceivingStatus[]> = {
  Awaiting: ['Awaiting'],
  Cancelled: ['Awaiting', 'Cancelled'],
  InternalTransfer: ['Awaiting', 'InternalTransfer'],
  PartiallyArrived: ['Awaiting', 'PartiallyArrived'],
  PartiallyArrivedAtHub: ['Awaiting', 'PartiallyArrivedAtHub'],
  Arrived: ['Awaiting', 'Arrived'],
  ArrivedAtHub: ['Awaiting', 'ArrivedAtHub'],
  Processing: ['Awaiting', 'Arrived', 'Processing'],
  ProcessingAtHub: ['Awaiting', 'ArrivedAtHub', 'ProcessingAtHub'],
  Incomplete: ['Awaiting', 'Arrived', 'Processing', 'Incomplete'],
  Completed: ['Awaiting', 'Arrived', 'Processing', 'Completed'],
};

function makeReceivingOrders(rng: SeededRandom, options: SeedOptions, inventory: InventoryItemSeed[]): StoredReceivingOrder[] {
  const statuses = ReceivingStatusEnum.options;
  const now = options.now.getTime();
  const orders: StoredReceivingOrder[] = [];
  let historyId = 1;
  for (let i = 0; i < options.receivingOrders; i++) {
    // Every status appears at least once, then the mix leans on the everyday ones.
    const status: ReceivingStatus =
      i < statuses.length ? (statuses[i] as ReceivingStatus) : rng.pick(['Awaiting', 'Awaiting', 'Arrived', 'Processing', 'Completed', 'Completed', 'PartiallyArrived'] as const);
    const fc = rng.pick(FULFILLMENT_CENTERS);
    const lines = rng.int(1, 6);
    const chosen = new Set<InventoryItemSeed>();
    while (chosen.size < Math.min(lines, inventory.length)) chosen.add(rng.pick(inventory));
    const progress = PROGRESS[status];
    const quantities = [...chosen].map((item) => {
      const expected = rng.int(2, 60) * (rng.chance(0.3) ? 10 : 1);
      const received = Math.round(expected * (progress.received[0] + rng.next() * (progress.received[1] - progress.received[0])));
      const stowed = Math.round(received * (progress.stowed[0] + rng.next() * (progress.stowed[1] - progress.stowed[0])));
      return { inventory_id: item.inventory_id, sku: item.sku, expected_quantity: expected, received_quantity: received, stowed_quantity: stowed };
    });
    const inserted = now - rng.int(2, 80) * DAY - rng.int(0, 86_399) * 1000;
    const path = PATH_TO[status];
    const step = Math.max(1, Math.floor((now - inserted) / (path.length + 1)));
    const statusHistory = path.map((s, k) => ({ id: historyId++, status: s, timestamp: new Date(inserted + k * step).toISOString() }));
    const lastUpdated = statusHistory[statusHistory.length - 1]!.timestamp;
    const expectedArrival = status === 'Awaiting' ? now + rng.int(1, 30) * DAY : inserted + rng.int(1, 10) * DAY;
    const id = 5000 + i * 3 + rng.int(0, 2);
    const packageType = rng.pick(['Package', 'Package', 'Pallet', 'FloorLoadedContainer'] as const);
    orders.push({
      id,
      status,
      package_type: packageType,
      box_packaging_type: rng.pick(['EverythingInOneBox', 'OneSkuPerBox', 'MultipleSkuPerBox'] as const),
      box_labels_uri: null, // filled per version by the route, it names the version's path
      expected_arrival_date: new Date(expectedArrival).toISOString(),
      insert_date: new Date(inserted).toISOString(),
      last_updated_date: lastUpdated,
      external_sync_timestamp: rng.chance(0.3) ? lastUpdated : null,
      purchase_order_number: rng.chance(0.85) ? `PO-${rng.int(10_000, 99_999)}` : null,
      fulfillment_center: { ...fc },
      inventory_quantities: quantities,
      status_history: statusHistory,
      freight:
        packageType === 'Package'
          ? null
          : {
              carrier: rng.pick(['Estes', 'XPO', 'Maersk', 'Old Dominion']),
              bol_number: `BOL${rng.int(1_000_000, 9_999_999)}`,
              container_number: packageType === 'FloorLoadedContainer' ? `MSKU${rng.int(1_000_000, 9_999_999)}` : null,
              vessel_name: packageType === 'FloorLoadedContainer' ? rng.pick(['Maersk Elba', 'Ever Given', 'CMA CGM Rio']) : null,
              freight_forwarder: rng.chance(0.5) ? 'Harbor Freight Forwarding' : null,
              notes: null,
            },
      final_destination_fulfillment_center_id: null,
    });
  }
  return orders;
}
