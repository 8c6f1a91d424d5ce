import type { EventCategory } from '../../shared/schemas/inventory.js';
import type { LotExclusion } from '../../shared/schemas/lots.js';
import type { Order } from '../../shared/schemas/orders.js';
import type { BoxPackagingType, BoxStatus, Freight, PackageType, ReceivingStatus } from '../../shared/schemas/receiving.js';
import type { ReturnAction, ReturnStatus } from '../../shared/schemas/returns.js';
import type { UnidentifiedReceivingOrder } from '../../shared/schemas/uro.js';
import type { WebhookTopic } from '../../shared/schemas/webhooks.js';
import type { z } from 'zod';
import type { Invoice, Transaction } from '../../shared/schemas/billing.js';
import type { VariantResponse } from '../../shared/schemas/products.js';

/**
 * The emulator's whole state, as one plain JSON-able object: what the generator makes, what routes
 * change, what persistence writes. Records are kept in the newest shape and trimmed per version on the
 * way out.
 */
export interface LevelAtCenter {
  fc_id: number;
  on_hand: number;
  committed: number;
  awaiting: number;
  exception: number;
  internal_transfer: number;
  backordered: number;
}

export interface LotAtCenter {
  lot_number: string;
  expiration_date: string | null;
  fc_id: number;
  on_hand: number;
}

export interface StoredInventory {
  inventory_id: number;
  name: string;
  sku: string;
  barcode: string;
  product_id: number;
  variant_id: number;
  is_case: boolean;
  is_lot: boolean;
  is_bundle: boolean;
  is_digital: boolean;
  is_active: boolean;
  is_hazmat: boolean;
  dimensions: { height: number; length: number; width: number };
  weight_oz: number;
  levels: LevelAtCenter[];
  lots: LotAtCenter[];
  /** Default return action for this item (from the variant's return preferences). */
  default_return_action: 'Restock' | 'Quarantine' | 'Dispose';
}

export interface StoredProduct {
  id: number;
  name: string;
  type: string;
  created_on: string;
  updated_on: string | null;
  user_id: number;
  taxonomy: { id: number; name: string; parent_id: number; parent_name: string; path: string };
  is_quarantine: boolean;
  /** 1.0 products carry the merchant's reference id. */
  reference_id: string | null;
  unit_price: number | null;
  variants: VariantResponse[];
}

export interface StoredBoxItem {
  inventory_id: number;
  quantity: number;
  received_quantity: number;
  stowed_quantity: number;
  lot_number: string | null;
  lot_date: string | null;
}

export interface StoredBox {
  box_id: number;
  box_number: number;
  box_status: BoxStatus;
  tracking_number: string | null;
  arrived_date: string | null;
  received_date: string | null;
  counting_started_date: string | null;
  /** When the box reaches the dock; null for boxes that do not move on the clock. */
  arrive_at: number | null;
  box_items: StoredBoxItem[];
}

/** Spec 2.1: a channel of the account. */
export interface StoredChannel {
  id: number;
  name: string;
  application_name: string;
  scopes: string[];
}

/** Spec 2.8: a fulfillment center, every field known. */
export interface StoredFulfillmentCenter {
  id: number;
  name: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  email: string;
  phone_number: string;
  timezone: string;
}

export interface StoredWro {
  id: number;
  status: ReceivingStatus;
  package_type: z.infer<typeof PackageType>;
  box_packaging_type: z.infer<typeof BoxPackagingType>;
  expected_arrival_date: string;
  insert_date: string;
  last_updated_date: string;
  external_sync_timestamp: string | null;
  purchase_order_number: string | null;
  fulfillment_center: StoredFulfillmentCenter;
  status_history: { id: number; status: ReceivingStatus; timestamp: string }[];
  freight: z.infer<typeof Freight> | null;
  final_destination_fulfillment_center_id: number | null;
  boxes: StoredBox[];
  /** Whether the order moves on the virtual clock (the main lane) or keeps its seeded status. */
  moving: boolean;
}

/** One history event as kept; rendered in the published shape by the history route. */
export interface StoredMovement {
  facility_id: number;
  location_id: number;
  sku: string;
  lot_number: string | null;
  expiration_date: string | null;
  inventory_status: string;
  quantity_change: number;
  committed_quantity_change: number;
}

export interface StoredHistoryEvent {
  inventory_audit_event_id: number;
  inventory_id: number;
  event_category: EventCategory;
  event_datetime: string;
  /** The order of a pick (service_order_id), else null. */
  order_id: number | null;
  primary_reference: { type: string; value: string };
  additional_reference: { key: string; value: string }[];
  increment: StoredMovement | null;
  decrement: StoredMovement | null;
}

export interface StoredReturnItem {
  id: number;
  name: string;
  sku: string;
  quantity: number;
  action_requested: { action: ReturnAction; action_type: 'InventoryDefault' | 'Override'; instructions: string | null };
  action_taken: { action: ReturnAction; action_reason: string; quantity_processed: number }[];
  lot_number: string | null;
  lot_date: string | null;
}

export interface StoredReturn {
  id: number;
  reference_id: string;
  status: ReturnStatus;
  return_type: 'Regular' | 'ReturnToSender';
  channel: { id: number; name: string };
  fulfillment_center: { id: number; name: string };
  tracking_number: string | null;
  original_shipment_id: number | null;
  insert_date: string;
  completed_date: string | null;
  status_history: { status: ReturnStatus; timestamp: string }[];
  inventory: StoredReturnItem[];
  /** Virtual times of the next steps: arrival, processing start, completion. */
  schedule: { arrive_at: number; process_at: number; complete_at: number } | null;
}

export interface StoredShipmentMeta {
  simulation_id: string | null;
}

export interface StoredSimulation {
  simulation_id: string;
  shipment_id: number;
  created_at: number;
  steps: { name: 'LabelCreated' | 'Shipped' | 'Delivered'; at: number; done: boolean; completed_at: string | null }[];
}

export interface StoredWebhook {
  id: string;
  created_at: string;
  description: string | null;
  enabled: boolean;
  topics: WebhookTopic[];
  url: string;
  secret: string;
}

export interface StoredUroAttachment {
  id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_date: string;
}

export type StoredUro = Omit<UnidentifiedReceivingOrder, 'attachments'> & { attachments: StoredUroAttachment[] };

export interface EmulatorData {
  version: 1;
  seed: number;
  nextId: number;
  fulfillmentCenters: StoredFulfillmentCenter[];
  channels: StoredChannel[];
  products: StoredProduct[];
  inventory: StoredInventory[];
  receivingOrders: StoredWro[];
  uros: StoredUro[];
  history: StoredHistoryEvent[];
  lotExclusions: LotExclusion[];
  orders: Order[];
  returns: StoredReturn[];
  simulations: StoredSimulation[];
  invoices: z.infer<typeof Invoice>[];
  transactions: z.infer<typeof Transaction>[];
  webhooks: StoredWebhook[];
  /** The original store order JSON of an order, by order id (2025-07 store-order-json). */
  storeOrderJson?: Record<string, string>;
  /** Changes made to a shipment through the API (address, line items, service), by shipment id. */
  shipmentLogs?: Record<
    string,
    { log_type_id: number; log_type_name: string | null; log_type_text: string | null; metadata: Record<string, string | null> | null; timestamp: string }[]
  >;
}
