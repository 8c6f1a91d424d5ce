import { z } from 'zod';
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
  barcodes: z.array(z.object({ sticker_url: z.string(), value: z.string().max(150) })).optional(),
  bundle_definition: z.array(z.object({ variant_id: z.number().int(), quantity: z.number().int().min(1) })).optional(),
  lot_information: z.object({ is_lot: z.boolean(), minimum_shelf_life_days: z.number().int().min(0) }).optional(),
  customs: z
    .object({ country_code_of_origin: z.string(), description: z.string(), hs_tariff_code: z.string(), is321_eligible: z.boolean(), value: z.number() })
    .partial()
    .optional(),
  fulfillment_settings: z
    .object({
      dangerous_goods: z.boolean(),
      is_bpm_parcel: z.boolean(),
      is_case_pick: z.boolean(),
      requires_prop65: z.boolean(),
      msds_url: z.string(),
      serial_scan: z.object({ exact_character_length: z.number().int(), is_enabled: z.boolean(), prefix: z.string(), suffix: z.string() }).partial(),
    })
    .partial()
    .optional(),
  return_preferences: z
    .object({ backup_action_id: z.number().int(), primary_action_id: z.number().int(), return_to_sender_backup_action_id: z.number().int(), return_to_sender_primary_action_id: z.number().int(), instructions: z.string() })
    .partial()
    .optional(),
});
export type VariantRequest = z.infer<typeof VariantRequest>;

/** Spec 2.4: variant response shape (2025-07). */
export const VariantResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  gtin: z.string().nullable(),
  upc: z.string().nullable(),
  is_digital: z.boolean(),
  status: z.string(),
  created_on: DateTime,
  updated_on: DateTime,
  weight: z.object({ unit: z.string(), weight: z.number() }),
  dimension: Dimension.extend({ unit: z.string(), source: z.string(), is_locked: z.boolean() }),
  barcodes: z.array(z.object({ sticker_url: z.string(), value: z.string() })),
  lot_information: z.object({ is_lot: z.boolean(), minimum_shelf_life_days: z.number().int() }),
  customs: z.object({ country_code_of_origin: z.string(), description: z.string(), hs_tariff_code: z.string(), is321_eligible: z.boolean(), value: z.number(), currency: z.string() }),
  fulfillment_settings: z.object({
    dangerous_goods: z.boolean(),
    is_bpm_parcel: z.boolean(),
    is_case_pick: z.boolean(),
    requires_prop65: z.boolean(),
    msds_url: z.string(),
    serial_scan: z.object({ exact_character_length: z.number().int(), is_enabled: z.boolean(), prefix: z.string(), suffix: z.string() }),
  }),
  inventory: z.object({ inventory_id: z.number().int(), on_hand_qty: z.number().int() }),
  is_image_uploaded: z.boolean(),
  packaging_material_type: IdName,
  packaging_requirement: IdName,
  return_preferences: z.object({ instructions: z.string(), backup_action: IdName, primary_action: IdName, return_to_sender_backup_action: IdName, return_to_sender_primary_action: IdName }),
  bundle_definition: z.array(z.object({ product_id: z.number().int(), variant_id: z.number().int(), quantity: z.number().int(), variant_name: z.string(), variant_sku: z.string() })),
  associated_bundles: z.array(z.object({ product_id: z.number().int(), product_name: z.string(), quantity: z.number().int(), variant_id: z.number().int(), variant_sku: z.string() })),
  merge_children: z.array(z.object({ channel_ids: z.array(z.number().int()), completed_at: DateTime, inventory_id: z.number().int(), variant_id: z.number().int(), variant_name: z.string() })),
  reviews_pending: z.array(z.string()),
});
export type VariantResponse = z.infer<typeof VariantResponse>;

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

/** Spec 2.2, last paragraph: the 2.0 list shape. */
export const Variant20 = VariantResponse.omit({ is_image_uploaded: true, reviews_pending: true, merge_children: true, barcodes: true, dimension: true }).extend({
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
    z.object({ id: z.number().int(), name: z.string(), committed_quantity: z.number().int(), fulfillable_quantity: z.number().int(), onhand_quantity: z.number().int() }),
  ),
  total_committed_quantity: z.number().int(),
  total_fulfillable_quantity: z.number().int(),
  total_onhand_quantity: z.number().int(),
});

/** Variant management bodies (ours where the spec gives only the path). */
export const VariantPatch = z.array(VariantRequest.partial().extend({ id: z.number().int() })).min(1);
export const MoveVariants = z.object({ source_product_id: z.number().int().optional(), target_product_id: z.number().int(), variant_ids: z.array(z.number().int()).min(1) });
export const ConvertToBundle = z.object({ bundle_definition: z.array(z.object({ variant_id: z.number().int(), quantity: z.number().int().min(1) })).min(2) });
export const MergeVariants = z.object({ variant_ids: z.array(z.number().int()).min(1) });
export const Allergen = z.object({ id: z.number().int(), name: z.string() });
