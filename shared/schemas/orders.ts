import { z } from 'zod';
import { DateTime } from './common.js';

export const OrderStatus = z.enum(['Processing', 'Exception', 'PartiallyFulfilled', 'Fulfilled', 'Cancelled', 'ImportReview']);
export const OrderType = z.enum(['DTC', 'DropShip', 'B2B']);
export const UnitOfMeasure = z.enum(['EA', 'INP', 'CS', 'PL']);
export const ShipmentStatus = z.enum(['None', 'Processing', 'Completed', 'Exception', 'OnHold', 'Cancelled', 'CleanSweeped', 'LabeledCreated', 'ImportReview']);
export const EfdStatus = z.enum(['AwaitingInventoryAllocation', 'AwaitingReset', 'Unavailable', 'PendingOnTime', 'FulfilledOnTime', 'PendingLate', 'FulfilledLate']);
export const PackageMaterialType = z.enum(['Unknown', 'Box', 'BubbleMailer', 'PolyMailer', 'FragileBox', 'PosterTube', 'Custom', 'Bookfold', 'OwnContainer', 'Undefined']);

const IdName = z.object({ id: z.number().int(), name: z.string() });

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

const Measurements = z.object({ depth_in: z.number(), length_in: z.number(), width_in: z.number(), total_weight_oz: z.number() });
const ShipmentInventoryItem = z.object({
  id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  quantity_committed: z.number().int(),
  lot: z.string().nullable(),
  expiration_date: DateTime.nullable(),
  is_dangerous_goods: z.boolean(),
  serial_numbers: z.array(z.string()),
});
const ShipmentProduct = z.object({ id: z.number().int(), name: z.string(), reference_id: z.string(), sku: z.string(), inventory_items: z.array(ShipmentInventoryItem) });

/** Spec 2.7. */
export const Shipment = z.object({
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
  status_details: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      inventory_id: z.number().int().nullable(),
      exception_fulfillment_center_id: z.number().int().nullable(),
      extra_information: z.object({ validation_messages: z.array(z.string()) }),
    }),
  ),
  gift_message: z.string().max(500).nullable(),
  insurance_value: z.number().nullable(),
  invoice_amount: z.number().nullable(),
  invoice_currency_code: z.string().nullable(),
  is_tracking_uploaded: z.boolean(),
  location: IdName,
  measurements: Measurements,
  package_material_type: PackageMaterialType,
  require_signature: z.boolean(),
  ship_option: z.string().nullable(),
  recipient: z.object({ name: z.string(), full_name: z.string(), email: z.string().nullable(), phone_number: z.string().nullable(), address: Address }),
  products: z.array(ShipmentProduct),
  parent_cartons: z.array(
    z.object({
      barcode: z.string(),
      type: z.string(),
      measurements: Measurements,
      cartons: z.array(z.object({ id: z.number().int(), barcode: z.string(), type: z.string(), measurements: Measurements, carton_details: z.array(z.object({ products: z.array(ShipmentProduct) })) })),
    }),
  ),
  tracking: z
    .object({
      carrier: z.string(),
      carrier_service: z.string(),
      tracking_number: z.string(),
      tracking_url: z.string(),
      shipping_date: DateTime.nullable(),
      bol: z.string().nullable(),
      pro_number: z.string().nullable(),
      scac: z.string().nullable(),
    })
    .nullable(),
});
export type Shipment = z.infer<typeof Shipment>;

/** Spec 2.6. */
export const Order = z.object({
  id: z.number().int(),
  reference_id: z.string().nullable(),
  order_number: z.string().nullable(),
  created_date: DateTime,
  purchase_date: DateTime.nullable(),
  gift_message: z.string().nullable(),
  channel: IdName,
  financials: z.object({ total_price: z.number() }),
  products: z.array(
    z.object({
      external_line_id: z.number().int(),
      gtin: z.string().nullable(),
      id: z.number().int(),
      quantity: z.number().int(),
      quantity_unit_of_measure_code: UnitOfMeasure,
      reference_id: z.string(),
      sku: z.string().nullable(),
      unit_price: z.number(),
      upc: z.string().nullable(),
    }),
  ),
  recipient: Recipient,
  retailer_program_data: z
    .object({
      addresses: z.array(Address.extend({ type: z.enum(['MarkFor', 'ShipFrom']) })),
      customer_ticket_number: z.string().nullable(),
      delivery_date: DateTime.nullable(),
      department: z.string().nullable(),
      doNotShipBeforeDate: DateTime.nullable(),
      mark_for_store: z.string().nullable(),
      purchase_order_number: z.string().nullable(),
      retailer_program_type: z.string().nullable(),
      shipByDate: DateTime.nullable(),
    })
    .nullable(),
  shipping_method: z.string().nullable(),
  shipping_terms: z.object({ carrier_type: z.string(), payment_term: z.string() }).nullable(),
  status: OrderStatus,
  type: OrderType,
  tags: z.array(z.object({ name: z.string(), value: z.string() })),
  shipments: z.array(Shipment),
});
export type Order = z.infer<typeof Order>;

/** Order create (ours: the spec lists reading only, but says orders are submitted). */
export const OrderCreate = z.object({
  reference_id: z.string().min(1).max(400),
  order_number: z.string().max(400).nullable().optional(),
  type: OrderType.optional(),
  shipping_method: z.string().min(1),
  purchase_date: DateTime.nullable().optional(),
  gift_message: z.string().max(500).nullable().optional(),
  recipient: Recipient,
  products: z
    .array(z.object({ reference_id: z.string().min(1).max(400), quantity: z.number().int().min(1), quantity_unit_of_measure_code: UnitOfMeasure.optional(), unit_price: z.number().nonnegative().optional(), sku: z.string().max(400).nullable().optional(), gtin: z.string().max(50).nullable().optional(), upc: z.string().max(50).nullable().optional() }))
    .min(1),
  tags: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
});

export const ShippingMethod = z.object({ id: z.number().int(), name: z.string(), carrier: z.string(), service_level: z.string() });
export const OrderEstimateRequest = z.object({
  address: Address,
  products: z.array(z.object({ reference_id: z.string().optional(), id: z.number().int().optional(), quantity: z.number().int().min(1) })).min(1),
  shipping_methods: z.array(z.string()).optional(),
});
export const OrderEstimate = z.object({
  estimates: z.array(z.object({ shipping_method: z.string(), total_price: z.number(), currency_code: z.string(), estimated_fulfillment_date: DateTime })),
});

/** Bulk shipment operations (ours). */
export const ShipmentIds = z.object({ shipment_ids: z.array(z.number().int()).min(1).max(250) });
export const TrackingUploadUpdate = ShipmentIds.extend({ is_tracking_uploaded: z.boolean() });
export const BulkResult = z.object({ results: z.array(z.object({ id: z.number().int(), is_success: z.boolean(), reason: z.string().nullable() })) });

/** Sandbox simulations (ours for the shapes). */
export const SimulationRequest = z.object({ shipment_id: z.number().int() });
export const Simulation = z.object({
  simulation_id: z.string(),
  shipment_id: z.number().int(),
  status: z.enum(['Pending', 'InProgress', 'Completed', 'Failed']),
  steps: z.array(z.object({ name: z.string(), status: z.enum(['Pending', 'Completed', 'Failed']), completed_at: DateTime.nullable() })),
});
