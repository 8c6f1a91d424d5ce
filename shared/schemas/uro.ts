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

/**
 * Attachment images the desk shows: raster formats only, decided by the bytes themselves (magic
 * numbers), never by the declared content type. SVG is left out: it is a document that can carry
 * script and links, not a picture of a label.
 */
export const ATTACHMENT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const AttachmentImageType = z.enum(ATTACHMENT_IMAGE_TYPES);
export type AttachmentImageType = z.infer<typeof AttachmentImageType>;

/** Which image format the bytes are, or null for anything else. */
export function sniffImageType(bytes: Uint8Array): AttachmentImageType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return null;
}
