import { z } from 'zod';
import { DateTime, placeFields } from './common.js';
import { publishedObject } from './published.js';

/** Spec 3: every receiving order status. */
export const ReceivingStatus = z.enum([
  'Awaiting',
  'Processing',
  'Completed',
  'Cancelled',
  'Incomplete',
  'Arrived',
  'PartiallyArrived',
  'PartiallyArrivedAtHub',
  'ArrivedAtHub',
  'ProcessingAtHub',
  'InternalTransfer',
]);
export type ReceivingStatus = z.infer<typeof ReceivingStatus>;

export const PackageType = z.enum(['Package', 'Pallet', 'FloorLoadedContainer']);
export const BoxPackagingType = z.enum(['EverythingInOneBox', 'OneSkuPerBox', 'MultipleSkuPerBox']);

/** Spec 2.8 fulfillment_center; also the plain array of GET /fulfillment-center (API notes). */
export const FulfillmentCenter = publishedObject('FulfillmentCenter', {
  id: z.number().int(),
  ...placeFields,
  timezone: z.string().nullable(),
});
export type FulfillmentCenter = z.infer<typeof FulfillmentCenter>;

export const InventoryQuantity = publishedObject('ReceivingQuantity', {
  inventory_id: z.number().int(),
  sku: z.string().nullable(),
  expected_quantity: z.number().int(),
  received_quantity: z.number().int(),
  stowed_quantity: z.number().int(),
});
export type InventoryQuantity = z.infer<typeof InventoryQuantity>;

export const StatusHistoryEntry = publishedObject(null, {
  id: z.number().int(),
  status: z.string().nullable(),
  timestamp: DateTime,
});

/** 2026-07 freight details; field names are ours (API notes, Receiving). */
export const Freight = z.object({
  carrier: z.string().nullable(),
  bol_number: z.string().nullable(),
  container_number: z.string().nullable(),
  vessel_name: z.string().nullable(),
  freight_forwarder: z.string().nullable(),
  notes: z.string().nullable(),
});

/**
 * Spec 2.8 receiving order as published (Receiving.V2.WarehouseReceivingOrderViewModel), with
 * status_history from 2025-07 and, in 2026-07, freight and the final destination (API notes).
 */
export const ReceivingOrder = publishedObject('ReceivingOrder', {
  id: z.number().int(),
  status: ReceivingStatus,
  package_type: PackageType,
  box_packaging_type: BoxPackagingType,
  box_labels_uri: z.string().nullable(),
  expected_arrival_date: DateTime,
  insert_date: DateTime,
  last_updated_date: DateTime,
  external_sync_timestamp: DateTime.nullable(),
  purchase_order_number: z.string().nullable(),
  fulfillment_center: FulfillmentCenter,
  inventory_quantities: z.array(InventoryQuantity).nullable(),
  status_history: z.array(StatusHistoryEntry).nullable(),
  freight: Freight.nullable(),
  final_destination_fulfillment_center_id: z.number().int().nullable(),
});
export type ReceivingOrder = z.infer<typeof ReceivingOrder>;

export const ReceivingList = z.array(ReceivingOrder);

/** Query of GET /{version}/receiving (API notes): comma-separated lists travel as arrays here. */
export const ReceivingListQuery = z.object({
  page: z.number().int().min(1).max(2147483647).default(1),
  limit: z.number().int().min(1).max(250).default(50),
  statuses: z.array(ReceivingStatus).optional(),
  fulfillmentCenterIds: z.array(z.number().int()).optional(),
});
export type ReceivingListQuery = z.input<typeof ReceivingListQuery>;

/** API notes, Receiving: the create body (2026-07 adds freight, final destination, sku in box items). */
export const ReceivingBoxItemCreate = z
  .object({
    inventory_id: z.number().int().optional(),
    sku: z.string().min(1).optional(),
    quantity: z.number().int().min(1),
    lot_number: z.string().nullable().optional(),
    lot_date: DateTime.nullable().optional(),
  })
  .refine((i) => (i.inventory_id === undefined) !== (i.sku === undefined), {
    message: 'give exactly one of inventory_id or sku',
  });

export const ReceivingCreate = z.object({
  fulfillment_center: z.object({ id: z.number().int() }),
  package_type: PackageType,
  box_packaging_type: BoxPackagingType,
  boxes: z
    .array(
      z.object({
        tracking_number: z.string().nullable().optional(),
        box_items: z.array(ReceivingBoxItemCreate).min(1),
      }),
    )
    .min(1),
  expected_arrival_date: DateTime,
  purchase_order_number: z.string().nullable().optional(),
  freight: Freight.partial().nullable().optional(),
  final_destination_fulfillment_center_id: z.number().int().nullable().optional(),
});
export type ReceivingCreate = z.output<typeof ReceivingCreate>;

export const BoxStatus = z.enum(['Awaiting', 'Arrived', 'Counting', 'Stowing', 'Completed', 'Cancelled', 'InternalTransfer']);
export type BoxStatus = z.infer<typeof BoxStatus>;

export const ReceivingBox = publishedObject('ReceivingBox', {
  box_id: z.number().int(),
  box_number: z.number().int(),
  box_status: BoxStatus,
  tracking_number: z.string().nullable(),
  arrived_date: DateTime.nullable(),
  received_date: DateTime.nullable(),
  counting_started_date: DateTime.nullable(),
  box_items: z
    .array(
      publishedObject('ReceivingBoxItem', {
        inventory_id: z.number().int(),
        quantity: z.number().int(),
        received_quantity: z.number().int(),
        stowed_quantity: z.number().int(),
        lot_number: z.string().nullable(),
        lot_date: DateTime.nullable(),
      }),
    )
    .nullable(),
});
export type ReceivingBox = z.infer<typeof ReceivingBox>;

export const DistributionStatus = z.enum(['NotStarted', 'InProgress', 'Stowing', 'Completed']);
export const Distributions = publishedObject('Distributions', {
  id: z.number().int(),
  status: ReceivingStatus,
  distributions: z
    .array(
      publishedObject('Distribution', {
        inventory_id: z.number().int(),
        product_sku: z.string().nullable(),
        lot_number: z.string().nullable(),
        lot_date: DateTime.nullable(),
        fulfillment_center_id: z.number().int(),
        fulfillment_center_abbreviation: z.string().nullable(),
        expected_quantity: z.number().int(),
        received_quantity: z.number().int(),
        stowed_quantity: z.number().int(),
        status: DistributionStatus,
      }),
    )
    .nullable(),
});

export type Distributions = z.infer<typeof Distributions>;

/** Body of POST /{2025-07+}/receiving:setExternalSync; it answers one receiving order (as published). */
export const SetExternalSync = z.object({
  ids: z.array(z.number().int()).min(1),
  is_external_sync: z.boolean(),
});
