import type { CaseContext, ConformanceCase } from '../harness.js';

/** Products and variants, 2025-07 and 2026-01. */
const VERSIONS = ['2025-07', '2026-01'] as const;

interface ProductLite {
  id: number;
  variants: { id: number; sku: string; inventory: { inventory_id: number; on_hand_qty: number } }[];
}

let serial = 0;
const sku = (ctx: CaseContext) => `CONF-${ctx.emu.control.nowMs().toString(36)}-${++serial}`.toUpperCase();

/** A realistic variant as a merchant would send it (2025-07 request shape, spec 2.3). */
const variant = (ctx: CaseContext) => ({
  name: 'Cold-Brew Coffee, 1 kg',
  sku: sku(ctx),
  gtin: '00012345678905',
  upc: null,
  is_digital: false,
  status_id: 1,
  weight: 35.3,
  dimension: { height: 4, length: 10, width: 6 },
  barcodes: [{ value: '0012345678905', sticker_url: null }],
  lot_information: { is_lot: false, minimum_shelf_life_days: null },
  customs: { country_code_of_origin: 'CO', description: 'Roasted coffee beans', hs_tariff_code: '0901.21', is321_eligible: false, value: 18 },
  fulfillment_settings: {
    dangerous_goods: false,
    is_bpm_parcel: false,
    is_case_pick: false,
    requires_prop65: false,
    msds_url: null,
    serial_scan: { is_enabled: false, exact_character_length: null, prefix: null, suffix: null },
  },
  additional_hazmat_attributes: { magnet: false, container_metal: false },
  return_preferences: { primary_action_id: 1, backup_action_id: 2, instructions: 'Restock if sealed.' },
  packaging_requirement_id: 4,
  packaging_material_type_id: 1,
  channel_metadata: [{ channel_id: ctx.channelId, platform: 'Shopify', price: 24.99, currency: 'USD', is_inventory_sync_enabled: true, seller_sku: null }],
});

/** A new product without stock (so it can be deleted, converted, merged). */
const newProduct = async (ctx: CaseContext, variants = 1): Promise<ProductLite> =>
  ctx.ok<ProductLite>('POST', '/2026-01/product', {
    body: { name: 'Conformance Coffee', taxonomy_id: 121, type_id: 1, is_quarantine: false, variants: Array.from({ length: variants }, () => variant(ctx)) },
  });

/** A seeded product with stock on hand. */
const stocked = (ctx: CaseContext) =>
  ctx.once('stocked product', async () => {
    const page = await ctx.ok<{ items: ProductLite[] }>('GET', '/2026-01/product', { query: { PageSize: 100 } });
    return page.items.find((p) => p.variants.some((v) => v.inventory.on_hand_qty > 0))!;
  });

export const cases: ConformanceCase[] = VERSIONS.flatMap((v): ConformanceCase[] => [
  {
    version: v,
    method: 'GET',
    template: `/${v}/product`,
    expectStatus: 200,
    name: 'first page, more pages follow',
    request: () => ({ path: `/${v}/product`, query: { PageSize: 20 } }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/product`,
    expectStatus: 200,
    name: 'largest page (bundles, digital, lot and hazmat variants)',
    request: () => ({ path: `/${v}/product`, query: { PageSize: 250 } }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/product`,
    expectStatus: 200,
    name: 'free-text search',
    request: (ctx) => ({ path: `/${v}/product`, query: { Search: ctx.ids.sku, HasVariants: true } }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/product`,
    expectStatus: 200,
    name: 'by SKU, newest first',
    request: (ctx) => ({ path: `/${v}/product`, query: { SKU: ctx.ids.sku, SortBy: 'created_on', SortOrder: 'Descending' } }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/product`,
    expectStatus: 400,
    name: 'PageSize out of range',
    request: () => ({ path: `/${v}/product`, query: { PageSize: 0 } }),
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/product`,
    expectStatus: 201,
    request: (ctx) => ({
      path: `/${v}/product`,
      body: {
        name: 'Conformance Coffee',
        taxonomy_id: 121,
        type_id: 1,
        is_quarantine: false,
        variants: [variant(ctx), { ...variant(ctx), name: 'Cold-Brew Coffee, 250 g' }],
      },
    }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/product/{productId}`,
    expectStatus: 200,
    request: async (ctx) => ({ path: `/${v}/product/${(await stocked(ctx)).id}` }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/product/{productId}`,
    expectStatus: 404,
    name: 'unknown id',
    request: () => ({ path: `/${v}/product/999999999` }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/product/{productId}`,
    expectStatus: 400,
    name: 'id not a number',
    request: () => ({ path: `/${v}/product/abc` }),
  },
  {
    version: v,
    method: 'PATCH',
    template: `/${v}/product/{productId}`,
    expectStatus: 200,
    request: async (ctx) => ({ path: `/${v}/product/${(await newProduct(ctx)).id}`, body: { name: 'Conformance Coffee (renamed)', taxonomy_id: 12 } }),
  },
  {
    version: v,
    method: 'DELETE',
    template: `/${v}/product/{productId}`,
    expectStatus: 200,
    request: async (ctx) => ({ path: `/${v}/product/${(await newProduct(ctx)).id}` }),
  },
  {
    version: v,
    method: 'DELETE',
    template: `/${v}/product/{productId}`,
    expectStatus: 400,
    name: 'stock on hand',
    request: async (ctx) => ({ path: `/${v}/product/${(await stocked(ctx)).id}` }),
  },
  {
    version: v,
    method: 'DELETE',
    template: `/${v}/product/{productId}`,
    expectStatus: 404,
    name: 'unknown id',
    request: () => ({ path: `/${v}/product/999999999` }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/product/{productId}/variants`,
    expectStatus: 200,
    request: async (ctx) => ({ path: `/${v}/product/${(await stocked(ctx)).id}/variants` }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/product/{productId}/variants`,
    expectStatus: 404,
    name: 'unknown id',
    request: () => ({ path: `/${v}/product/999999999/variants` }),
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/product/{productId}/variants`,
    expectStatus: 201,
    request: async (ctx) => ({ path: `/${v}/product/${(await newProduct(ctx)).id}/variants`, body: [variant(ctx)] }),
  },
  {
    version: v,
    method: 'PATCH',
    template: `/${v}/product/{productId}/variants`,
    expectStatus: 200,
    request: async (ctx) => {
      const p = await newProduct(ctx);
      return {
        path: `/${v}/product/${p.id}/variants`,
        body: { id: p.variants[0]!.id, name: 'Cold-Brew Coffee, 1 kg (new label)', barcodes: [{ value: '0012345678912', sticker_url: null }], weight: 36 },
      };
    },
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/product/{productId}:moveVariants`,
    expectStatus: 201,
    request: async (ctx) => {
      const [from, to] = [await newProduct(ctx, 2), await newProduct(ctx)];
      return { path: `/${v}/product/${to.id}:moveVariants`, body: { product_id: to.id, variants: [{ id: from.variants[1]!.id, name: null }] } };
    },
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/product/{productId}:moveVariants`,
    expectStatus: 404,
    name: 'unknown variant',
    request: async (ctx) => ({ path: `/${v}/product/${(await newProduct(ctx)).id}:moveVariants`, body: { variants: [{ id: 999999999 }] } }),
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/product/{productId}:moveVariants`,
    expectStatus: 400,
    name: 'no variants',
    request: async (ctx) => ({ path: `/${v}/product/${(await newProduct(ctx)).id}:moveVariants`, body: { variants: [] } }),
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/product:moveVariants`,
    expectStatus: 201,
    request: async (ctx) => ({
      path: `/${v}/product:moveVariants`,
      body: { name: 'Split-off Coffee', taxonomy_id: 121, variants: [{ id: (await newProduct(ctx, 2)).variants[1]!.id, name: 'Split-off Coffee, 1 kg' }] },
    }),
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/product:moveVariants`,
    expectStatus: 404,
    name: 'unknown variant',
    request: () => ({ path: `/${v}/product:moveVariants`, body: { name: 'Nothing', variants: [{ id: 999999999 }] } }),
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/product:moveVariants`,
    expectStatus: 400,
    name: 'no name for the new product',
    request: async (ctx) => ({ path: `/${v}/product:moveVariants`, body: { variants: [{ id: (await newProduct(ctx)).variants[0]!.id }] } }),
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/variant/{variantId}:convertToBundle`,
    expectStatus: 201,
    request: async (ctx) => {
      const parts = await stocked(ctx);
      return {
        path: `/${v}/variant/${(await newProduct(ctx)).variants[0]!.id}:convertToBundle`,
        body: { name: 'Coffee gift set', sku: sku(ctx), bundle_definition: [{ variant_id: parts.variants[0]!.id, quantity: 2 }] },
      };
    },
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/variant/{variantId}:merge`,
    expectStatus: 201,
    request: async (ctx) => {
      const p = await newProduct(ctx, 2);
      return { path: `/${v}/variant/${p.variants[0]!.id}:merge`, body: [{ id: p.variants[1]!.id }] };
    },
  },
]);
