import { z } from 'zod';
import { DateTime } from './common.js';

/** Spec 2.9: inventory item (2.0 list). */
export const InventoryItem = z.object({
  inventory_id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  barcode: z.string(),
  user_id: z.number().int(),
  is_case: z.boolean(),
  is_lot: z.boolean(),
  dimensions: z.object({ height: z.number(), length: z.number(), width: z.number(), unit: z.string(), is_locked: z.boolean(), validated: z.boolean() }),
  weight: z.object({ unit: z.string(), value: z.number() }),
  variant: z.object({
    is_active: z.boolean(),
    is_bundle: z.boolean(),
    is_digital: z.boolean(),
    hazmat: z.object({ is_hazmat: z.boolean(), validated: z.boolean() }),
  }),
});
export type InventoryItem = z.infer<typeof InventoryItem>;

/** Cursor bodies (spec 4.6, 4.7): items plus opaque first/last/next/prev cursor URLs or tokens. */
export const cursorPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), first: z.string().nullable(), last: z.string().nullable(), next: z.string().nullable(), prev: z.string().nullable() });

export const InventoryPage = cursorPage(InventoryItem);

/** API notes, Inventory: quantities per item. sellable = fulfillable minus exception. */
export const InventoryLevel = z.object({
  inventory_id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  total_on_hand_quantity: z.number().int(),
  total_fulfillable_quantity: z.number().int(),
  total_committed_quantity: z.number().int(),
  total_sellable_quantity: z.number().int(),
  total_awaiting_quantity: z.number().int(),
  total_backordered_quantity: z.number().int(),
  total_exception_quantity: z.number().int(),
  total_internal_transfer_quantity: z.number().int(),
});
export type InventoryLevel = z.infer<typeof InventoryLevel>;

export const LocationLevel = z.object({
  location_id: z.number().int(),
  location_name: z.string(),
  on_hand_quantity: z.number().int(),
  fulfillable_quantity: z.number().int(),
  committed_quantity: z.number().int(),
  awaiting_quantity: z.number().int(),
  exception_quantity: z.number().int(),
});
export const InventoryLevelWithLocations = InventoryLevel.extend({ locations: z.array(LocationLevel) });

export const LotLevel = z.object({
  lot_number: z.string(),
  expiration_date: DateTime.nullable(),
  on_hand_quantity: z.number().int(),
  fulfillable_quantity: z.number().int(),
  location_id: z.number().int(),
});
export const InventoryLevelWithLots = InventoryLevel.extend({ lots: z.array(LotLevel) });

export const InventoryLevelPage = cursorPage(InventoryLevel);
export const InventoryLevelLocationsPage = cursorPage(InventoryLevelWithLocations);
export const InventoryLevelLotsPage = cursorPage(InventoryLevelWithLots);

/** API notes, Inventory history. */
export const EventCategory = z.enum([
  'OrderPicked',
  'InventoryAdjusted',
  'InventoryFacilityUpdated',
  'AttributeUpdated',
  'InventoryReceived',
  'InventoryRestocked',
  'ReceivingStow',
  'KittingStow',
]);
export type EventCategory = z.infer<typeof EventCategory>;

export const QuantityMovement = z.object({
  facility_id: z.number().int(),
  location_id: z.number().int(),
  sku: z.string(),
  lot_number: z.string().nullable(),
  expiration_date: DateTime.nullable(),
  inventory_status: z.string(),
  quantity_change: z.number().int(),
  committed_quantity_change: z.number().int(),
});

export const InventoryEvent = z.object({
  inventory_audit_event_id: z.number().int(),
  inventory_id: z.number().int(),
  event_category: EventCategory,
  event_datetime: DateTime,
  order_id: z.number().int().nullable(),
  primary_reference: z.object({ type: z.string(), value: z.string() }),
  additional_reference: z.array(z.object({ key: z.string(), value: z.string() })),
  increment: QuantityMovement.nullable(),
  decrement: QuantityMovement.nullable(),
});
export type InventoryEvent = z.infer<typeof InventoryEvent>;

export const HistoryQuery = z.object({
  facility_id: z.number().int(),
  inventory_ids: z.array(z.number().int()).optional(),
  event_category: EventCategory.optional(),
  start_date: DateTime.optional(),
  end_date: DateTime.optional(),
  cursor: z.union([z.number().int(), z.string()]).optional(),
});

export const HistoryPage = z.object({
  data: z.array(InventoryEvent),
  first: z.string().nullable(),
  last: z.string().nullable(),
  next: z.string().nullable(),
  prev: z.string().nullable(),
});
