import type { z } from 'zod';
import { ConvertToBundle, MergeVariants, MoveVariants, Product10Batch, ProductCreate, VariantPatch, VariantRequest, type VariantResponse } from '../../shared/schemas/products.js';
import type { EmulatorContext } from '../context.js';
import { fulfillable } from '../data/generate.js';
import type { StoredInventory, StoredProduct } from '../data/model.js';
import { parseBody, problem, validation } from '../http/errors.js';
import { intParam, pageHeaders, pageSlice, QueryReader } from '../http/query.js';
import type { ApiRequest, RouteDef } from '../http/router.js';
import { V } from './versions.js';

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

function variantResponse(ctx: EmulatorContext, item: StoredInventory, v: z.infer<typeof VariantRequest>): VariantResponse {
  const now = ctx.clock.now().toISOString();
  const action = (id: number | undefined, fallback: number) => ({ id: id ?? fallback, name: ACTION_NAMES[id ?? fallback] ?? 'Restock' });
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
    barcodes: v.barcodes ?? [],
    lot_information: { is_lot: item.is_lot, minimum_shelf_life_days: v.lot_information?.minimum_shelf_life_days ?? 0 },
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
    packaging_material_type: { id: v.packaging_material_type_id ?? 1, name: 'Box' },
    packaging_requirement: { id: v.packaging_requirement_id ?? 1, name: 'None' },
    return_preferences: {
      instructions: v.return_preferences?.instructions ?? '',
      primary_action: action(v.return_preferences?.primary_action_id, 1),
      backup_action: action(v.return_preferences?.backup_action_id, 2),
      return_to_sender_primary_action: action(v.return_preferences?.return_to_sender_primary_action_id, 1),
      return_to_sender_backup_action: action(v.return_preferences?.return_to_sender_backup_action_id, 3),
    },
    bundle_definition: (v.bundle_definition ?? []).map((b) => {
      const part = ctx.store.inventoryByVariant(b.variant_id);
      return { product_id: part?.product_id ?? 0, variant_id: b.variant_id, quantity: b.quantity, variant_name: part?.name ?? '', variant_sku: part?.sku ?? '' };
    }),
    associated_bundles: [],
    merge_children: [],
    reviews_pending: [],
  };
}

/** Checks a batch of variants: unique SKUs, bundle parts that exist. Returns dictionary errors. */
function checkVariants(ctx: EmulatorContext, variants: z.infer<typeof VariantRequest>[], prefix = 'variants'): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const skus = new Set<string>();
  variants.forEach((v, i) => {
    const key = v.sku.toLowerCase();
    if (skus.has(key) || ctx.store.inventoryBySku(v.sku)) (errors[`${prefix}[${i}].sku`] ??= []).push(`SKU ${v.sku} is already in use.`);
    skus.add(key);
    for (const [k, b] of (v.bundle_definition ?? []).entries()) {
      if (!ctx.store.inventoryByVariant(b.variant_id)) (errors[`${prefix}[${i}].bundle_definition[${k}].variant_id`] ??= []).push(`No variant ${b.variant_id}.`);
    }
  });
  return errors;
}

function addVariants(ctx: EmulatorContext, product: StoredProduct, variants: z.infer<typeof VariantRequest>[]): void {
  for (const v of variants) {
    const variantId = ctx.store.nextId();
    const item = newItem(ctx, product.id, variantId, v);
    ctx.store.addInventory(item);
    product.variants.push(variantResponse(ctx, item, v));
  }
  product.updated_on = ctx.clock.now().toISOString();
}

/** Through the store's indexes: variant id → its inventory item → its product (no scan of the catalog). */
function variantOr404(ctx: EmulatorContext, variantId: number): VariantResponse {
  const item = ctx.store.inventoryByVariant(variantId);
  const variant = item ? ctx.store.product(item.product_id)?.variants.find((v) => v.id === variantId) : undefined;
  if (!variant) throw problem(404, `Variant ${variantId} does not exist.`);
  return variant;
}

/** Keeps each variant's on-hand figure current when a product is shown. */
function fresh(ctx: EmulatorContext, product: StoredProduct): StoredProduct {
  for (const v of product.variants) {
    const item = ctx.store.inventory(v.inventory.inventory_id);
    if (item) v.inventory.on_hand_qty = item.levels.reduce((n, l) => n + l.on_hand, 0);
  }
  return product;
}

function product2025(ctx: EmulatorContext, p: StoredProduct) {
  const { is_quarantine: _q, reference_id: _r, unit_price: _u, ...rest } = fresh(ctx, p);
  return rest;
}

function product20(ctx: EmulatorContext, p: StoredProduct) {
  const { taxonomy, variants, is_quarantine: _q, reference_id: _r, unit_price: _u, ...rest } = fresh(ctx, p);
  return {
    ...rest,
    category: { id: taxonomy.parent_id, name: taxonomy.parent_name },
    sub_category: { id: taxonomy.id, name: taxonomy.name },
    variants: variants.map(({ is_image_uploaded: _i, reviews_pending: _rp, merge_children: _m, barcodes, dimension, ...v }) => ({
      ...v,
      barcode: barcodes[0]?.value ?? null,
      dimension: { height: dimension.height, length: dimension.length, width: dimension.width, unit: dimension.unit },
    })),
  };
}

function findProduct(ctx: EmulatorContext, req: ApiRequest): StoredProduct {
  const id = intParam(req.params.productId, 'productId', Number.MAX_SAFE_INTEGER);
  const product = ctx.store.product(id);
  if (!product) throw problem(404, `Product ${id} does not exist.`);
  return product;
}

function product10(ctx: EmulatorContext, p: StoredProduct) {
  const v = p.variants[0]!;
  const item = ctx.store.inventory(v.inventory.inventory_id);
  const levels = item?.levels ?? [];
  const channel = ctx.store.data.channels[0]!;
  return {
    id: p.id,
    reference_id: p.reference_id ?? v.sku,
    name: p.name,
    barcode: v.barcodes[0]?.value ?? null,
    gtin: v.gtin,
    sku: v.sku,
    upc: v.upc,
    unit_price: p.unit_price,
    created_date: p.created_on,
    channel: { id: channel.id, name: channel.name },
    bundle_root_information: null,
    fulfillable_inventory_items: item ? [{ id: item.inventory_id, name: item.name, quantity: levels.reduce((n, l) => n + fulfillable(l), 0) }] : [],
    fulfillable_quantity_by_fulfillment_center: levels.map((l) => ({ id: l.fc_id, name: ctx.store.data.fulfillmentCenters.find((f) => f.id === l.fc_id)?.name ?? '', committed_quantity: l.committed, fulfillable_quantity: fulfillable(l), onhand_quantity: l.on_hand })),
    total_committed_quantity: levels.reduce((n, l) => n + l.committed, 0),
    total_fulfillable_quantity: levels.reduce((n, l) => n + fulfillable(l), 0),
    total_onhand_quantity: levels.reduce((n, l) => n + l.on_hand, 0),
  };
}

/** Spec 9.6: an order that names an unknown product reference id creates the product (a 1.0 product). */
export function ensureProductByReference(ctx: EmulatorContext, referenceId: string, name?: string, unitPrice?: number | null): StoredProduct {
  const existing = ctx.store.data.products.find((p) => p.reference_id === referenceId) ?? ctx.store.data.products.find((p) => p.variants.some((v) => v.sku === referenceId));
  if (existing) return existing;
  const now = ctx.clock.now().toISOString();
  const product: StoredProduct = { id: ctx.store.nextId(), name: name ?? referenceId, type: 'Regular', created_on: now, updated_on: now, user_id: 41001, taxonomy: { id: 1, name: 'General', parent_id: 1, parent_name: 'General', path: 'General' }, is_quarantine: false, reference_id: referenceId, unit_price: unitPrice ?? null, variants: [] };
  addVariants(ctx, product, [{ name: name ?? referenceId, sku: referenceId }]);
  ctx.store.addProduct(product);
  return product;
}

export const productRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/product',
    versions: V.v2025on,
    scope: 'products_write',
    channel: 'optional',
    handle: (req, ctx) => {
      const body = parseBody(ProductCreate, req.body);
      const errors = checkVariants(ctx, body.variants);
      if (Object.keys(errors).length) throw validation(400, errors);
      const now = ctx.clock.now().toISOString();
      const product: StoredProduct = { id: ctx.store.nextId(), name: body.name, type: body.type_id === 2 ? 'Bundle' : 'Regular', created_on: now, updated_on: null, user_id: 41001, taxonomy: { id: body.taxonomy_id ?? 1, name: 'General', parent_id: 1, parent_name: 'General', path: 'General' }, is_quarantine: body.is_quarantine ?? false, reference_id: null, unit_price: null, variants: [] };
      addVariants(ctx, product, body.variants);
      ctx.store.addProduct(product);
      ctx.store.changed();
      return { status: 201, body: product2025(ctx, product) };
    },
  },
  {
    method: 'POST',
    path: '/product/{productId}/variants',
    versions: V.v2025on,
    scope: 'products_write',
    channel: 'optional',
    handle: (req, ctx) => {
      const product = findProduct(ctx, req);
      const body = parseBody(VariantRequest.array().min(1), req.body);
      const errors = checkVariants(ctx, body, '');
      if (Object.keys(errors).length) throw validation(400, errors);
      addVariants(ctx, product, body);
      ctx.store.changed();
      return { status: 201, body: product2025(ctx, product) };
    },
  },
  {
    method: 'GET',
    path: '/product',
    versions: V.v20,
    scope: 'products_read',
    handle: (req, ctx) => {
      const q = new QueryReader(req.query);
      const page = q.int('Page', 1, 2147483647, 1);
      const limit = q.int('Limit', 1, 250, 50);
      const search = q.text('Search')?.toLowerCase();
      const name = q.text('Name')?.toLowerCase();
      const sku = q.text('SKU')?.toLowerCase();
      const barcode = q.text('Barcode');
      const productIds = q.ints('ProductId');
      const variantIds = q.ints('VariantId');
      const inventoryIds = q.ints('InventoryId');
      const hasDigital = q.bool('HasDigitalVariants');
      const updatedSince = q.date('LastUpdatedTimestamp');
      const variantStatus = q.text('VariantStatus');
      q.done();
      const all = ctx.store.data.products.filter((p) => {
        const vs = p.variants;
        return (
          (!search || p.name.toLowerCase().includes(search) || String(p.id) === search || vs.some((v) => v.sku.toLowerCase().includes(search) || String(v.inventory.inventory_id) === search)) &&
          (!name || p.name.toLowerCase().includes(name)) &&
          (!sku || vs.some((v) => v.sku.toLowerCase() === sku)) &&
          (!barcode || vs.some((v) => v.barcodes.some((b) => b.value === barcode) || v.gtin === barcode)) &&
          (!productIds || productIds.includes(p.id)) &&
          (!variantIds || vs.some((v) => variantIds.includes(v.id))) &&
          (!inventoryIds || vs.some((v) => inventoryIds.includes(v.inventory.inventory_id))) &&
          (hasDigital === undefined || vs.some((v) => v.is_digital) === hasDigital) &&
          (updatedSince === undefined || Date.parse(p.updated_on ?? p.created_on) > updatedSince) &&
          (!variantStatus || vs.some((v) => v.status === variantStatus))
        );
      });
      return { headers: pageHeaders(page, limit, all.length), body: pageSlice(all, page, limit).map((p) => product20(ctx, p)) };
    },
  },
  {
    method: 'POST',
    path: '/product/batch',
    versions: V.v10,
    scope: 'products_write',
    channel: 'required',
    handle: (req, ctx) => {
      if (Array.isArray(req.body) && req.body.length > 50) throw validation(400, { '': [`At most 50 products per request; this one has ${req.body.length}.`] });
      const body = parseBody(Product10Batch, req.body);
      const refs = new Set<string>();
      for (const [i, item] of body.entries()) {
        if (refs.has(item.reference_id)) throw validation(400, { [`[${i}].reference_id`]: [`reference_id ${item.reference_id} appears twice in this batch.`] });
        refs.add(item.reference_id);
      }
      const out = body.map((item) => {
        const product = ensureProductByReference(ctx, item.reference_id, item.name, item.unit_price);
        product.name = item.name;
        product.unit_price = item.unit_price ?? product.unit_price;
        const v = product.variants[0]!;
        if (item.gtin !== undefined) v.gtin = item.gtin;
        if (item.upc !== undefined) v.upc = item.upc;
        if (item.barcode) v.barcodes = [{ sticker_url: '', value: item.barcode }];
        return product10(ctx, product);
      });
      ctx.store.changed();
      return { body: out };
    },
  },
  { method: 'GET', path: '/product/{productId}/variants', versions: V.v2025on, scope: 'products_read', handle: (req, ctx) => ({ body: fresh(ctx, findProduct(ctx, req)).variants }) },
  {
    method: 'PATCH',
    path: '/product/{productId}/variants',
    versions: V.v2025on,
    scope: 'products_write',
    handle: (req, ctx) => {
      const product = findProduct(ctx, req);
      const patches = parseBody(VariantPatch, req.body);
      for (const [i, patch] of patches.entries()) {
        const v = product.variants.find((x) => x.id === patch.id);
        if (!v) throw validation(400, { [`[${i}].id`]: [`Variant ${patch.id} is not on product ${product.id}.`] });
        if (patch.name !== undefined) v.name = patch.name;
        if (patch.gtin !== undefined) v.gtin = patch.gtin;
        if (patch.upc !== undefined) v.upc = patch.upc;
        if (patch.weight !== undefined) v.weight.weight = patch.weight;
        if (patch.dimension) Object.assign(v.dimension, patch.dimension);
        if (patch.lot_information) v.lot_information = { ...v.lot_information, ...patch.lot_information };
        const item = ctx.store.inventory(v.inventory.inventory_id);
        if (item && patch.name !== undefined) item.name = patch.name;
        if (item && patch.lot_information) item.is_lot = patch.lot_information.is_lot;
        v.updated_on = ctx.clock.now().toISOString();
      }
      ctx.store.changed();
      return { body: product.variants };
    },
  },
  {
    method: 'DELETE',
    path: '/product/{productId}',
    versions: V.v2025on,
    scope: 'products_write',
    handle: (req, ctx) => {
      const product = findProduct(ctx, req);
      const stocked = product.variants.some((v) => (ctx.store.inventory(v.inventory.inventory_id)?.levels ?? []).some((l) => l.on_hand > 0));
      if (stocked) throw validation(422, { productId: [`Product ${product.id} has stock on hand and cannot be deleted.`] });
      for (const v of product.variants) {
        const item = ctx.store.inventory(v.inventory.inventory_id);
        if (item) item.is_active = false;
      }
      ctx.store.removeProduct(product.id);
      ctx.store.changed();
      return { status: 204 };
    },
  },
  ...(['/product:moveVariants', '/product/{productId}:moveVariants'] as const).map(
    (path): RouteDef => ({
      method: 'POST',
      path,
      versions: V.v2025on,
      scope: 'products_write',
      handle: (req, ctx) => {
        const body = parseBody(MoveVariants, req.body);
        const sourceId = req.params.productId ? Number(req.params.productId) : body.source_product_id;
        const source = sourceId !== undefined ? ctx.store.product(sourceId) : undefined;
        const target = ctx.store.product(body.target_product_id);
        if (!source) throw problem(404, `Source product ${sourceId ?? '(missing source_product_id)'} does not exist.`);
        if (!target) throw problem(404, `Target product ${body.target_product_id} does not exist.`);
        const moving = source.variants.filter((v) => body.variant_ids.includes(v.id));
        if (moving.length !== body.variant_ids.length) throw validation(400, { variant_ids: ['Every variant must belong to the source product.'] });
        source.variants = source.variants.filter((v) => !body.variant_ids.includes(v.id));
        target.variants.push(...moving);
        for (const v of moving) {
          const item = ctx.store.inventory(v.inventory.inventory_id);
          if (item) item.product_id = target.id;
        }
        ctx.store.changed();
        return { body: product2025(ctx, target) };
      },
    }),
  ),
  {
    method: 'POST',
    path: '/variant/{variantId}:convertToBundle',
    versions: V.v2025on,
    scope: 'products_write',
    handle: (req, ctx) => {
      const variant = variantOr404(ctx, intParam(req.params.variantId, 'variantId'));
      const body = parseBody(ConvertToBundle, req.body);
      const item = ctx.store.inventory(variant.inventory.inventory_id)!;
      if (item.levels.some((l) => l.on_hand > 0)) throw validation(422, { variantId: ['A variant with stock on hand cannot become a bundle.'] });
      variant.bundle_definition = body.bundle_definition.map((b) => {
        const part = ctx.store.inventoryByVariant(b.variant_id);
        if (!part) throw validation(400, { bundle_definition: [`No variant ${b.variant_id}.`] });
        return { product_id: part.product_id, variant_id: part.variant_id, quantity: b.quantity, variant_name: part.name, variant_sku: part.sku };
      });
      item.is_bundle = true;
      ctx.store.changed();
      return { body: variant };
    },
  },
  {
    method: 'POST',
    path: '/variant/{variantId}:merge',
    versions: V.v2025on,
    scope: 'products_write',
    handle: (req, ctx) => {
      const variantId = intParam(req.params.variantId, 'variantId');
      const survivor = variantOr404(ctx, variantId);
      const body = parseBody(MergeVariants, req.body);
      const survivorItem = ctx.store.inventory(survivor.inventory.inventory_id)!;
      for (const id of body.variant_ids) {
        if (id === variantId) throw validation(400, { variant_ids: ['A variant cannot be merged into itself.'] });
        const child = variantOr404(ctx, id);
        const childItem = ctx.store.inventory(child.inventory.inventory_id)!;
        // Stock moves to the surviving item, center by center.
        for (const level of childItem.levels) {
          const into = survivorItem.levels.find((l) => l.fc_id === level.fc_id);
          if (into) into.on_hand += level.on_hand;
          else survivorItem.levels.push({ ...level });
          level.on_hand = 0;
        }
        childItem.is_active = false;
        survivor.merge_children.push({ channel_ids: [ctx.store.data.channels[0]!.id], completed_at: ctx.clock.now().toISOString(), inventory_id: childItem.inventory_id, variant_id: child.id, variant_name: child.name });
      }
      ctx.store.changed();
      return { body: survivor };
    },
  },
  {
    method: 'GET',
    path: '/allergens',
    versions: V.v2026_07,
    scope: 'products_read',
    handle: () => ({ body: ['Milk', 'Eggs', 'Fish', 'Crustacean shellfish', 'Tree nuts', 'Peanuts', 'Wheat', 'Soybeans', 'Sesame'].map((name, i) => ({ id: i + 1, name })) }),
  },
];
