import { z } from 'zod';
import { placeFields } from './common.js';
import { publishedObject } from './published.js';

/** A fulfillment location as the published 2025-07/2026-01 `/location` lists it. */
export const Location = publishedObject(null, {
  id: z.number().int(),
  name: z.string().nullable(),
  abbreviation: z.string().nullable(),
  timezone: z.string().nullable(),
  is_active: z.boolean(),
  is_receiving_enabled: z.boolean(),
  is_shipping_enabled: z.boolean(),
  access_granted: z.boolean(),
  attributes: z.array(z.string()).nullable(),
  region: publishedObject(null, { id: z.number().int(), name: z.string().nullable() }),
  services: z
    .array(
      publishedObject(null, {
        service_type: z.enum(['Receiving', 'Returns']),
        enabled: z.boolean(),
        address: publishedObject(null, placeFields),
      }),
    )
    .nullable(),
});
export type Location = z.infer<typeof Location>;
