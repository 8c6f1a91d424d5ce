import { z } from 'zod';
import { DateTime } from './common.js';
import { cursorPage, publishedObject } from './published.js';

export const ReturnStatus = z.enum(['AwaitingArrival', 'Arrived', 'Processing', 'Completed', 'Cancelled']);
export type ReturnStatus = z.infer<typeof ReturnStatus>;
export const ReturnType = z.enum(['Regular', 'ReturnToSender']);
export const ReturnAction = z.enum(['Default', 'Restock', 'Quarantine', 'Dispose']);
export type ReturnAction = z.infer<typeof ReturnAction>;

/** Numbers 0-3 are accepted for the action too (API notes, Returns). */
export const RequestedAction = z.union([
  ReturnAction,
  z
    .number()
    .int()
    .min(0)
    .max(3)
    .transform((n) => ReturnAction.options[n]!),
]);

/** Create body, newest versions (snake_case). */
export const ReturnCreate = z.object({
  reference_id: z.string().min(1).max(50),
  fulfillment_center: z.object({ id: z.number().int(), name: z.string().optional() }),
  inventory: z
    .array(
      z.object({
        id: z.number().int(),
        quantity: z.number().int().min(1),
        requested_action: RequestedAction.optional(),
        lot_number: z.string().nullable().optional(),
        lot_date: DateTime.nullable().optional(),
      }),
    )
    .min(1),
  tracking_number: z.string().nullable().optional(),
  original_shipment_id: z.number().int().nullable().optional(),
});
export type ReturnCreate = z.output<typeof ReturnCreate>;

/** Spec 2.12: the legacy 1.0 create body (camelCase). requestedAction is an integer there. */
export const ReturnCreateLegacy = z.object({
  fulfillmentCenter: z.object({ id: z.number().int(), name: z.string().optional() }),
  inventory: z
    .array(
      z.object({
        id: z.number().int(),
        quantity: z.number().int().min(1),
        requestedAction: z.number().int().min(0).max(3).optional(),
        lotNumber: z.string().nullable().optional(),
        lotDate: DateTime.nullable().optional(),
      }),
    )
    .min(1),
  originalShipmentId: z.number().int().nullable().optional(),
  referenceId: z.string().nullable().optional(),
  trackingNumber: z.string().nullable().optional(),
});

const int = () => z.number().int();
const ChannelRef = publishedObject(null, { id: int(), name: z.string().nullable() });
const CenterRef = publishedObject(null, { id: int(), name: z.string().nullable() });
const ActionRequested = publishedObject(null, { action: z.string().nullable(), action_type: z.string().nullable(), instructions: z.string().nullable() });
const ActionTaken = publishedObject(null, {
  action: z.string().nullable(),
  action_reason: z.string().nullable(),
  image_url: z.string().nullable(),
  quantity_processed: int(),
});
const ReturnTransaction = publishedObject(null, { amount: z.number(), transaction_type: z.string().nullable() });

/** Published LotInformationDto: the lot of a returned item. */
export const LotInformation = publishedObject(null, { number: z.string().nullable(), expiration: DateTime.nullable(), minimumShelfLife: int().nullable() });

/**
 * The return record as published (PublicReturnDto: get and list). Status, return type and actions are
 * strings there: the desk knows ReturnStatus and ReturnAction, and must still show a value it does not.
 */
export const ReturnItem = publishedObject('ReturnItem', {
  id: int(),
  name: z.string().nullable(),
  sku: z.string().nullable(),
  quantity: int(),
  barcodes: z.array(z.string()).nullable(),
  bundle_parent_sku: z.string().nullable(),
  lot_information: LotInformation,
  action_requested: ActionRequested,
  action_taken: z.array(ActionTaken).nullable(),
});
export type ReturnItem = z.infer<typeof ReturnItem>;

/** The fields both published return shapes (the record, and what writes answer) have. */
const returnBase = {
  id: int(),
  reference_id: z.string().nullable(),
  status: z.string().nullable(),
  return_type: z.string().nullable(),
  channel: ChannelRef,
  fulfillment_center: CenterRef,
  customer_name: z.string().nullable(),
  store_order_id: z.string().nullable(),
  tracking_number: z.string().nullable(),
  original_shipment_id: int().nullable(),
  insert_date: DateTime,
  completed_date: DateTime.nullable(),
  transactions: z.array(ReturnTransaction).nullable(),
};

export const ReturnRecord = publishedObject('ReturnRecord', {
  ...returnBase,
  shipment_tracking_number: z.string().nullable(),
  awaiting_arrival_date: DateTime.nullable(),
  arrived_date: DateTime.nullable(),
  processing_date: DateTime.nullable(),
  cancelled_date: DateTime.nullable(),
  status_history: z.array(publishedObject(null, { status: z.string().nullable(), timestamp: DateTime })).nullable(),
  inventory: z.array(ReturnItem).nullable(),
  invoice: publishedObject(null, { amount: z.number().nullable(), currency_code: z.string().nullable() }),
});
export type ReturnRecord = z.infer<typeof ReturnRecord>;

/**
 * What create and update answer (published PublicReturnV1Dto): the record without status history,
 * dates per status, item SKUs and lot information.
 */
export const ReturnWriteResult = publishedObject('ReturnRecord', {
  ...returnBase,
  invoice_amount: z.number().nullable(),
  inventory: z
    .array(
      publishedObject('ReturnItem', {
        id: int(),
        name: z.string().nullable(),
        quantity: int(),
        bundle_parent_sku: z.string().nullable(),
        action_requested: ActionRequested,
        action_taken: z.array(ActionTaken).nullable(),
      }),
    )
    .nullable(),
});
export type ReturnWriteResult = z.infer<typeof ReturnWriteResult>;

export const ReturnPage = cursorPage(ReturnRecord);

/** Rule violations: 422 {message, errors[]} (API notes, Returns). */
export const ReturnErrors = z.object({ message: z.string(), errors: z.array(z.string()) });
