import type { VariantResponse } from '../../../shared/schemas/products.js';
import { FULFILLMENT_CENTERS, PRODUCT_WORDS, TAXONOMY_OF_NOUN, taxonomyInfo } from '../catalog.js';
import type { EmulatorData, LevelAtCenter, LotAtCenter, StoredInventory, StoredProduct } from '../model.js';
import type { SeededRandom } from '../random.js';
import { DAY, USER_ID, iso } from './common.js';

/** The catalog: products, their variants and the inventory items behind them, with levels and lots. */
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
    return_preferences: returnPreferences(action),
    additional_hazmat_attributes: hazmatAttributes(item.is_hazmat),
    bundle_definition: [],
    associated_bundles: [],
    channel_metadata: channelMetadata(item, channel),
    merge_children: [],
    reviews_pending: [],
  };
}

function returnPreferences(action: (typeof ACTIONS)[number]): VariantResponse['return_preferences'] {
  return {
    instructions: '',
    primary_action: { ...action },
    backup_action: { id: 2, name: 'Quarantine' },
    return_to_sender_primary_action: { ...action },
    return_to_sender_backup_action: { id: 3, name: 'Dispose' },
  };
}

/** A hazmat item is a small lithium-ion battery in equipment; any other item has no hazmat attributes. */
function hazmatAttributes(isHazmat: boolean): VariantResponse['additional_hazmat_attributes'] {
  return isHazmat
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
      };
}

function channelMetadata(item: StoredInventory, channel: { id: number; name: string }): VariantResponse['channel_metadata'] {
  // Four in five items are listed on the demo storefront; derived from ids so the seed's random sequence stays as it was.
  return item.variant_id % 5 !== 0
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
    : [];
}

export function makeCatalog(rng: SeededRandom, data: EmulatorData, count: number, now: number): void {
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
