import type { z } from 'zod';
import {
  ConvertToBundleRequest,
  MergeRequest,
  MoveVariantsRequest,
  VariantPatch,
  VariantRequest,
  type VariantResponse,
} from '../../shared/schemas/products.js';
import type { EmulatorContext } from '../context.js';
import { taxonomyInfo } from '../data/catalog.js';
import type { StoredProduct } from '../data/model.js';
import { parseBody, validation } from '../http/errors.js';
import { intParam } from '../http/query.js';
import type { RouteDef } from '../http/router.js';
import { addVariants, barcodesOf, checkVariants, emptyProduct, findProduct, fresh, knownTaxonomy, product2025, variantOr404 } from './product-records.js';
import { V } from './versions.js';

/** The variant routes (2025-07 on): add, patch, move between products, turn into a bundle, merge. */
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

export const variantRoutes: RouteDef[] = [
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
];
