import { z } from 'zod';
import { publishedObject } from './published.js';

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

/** Spec 2.1, as published (ChannelViewModel). Scopes are strings: a scope the client does not know must not break it. */
export const Channel = publishedObject('Channel', {
  id: z.number().int(),
  name: z.string().nullable(),
  application_name: z.string().nullable(),
  scopes: z.array(z.string()),
});
export type Channel = z.infer<typeof Channel>;

/** Published ChannelsV2ViewModel: items, with next and prev cursors (null: one page holds them all). */
export const ChannelList = z.object({
  items: z
    .array(Channel)
    .nullish()
    .transform((v) => v ?? []),
  next: z.string().nullable().optional(),
  prev: z.string().nullable().optional(),
});

/** Spec 2.1 and 5.1: the channel whose id goes in service_channel_id is the one with `_write` scopes. */
export function hasWriteScopes(channel: Channel): boolean {
  return channel.scopes.some((s) => s.endsWith('_write'));
}
