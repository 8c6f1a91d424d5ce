import type { z } from 'zod';
import type { VariantRequest, VariantResponse } from '../../shared/schemas/products.js';
import type { EmulatorContext } from '../context.js';
import { PACKAGING_MATERIALS, PACKAGING_REQUIREMENTS, TAXONOMY, taxonomyInfo } from '../data/catalog.js';
import type { StoredInventory, StoredProduct } from '../data/model.js';
import { problem, validation } from '../http/errors.js';
import { intParam } from '../http/query.js';
import type { ApiRequest } from '../http/router.js';

/**
 * The catalog's records as the product and variant routes make, find and show them: a product with its
 * variants and the inventory item behind each. Orders that name an unknown product make one here too.
 */

const ACTION_NAMES: Record<number, 'Restock' | 'Quarantine' | 'Dispose'> = { 1: 'Restock', 2: 'Quarantine', 3: 'Dispose' };

function newItem(ctx: EmulatorContext, productId: number, variantId: number, v: z.infer<typeof VariantRequest>): StoredInventory {
  return {
    inventory_id: ctx.store.nextId(),
    name: v.name,
    sku: v.sku,
    barcode: v.gtin ?? v.upc ?? v.barcodes?.[0]?.value ?? '',
    product_id: productId,
    variant_id: variantId,
    is_case: v.fulfillment_settings?.is_case_pick ?? false,
    is_lot: v.lot_information?.is_lot ?? false,
    is_bundle: (v.bundle_definition?.length ?? 0) > 0,
    is_digital: v.is_digital ?? false,
    is_active: true,
    is_hazmat: v.fulfillment_settings?.dangerous_goods ?? false,
    dimensions: v.dimension ?? { height: 0, length: 0, width: 0 },
    weight_oz: v.weight ?? 0,
    levels: [],
    lots: [],
    default_return_action: ACTION_NAMES[v.return_preferences?.primary_action_id ?? 1] ?? 'Restock',
  };
}

export const barcodesOf = (list: VariantRequest['barcodes']) => (list ?? []).map((b) => ({ value: b.value, sticker_url: b.sticker_url ?? null }));

function variantResponse(ctx: EmulatorContext, item: StoredInventory, v: z.infer<typeof VariantRequest>): VariantResponse {
  const now = ctx.clock.now().toISOString();
  return {
    id: item.variant_id,
    name: v.name,
    sku: v.sku,
    gtin: v.gtin ?? null,
    upc: v.upc ?? null,
    is_digital: item.is_digital,
    status: 'Active',
    created_on: now,
    updated_on: now,
    weight: { unit: 'oz', weight: item.weight_oz },
    dimension: { ...item.dimensions, unit: 'in', source: 'Merchant', is_locked: false },
    barcodes: barcodesOf(v.barcodes),
    lot_information: { is_lot: item.is_lot, minimum_shelf_life_days: v.lot_information?.minimum_shelf_life_days ?? null },
    customs: { country_code_of_origin: '', description: '', hs_tariff_code: '', is321_eligible: false, value: 0, ...v.customs, currency: 'USD' },
    fulfillment_settings: {
      dangerous_goods: false,
      is_bpm_parcel: false,
      is_case_pick: false,
      requires_prop65: false,
      msds_url: '',
      ...v.fulfillment_settings,
      serial_scan: { exact_character_length: 0, is_enabled: false, prefix: '', suffix: '', ...v.fulfillment_settings?.serial_scan },
    },
    inventory: { inventory_id: item.inventory_id, on_hand_qty: 0 },
    is_image_uploaded: false,
    packaging_material_type: PACKAGING_MATERIALS.find((m) => m.id === v.packaging_material_type_id) ?? PACKAGING_MATERIALS[0],
    packaging_requirement: ((r) => ({ id: r.id, name: r.name }))(
      PACKAGING_REQUIREMENTS.find((r) => r.id === v.packaging_requirement_id) ?? PACKAGING_REQUIREMENTS[0],
    ),
    return_preferences: returnPreferences(v),
    additional_hazmat_attributes: {
      charge_state_percentage: null,
      container_metal: null,
      container_type: null,
      lithium_battery_packaging: null,
      lithium_battery_type: null,
      magnet: null,
      net_volume: null,
      net_weight: null,
      ...v.additional_hazmat_attributes,
    },
    channel_metadata: channelMetadata(ctx, v),
    bundle_definition: bundleDefinition(ctx, v),
    associated_bundles: [],
    merge_children: [],
    reviews_pending: [],
  };
}

/** A return action by id, or the fallback's when none is given. */
const returnAction = (id: number | null | undefined, fallback: number) => ({ id: id ?? fallback, name: ACTION_NAMES[id ?? fallback] ?? 'Restock' });

function returnPreferences(v: VariantRequest): VariantResponse['return_preferences'] {
  return {
    instructions: v.return_preferences?.instructions ?? null,
    primary_action: returnAction(v.return_preferences?.primary_action_id, 1),
    backup_action: returnAction(v.return_preferences?.backup_action_id, 2),
    return_to_sender_primary_action: returnAction(v.return_preferences?.return_to_sender_primary_action_id, 1),
    return_to_sender_backup_action: returnAction(v.return_preferences?.return_to_sender_backup_action_id, 3),
  };
}

/** The variant's storefront listings; a listing given without a channel goes to the account's first. */
function channelMetadata(ctx: EmulatorContext, v: VariantRequest): VariantResponse['channel_metadata'] {
  return (v.channel_metadata ?? []).map((m, k) => {
    const channel = ctx.store.data.channels.find((c) => c.id === m.channel_id) ?? ctx.store.data.channels[0]!;
    return {
      id: m.id ?? ctx.store.nextId() + k,
      channel_id: channel.id,
      channel_name: channel.name,
      currency: m.currency ?? 'USD',
      is_inventory_sync_enabled: m.is_inventory_sync_enabled ?? true,
      legacy_product_id: m.legacy_product_id ?? null,
      platform: m.platform ?? 'Shopify',
      platform_identifier: m.platform_identifier ?? null,
      platform_inventory_item_id: m.platform_inventory_item_id ?? null,
      price: m.price ?? 0,
      seller_sku: m.seller_sku ?? v.sku,
    };
  });
}

/** A bundle's parts, named from the catalog. */
function bundleDefinition(ctx: EmulatorContext, v: VariantRequest): VariantResponse['bundle_definition'] {
  return (v.bundle_definition ?? []).map((b) => {
    const part = ctx.store.inventoryByVariant(b.variant_id);
    return {
      product_id: part?.product_id ?? 0,
      variant_id: b.variant_id,
      quantity: b.quantity,
      variant_name: part?.name ?? '',
      variant_sku: part?.sku ?? '',
    };
  });
}

/** Checks a batch of variants: unique SKUs, bundle parts that exist. Returns dictionary errors. */
export function checkVariants(ctx: EmulatorContext, variants: z.infer<typeof VariantRequest>[], prefix = 'variants'): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const skus = new Set<string>();
  variants.forEach((v, i) => {
    const key = v.sku.toLowerCase();
    if (skus.has(key) || ctx.store.inventoryBySku(v.sku)) (errors[`${prefix}[${i}].sku`] ??= []).push(`SKU ${v.sku} is already in use.`);
    skus.add(key);
    for (const [k, b] of (v.bundle_definition ?? []).entries()) {
      if (!ctx.store.inventoryByVariant(b.variant_id))
        (errors[`${prefix}[${i}].bundle_definition[${k}].variant_id`] ??= []).push(`No variant ${b.variant_id}.`);
    }
  });
  return errors;
}

export function addVariants(ctx: EmulatorContext, product: StoredProduct, variants: z.infer<typeof VariantRequest>[]): void {
  for (const v of variants) {
    const variantId = ctx.store.nextId();
    const item = newItem(ctx, product.id, variantId, v);
    ctx.store.addInventory(item);
    product.variants.push(variantResponse(ctx, item, v));
  }
  product.updated_on = ctx.clock.now().toISOString();
}

/** Through the store's indexes: variant id → its inventory item → its product (no scan of the catalog). */
export function variantOr404(ctx: EmulatorContext, variantId: number): VariantResponse {
  const item = ctx.store.inventoryByVariant(variantId);
  const variant = item ? ctx.store.product(item.product_id)?.variants.find((v) => v.id === variantId) : undefined;
  if (!variant) throw problem(404, `Variant ${variantId} does not exist.`);
  return variant;
}

/** Keeps each variant's on-hand figure current when a product is shown. */
export function fresh(ctx: EmulatorContext, product: StoredProduct): StoredProduct {
  for (const v of product.variants) {
    const item = ctx.store.inventory(v.inventory.inventory_id);
    if (item) v.inventory.on_hand_qty = item.levels.reduce((n, l) => n + l.on_hand, 0);
  }
  return product;
}

export function product2025(ctx: EmulatorContext, p: StoredProduct) {
  const { is_quarantine: _q, reference_id: _r, unit_price: _u, ...rest } = fresh(ctx, p);
  return rest;
}

export function findProduct(ctx: EmulatorContext, req: ApiRequest): StoredProduct {
  const id = intParam(req.params.productId, 'productId', Number.MAX_SAFE_INTEGER);
  const product = ctx.store.product(id);
  if (!product) throw problem(404, `Product ${id} does not exist.`);
  return product;
}

/** A taxonomy id the catalog knows, or the root when none is given; unknown ids are refused. */
export function knownTaxonomy(id: number | null | undefined): number {
  if (id == null) return TAXONOMY[0]!.id;
  if (!TAXONOMY.some((t) => t.id === id)) throw validation(400, { taxonomy_id: [`No taxonomy ${id}; see /taxonomy.`] });
  return id;
}

/** A new, empty product of the account (the demo merchant's user id); variants are added after. */
export function emptyProduct(
  ctx: EmulatorContext,
  fields: Pick<StoredProduct, 'name'> & Partial<Pick<StoredProduct, 'type' | 'taxonomy' | 'is_quarantine' | 'reference_id' | 'unit_price' | 'updated_on'>>,
): StoredProduct {
  const now = ctx.clock.now().toISOString();
  return {
    id: ctx.store.nextId(),
    type: 'Regular',
    created_on: now,
    updated_on: now,
    user_id: 41001,
    taxonomy: taxonomyInfo(TAXONOMY[0]!.id),
    is_quarantine: false,
    reference_id: null,
    unit_price: null,
    variants: [],
    ...fields,
  };
}

/** Spec 9.6: an order that names an unknown product reference id creates the product (a 1.0 product). */
export function ensureProductByReference(ctx: EmulatorContext, referenceId: string, name?: string, unitPrice?: number | null): StoredProduct {
  const existing =
    ctx.store.data.products.find((p) => p.reference_id === referenceId) ?? ctx.store.data.products.find((p) => p.variants.some((v) => v.sku === referenceId));
  if (existing) return existing;
  const product = emptyProduct(ctx, { name: name ?? referenceId, reference_id: referenceId, unit_price: unitPrice ?? null });
  addVariants(ctx, product, [{ name: name ?? referenceId, sku: referenceId }]);
  ctx.store.addProduct(product);
  return product;
}
