import { z } from 'zod';
import { list, orNull, publishedObject, shape } from './published.js';
import { DateTime } from './common.js';

const IdName = z.object({ id: z.number().int(), name: z.string() });
const Dimension = z.object({ height: z.number(), length: z.number(), width: z.number() });

/** Spec 2.3: variant request shape (2025-07). Everything optional but name and sku on create (ours). */
export const VariantRequest = z.object({
  name: z.string().min(1).max(2000),
  sku: z.string().min(1).max(400),
  gtin: z.string().max(50).nullable().optional(),
  upc: z.string().max(50).nullable().optional(),
  is_digital: z.boolean().optional(),
  status_id: z.number().int().optional(),
  weight: z.number().nonnegative().optional(),
  packaging_material_type_id: z.number().int().nullable().optional(),
  packaging_requirement_id: z.number().int().nullable().optional(),
  dimension: Dimension.optional(),
  barcodes: z
    .array(z.object({ sticker_url: z.string().nullable().optional(), value: z.string().max(150) }))
    .nullable()
    .optional(),
  bundle_definition: z
    .array(z.object({ variant_id: z.number().int(), quantity: z.number().int().min(1) }))
    .nullable()
    .optional(),
  lot_information: z.object({ is_lot: z.boolean(), minimum_shelf_life_days: z.number().int().min(0).nullable().optional() }).optional(),
  customs: z
    .object({
      country_code_of_origin: z.string().nullable(),
      description: z.string().nullable(),
      hs_tariff_code: z.string().nullable(),
      is321_eligible: z.boolean(),
      value: z.number().nullable(),
    })
    .partial()
    .optional(),
  fulfillment_settings: z
    .object({
      dangerous_goods: z.boolean(),
      is_bpm_parcel: z.boolean(),
      is_case_pick: z.boolean(),
      requires_prop65: z.boolean(),
      msds_url: z.string().nullable(),
      serial_scan: z
        .object({ exact_character_length: z.number().int().nullable(), is_enabled: z.boolean(), prefix: z.string().nullable(), suffix: z.string().nullable() })
        .partial(),
    })
    .partial()
    .optional(),
  return_preferences: z
    .object({
      backup_action_id: z.number().int().nullable(),
      primary_action_id: z.number().int(),
      return_to_sender_backup_action_id: z.number().int().nullable(),
      return_to_sender_primary_action_id: z.number().int().nullable(),
      instructions: z.string().nullable(),
    })
    .partial()
    .optional(),
  additional_hazmat_attributes: z
    .object({
      charge_state_percentage: z.number(),
      container_metal: z.boolean(),
      container_type: z.string(),
      lithium_battery_packaging: z.string(),
      lithium_battery_type: z.string(),
      magnet: z.boolean(),
      net_volume: z.number(),
      net_weight: z.number(),
    })
    .partial()
    .nullable()
    .optional(),
  channel_metadata: z
    .array(
      z.object({
        id: z.number().int().nullable().optional(),
        channel_id: z.number().int().nullable().optional(),
        currency: z.string().nullable().optional(),
        is_inventory_sync_enabled: z.boolean().optional(),
        legacy_product_id: z.number().int().nullable().optional(),
        platform: z.string().nullable().optional(),
        platform_identifier: z.string().nullable().optional(),
        platform_inventory_item_id: z.string().nullable().optional(),
        price: z.number().optional(),
        seller_sku: z.string().nullable().optional(),
        asin: z.string().nullable().optional(),
        fnsku: z.string().nullable().optional(),
        fulfillment_channel: z.string().nullable().optional(),
      }),
    )
    .nullable()
    .optional(),
});
export type VariantRequest = z.infer<typeof VariantRequest>;

const EnumView = z.object({ id: z.number().int(), name: z.string().nullable() });
const HazmatAttributes = z.object({
  charge_state_percentage: z.number().nullable(),
  container_metal: z.boolean().nullable(),
  container_type: z.string().nullable(),
  lithium_battery_packaging: z.string().nullable(),
  lithium_battery_type: z.string().nullable(),
  magnet: z.boolean().nullable(),
  net_volume: z.number().nullable(),
  net_weight: z.number().nullable(),
});
/** A variant's listing on a sales channel (spec 2.4); marketplace fields appear for their platforms. */
export const ChannelMetadata = z.object({
  id: z.number().int(),
  channel_id: z.number().int(),
  channel_name: z.string().nullable(),
  currency: z.string().nullable(),
  is_inventory_sync_enabled: z.boolean(),
  legacy_product_id: z.number().int().nullable(),
  platform: z.string().nullable(),
  platform_identifier: z.string().nullable(),
  platform_inventory_item_id: z.string().nullable(),
  price: z.number(),
  seller_sku: z.string().nullable(),
  asin: z.string().nullable().optional(),
  fnsku: z.string().nullable().optional(),
  fulfillment_channel: z.string().nullable().optional(),
  platform_product_id: z.number().int().nullable().optional(),
  platform_variant_id: z.number().int().nullable().optional(),
});
const BundlePart = z.object({
  product_id: z.number().int(),
  variant_id: z.number().int(),
  quantity: z.number().int(),
  variant_name: z.string().nullable(),
  variant_sku: z.string().nullable(),
});
const AssociatedBundle = z.object({
  product_id: z.number().int(),
  product_name: z.string().nullable(),
  quantity: z.number().int(),
  variant_id: z.number().int(),
  variant_sku: z.string().nullable(),
});
const SerialScan = z.object({
  exact_character_length: z.number().int().nullable(),
  is_enabled: z.boolean(),
  prefix: z.string().nullable(),
  suffix: z.string().nullable(),
});

const enumView = shape(EnumView.shape);

/**
 * Spec 2.4 and the published `VariantViewModelV5` (2025-07, 2026-01): `VariantResponse` is what the
 * emulator sends from 2025-07, `VariantV5` what a client accepts. The publisher marks no field
 * required, so parsing the service's variety never breaks on a field the desk does not need;
 * `barcodes` is what it scans.
 */
const variant = shape({
  id: z.number().int(),
  name: orNull(z.string()),
  sku: orNull(z.string()),
  gtin: z.string().nullable(),
  upc: z.string().nullable(),
  is_digital: z.boolean(),
  status: orNull(z.string()),
  created_on: DateTime,
  updated_on: DateTime.nullable(),
  weight: shape({ unit: orNull(z.string()), weight: z.number() }),
  dimension: shape({ ...Dimension.shape, unit: orNull(z.string()), source: orNull(z.string()), is_locked: z.boolean() }),
  // A barcode the emulator keeps always has its value (requests must give one).
  barcodes: list(shape({ sticker_url: z.string().nullable(), value: orNull(z.string()) })),
  lot_information: shape({ is_lot: z.boolean(), minimum_shelf_life_days: z.number().int().nullable() }),
  customs: shape({
    country_code_of_origin: z.string().nullable(),
    description: z.string().nullable(),
    hs_tariff_code: z.string().nullable(),
    is321_eligible: z.boolean(),
    value: z.number().int().nullable(),
    currency: orNull(z.string()),
  }),
  fulfillment_settings: shape({
    dangerous_goods: z.boolean(),
    is_bpm_parcel: z.boolean(),
    is_case_pick: z.boolean(),
    requires_prop65: z.boolean(),
    msds_url: z.string().nullable(),
    serial_scan: shape(SerialScan.shape),
  }),
  additional_hazmat_attributes: shape(HazmatAttributes.shape),
  inventory: shape({ inventory_id: orNull(z.number().int()), on_hand_qty: z.number().int() }),
  is_image_uploaded: z.boolean(),
  packaging_material_type: enumView,
  packaging_requirement: enumView,
  return_preferences: shape({
    instructions: z.string().nullable(),
    backup_action: enumView,
    primary_action: enumView,
    return_to_sender_backup_action: enumView,
    return_to_sender_primary_action: enumView,
  }),
  bundle_definition: list(shape(BundlePart.shape)),
  associated_bundles: list(shape(AssociatedBundle.shape)),
  channel_metadata: list(shape(ChannelMetadata.shape)),
  merge_children: list(
    shape({
      channel_ids: list(z.number().int()),
      completed_at: DateTime,
      inventory_id: orNull(z.number().int()),
      variant_id: z.number().int(),
      variant_name: orNull(z.string()),
    }),
  ),
  reviews_pending: list(z.string()),
});
export const VariantResponse = variant.sent;
export type VariantResponse = z.infer<typeof VariantResponse>;
export const VariantV5 = variant.read;
export type VariantV5 = z.infer<typeof VariantV5>;

/** Spec 2.2: product create (2025-07). */
export const ProductCreate = z.object({
  is_quarantine: z.boolean().optional(),
  name: z.string().min(1).max(2000),
  taxonomy_id: z.number().int().optional(),
  type_id: z.number().int().optional(),
  variants: z.array(VariantRequest).min(1),
});

export const Taxonomy = z.object({ id: z.number().int(), name: z.string(), parent_id: z.number().int(), parent_name: z.string(), path: z.string() });

/** Fields every product shape has (spec 2.2); the versions differ in classification and variants. */
const ProductBase = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  type: z.string().nullable(),
  created_on: DateTime,
  updated_on: DateTime.nullable(),
  user_id: z.number().int(),
});

export const Product2025 = ProductBase.extend({
  taxonomy: Taxonomy,
  variants: z.array(VariantResponse).nullable(),
});
export type Product2025 = z.infer<typeof Product2025>;

/** The published `ProductViewModelV5` (2025-07, 2026-01; 2026-07 by continuity), as clients read it. */
export const ProductV5 = publishedObject(null, {
  id: z.number().int(),
  name: z.string().nullable(),
  type: z.string().nullable(),
  created_on: DateTime,
  updated_on: DateTime.nullable(),
  user_id: z.number().int(),
  taxonomy: publishedObject(null, {
    id: z.number().int().nullable(),
    name: z.string().nullable(),
    parent_id: z.number().int().nullable(),
    parent_name: z.string().nullable(),
    path: z.string().nullable(),
  }),
  variants: z.array(VariantV5).nullable(),
});
export type ProductV5 = z.infer<typeof ProductV5>;

/** GET /{2025-07+}/product: a cursor page; the links are URLs of the same operation (API notes, Superseded). */
export const ProductPage = publishedObject(null, {
  items: z.array(ProductV5).nullable(),
  first: z.string().nullable(),
  last: z.string().nullable(),
  next: z.string().nullable(),
  prev: z.string().nullable(),
});

/**
 * The product list as Dockdesk reads it (the inventory sync, and the online lookup of a code the
 * cache lacks): a product's id and its variants' codes and return preferences (the action a
 * `Default` return line gets), each field with its published type as in `VariantV5`, the rest dropped like any
 * unknown field. A full sync reads every product (about 200 MB of JSON at 100,000 variants); checking
 * the two dozen fields per variant it never uses cost 12 to 29 ms a page of 250 against about 1 ms for
 * these (ARCHITECTURE.md, "Sync path"), and a bad value in one of them (customs, say) would have
 * failed the whole sync for nothing the desk shows.
 */
export const VariantCodes = VariantV5.pick({ id: true, gtin: true, upc: true, barcodes: true, inventory: true, return_preferences: true });
export const ProductCodes = ProductV5.pick({ id: true }).extend({ variants: z.array(VariantCodes).nullable().optional() });
export type ProductCodes = z.infer<typeof ProductCodes>;
export const ProductCodesPage = ProductPage.extend({ items: z.array(ProductCodes).nullable().optional() });

/** What :moveVariants answers: the older product shape with category, sub-category and a single barcode. */
export const MovedProduct = ProductV5.extend({
  category: enumView.read.optional(),
  sub_category: enumView.read.optional(),
  variants: z
    .array(VariantV5.omit({ barcodes: true }).extend({ barcode: z.string().nullable().optional(), barcode_sticker_url: z.string().nullable().optional() }))
    .nullable()
    .optional(),
});

/** Taxonomy nodes (2025-07 /taxonomy). */
const TaxonomyNode = publishedObject(null, { id: z.number().int(), name: z.string().nullable(), path: z.string().nullable() });
export const TaxonomyView = TaxonomyNode.extend({
  children: z
    .array(TaxonomyNode.extend({ has_children: z.boolean().optional() }))
    .nullable()
    .optional(),
  parent: TaxonomyNode.nullable().optional(),
});

export const PackagingRequirement = publishedObject(null, {
  id: z.number().int(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  applicable_categories: z.array(publishedObject(null, { id: z.number().int(), sub_category_ids: z.array(z.number().int()).nullable() })).nullable(),
  applicable_packaging_material_types: z.array(enumView.read).nullable(),
  applicable_taxonomy: z.array(z.string()).nullable(),
});

/** Bodies of the published product operations (2025-07). */
export const ProductUpdate = z.object({
  name: z.string().min(1).max(2000).nullable().optional(),
  taxonomy_id: z.number().int().nullable().optional(),
  type_id: z.union([z.literal(1), z.literal(2)]).optional(),
});
export const MoveVariantsRequest = z.object({
  product_id: z.number().int().optional(),
  name: z.string().nullable().optional(),
  taxonomy_id: z.number().int().nullable().optional(),
  category_id: z.number().int().nullable().optional(),
  sub_category_id: z.number().int().nullable().optional(),
  variants: z.array(z.object({ id: z.number().int(), name: z.string().nullable().optional() })).min(1),
});
export const ConvertToBundleRequest = z.object({
  bundle_definition: z.array(z.object({ variant_id: z.number().int(), quantity: z.number().int().min(1) })).min(1),
  channel_metadata: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
  name: z.string().nullable().optional(),
  sku: z.string().nullable().optional(),
});
export const MergeRequest = z.array(z.object({ id: z.number().int() })).min(1);

/** Spec 2.2, last paragraph: the 2.0 list shape. */
export const Variant20 = VariantResponse.omit({
  is_image_uploaded: true,
  reviews_pending: true,
  merge_children: true,
  barcodes: true,
  dimension: true,
  additional_hazmat_attributes: true,
}).extend({
  barcode: z.string().nullable(),
  dimension: Dimension.extend({ unit: z.string() }),
});
export const Product20 = ProductBase.extend({
  category: IdName,
  sub_category: IdName,
  variants: z.array(Variant20).nullable(),
});

/** Spec 2.5: product 1.0 batch item and response. */
export const Product10Request = z.object({
  name: z.string().min(1).max(2000),
  reference_id: z.string().min(1).max(400),
  barcode: z.string().max(150).nullable().optional(),
  gtin: z.string().max(50).nullable().optional(),
  sku: z.string().max(400).nullable().optional(),
  unit_price: z.number().nullable().optional(),
  upc: z.string().max(50).nullable().optional(),
});
export const Product10Batch = z.array(Product10Request).min(1).max(50);

export const Product10 = z.object({
  id: z.number().int(),
  reference_id: z.string(),
  name: z.string(),
  barcode: z.string().nullable(),
  gtin: z.string().nullable(),
  sku: z.string().nullable(),
  upc: z.string().nullable(),
  unit_price: z.number().nullable(),
  created_date: DateTime,
  channel: IdName,
  bundle_root_information: IdName.nullable(),
  fulfillable_inventory_items: z.array(z.object({ id: z.number().int(), name: z.string(), quantity: z.number().int() })),
  fulfillable_quantity_by_fulfillment_center: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      committed_quantity: z.number().int(),
      fulfillable_quantity: z.number().int(),
      onhand_quantity: z.number().int(),
    }),
  ),
  total_committed_quantity: z.number().int(),
  total_fulfillable_quantity: z.number().int(),
  total_onhand_quantity: z.number().int(),
});

/** PATCH /product/{id}/variants: each entry names its variant; only the fields given change. */
export const VariantPatch = z.array(VariantRequest.partial().extend({ id: z.number().int() })).min(1);
export const Allergen = z.object({ id: z.number().int(), name: z.string() });
