import { z } from 'zod';

/** Spec 5.3: every scope the service knows. */
export const Scope = z.enum([
  'billing_read',
  'channels_read',
  'fulfillments_read',
  'fulfillments_write',
  'inventory_read',
  'inventory_write',
  'locations_read',
  'orders_read',
  'orders_write',
  'pricing_read',
  'products_read',
  'products_write',
  'receiving_read',
  'receiving_write',
  'returns_read',
  'returns_write',
  'webhooks_read',
  'webhooks_write',
  'offline_access',
  'openid',
]);
export type Scope = z.infer<typeof Scope>;

/** Spec 2.1. Scopes are kept as strings: a scope the client does not know must not break it. */
export const Channel = z.object({
  id: z.number().int(),
  name: z.string(),
  application_name: z.string(),
  scopes: z.array(z.string()),
});
export type Channel = z.infer<typeof Channel>;

export const ChannelList = z.object({ items: z.array(Channel) });

/** Spec 2.1 and 5.1: the channel whose id goes in service_channel_id is the one with `_write` scopes. */
export function hasWriteScopes(channel: Channel): boolean {
  return channel.scopes.some((s) => s.endsWith('_write'));
}
