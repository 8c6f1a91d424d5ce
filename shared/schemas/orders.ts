import { z } from 'zod';
import { list, maybe, narrower, orNull, publishedObject, shape } from './published.js';
import { DateTime } from './common.js';

export const OrderStatus = z.enum(['Processing', 'Exception', 'PartiallyFulfilled', 'Fulfilled', 'Cancelled', 'ImportReview']);
export const OrderType = z.enum(['DTC', 'DropShip', 'B2B']);
export const UnitOfMeasure = z.enum(['EA', 'INP', 'CS', 'PL']);
export const ShipmentStatus = z.enum(['None', 'Processing', 'Completed', 'Exception', 'OnHold', 'Cancelled', 'CleanSweeped', 'LabeledCreated', 'ImportReview']);
export const EfdStatus = z.enum([
  'AwaitingInventoryAllocation',
  'AwaitingReset',
  'Unavailable',
  'PendingOnTime',
  'FulfilledOnTime',
  'PendingLate',
  'FulfilledLate',
]);
export const PackageMaterialType = z.enum([
  'Unknown',
  'Box',
  'BubbleMailer',
  'PolyMailer',
  'FragileBox',
  'PosterTube',
  'Custom',
  'Bookfold',
  'OwnContainer',
  'Undefined',
]);

export const Address = z.object({
  address1: z.string().min(1),
  address2: z.string().nullable().optional(),
  city: z.string().min(1),
  company_name: z.string().nullable().optional(),
  country: z.string().min(2),
  state: z.string().nullable().optional(),
  zip_code: z.string().nullable().optional(),
});

export const Recipient = z.object({
  name: z.string().min(1).max(300),
  email: z.string().nullable().optional(),
  phone_number: z.string().max(50).nullable().optional(),
  address: Address,
});

export const ShippingTerms = z.object({
  carrier_type: z.enum(['Parcel', 'Freight']),
  payment_term: z.enum(['Collect', 'ThirdParty', 'Prepaid', 'MerchantResponsible']),
});

/** The published address of an order's recipient and retailer addresses (`Orders.AddressViewModel`). */
const OrderAddress = Address.extend({ country: z.string().min(1), type: z.enum(['MarkFor', 'ShipFrom']).optional() });
const idName = shape({ id: z.number().int(), name: orNull(z.string()) });
const inventoryItem = shape({
  id: z.number().int(),
  name: orNull(z.string()),
  quantity: z.number().int(),
  quantity_committed: z.number().int(),
  lot: z.string().nullable(),
  expiration_date: DateTime.nullable(),
  is_dangerous_goods: z.boolean(),
  serial_numbers: list(z.string()),
});
const shipmentProduct = shape({
  id: z.number().int(),
  name: orNull(z.string()),
  reference_id: orNull(z.string()),
  sku: orNull(z.string()),
  inventory_items: list(inventoryItem),
});
const cartonMeasurements = shape({ depth_in: z.number(), length_in: z.number(), width_in: z.number(), total_weight_oz: z.number() });
const count = z.number().int();

/**
 * Spec 2.7 and the published `ShipmentViewModel` (2025-07, 2026-01): `Shipment` is what the emulator
 * sends, `ShipmentV` what the client accepts.
 */
const shipment = shape({
  id: z.number().int(),
  order_id: z.number().int(),
  reference_id: z.string().nullable(),
  created_date: DateTime,
  last_update_at: DateTime.nullable(),
  last_tracking_update_at: DateTime.nullable(),
  estimated_fulfillment_date: DateTime.nullable(),
  actual_fulfillment_date: DateTime.nullable(),
  delivery_date: DateTime.nullable(),
  estimated_fulfillment_date_status: EfdStatus,
  status: ShipmentStatus,
  status_details: list(
    shape({
      id: z.number().int(),
      name: orNull(z.string()),
      description: orNull(z.string()),
      inventory_id: z.number().int().nullable(),
      exception_fulfillment_center_id: z.number().int().nullable(),
      extra_information: shape({ validation_messages: list(z.string()) }),
    }),
  ),
  gift_message: z.string().max(500).nullable(),
  insurance_value: z.number().nullable(),
  invoice_amount: z.number().nullable(),
  invoice_currency_code: z.string().nullable(),
  is_tracking_uploaded: z.boolean(),
  location: idName,
  measurements: shape({ depth_in: count, length_in: count, width_in: count, total_weight_oz: count }),
  package_material_type: PackageMaterialType,
  require_signature: z.boolean(),
  ship_option: z.string().nullable(),
  recipient: shape({
    name: orNull(z.string()),
    full_name: orNull(z.string()),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    address: orNull(OrderAddress),
  }),
  products: list(shipmentProduct),
  parent_cartons: list(
    shape({
      barcode: orNull(z.string()),
      type: orNull(z.string()),
      measurements: cartonMeasurements,
      cartons: list(
        shape({
          id: z.number().int(),
          barcode: orNull(z.string()),
          type: orNull(z.string()),
          measurements: cartonMeasurements,
          carton_details: list(shape({ products: list(shipmentProduct) })),
        }),
      ),
    }),
  ),
  /** Absent until a label exists: the published schema types it as an object, never null (API notes, Superseded). */
  tracking: maybe(
    shape({
      carrier: orNull(z.string()),
      carrier_service: orNull(z.string()),
      tracking_number: orNull(z.string()),
      tracking_url: orNull(z.string()),
      shipping_date: DateTime.nullable(),
      bol: z.string().nullable(),
      pro_number: z.string().nullable(),
      scac: z.string().nullable(),
    }),
  ),
  store_order_id: maybe(z.string().nullable()),
});
export const Shipment = shipment.sent;
export type Shipment = z.infer<typeof Shipment>;
export const ShipmentV = shipment.read;

/**
 * Spec 2.6 and the published `OrderViewModel`: `Order` is what the emulator sends, `OrderV` what the
 * client accepts. Objects are present or absent, never null (API notes, Superseded).
 */
const order = shape({
  id: z.number().int(),
  reference_id: z.string().nullable(),
  order_number: z.string().nullable(),
  created_date: DateTime,
  purchase_date: DateTime.nullable(),
  gift_message: z.string().nullable(),
  channel: idName,
  financials: shape({ total_price: orNull(z.number()) }),
  products: list(
    shape({
      external_line_id: orNull(z.number().int()),
      gtin: z.string().nullable(),
      id: orNull(z.number().int()),
      quantity: z.number().int(),
      quantity_unit_of_measure_code: narrower(UnitOfMeasure, z.string().nullable()),
      reference_id: orNull(z.string()),
      sku: z.string().nullable(),
      unit_price: orNull(z.number()),
      upc: z.string().nullable(),
    }),
  ),
  // The recipient's name and address are the fields the publisher marks required.
  recipient: Recipient.extend({ address: OrderAddress }),
  retailer_program_data: maybe(
    shape({
      addresses: list(OrderAddress),
      customer_ticket_number: z.string().nullable(),
      delivery_date: DateTime.nullable(),
      department: z.string().nullable(),
      doNotShipBeforeDate: DateTime.nullable(),
      mark_for_store: z.string().nullable(),
      purchase_order_number: z.string(),
      retailer_program_type: z.string(),
      shipByDate: DateTime.nullable(),
    }),
  ),
  shipping_method: z.string().nullable(),
  shipping_terms: maybe(shape(ShippingTerms.shape)),
  status: OrderStatus,
  type: OrderType,
  tags: list(z.object({ name: z.string().min(1).max(50), value: z.string().min(1).max(500) })),
  shipments: list(shipment),
});
export const Order = order.sent;
export type Order = z.infer<typeof Order>;
export const OrderV = order.read;

const OrderCreateBase = z.object({
  reference_id: z.string().min(1).max(400),
  order_number: z.string().max(400).nullable().optional(),
  type: OrderType.optional(),
  shipping_method: z.string().min(1),
  purchase_date: DateTime.nullable().optional(),
  gift_message: z.string().max(500).nullable().optional(),
  recipient: Recipient,
  tags: z
    .array(z.object({ name: z.string().min(1).max(50), value: z.string().min(1).max(500) }))
    .nullable()
    .optional(),
});
const LineCommon = {
  quantity: z.number().int().min(1),
  quantity_unit_of_measure_code: UnitOfMeasure.nullable().optional(),
  unit_price: z.number().nonnegative().nullable().optional(),
  sku: z.string().max(400).nullable().optional(),
  gtin: z.string().max(50).nullable().optional(),
  upc: z.string().max(50).nullable().optional(),
  external_line_id: z.number().int().nullable().optional(),
};

/** Order create, 1.0 and 2.0 (ours: the spec lists reading only, but says orders are submitted). */
export const OrderCreate = OrderCreateBase.extend({ products: z.array(z.object({ reference_id: z.string().min(1).max(400), ...LineCommon })).min(1) });

/**
 * Order create from 2025-07, as published: `type` is required, reference_id at most 300, and a line
 * names a product either by reference id (with a name, created when unknown, spec 9.6) or by id.
 */
export const OrderCreate2025 = OrderCreateBase.extend({
  reference_id: z.string().min(1).max(300),
  type: OrderType,
  location_id: z.number().int().nullable().optional(),
  origin_platform_program: z.string().max(100).nullable().optional(),
  requested_delivery_date: DateTime.nullable().optional(),
  financials: z.object({ total_price: z.number().nullable().optional() }).optional(),
  shipping_terms: ShippingTerms.optional(),
  products: z
    .array(
      z.union([z.object({ reference_id: z.string().min(1), name: z.string().nullable(), ...LineCommon }), z.object({ id: z.number().int(), ...LineCommon })]),
    )
    .min(1),
});

/** Shipping methods as published from 2025-07 (the 2.0 list keeps the older flat shape). */
export const ShippingMethod = publishedObject(null, {
  id: z.number().int(),
  name: z.string().nullable(),
  active: z.boolean(),
  default: z.boolean(),
  service_level: publishedObject(null, { id: z.number().int(), name: z.string().nullable() }),
});
export const OrderEstimateRequest = z.object({
  address: z.object({
    address1: z.string().nullable().optional(),
    address2: z.string().nullable().optional(),
    city: z.string().nullable().optional(),
    company_name: z.string().nullable().optional(),
    country: z.string().min(1),
    state: z.string().nullable().optional(),
    zip_code: z.string().nullable().optional(),
  }),
  products: z
    .array(z.object({ reference_id: z.string().nullable().optional(), id: z.number().int().nullable().optional(), quantity: z.number().int().min(1).max(199) }))
    .min(1),
  shipping_methods: z.array(z.string()).nullable().optional(),
});
export const OrderEstimate = publishedObject(null, {
  estimates: z
    .array(
      publishedObject(null, {
        shipping_method: z.string().nullable(),
        estimated_price: z.number(),
        estimated_currency_code: z.string().nullable(),
        total_weight_oz: z.number(),
        fulfillment_center: publishedObject(null, { id: z.number().int(), name: z.string().nullable() }),
      }),
    )
    .nullable(),
});

/** Cancel results (API notes, Superseded: as published). */
export const ShipmentAction = z.enum([
  'CleanSweep',
  'Reassign',
  'ReleaseOrderHold',
  'MoveToOnHoldAndKeepInventory',
  'MoveToOnHoldAndReleaseInventory',
  'Cancel',
  'AddLineItem',
  'RemoveLineItem',
  'UpdateShipOption',
]);
export const CanceledShipment = publishedObject(null, {
  action: ShipmentAction,
  is_success: z.boolean(),
  reason: z.string().nullable(),
  shipment_id: z.number().int(),
});
const canceledOrder = shape({
  order_id: z.number().int(),
  status: z.enum(['Success', 'Failure', 'PartialSuccess']),
  canceled_shipment_results: list(CanceledShipment),
  order,
});
export const CanceledOrder = canceledOrder.sent;
export const CanceledOrderV = canceledOrder.read;
export const CanceledShipments = publishedObject(null, { results: z.array(CanceledShipment).nullable() });

export const ShipmentIds = z.object({ shipment_ids: z.array(z.number().int()).min(1).max(250) });
export const TrackingUploadUpdate = ShipmentIds.extend({ is_tracking_uploaded: z.boolean() });
const Summary = publishedObject(null, { total: z.number().int(), successful: z.number().int(), failed: z.number().int() });
/** The published batch tracking-upload result, camelCase inside as the service sends it. */
export const TrackingUploadResult = publishedObject(null, {
  results: z
    .array(
      publishedObject(null, {
        shipmentId: z.number().int(),
        isSuccess: z.boolean(),
        error: publishedObject(null, { code: z.string().nullable(), message: z.string().nullable() }),
      }),
    )
    .nullable(),
  summary: Summary,
});

/** Shipment logs and timeline (2025-07). */
export const ShipmentLog = publishedObject(null, {
  log_type_id: z.number().int(),
  log_type_name: z.string().nullable(),
  log_type_text: z.string().nullable(),
  metadata: z.record(z.string(), z.string().nullable()).nullable(),
  timestamp: DateTime,
});

/** Carrier tracking (2026-01 /tracking and /shipments-tracking). */
export const TrackingStatus = z.enum([
  'Available for Pickup',
  'Cancelled',
  'Delivered',
  'Delivery attempt Failed',
  'DeliveryException',
  'Exception',
  'Failed',
  'InTransit',
  'PreTransit',
  'Return to sender',
]);
const TrackingHistoryItem = publishedObject(null, {
  carrier_message: z.string().nullable(),
  location: z.string().nullable(),
  message: z.string().nullable(),
  status: TrackingStatus.nullable(),
  substatus: z.string().nullable(),
  timestamp: DateTime,
});
export const CarrierTracking = publishedObject(null, {
  carrier: z.string().nullable(),
  carrier_message: z.string().nullable(),
  carrier_tracking_number: z.string().nullable(),
  eta: DateTime.nullable(),
  history: z.array(TrackingHistoryItem).nullable(),
  last_updated: DateTime,
  location: z.string().nullable(),
  message: z.string().nullable(),
  public_tracking_url: z.string().nullable(),
  service: z.string().nullable(),
  status: TrackingStatus.nullable(),
  substatus: z.string().nullable(),
  tracking_id: z.string().nullable(),
});
export const ShipmentCarrierTracking = CarrierTracking.extend({ shipment_id: z.number().int().optional() });

/** Shipment line items, address and shipping-service changes (2026-01). Errors: {code, message}. */
export const ErrorCode = z.enum([
  'INVALID_PARAMETER',
  'VALIDATION_ERROR',
  'DATABASE_UPDATE_ERROR',
  'REPROCESSING_ERROR',
  'DEALLOCATE_ERROR',
  'NOT_FOUND',
  'CONFLICT',
]);
export const ErrorResponse = publishedObject(null, { code: ErrorCode, message: z.string().nullable() });
export const ShipmentLineItem = publishedObject(null, {
  inventory_id: z.number().int(),
  quantity: z.number().int(),
  committed_quantity: z.number().int(),
  is_hazmat: z.boolean().nullable(),
  is_lot: z.boolean().nullable(),
  lot: publishedObject(null, { lot_number: z.string().nullable(), lot_date: DateTime.nullable(), selection_method: z.enum(['ServiceChooses', 'Specific']) }),
  product_variant: publishedObject(null, { id: z.number().int(), name: z.string().nullable(), sku: z.string().nullable() }),
  serial_numbers: z.array(z.string()).nullable(),
});
export const UpdateLineItemsRequest = z.object({
  items: z
    .array(
      z.object({
        id: z.number().int().optional(),
        inventory_id: z.number().int(),
        quantity: z.number().int().min(0),
        fulfillment_center_id: z.number().int().optional(),
        is_manually_assigned_lot: z.boolean().optional(),
        lot_number: z.string().nullable().optional(),
        lot_date: z.string().nullable().optional(),
      }),
    )
    .min(1),
});
export const UpdateLineItemsResult = publishedObject(null, {
  id: z.number().int(),
  is_success: z.boolean(),
  error: ErrorResponse,
  shipment_line_items: z
    .array(
      publishedObject(null, {
        action: z.string().nullable(),
        inventory_id: z.number().int(),
        new_value: z.string().nullable(),
        previous_value: z.string().nullable(),
      }),
    )
    .nullable(),
});
export const UpdateAddressRequest = z.object({
  recipient_name: z.string().nullable().optional(),
  company_name: z.string().nullable().optional(),
  street_address1: z.string().min(1),
  street_address2: z.string().nullable().optional(),
  city: z.string().min(1),
  state: z.string().nullable().optional(),
  zip_code: z.string().nullable().optional(),
  country_code: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  phone_number: z.string().nullable().optional(),
});
export const ShipmentResult = publishedObject(null, { id: z.number().int(), is_success: z.boolean(), error: ErrorResponse });
export const BulkShippingServiceRequest = z.object({
  shipment_ids: z.array(z.number().int()).min(1),
  requested_shipping_service_id: z.number().int(),
  reason: z.string(),
});
/** `summary` is the one field the publisher marks required here. */
export const BulkActionResult = z.object({ results: z.array(ShipmentResult).nullable().optional(), summary: Summary });

/** Sandbox simulations (ours for the shapes). */
export const SimulationRequest = z.object({ shipment_id: z.number().int() });
export const Simulation = z.object({
  simulation_id: z.string(),
  shipment_id: z.number().int(),
  status: z.enum(['Pending', 'InProgress', 'Completed', 'Failed']),
  steps: z.array(z.object({ name: z.string(), status: z.enum(['Pending', 'Completed', 'Failed']), completed_at: DateTime.nullable() })),
});
