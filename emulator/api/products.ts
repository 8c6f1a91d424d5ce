import { Product10Batch, ProductCreate, ProductUpdate } from '../../shared/schemas/products.js';
import type { EmulatorContext } from '../context.js';
import { taxonomyInfo } from '../data/catalog.js';
import type { StoredProduct } from '../data/model.js';
import { cursorLinks } from '../http/cursor.js';
import { DerivedLists } from '../http/derived-lists.js';
import { parseBody, validation } from '../http/errors.js';
import { pageHeaders, pageSlice, QueryReader } from '../http/query.js';
import type { ApiRequest, RouteDef } from '../http/router.js';
import { addVariants, checkVariants, emptyProduct, ensureProductByReference, findProduct, fresh, knownTaxonomy, product2025 } from './product-records.js';
import { fulfillment } from './inventory.js';
import { V } from './versions.js';

/** The product routes: the catalog's products as each version lists, shows and changes them. Variants are in variants.ts. */
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

function product10(ctx: EmulatorContext, p: StoredProduct) {
  const v = p.variants[0]!;
  const item = ctx.store.inventory(v.inventory.inventory_id);
  const levels = item?.levels ?? [];
  // The inventory levels' rule (excluded and expired lots left out), not on hand less committed.
  const fulfillableAt = item ? fulfillment(ctx, item).center : () => 0;
  const total = levels.reduce((n, l) => n + fulfillableAt(l), 0);
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
    fulfillable_inventory_items: item ? [{ id: item.inventory_id, name: item.name, quantity: total }] : [],
    fulfillable_quantity_by_fulfillment_center: levels.map((l) => ({
      id: l.fc_id,
      name: ctx.store.data.fulfillmentCenters.find((f) => f.id === l.fc_id)?.name ?? '',
      committed_quantity: l.committed,
      fulfillable_quantity: fulfillableAt(l),
      onhand_quantity: l.on_hand,
    })),
    total_committed_quantity: levels.reduce((n, l) => n + l.committed, 0),
    total_fulfillable_quantity: total,
    total_onhand_quantity: levels.reduce((n, l) => n + l.on_hand, 0),
  };
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
    method: 'GET',
    path: '/allergens',
    versions: V.v2026_07,
    scope: 'products_read',
    handle: () => ({
      body: ['Milk', 'Eggs', 'Fish', 'Crustacean shellfish', 'Tree nuts', 'Peanuts', 'Wheat', 'Soybeans', 'Sesame'].map((name, i) => ({ id: i + 1, name })),
    }),
  },
];
