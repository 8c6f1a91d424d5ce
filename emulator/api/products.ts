import type { z } from 'zod';
import {
  ConvertToBundleRequest,
  MergeRequest,
  MoveVariantsRequest,
  Product10Batch,
  ProductCreate,
  ProductUpdate,
  VariantPatch,
  VariantRequest,
  type VariantResponse,
} from '../../shared/schemas/products.js';
import type { EmulatorContext } from '../context.js';
import { fulfillable } from '../data/generate.js';
import type { StoredInventory, StoredProduct } from '../data/model.js';
import { parseBody, problem, validation } from '../http/errors.js';
import { intParam, pageHeaders, pageSlice, QueryReader } from '../http/query.js';
import type { ApiRequest, RouteDef } from '../http/router.js';
import { V } from './versions.js';
import { PACKAGING_MATERIALS, PACKAGING_REQUIREMENTS, TAXONOMY, taxonomyInfo } from '../data/catalog.js';
import { cursorLinks } from '../http/cursor.js';
import { DerivedLists } from '../http/derived-lists.js';

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

const barcodesOf = (list: VariantRequest['barcodes']) => (list ?? []).map((b) => ({ value: b.value, sticker_url: b.sticker_url ?? null }));

function variantResponse(ctx: EmulatorContext, item: StoredInventory, v: z.infer<typeof VariantRequest>): VariantResponse {
  const now = ctx.clock.now().toISOString();
  const action = (id: number | null | undefined, fallback: number) => ({ id: id ?? fallback, name: ACTION_NAMES[id ?? fallback] ?? 'Restock' });
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
    return_preferences: {
      instructions: v.return_preferences?.instructions ?? null,
      primary_action: action(v.return_preferences?.primary_action_id, 1),
      backup_action: action(v.return_preferences?.backup_action_id, 2),
      return_to_sender_primary_action: action(v.return_preferences?.return_to_sender_primary_action_id, 1),
      return_to_sender_backup_action: action(v.return_preferences?.return_to_sender_backup_action_id, 3),
    },
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
    channel_metadata: (v.channel_metadata ?? []).map((m, k) => {
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
    }),
    bundle_definition: (v.bundle_definition ?? []).map((b) => {
      const part = ctx.store.inventoryByVariant(b.variant_id);
      return {
        product_id: part?.product_id ?? 0,
        variant_id: b.variant_id,
        quantity: b.quantity,
        variant_name: part?.name ?? '',
        variant_sku: part?.sku ?? '',
      };
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
      if (!ctx.store.inventoryByVariant(b.variant_id))
        (errors[`${prefix}[${i}].bundle_definition[${k}].variant_id`] ??= []).push(`No variant ${b.variant_id}.`);
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
    variants: variants.map(
      ({ is_image_uploaded: _i, reviews_pending: _rp, merge_children: _m, additional_hazmat_attributes: _h, barcodes, dimension, ...v }) => ({
        ...v,
        barcode: barcodes[0]?.value ?? null,
        dimension: { height: dimension.height, length: dimension.length, width: dimension.width, unit: dimension.unit },
      }),
    ),
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
    fulfillable_quantity_by_fulfillment_center: levels.map((l) => ({
      id: l.fc_id,
      name: ctx.store.data.fulfillmentCenters.find((f) => f.id === l.fc_id)?.name ?? '',
      committed_quantity: l.committed,
      fulfillable_quantity: fulfillable(l),
      onhand_quantity: l.on_hand,
    })),
    total_committed_quantity: levels.reduce((n, l) => n + l.committed, 0),
    total_fulfillable_quantity: levels.reduce((n, l) => n + fulfillable(l), 0),
    total_onhand_quantity: levels.reduce((n, l) => n + l.on_hand, 0),
  };
}

/** A taxonomy id the catalog knows, or the root when none is given; unknown ids are refused. */
function knownTaxonomy(id: number | null | undefined): number {
  if (id == null) return TAXONOMY[0]!.id;
  if (!TAXONOMY.some((t) => t.id === id)) throw validation(400, { taxonomy_id: [`No taxonomy ${id}; see /taxonomy.`] });
  return id;
}

/** The product list filters (spec 4.2; 2025-07 adds Barcodes, TaxonomyIds, ProductType, HasVariants). */
function productFilter(q: QueryReader): (p: StoredProduct) => boolean {
  const search = q.text('Search')?.toLowerCase();
  const name = q.text('Name')?.toLowerCase();
  const sku = q.text('SKU')?.toLowerCase();
  const barcodes = [...(q.list('Barcode') ?? []), ...(q.list('Barcodes') ?? [])];
  const productIds = q.ints('ProductId');
  const variantIds = q.ints('VariantId');
  const inventoryIds = q.ints('InventoryId');
  const taxonomyIds = q.ints('TaxonomyIds');
  const hasDigital = q.bool('HasDigitalVariants');
  const hasVariants = q.bool('HasVariants');
  const updatedSince = q.date('LastUpdatedTimestamp');
  const variantStatus = q.text('VariantStatus');
  const productType = q.text('ProductType');
  return (p) => {
    const vs = p.variants;
    return (
      (!search ||
        p.name.toLowerCase().includes(search) ||
        String(p.id) === search ||
        vs.some((v) => v.sku.toLowerCase().includes(search) || String(v.inventory.inventory_id) === search)) &&
      (!name || p.name.toLowerCase().includes(name)) &&
      (!sku || vs.some((v) => v.sku.toLowerCase() === sku)) &&
      (barcodes.length === 0 ||
        vs.some(
          (v) =>
            v.barcodes.some((b) => barcodes.includes(b.value)) ||
            (v.gtin !== null && barcodes.includes(v.gtin)) ||
            (v.upc !== null && barcodes.includes(v.upc)),
        )) &&
      (!productIds || productIds.includes(p.id)) &&
      (!variantIds || vs.some((v) => variantIds.includes(v.id))) &&
      (!inventoryIds || vs.some((v) => inventoryIds.includes(v.inventory.inventory_id))) &&
      (!taxonomyIds || taxonomyIds.includes(p.taxonomy.id) || taxonomyIds.includes(p.taxonomy.parent_id)) &&
      (hasDigital === undefined || vs.some((v) => v.is_digital) === hasDigital) &&
      (hasVariants === undefined || vs.length > 0 === hasVariants) &&
      (updatedSince === undefined || Date.parse(p.updated_on ?? p.created_on) > updatedSince) &&
      (!variantStatus || vs.some((v) => v.status === variantStatus)) &&
      (!productType || p.type === productType)
    );
  };
}

const SORT_FIELDS = {
  id: (p: StoredProduct) => p.id,
  name: (p: StoredProduct) => p.name.toLowerCase(),
  created_on: (p: StoredProduct) => p.created_on,
  updated_on: (p: StoredProduct) => p.updated_on ?? p.created_on,
} as const;

/**
 * A client reads a large catalog page after page with one query; filtering and sorting 100,000
 * products again for each of its 400 pages made a full read quadratic. The result is kept per query
 * until the data changes (the store's revision), so the pages of one read cost a slice each.
 */
const sortedProducts = new DerivedLists<StoredProduct>();

/**
 * GET /{2025-07+}/product: a cursor page whose links are URLs of the same operation (API notes,
 * Superseded). A cursor carries the whole query, so a client follows the links as given.
 */
function listProducts(req: ApiRequest, ctx: EmulatorContext) {
  const q = new QueryReader(req.query);
  const cursor = q.text('Cursor');
  let query: Record<string, string | string[] | undefined>;
  let offset = 0;
  if (cursor) {
    const state = ctx.cursors.decode<{ query: Record<string, string>; offset: number }>(cursor);
    query = state.query;
    offset = state.offset;
  } else query = Object.fromEntries(Object.entries(req.query).filter(([k]) => k !== 'Cursor'));
  const r = new QueryReader(query);
  const size = r.int('PageSize', 1, 250, 50);
  const sortBy = r.oneOf('SortBy', Object.keys(SORT_FIELDS) as (keyof typeof SORT_FIELDS)[]) ?? 'id';
  const order = r.text('SortOrder')?.toLowerCase();
  if (order && !['asc', 'desc', 'ascending', 'descending'].includes(order)) r.fail('SortOrder', 'SortOrder must be Ascending or Descending.');
  const matches = productFilter(r);
  r.done();
  const dir = order?.startsWith('desc') ? -1 : 1;
  const key = SORT_FIELDS[sortBy];
  const all = sortedProducts.get(ctx, query, () =>
    ctx.store.data.products.filter(matches).sort((a, b) => {
      const x = key(a);
      const y = key(b);
      return dir * (x < y ? -1 : x > y ? 1 : a.id - b.id);
    }),
  );
  const links = cursorLinks(ctx.cursors, { query }, offset, size, all.length, (token) => `/${req.version}/product?Cursor=${encodeURIComponent(token)}`);
  return { body: { items: all.slice(offset, offset + size).map((p) => product2025(ctx, p)), ...links } };
}

/** Applies one variant patch: only the fields given change (2025-07 PATCH /product/{id}/variants). */
function applyPatch(ctx: EmulatorContext, v: VariantResponse, patch: z.infer<typeof VariantPatch>[number]): void {
  const item = ctx.store.inventory(v.inventory.inventory_id);
  if (patch.name !== undefined) v.name = patch.name;
  if (patch.gtin !== undefined) v.gtin = patch.gtin;
  if (patch.upc !== undefined) v.upc = patch.upc;
  if (patch.weight !== undefined) v.weight.weight = patch.weight;
  if (patch.dimension) Object.assign(v.dimension, patch.dimension);
  if (patch.barcodes) v.barcodes = barcodesOf(patch.barcodes);
  if (patch.lot_information) v.lot_information = { ...v.lot_information, ...patch.lot_information };
  if (patch.customs) v.customs = { ...v.customs, ...patch.customs };
  if (patch.additional_hazmat_attributes) v.additional_hazmat_attributes = { ...v.additional_hazmat_attributes, ...patch.additional_hazmat_attributes };
  if (patch.fulfillment_settings)
    v.fulfillment_settings = {
      ...v.fulfillment_settings,
      ...patch.fulfillment_settings,
      serial_scan: { ...v.fulfillment_settings.serial_scan, ...patch.fulfillment_settings.serial_scan },
    };
  if (item && patch.name !== undefined) item.name = patch.name;
  if (item && patch.lot_information) item.is_lot = patch.lot_information.is_lot;
  v.updated_on = ctx.clock.now().toISOString();
}

/** Moves variants (with their inventory items) into a product; every variant must exist. */
function moveInto(ctx: EmulatorContext, target: StoredProduct, variants: { id: number; name?: string | null | undefined }[]): void {
  for (const { id, name } of variants) {
    const variant = variantOr404(ctx, id);
    const item = ctx.store.inventoryByVariant(id)!;
    const source = ctx.store.product(item.product_id)!;
    if (name) variant.name = item.name = name;
    if (source.id === target.id) continue;
    source.variants = source.variants.filter((v) => v.id !== id);
    target.variants.push(variant);
    item.product_id = target.id;
  }
  target.updated_on = ctx.clock.now().toISOString();
}

/** The product shape :moveVariants answers (published `ProductViewModel`). */
function productMoved(ctx: EmulatorContext, p: StoredProduct) {
  const { taxonomy, variants, is_quarantine: _q, reference_id: _r, unit_price: _u, ...rest } = fresh(ctx, p);
  return {
    ...rest,
    taxonomy,
    category: { id: taxonomy.parent_id, name: taxonomy.parent_name },
    sub_category: { id: taxonomy.id, name: taxonomy.name },
    variants: variants.map(({ barcodes, ...v }) => ({ ...v, barcode: barcodes[0]?.value ?? null, barcode_sticker_url: barcodes[0]?.sticker_url ?? null })),
  };
}

/** A new, empty product of the account (the demo merchant's user id); variants are added after. */
function emptyProduct(
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
      const product = emptyProduct(ctx, {
        name: body.name,
        type: body.type_id === 2 ? 'Bundle' : 'Regular',
        updated_on: null,
        taxonomy: taxonomyInfo(knownTaxonomy(body.taxonomy_id)),
        is_quarantine: body.is_quarantine ?? false,
      });
      addVariants(ctx, product, body.variants);
      ctx.store.addProduct(product);
      ctx.store.changed();
      return { status: 201, body: product2025(ctx, product) };
    },
  },
  { method: 'GET', path: '/product', versions: V.v2025on, scope: 'products_read', handle: listProducts },
  {
    method: 'GET',
    path: '/product/{productId}',
    versions: V.v2025on,
    scope: 'products_read',
    handle: (req, ctx) => ({ body: product2025(ctx, findProduct(ctx, req)) }),
  },
  {
    method: 'PATCH',
    path: '/product/{productId}',
    versions: V.v2025on,
    scope: 'products_write',
    handle: (req, ctx) => {
      const product = findProduct(ctx, req);
      const body = parseBody(ProductUpdate, req.body);
      if (body.name) product.name = body.name;
      if (body.taxonomy_id != null) product.taxonomy = taxonomyInfo(knownTaxonomy(body.taxonomy_id));
      if (body.type_id !== undefined) product.type = body.type_id === 2 ? 'Bundle' : 'Regular';
      product.updated_on = ctx.clock.now().toISOString();
      ctx.store.changed();
      return { body: product2025(ctx, product) };
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
      const matches = productFilter(q);
      q.done();
      const all = ctx.store.data.products.filter(matches);
      return { headers: pageHeaders(page, limit, all.length, req.request.url), body: pageSlice(all, page, limit).map((p) => product20(ctx, p)) };
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
  {
    method: 'GET',
    path: '/product/{productId}/variants',
    versions: V.v2025on,
    scope: 'products_read',
    handle: (req, ctx) => ({ body: fresh(ctx, findProduct(ctx, req)).variants }),
  },
  {
    method: 'PATCH',
    path: '/product/{productId}/variants',
    versions: V.v2025on,
    scope: 'products_write',
    handle: (req, ctx) => {
      const product = findProduct(ctx, req);
      // Published as one variant object; the publisher's prose speaks of an array: both are accepted.
      const patches = parseBody(VariantPatch, Array.isArray(req.body) ? req.body : [req.body]);
      for (const [i, patch] of patches.entries()) {
        const v = product.variants.find((x) => x.id === patch.id);
        if (!v) throw validation(400, { [`[${i}].id`]: [`Variant ${patch.id} is not on product ${product.id}.`] });
        applyPatch(ctx, v, patch);
      }
      product.updated_on = ctx.clock.now().toISOString();
      ctx.store.changed();
      return { body: fresh(ctx, product).variants };
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
      if (stocked) throw validation(400, { productId: [`Product ${product.id} has stock on hand and cannot be deleted.`] });
      for (const v of product.variants) {
        const item = ctx.store.inventory(v.inventory.inventory_id);
        if (item) item.is_active = false;
      }
      ctx.store.removeProduct(product.id);
      ctx.store.changed();
      // Published: 200 with no body.
      return { status: 200 };
    },
  },
  {
    method: 'POST',
    path: '/product/{productId}:moveVariants',
    versions: V.v2025on,
    scope: 'products_write',
    handle: (req, ctx) => {
      const target = findProduct(ctx, req);
      const body = parseBody(MoveVariantsRequest, req.body);
      moveInto(ctx, target, body.variants);
      ctx.store.changed();
      return { status: 201, body: productMoved(ctx, target) };
    },
  },
  {
    method: 'POST',
    path: '/product:moveVariants',
    versions: V.v2025on,
    scope: 'products_write',
    handle: (req, ctx) => {
      const body = parseBody(MoveVariantsRequest, req.body);
      if (!body.name) throw validation(400, { name: ['A name for the new product is required.'] });
      const target = emptyProduct(ctx, {
        name: body.name,
        taxonomy: taxonomyInfo(knownTaxonomy(body.taxonomy_id ?? body.sub_category_id ?? body.category_id)),
      });
      // Check before creating, so a refused move leaves no empty product behind.
      for (const v of body.variants) variantOr404(ctx, v.id);
      ctx.store.addProduct(target);
      moveInto(ctx, target, body.variants);
      ctx.store.changed();
      return { status: 201, body: productMoved(ctx, target) };
    },
  },
  {
    method: 'POST',
    path: '/variant/{variantId}:convertToBundle',
    versions: V.v2025on,
    scope: 'products_write',
    handle: (req, ctx) => {
      const variant = variantOr404(ctx, intParam(req.params.variantId, 'variantId', Number.MAX_SAFE_INTEGER));
      const body = parseBody(ConvertToBundleRequest, req.body);
      const item = ctx.store.inventory(variant.inventory.inventory_id)!;
      if (item.levels.some((l) => l.on_hand > 0)) throw validation(400, { variantId: ['A variant with stock on hand cannot become a bundle.'] });
      const parts = body.bundle_definition.map((b, k) => {
        const part = ctx.store.inventoryByVariant(b.variant_id);
        if (!part || part.variant_id === variant.id)
          throw validation(400, { [`bundle_definition[${k}].variant_id`]: [part ? 'A bundle cannot contain itself.' : `No variant ${b.variant_id}.`] });
        return { product_id: part.product_id, variant_id: part.variant_id, quantity: b.quantity, variant_name: part.name, variant_sku: part.sku };
      });
      variant.bundle_definition = parts;
      if (body.name) variant.name = item.name = body.name;
      if (body.sku) variant.sku = item.sku = body.sku;
      variant.updated_on = ctx.clock.now().toISOString();
      item.is_bundle = true;
      for (const part of parts) {
        const partVariant = variantOr404(ctx, part.variant_id);
        const product = ctx.store.product(item.product_id)!;
        partVariant.associated_bundles = [
          ...partVariant.associated_bundles.filter((a) => a.variant_id !== variant.id),
          { product_id: product.id, product_name: product.name, quantity: part.quantity, variant_id: variant.id, variant_sku: variant.sku },
        ];
      }
      const product = ctx.store.product(item.product_id)!;
      product.type = 'Bundle';
      ctx.store.changed();
      return { status: 201, body: product2025(ctx, product) };
    },
  },
  {
    method: 'POST',
    path: '/variant/{variantId}:merge',
    versions: V.v2025on,
    scope: 'products_write',
    handle: (req, ctx) => {
      const variantId = intParam(req.params.variantId, 'variantId', Number.MAX_SAFE_INTEGER);
      const survivor = variantOr404(ctx, variantId);
      const body = parseBody(MergeRequest, req.body);
      const survivorItem = ctx.store.inventory(survivor.inventory.inventory_id)!;
      const children = body.map(({ id }) => {
        if (id === variantId) throw validation(400, { '[].id': ['A variant cannot be merged into itself.'] });
        return variantOr404(ctx, id);
      });
      for (const child of children) {
        const childItem = ctx.store.inventory(child.inventory.inventory_id)!;
        // Stock moves to the surviving item, center by center.
        for (const level of childItem.levels) {
          const into = survivorItem.levels.find((l) => l.fc_id === level.fc_id);
          if (into) into.on_hand += level.on_hand;
          else survivorItem.levels.push({ ...level });
          level.on_hand = 0;
        }
        childItem.is_active = false;
        child.status = 'Merged';
        survivor.merge_children.push({
          channel_ids: child.channel_metadata.map((m) => m.channel_id),
          completed_at: ctx.clock.now().toISOString(),
          inventory_id: childItem.inventory_id,
          variant_id: child.id,
          variant_name: child.name,
        });
      }
      ctx.store.changed();
      return { status: 201, body: product2025(ctx, ctx.store.product(survivorItem.product_id)!) };
    },
  },
  {
    method: 'GET',
    path: '/allergens',
    versions: V.v2026_07,
    scope: 'products_read',
    handle: () => ({
      body: ['Milk', 'Eggs', 'Fish', 'Crustacean shellfish', 'Tree nuts', 'Peanuts', 'Wheat', 'Soybeans', 'Sesame'].map((name, i) => ({ id: i + 1, name })),
    }),
  },
];
