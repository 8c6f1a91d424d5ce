import { z } from 'zod';
import { DateTime } from './common.js';
import { cursorLinks, cursorPage, publishedObject } from './published.js';

export { cursorPage } from './published.js';

const int = () => z.number().int();

/** Spec 2.9 and the published Inventory.InventoryResponse: one inventory item. */
export const InventoryItem = publishedObject('InventoryItem', {
  inventory_id: int(),
  name: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  user_id: int(),
  is_case: z.boolean(),
  is_lot: z.boolean(),
  dimensions: publishedObject(null, {
    height: z.number(),
    length: z.number(),
    width: z.number(),
    unit: z.string().nullable(),
    is_locked: z.boolean(),
    validated: z.boolean(),
  }),
  weight: publishedObject(null, { unit: z.string().nullable(), value: z.number() }),
  variant: publishedObject(null, {
    is_active: z.boolean(),
    is_bundle: z.boolean(),
    is_digital: z.boolean(),
    hazmat: publishedObject(null, { is_hazmat: z.boolean(), validated: z.boolean() }),
  }),
});
export type InventoryItem = z.infer<typeof InventoryItem>;
export const InventoryPage = cursorPage(InventoryItem);

/** Quantities per item (published Inventory.InventoryQuantityResponse). sellable = fulfillable minus exception. */
const totals = {
  inventory_id: int(),
  name: z.string().nullable(),
  sku: z.string().nullable(),
  total_on_hand_quantity: int(),
  total_fulfillable_quantity: int(),
  total_committed_quantity: int(),
  total_sellable_quantity: int(),
  total_awaiting_quantity: int(),
  total_backordered_quantity: int(),
  total_exception_quantity: int(),
  total_internal_transfer_quantity: int(),
};
export const InventoryLevel = publishedObject('InventoryLevel', totals);
export type InventoryLevel = z.infer<typeof InventoryLevel>;

/** Quantities at one fulfillment center (published Inventory.FulfillmentCenterResponse). */
export const LocationLevel = publishedObject('LocationLevel', {
  location_id: int(),
  name: z.string().nullable(),
  on_hand_quantity: int(),
  fulfillable_quantity: int(),
  committed_quantity: int(),
  awaiting_quantity: int(),
  internal_transfer_quantity: int(),
});
export type LocationLevel = z.infer<typeof LocationLevel>;

/** Published Inventory.InventoryQuantityFcResponse: an item's quantities per fulfillment center. */
export const InventoryLevelWithLocations = publishedObject('InventoryLevel', {
  inventory_id: int(),
  name: z.string().nullable(),
  sku: z.string().nullable(),
  locations: z.array(LocationLevel).nullable(),
});
export type InventoryLevelWithLocations = z.infer<typeof InventoryLevelWithLocations>;

/** Published Inventory.Lots: one lot of an item, with its quantities and where they are. */
export const LotLevel = publishedObject('LotLevel', {
  lot_number: z.string().nullable(),
  lot_date: DateTime.nullable(),
  on_hand_quantity: int(),
  fulfillable_quantity: int(),
  committed_quantity: int(),
  awaiting_quantity: int(),
  internal_transfer_quantity: int(),
  locations: z.array(LocationLevel).nullable(),
});
export type LotLevel = z.infer<typeof LotLevel>;

/** Published Inventory.InventoryQuantityLotResponse. */
export const InventoryLevelWithLots = publishedObject('InventoryLevel', {
  inventory_id: int(),
  name: z.string().nullable(),
  sku: z.string().nullable(),
  lots: z.array(LotLevel).nullable(),
});
export type InventoryLevelWithLots = z.infer<typeof InventoryLevelWithLots>;

export const InventoryLevelPage = cursorPage(InventoryLevel);
export const InventoryLevelLocationsPage = cursorPage(InventoryLevelWithLocations);
export const InventoryLevelLotsPage = cursorPage(InventoryLevelWithLots);

/** API notes, Inventory history: the categories a query may filter on. */
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

/** One side of a movement (published InventoryHistoryDetails); quantity_change is signed. */
export const QuantityMovement = publishedObject('QuantityMovement', {
  facility_id: int(),
  location_id: int(),
  sku: z.string().nullable(),
  lot_number: z.string().nullable(),
  expiration_date: DateTime.nullable(),
  inventory_status: z.string().nullable(),
  quantity_change: int(),
  committed_quantity_change: int(),
});
export type QuantityMovement = z.infer<typeof QuantityMovement>;

/**
 * One history event (published InventoryHistory): `increment` and `decrement` are objects or absent,
 * `service_order_id` is set for picks, `additional_reference` carries the other references. There is
 * no balance: on-hand over time is a running sum of quantity_change. The category is a string (the
 * query filters on EventCategory; a new category must not break the desk).
 */
export const InventoryEvent = publishedObject('InventoryEvent', {
  inventory_audit_event_id: int(),
  inventory_id: int(),
  event_category: z.string().nullable(),
  event_datetime: DateTime,
  merchant_user_id: int().nullable(),
  service_order_id: int().nullable(),
  additional_reference: z.array(publishedObject(null, { key: z.string().nullable(), value: z.string().nullable() })).nullable(),
  increment: QuantityMovement,
  decrement: QuantityMovement,
});
export type InventoryEvent = z.infer<typeof InventoryEvent>;

/** Body of POST /{2026-01+}/inventory/history:query (published MerchantHistoryRequest; API notes). */
export const HistoryQuery = z.object({
  facility_id: int(),
  inventory_ids: z.array(int()).nullable().optional(),
  event_category: EventCategory.nullable().optional(),
  start_date: DateTime.nullable().optional(),
  end_date: DateTime.nullable().optional(),
  /** The last inventory_audit_event_id seen. */
  cursor: int().min(0).nullable().optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const HistoryPage = z.object({
  data: z
    .array(InventoryEvent)
    .nullish()
    .transform((v) => v ?? []),
  ...cursorLinks,
});
