import { z } from 'zod';
import { DateTime } from './common.js';
import { publishedObject } from './published.js';

/**
 * Topics: the published enum of the version (2025-07; 2026-01 adds the billing topics), the spec's
 * order.shipment.tracking_received (spec 6, which the documents omit), and in 2026-07 our receiving
 * topics (API notes, Webhooks).
 */
const TOPICS_2025_07 = [
  'order.shipment.tracking_received',
  'order.shipped',
  'order.shipment.delivered',
  'order.shipment.exception',
  'order.shipment.on_hold',
  'order.shipment.cancelled',
  'return.created',
  'return.updated',
  'return.completed',
] as const;
const TOPICS_2026_01 = [...TOPICS_2025_07, 'billing.charge.created', 'billing.refund.created', 'billing.credit.created'] as const;
const TOPICS_2026_07 = [...TOPICS_2026_01, 'receiving.created', 'receiving.updated', 'receiving.completed'] as const;
export const WebhookTopic = z.enum(TOPICS_2026_07);
export type WebhookTopic = z.infer<typeof WebhookTopic>;

/** The topics a version knows (2.0 has no webhook operations). */
export function topicsOf(version: string): readonly WebhookTopic[] {
  if (version === '2025-07') return TOPICS_2025_07;
  if (version === '2026-01') return TOPICS_2026_01;
  return TOPICS_2026_07;
}

export const WebhookCreate = z.object({ topics: z.array(WebhookTopic).min(1), url: z.string().url(), description: z.string().max(500).nullable().optional() });
export type WebhookCreate = z.infer<typeof WebhookCreate>;

/**
 * Subscriptions as published (WebhookViewModelV2). Topics are strings on the way in: a topic the
 * desk does not know must not break the list.
 */
export const WebhookCreated = publishedObject('Webhook', {
  id: z.string(),
  created_at: DateTime,
  description: z.string().nullable(),
  topics: z.array(z.string()),
  url: z.string(),
  secret: z.string(),
});
export const WebhookSubscription = publishedObject('Webhook', {
  id: z.string(),
  created_at: DateTime,
  description: z.string().nullable(),
  enabled: z.boolean(),
  topics: z.array(z.string()),
  url: z.string(),
});
export const WebhookList = z.object({
  items: z
    .array(WebhookSubscription)
    .nullish()
    .transform((v) => v ?? []),
  next: z.string().nullable().optional(),
  prev: z.string().nullable().optional(),
});

/** Spec 6: the tracking_received payload, exactly. */
export const TrackingReceivedPayload = z.object({
  event_time: DateTime,
  order_id: z.number().int(),
  reference_id: z.string(),
  status: z.string(),
  tracking: z.object({ carrier: z.string(), carrier_service: z.string(), tracking_id: z.string(), tracking_url: z.string() }),
});

/** Payloads of the other topics (ours): the event time, the resource, and its new status. */
export const OrderEventPayload = z.object({
  event_time: DateTime,
  order_id: z.number().int(),
  reference_id: z.string(),
  shipment_id: z.number().int(),
  status: z.string(),
});
export const ReturnEventPayload = z.object({ event_time: DateTime, return_id: z.number().int(), reference_id: z.string(), status: z.string() });
export const ReceivingEventPayload = z.object({
  event_time: DateTime,
  receiving_order_id: z.number().int(),
  purchase_order_number: z.string().nullable(),
  status: z.string(),
});
