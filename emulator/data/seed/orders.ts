import type { Order, Shipment } from '../../../shared/schemas/orders.js';
import { FULFILLMENT_CENTERS } from '../catalog.js';
import type { EmulatorData } from '../model.js';
import type { SeededRandom } from '../random.js';
import { DAY, HOUR, iso } from './common.js';

/** Orders and their shipments. */
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

type Item = EmulatorData['inventory'][number];
type Address = Order['recipient']['address'];
type FulfillmentCenter = (typeof FULFILLMENT_CENTERS)[number];

/** What one seeded order's shipments share: who it is for, when it was placed, what it holds. */
interface OrderSeed {
  n: number;
  id: number;
  reference: string;
  created: number;
  items: Item[];
  name: string;
  address: Address;
}

export function makeOrders(rng: SeededRandom, data: EmulatorData, now: number): void {
  const stock = data.inventory.filter((i) => !i.is_digital && !i.is_bundle);
  if (stock.length === 0) return;
  const shipmentIds = { last: 4_000_000 };
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
    const seed: OrderSeed = { n, id, reference, created, items, name, address };
    const shipments = SHIPMENT_FOR_ORDER[status].map((sStatus, k) => makeShipment(rng, seed, sStatus, k, ++shipmentIds.last));
    const order = makeOrder(rng, seed, status, channel, shipments);
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

function makeOrder(rng: SeededRandom, seed: OrderSeed, status: Order['status'], channel: EmulatorData['channels'][number], shipments: Shipment[]): Order {
  const { n, id, reference, created, items, name, address } = seed;
  const type = n % 9 === 4 ? 'B2B' : n % 9 === 7 ? 'DropShip' : 'DTC';
  return {
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
    ...(type !== 'DTC' && { retailer_program_data: retailerProgramData(rng, address, created, type) }),
    shipping_method: rng.pick(['Standard', 'Expedited']),
    ...(type === 'B2B' && { shipping_terms: { carrier_type: 'Parcel', payment_term: 'Prepaid' } }),
    status,
    type,
    tags: n % 4 === 0 ? [{ name: 'priority', value: 'high' }] : [],
    shipments,
  };
}

/** A wholesale or drop-ship order's retailer terms: where it is marked for, shipped from, and by when. */
function retailerProgramData(rng: SeededRandom, address: Address, created: number, type: 'B2B' | 'DropShip'): NonNullable<Order['retailer_program_data']> {
  return {
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
  };
}

function makeShipment(rng: SeededRandom, seed: OrderSeed, sStatus: Shipment['status'], k: number, shipmentId: number): Shipment {
  const { n, id, reference, created, items, name, address } = seed;
  const fc = n % 5 === 0 ? FULFILLMENT_CENTERS.find((f) => f.id === 33)! : rng.pick(FULFILLMENT_CENTERS);
  const shipped = sStatus === 'Completed';
  const item = items[k % items.length]!;
  return {
    id: shipmentId,
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
    status_details: sStatus === 'OnHold' ? missingTariff(item, fc) : [],
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
    products: [shipmentProduct(item, sStatus)],
    parent_cartons: [],
    ...(shipped && { tracking: uspsTracking(rng, created) }),
  };
}

/** An on-hold shipment's reason: the item has no tariff code. */
function missingTariff(item: Item, fc: FulfillmentCenter): Shipment['status_details'] {
  return [
    {
      id: 1,
      name: 'MissingTariffInformation',
      description: 'Tariff information is missing for an item.',
      inventory_id: item.inventory_id,
      exception_fulfillment_center_id: fc.id,
      extra_information: { validation_messages: ['hs_tariff_code is required'] },
    },
  ];
}

function shipmentProduct(item: Item, sStatus: Shipment['status']): Shipment['products'][number] {
  return {
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
  };
}

function uspsTracking(rng: SeededRandom, created: number): NonNullable<Shipment['tracking']> {
  return {
    carrier: 'USPS',
    carrier_service: 'Ground Advantage',
    tracking_number: `9400${rng.int(100_000_000, 999_999_999)}`,
    tracking_url: 'https://tools.usps.com/go/TrackConfirmAction',
    shipping_date: iso(created + DAY),
    bol: null,
    pro_number: null,
    scac: null,
  };
}
