import { z } from 'zod';
import { DateTime } from './common.js';

/** Attachment shape (ours): `url` is a path on the API host that needs the bearer token. */
export const UroAttachment = z.object({
  id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  url: z.string(),
  created_date: DateTime,
});

/** API notes, Unidentified receiving orders (2026-07). */
export const UnidentifiedReceivingOrder = z.object({
  id: z.number().int(),
  barcode: z.string(),
  tracking_barcode: z.string().nullable(),
  reason: z.string(),
  comment: z.string().nullable(),
  created_date: DateTime,
  linked_wro_id: z.number().int().nullable(),
  linked_wro_date: DateTime.nullable(),
  attachments: z.array(UroAttachment),
});
export type UnidentifiedReceivingOrder = z.infer<typeof UnidentifiedReceivingOrder>;

export const AssociateWro = z.object({ wro_id: z.number().int() });
