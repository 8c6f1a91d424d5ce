import { z } from 'zod';
import { DateTime } from './common.js';

/** Spec 6 and API notes, Webhooks. */
export const WebhookTopic = z.enum([
  'order.shipment.tracking_received',
  'order.shipped',
  'order.shipment.delivered',
  'order.shipment.exception',
  'order.shipment.on_hold',
  'order.shipment.cancelled',
  'return.created',
  'return.updated',
  'return.completed',
  'receiving.created',
  'receiving.updated',
  'receiving.completed',
]);
export type WebhookTopic = z.infer<typeof WebhookTopic>;

export const WebhookCreate = z.object({ topics: z.array(WebhookTopic).min(1), url: z.string().url(), description: z.string().max(500).optional() });
export const WebhookCreated = z.object({ id: z.string(), created_at: DateTime, description: z.string().nullable(), topics: z.array(WebhookTopic), url: z.string(), secret: z.string() });
export const WebhookSubscription = z.object({ id: z.string(), created_at: DateTime, description: z.string().nullable(), enabled: z.boolean(), topics: z.array(WebhookTopic), url: z.string() });
export const WebhookList = z.object({ items: z.array(WebhookSubscription), next: z.string().nullable(), prev: z.string().nullable() });

/** Spec 6: the tracking_received payload, exactly. */
export const TrackingReceivedPayload = z.object({
  event_time: DateTime,
  order_id: z.number().int(),
  reference_id: z.string(),
  status: z.string(),
  tracking: z.object({ carrier: z.string(), carrier_service: z.string(), tracking_id: z.string(), tracking_url: z.string() }),
});

/** Payloads of the other topics (ours): the event time, the resource, and its new status. */
export const OrderEventPayload = z.object({ event_time: DateTime, order_id: z.number().int(), reference_id: z.string(), shipment_id: z.number().int(), status: z.string() });
export const ReturnEventPayload = z.object({ event_time: DateTime, return_id: z.number().int(), reference_id: z.string(), status: z.string() });
export const ReceivingEventPayload = z.object({ event_time: DateTime, receiving_order_id: z.number().int(), purchase_order_number: z.string().nullable(), status: z.string() });
