import { z } from 'zod';
import { DateTime } from './common.js';

export const ReturnStatus = z.enum(['AwaitingArrival', 'Arrived', 'Processing', 'Completed', 'Cancelled']);
export type ReturnStatus = z.infer<typeof ReturnStatus>;
export const ReturnType = z.enum(['Regular', 'ReturnToSender']);
export const ReturnAction = z.enum(['Default', 'Restock', 'Quarantine', 'Dispose']);
export type ReturnAction = z.infer<typeof ReturnAction>;

/** Numbers 0-3 are accepted for the action too (API notes, Returns). */
export const RequestedAction = z.union([ReturnAction, z.number().int().min(0).max(3).transform((n) => ReturnAction.options[n]!)]);

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

export const ReturnRecord = z.object({
  id: z.number().int(),
  reference_id: z.string(),
  status: ReturnStatus,
  return_type: ReturnType,
  channel: z.object({ id: z.number().int(), name: z.string() }),
  fulfillment_center: z.object({ id: z.number().int(), name: z.string() }),
  tracking_number: z.string().nullable(),
  original_shipment_id: z.number().int().nullable(),
  insert_date: DateTime,
  completed_date: DateTime.nullable(),
  status_history: z.array(z.object({ status: ReturnStatus, timestamp: DateTime })),
  inventory: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      action_requested: z.object({ action: ReturnAction, action_type: z.enum(['InventoryDefault', 'Override']), instructions: z.string().nullable() }),
      action_taken: z.array(z.object({ action: ReturnAction, action_reason: z.string(), quantity_processed: z.number().int() })),
      lot_number: z.string().nullable(),
      lot_date: DateTime.nullable(),
    }),
  ),
});
export type ReturnRecord = z.infer<typeof ReturnRecord>;

/** Rule violations: 422 {message, errors[]} (API notes, Returns). */
export const ReturnErrors = z.object({ message: z.string(), errors: z.array(z.string()) });
