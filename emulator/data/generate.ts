import type { EventCategory } from '../../shared/schemas/inventory.js';
import type { Order, Shipment } from '../../shared/schemas/orders.js';
import { ReceivingStatus } from '../../shared/schemas/receiving.js';
import type { VariantResponse } from '../../shared/schemas/products.js';
import { seedChannels } from './channels.js';
import { FULFILLMENT_CENTERS, PRODUCT_WORDS, TAXONOMY_OF_NOUN, taxonomyInfo } from './catalog.js';
import type {
  StoredHistoryEvent,
  EmulatorData,
  LevelAtCenter,
  LotAtCenter,
  StoredBox,
  StoredInventory,
  StoredProduct,
  StoredReturn,
  StoredUro,
  StoredWro,
} from './model.js';
import { SeededRandom } from './random.js';
import { addTodayScenario } from './today-scenario.js';

export interface GenerateOptions {
  seed: number;
  /** 1 to 100,000. */
  inventoryItems: number;
  receivingOrders: number;
  now: Date;
}

export const DEFAULTS = { seed: 20261121, inventoryItems: 240, receivingOrders: 64 } as const;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const USER_ID = 41001;
const iso = (ms: number) => new Date(ms).toISOString();
const dateOnly = (ms: number) => iso(ms).slice(0, 10);

/** Items with 90 days of history; beyond these, history lies before the window. */
const HISTORY_ITEMS = 300;

/**
 * Makes a believable warehouse from a seed: same seed, same data. Every enum value the spec names
 * appears somewhere, so clients can be tested against all of them (the conformance suite checks).
 */
export function generateData(options: GenerateOptions): EmulatorData {
  const rng = new SeededRandom(options.seed);
  const now = options.now.getTime();
  const data: EmulatorData = {
    version: 1,
    seed: options.seed,
    nextId: 900_000,
    fulfillmentCenters: FULFILLMENT_CENTERS.map((fc) => ({ ...fc })),
    channels: seedChannels(),
    products: [],
    inventory: [],
    receivingOrders: [],
    uros: [],
    history: [],
    lotExclusions: [],
    orders: [],
    returns: [],
    simulations: [],
    invoices: [],
    transactions: [],
    webhooks: [],
  };
  makeCatalog(rng, data, options.inventoryItems, now);
  makeHistory(rng, data, now);
  makeReceivingOrders(rng, data, options.receivingOrders, now);
  makeUros(rng, data, now);
  makeLotExclusions(rng, data, now);
  makeOrders(rng, data, now);
  makeReturns(rng, data, now);
  makeBilling(rng, data, now);
  addTodayScenario(data, now);
  return data;
}

// ---------------------------------------------------------------- catalog: products, variants, items

function gtin13(rng: SeededRandom): string {
  const body = `0${String(rng.int(10_000_000, 99_999_999))}${String(rng.int(100, 999))}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

const ACTIONS = [
  { id: 1, name: 'Restock' },
  { id: 2, name: 'Quarantine' },
  { id: 3, name: 'Dispose' },
] as const;

function variantFor(item: StoredInventory, channel: { id: number; name: string }, created: string, rng: SeededRandom): VariantResponse {
  const action = ACTIONS.find((a) => a.name === item.default_return_action)!;
  return {
    id: item.variant_id,
    name: item.name,
    sku: item.sku,
    gtin: item.barcode,
    upc: null,
    is_digital: item.is_digital,
    status: item.is_active ? 'Active' : 'Inactive',
    created_on: created,
    updated_on: created,
    weight: { unit: 'oz', weight: item.weight_oz },
    dimension: { ...item.dimensions, unit: 'in', source: 'Merchant', is_locked: false },
    barcodes: [{ sticker_url: '', value: item.barcode }],
    lot_information: { is_lot: item.is_lot, minimum_shelf_life_days: item.is_lot ? 90 : 0 },
    customs: {
      country_code_of_origin: rng.pick(['US', 'CN', 'DE', 'MX']),
      description: item.name,
      hs_tariff_code: '2101.11',
      is321_eligible: false,
      value: rng.int(2, 80),
      currency: 'USD',
    },
    fulfillment_settings: {
      dangerous_goods: item.is_hazmat,
      is_bpm_parcel: false,
      is_case_pick: item.is_case,
      requires_prop65: false,
      msds_url: '',
      serial_scan: { exact_character_length: 0, is_enabled: false, prefix: '', suffix: '' },
    },
    inventory: { inventory_id: item.inventory_id, on_hand_qty: item.levels.reduce((n, l) => n + l.on_hand, 0) },
    is_image_uploaded: rng.chance(0.7),
    packaging_material_type: { id: 1, name: 'Box' },
    packaging_requirement: { id: 1, name: 'None' },
    return_preferences: {
      instructions: '',
      primary_action: { ...action },
      backup_action: { id: 2, name: 'Quarantine' },
      return_to_sender_primary_action: { ...action },
      return_to_sender_backup_action: { id: 3, name: 'Dispose' },
    },
    additional_hazmat_attributes: item.is_hazmat
      ? {
          charge_state_percentage: 30,
          container_metal: false,
          container_type: 'Cell',
          lithium_battery_packaging: 'ContainedInEquipment',
          lithium_battery_type: 'LithiumIon',
          magnet: false,
          net_volume: null,
          net_weight: 0.05,
        }
      : {
          charge_state_percentage: null,
          container_metal: null,
          container_type: null,
          lithium_battery_packaging: null,
          lithium_battery_type: null,
          magnet: null,
          net_volume: null,
          net_weight: null,
        },
    bundle_definition: [],
    associated_bundles: [],
    // Four in five items are listed on the demo storefront; derived from ids so the seed's random sequence stays as it was.
    channel_metadata:
      item.variant_id % 5 !== 0
        ? [
            {
              id: 9_000_000 + item.variant_id,
              channel_id: channel.id,
              channel_name: channel.name,
              currency: 'USD',
              is_inventory_sync_enabled: item.is_active,
              legacy_product_id: null,
              platform: 'Shopify',
              platform_identifier: String(7_000_000_000 + item.variant_id),
              platform_inventory_item_id: String(4_000_000_000 + item.inventory_id),
              price: 3 + (item.variant_id % 57),
              seller_sku: item.sku,
            },
          ]
        : [],
    merge_children: [],
    reviews_pending: [],
  };
}

function makeCatalog(rng: SeededRandom, data: EmulatorData, count: number, now: number): void {
  let productId = 700_000;
  let variantId = 800_000;
  for (let i = 0; i < count;) {
    const adjective = rng.pick(PRODUCT_WORDS.adjectives);
    const noun = rng.pick(PRODUCT_WORDS.nouns);
    const created = iso(now - rng.int(100, 700) * DAY);
    const product: StoredProduct = {
      id: ++productId,
      name: `${adjective} ${noun}`,
      type: 'Regular',
      created_on: created,
      updated_on: created,
      user_id: USER_ID,
      taxonomy: taxonomyInfo(TAXONOMY_OF_NOUN[noun]),
      is_quarantine: false,
      reference_id: null,
      unit_price: null,
      variants: [],
    };
    const variantCount = Math.min(rng.int(1, 3), count - i);
    for (let v = 0; v < variantCount; v++, i++) {
      // The first few items are the special kinds the rules talk about: a digital item, a bundle, a case.
      const isDigital = i === 1 || (i > 10 && rng.chance(0.01));
      const isBundle = i === 2 || (i > 10 && rng.chance(0.01));
      const isLot = i === 3 || i === 4 || (!isDigital && !isBundle && rng.chance(0.25));
      const variantName = rng.pick(PRODUCT_WORDS.variants);
      const skuStem = `${adjective.slice(0, 3)}-${noun.replace(/[^A-Za-z]/g, '').slice(0, 4)}`.toUpperCase();
      const item: StoredInventory = {
        inventory_id: 100_000 + i * 7 + rng.int(0, 6),
        name: `${adjective} ${noun}, ${variantName}${isBundle ? ' (bundle)' : isDigital ? ' (digital)' : ''}`,
        sku: `${skuStem}-${String(i + 1).padStart(6, '0')}`,
        barcode: gtin13(rng),
        product_id: product.id,
        variant_id: ++variantId,
        is_case: i === 5 || rng.chance(0.03),
        is_lot: isLot,
        is_bundle: isBundle,
        is_digital: isDigital,
        is_active: rng.chance(0.97) || i < 20,
        is_hazmat: rng.chance(0.02),
        dimensions: { height: rng.int(1, 20), length: rng.int(1, 20), width: rng.int(1, 20) },
        weight_oz: rng.int(1, 320),
        levels: [],
        lots: [],
        default_return_action: rng.pick(['Restock', 'Restock', 'Restock', 'Quarantine', 'Dispose'] as const),
      };
      if (!isDigital && !isBundle) makeLevels(rng, item, now);
      data.inventory.push(item);
      product.variants.push(variantFor(item, data.channels[0]!, created, rng));
    }
    data.products.push(product);
  }
  // Bundles are made of two real items (spec 2.9: a bundle maps to two or more inventory items).
  // Variants by id, built once: a search of the catalog per bundle made seeding 100,000 items quadratic (seconds).
  const variants = new Map<number, VariantResponse>();
  for (const p of data.products) for (const v of p.variants) variants.set(v.id, v);
  const plain = data.inventory.filter((it) => !it.is_bundle && !it.is_digital);
  for (const bundle of data.inventory.filter((it) => it.is_bundle)) {
    const variant = variants.get(bundle.variant_id)!;
    const parts = [plain[0], plain[Math.min(plain.length - 1, 1)]].filter((p): p is StoredInventory => p !== undefined);
    variant.bundle_definition = parts.map((p, k) => ({
      product_id: p.product_id,
      variant_id: p.variant_id,
      quantity: k + 1,
      variant_name: p.name,
      variant_sku: p.sku,
    }));
  }
}

function makeLevels(rng: SeededRandom, item: StoredInventory, now: number): void {
  const centers = rng.chance(0.35) ? [FULFILLMENT_CENTERS[0]!, rng.pick(FULFILLMENT_CENTERS.slice(1))] : [rng.pick(FULFILLMENT_CENTERS)];
  for (const fc of centers) {
    const onHand = rng.int(0, 400);
    const committed = Math.min(onHand, rng.int(0, 30));
    const exception = rng.chance(0.1) ? Math.min(onHand - committed, rng.int(1, 5)) : 0;
    const level: LevelAtCenter = {
      fc_id: fc.id,
      on_hand: onHand,
      committed,
      awaiting: rng.chance(0.3) ? rng.int(10, 200) : 0,
      exception,
      internal_transfer: rng.chance(0.05) ? rng.int(1, 20) : 0,
      backordered: rng.chance(0.05) ? rng.int(1, 10) : 0,
    };
    item.levels.push(level);
    if (item.is_lot) splitIntoLots(rng, item, fc.id, onHand, now);
  }
}

function splitIntoLots(rng: SeededRandom, item: StoredInventory, fcId: number, onHand: number, now: number): void {
  const lots = rng.int(1, 3);
  let left = onHand;
  for (let k = 0; k < lots; k++) {
    const qty = k === lots - 1 ? left : rng.int(0, left);
    left -= qty;
    const lot: LotAtCenter = {
      lot_number: `L${String(item.inventory_id).slice(-4)}-${String.fromCharCode(65 + k)}${rng.int(10, 99)}`,
      expiration_date: iso(now + rng.int(-20, 400) * DAY),
      fc_id: fcId,
      on_hand: qty,
    };
    item.lots.push(lot);
  }
}

export function fulfillable(level: LevelAtCenter): number {
  return Math.max(0, level.on_hand - level.committed - level.exception);
}

// ---------------------------------------------------------------- inventory history (90 days)

function makeHistory(rng: SeededRandom, data: EmulatorData, now: number): void {
  const categories: EventCategory[] = [
    'OrderPicked',
    'InventoryAdjusted',
    'InventoryFacilityUpdated',
    'AttributeUpdated',
    'InventoryReceived',
    'InventoryRestocked',
    'ReceivingStow',
    'KittingStow',
  ];
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

// ---------------------------------------------------------------- receiving orders with boxes

/** Where the moving lane puts a box at seed time: hours since it arrived (negative: not yet). */
const LANE: Partial<Record<(typeof ReceivingStatus.options)[number], number[]>> = {
  Awaiting: [-48, -72, -120, -240],
  PartiallyArrived: [1, -30],
  Arrived: [0.5, 1],
  Processing: [2.5, 4],
};

function makeReceivingOrders(rng: SeededRandom, data: EmulatorData, count: number, now: number): void {
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
      box_packaging_type: rng.pick(['EverythingInOneBox', 'OneSkuPerBox', 'MultipleSkuPerBox'] as const),
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

// ---------------------------------------------------------------- unidentified receipts

function makeUros(rng: SeededRandom, data: EmulatorData, now: number): void {
  const reasons = ['No WRO found for the shipment', 'Unexpected items in the box', 'Overage of 10% or more', 'Expiry dates differ from the WRO'];
  let attachmentId = 1;
  for (let i = 0; i < 18; i++) {
    const created = now - rng.int(1, 60) * DAY;
    const linked = i % 3 === 0 && data.receivingOrders.length > 0 ? rng.pick(data.receivingOrders) : null;
    const uro: StoredUro = {
      id: 9100 + i,
      barcode: `URO${String(9100 + i).padStart(8, '0')}`,
      tracking_barcode: rng.chance(0.8) ? `1Z${rng.int(100_000_000, 999_999_999)}` : null,
      reason: rng.pick(reasons),
      comment: rng.chance(0.5) ? 'Box arrived with a handwritten label.' : null,
      created_date: iso(created),
      linked_wro_id: linked?.id ?? null,
      linked_wro_date: linked ? iso(created + 2 * DAY) : null,
      attachments: Array.from({ length: rng.int(1, 2) }, (_, k) => ({
        id: attachmentId++,
        file_name: `uro-${9100 + i}-${k + 1}.png`,
        content_type: 'image/png',
        size_bytes: 0,
        created_date: iso(created),
      })),
    };
    data.uros.push(uro);
  }
}

// ---------------------------------------------------------------- lot exclusions

function makeLotExclusions(rng: SeededRandom, data: EmulatorData, now: number): void {
  const lotted = data.inventory.filter((i) => i.lots.length > 0).slice(0, 12);
  let id = 1;
  for (const item of lotted) {
    const lot = item.lots[0]!;
    const deleted = data.lotExclusions.length === 0 || rng.chance(0.3);
    data.lotExclusions.push({
      id: id++,
      inventory_id: item.inventory_id,
      lot_number: lot.lot_number,
      lot_date: lot.expiration_date,
      is_deleted: deleted,
      created_timestamp: iso(now - rng.int(5, 40) * DAY),
      deleted_timestamp: deleted ? iso(now - rng.int(1, 4) * DAY) : null,
    });
  }
}

// ---------------------------------------------------------------- orders and shipments

const ORDER_STATUSES = ['Processing', 'Exception', 'PartiallyFulfilled', 'Fulfilled', 'Cancelled', 'ImportReview'] as const;
const SHIPMENT_FOR_ORDER: Record<(typeof ORDER_STATUSES)[number], Shipment['status'][]> = {
  Processing: ['Processing', 'None', 'LabeledCreated'],
  Exception: ['Exception', 'OnHold'],
  PartiallyFulfilled: ['Completed', 'Processing'],
  Fulfilled: ['Completed'],
  Cancelled: ['Cancelled', 'CleanSweeped'],
  ImportReview: ['ImportReview'],
};
const EFD = ['AwaitingInventoryAllocation', 'AwaitingReset', 'Unavailable', 'PendingOnTime', 'FulfilledOnTime', 'PendingLate', 'FulfilledLate'] as const;
const MATERIALS = ['Unknown', 'Box', 'BubbleMailer', 'PolyMailer', 'FragileBox', 'PosterTube', 'Custom', 'Bookfold', 'OwnContainer', 'Undefined'] as const;
const UOM = ['EA', 'INP', 'CS', 'PL'] as const;

function makeOrders(rng: SeededRandom, data: EmulatorData, now: number): void {
  const stock = data.inventory.filter((i) => !i.is_digital && !i.is_bundle);
  if (stock.length === 0) return;
  let shipmentId = 4_000_000;
  const channel = data.channels[0]!;
  for (let n = 0; n < 60; n++) {
    const status = ORDER_STATUSES[n % ORDER_STATUSES.length]!;
    const created = now - rng.int(1, 45) * DAY;
    const items = [rng.pick(stock), rng.pick(stock)];
    const id = 3_100_000 + n;
    const reference = `SHOP-${10_000 + n}`;
    const name = rng.pick(['Alex Rivera', 'Sam Chen', 'Jordan Patel', 'Casey Morgan', 'Riley Brooks']);
    const address = {
      address1: `${rng.int(10, 999)} Main St`,
      address2: null,
      city: rng.pick(['Austin', 'Denver', 'Columbus', 'Portland']),
      company_name: null,
      country: 'US',
      state: rng.pick(['TX', 'CO', 'OH', 'OR']),
      zip_code: String(rng.int(10_000, 99_999)),
    };
    const shipmentStatuses = SHIPMENT_FOR_ORDER[status];
    const shipments: Shipment[] = shipmentStatuses.map((sStatus, k) => {
      const fc = n % 5 === 0 ? FULFILLMENT_CENTERS.find((f) => f.id === 33)! : rng.pick(FULFILLMENT_CENTERS);
      const shipped = sStatus === 'Completed';
      const item = items[k % items.length]!;
      return {
        id: ++shipmentId,
        order_id: id,
        reference_id: reference,
        created_date: iso(created + HOUR),
        last_update_at: iso(created + 2 * HOUR),
        last_tracking_update_at: shipped ? iso(created + DAY) : null,
        estimated_fulfillment_date: iso(created + 2 * DAY),
        actual_fulfillment_date: shipped ? iso(created + DAY) : null,
        delivery_date: shipped && rng.chance(0.6) ? iso(created + 4 * DAY) : null,
        estimated_fulfillment_date_status: EFD[(n + k) % EFD.length]!,
        status: sStatus,
        status_details:
          sStatus === 'OnHold'
            ? [
                {
                  id: 1,
                  name: 'MissingTariffInformation',
                  description: 'Tariff information is missing for an item.',
                  inventory_id: item.inventory_id,
                  exception_fulfillment_center_id: fc.id,
                  extra_information: { validation_messages: ['hs_tariff_code is required'] },
                },
              ]
            : [],
        gift_message: n % 7 === 0 ? 'Happy birthday!' : null,
        insurance_value: null,
        invoice_amount: null,
        invoice_currency_code: null,
        is_tracking_uploaded: shipped && rng.chance(0.5),
        location: { id: fc.id, name: fc.name },
        measurements: { depth_in: rng.int(2, 12), length_in: rng.int(4, 18), width_in: rng.int(4, 14), total_weight_oz: rng.int(4, 200) },
        package_material_type: MATERIALS[(n + k) % MATERIALS.length]!,
        require_signature: rng.chance(0.1),
        ship_option: rng.pick(['Standard', 'Expedited', '2-Day']),
        recipient: { name, full_name: name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, phone_number: null, address },
        products: [
          {
            id: item.variant_id,
            name: item.name,
            reference_id: item.sku,
            sku: item.sku,
            inventory_items: [
              {
                id: item.inventory_id,
                name: item.name,
                quantity: 1,
                quantity_committed: sStatus === 'OnHold' ? 0 : 1,
                lot: item.lots[0]?.lot_number ?? null,
                expiration_date: item.lots[0]?.expiration_date ?? null,
                is_dangerous_goods: item.is_hazmat,
                serial_numbers: [],
              },
            ],
          },
        ],
        parent_cartons: [],
        ...(shipped && {
          tracking: {
            carrier: 'USPS',
            carrier_service: 'Ground Advantage',
            tracking_number: `9400${rng.int(100_000_000, 999_999_999)}`,
            tracking_url: 'https://tools.usps.com/go/TrackConfirmAction',
            shipping_date: iso(created + DAY),
            bol: null,
            pro_number: null,
            scac: null,
          },
        }),
      };
    });
    const type = n % 9 === 4 ? 'B2B' : n % 9 === 7 ? 'DropShip' : 'DTC';
    const order: Order = {
      id,
      reference_id: reference,
      order_number: `#${1000 + n}`,
      created_date: iso(created),
      purchase_date: iso(created - HOUR),
      gift_message: shipments[0]?.gift_message ?? null,
      channel: { id: channel.id, name: channel.name },
      financials: { total_price: rng.int(900, 25_000) / 100 },
      products: items.map((it, k) => ({
        external_line_id: k + 1,
        gtin: it.barcode,
        id: it.variant_id,
        quantity: rng.int(1, 3),
        quantity_unit_of_measure_code: UOM[(n + k) % UOM.length]!,
        reference_id: it.sku,
        sku: it.sku,
        unit_price: rng.int(300, 6000) / 100,
        upc: null,
      })),
      recipient: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, phone_number: '+1 555 0100', address },
      ...(type !== 'DTC' && {
        retailer_program_data: {
          addresses: [
            { ...address, type: 'MarkFor' },
            { ...FULFILLMENT_CENTERS[0]!, address2: null, company_name: 'Dockdesk Demo Co', type: 'ShipFrom' },
          ].map(({ address1, address2, city, company_name, country, state, zip_code, type: t }) => ({
            address1,
            address2,
            city,
            company_name: company_name ?? null,
            country,
            state,
            zip_code,
            type: t as 'MarkFor' | 'ShipFrom',
          })),
          customer_ticket_number: `CT-${rng.int(1000, 9999)}`,
          delivery_date: iso(created + 10 * DAY),
          department: '42',
          doNotShipBeforeDate: iso(created + DAY),
          mark_for_store: `Store ${rng.int(1, 300)}`,
          purchase_order_number: `RPO-${rng.int(10_000, 99_999)}`,
          retailer_program_type: type === 'B2B' ? 'Wholesale' : 'Dropship',
          shipByDate: iso(created + 5 * DAY),
        },
      }),
      shipping_method: rng.pick(['Standard', 'Expedited']),
      ...(type === 'B2B' && { shipping_terms: { carrier_type: 'Parcel', payment_term: 'Prepaid' } }),
      status,
      type,
      tags: n % 4 === 0 ? [{ name: 'priority', value: 'high' }] : [],
      shipments,
    };
    data.orders.push(order);
    // The store's own order record, as the channel sent it (2025-07 store-order-json).
    (data.storeOrderJson ??= {})[String(id)] = JSON.stringify({
      id: 5_550_000 + n,
      name: order.order_number,
      email: order.recipient.email,
      line_items: order.products.map((p) => ({ sku: p.sku, quantity: p.quantity, price: p.unit_price.toFixed(2) })),
      source_name: 'web',
    });
  }
}

// ---------------------------------------------------------------- returns

function makeReturns(rng: SeededRandom, data: EmulatorData, now: number): void {
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

// ---------------------------------------------------------------- invoices and transactions

function makeBilling(rng: SeededRandom, data: EmulatorData, now: number): void {
  const types = ['Shipping', 'WarehouseStorage', 'Inbound Fee', 'Return', 'AdditionalFee', 'Credits'] as const;
  let invoiceId = 77_000;
  let running = 0;
  for (let week = 26; week >= 0; week--) {
    const at = now - week * 7 * DAY;
    for (const type of types) {
      if (type === 'Credits' && week % 4 !== 0) continue;
      const id = ++invoiceId;
      const count = rng.int(2, 6);
      let total = 0;
      for (let t = 0; t < count; t++) {
        const amount = (type === 'Credits' ? -1 : 1) * (rng.int(150, 9000) / 100);
        total += amount;
        data.transactions.push({
          transactionId: `tx_${id}_${t + 1}`,
          transactionType: type === 'Credits' ? 'Credit' : 'Charge',
          transactionFee: `${type} fee`,
          amount,
          currencyCode: 'USD',
          chargeDate: dateOnly(at - rng.int(0, 6) * DAY),
          invoiceDate: dateOnly(at),
          invoiceId: id,
          invoiceType: type,
          invoicedStatus: week > 0,
          referenceId: String(rng.int(100_000, 999_999)),
          referenceType: type === 'Shipping' ? 'Shipment' : type === 'Return' ? 'Return' : type === 'Inbound Fee' ? 'WRO' : 'FC',
          fulfillmentCenter: rng.pick(FULFILLMENT_CENTERS).name,
          additionalDetails: {},
          taxes: type === 'Shipping' ? [{ taxAmount: Math.round(amount * 8) / 100, taxRate: 0.08, taxType: 'Sales' }] : [],
        });
      }
      total = Math.round(total * 100) / 100;
      running = Math.round((running + total) * 100) / 100;
      data.invoices.push({ invoiceId: id, invoiceType: type, invoiceDate: dateOnly(at), amount: total, currencyCode: 'USD', runningBalance: running });
    }
  }
}
