import { z } from 'zod';
import { DateTime } from '../../../shared/schemas/common.js';

/**
 * Evidence of what came back: photos the clerk takes at the desk's camera, attached to a return's
 * line (an item), each kept with its checksum, time, desk and clerk; the warehouse's own inspection
 * photos the service links from a processed return; and the claim pack, one PDF of all a return's
 * evidence, made from what the desk holds.
 */

/** The photo formats a desk keeps: what a canvas writes (JPEG) and the lossless one (PNG). */
export const PhotoType = z.enum(['image/jpeg', 'image/png']);
export type PhotoType = z.infer<typeof PhotoType>;

/** 12 MiB of base64 is about 9 MiB of image: far above a webcam's still, far below what would stall the bridge. */
const MAX_BASE64 = 12 * 1024 * 1024;
const Base64 = z
  .string()
  .min(4)
  .max(MAX_BASE64)
  .regex(/^[A-Za-z0-9+/]+=*$/);

/** Hex SHA-256 of the photo's bytes: its name on disk and the proof it was not changed. */
export const Checksum = z.string().regex(/^[0-9a-f]{64}$/);

export const PhotoView = z.object({
  checksum: Checksum,
  contentType: PhotoType,
  bytes: z.number().int().positive(),
  takenAt: DateTime,
  desk: z.object({ id: z.string(), name: z.string() }),
  /** null: taken while no clerk had the desk. */
  clerk: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The return's line: the item it shows. */
  inventoryId: z.number().int(),
  sku: z.string().nullable(),
  itemName: z.string().nullable(),
  /** The return's reference id as the desk knows it now (its intake's until it was sent). */
  reference: z.string().nullable(),
});
export type PhotoView = z.infer<typeof PhotoView>;

export const TakePhotoInput = z
  .object({
    /** The return in progress (its intake's draft) the photo belongs to. */
    draftId: z.string().min(1).max(200),
    /** The line in focus: its item. */
    inventoryId: z.number().int(),
    contentType: PhotoType,
    base64: Base64,
  })
  .strict();
export type TakePhotoInput = z.infer<typeof TakePhotoInput>;

/** A return's photos: its intake's (by draft) while it is being received, or the sent return's (by reference). */
export const PhotosOfInput = z.union([
  z.object({ draftId: z.string().min(1).max(200) }).strict(),
  z.object({ reference: z.string().min(1).max(200) }).strict(),
]);
export type PhotosOfInput = z.infer<typeof PhotosOfInput>;

const ImageDataUrl = z.string().regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/);

export const evidenceChannels = {
  /** Keeps a photo the clerk took: on disk with its checksum, then in the journal. Answers it as kept. */
  'evidence.take': { input: TakePhotoInput, output: PhotoView },
  /** The photos of a return (or its intake), oldest first. */
  'evidence.photos': { input: PhotosOfInput, output: z.object({ photos: z.array(PhotoView) }) },
  /** One photo's image, checked against its checksum first: a changed file is refused, said so. */
  'evidence.image': { input: z.object({ checksum: Checksum }).strict(), output: z.object({ dataUrl: ImageDataUrl }) },
  /**
   * The warehouse's inspection photo a return's line links (`action_taken[].image_url`), read by main
   * once (no token sent with it) and kept on this desk, so it shows offline afterwards.
   */
  'evidence.warehousePhoto': {
    input: z.object({ url: z.url({ protocol: /^https?$/ }).max(2000) }).strict(),
    output: z.object({ dataUrl: ImageDataUrl, bytes: z.number().int().positive(), fetchedAt: DateTime }),
  },
  /**
   * The claim pack of a return: its lines and lots, tracking, the desk's and the warehouse's photos,
   * and its timeline from the journal and the service's status history, as one A4 PDF. Made from
   * what the desk holds: the account mirror's copy of the return, asked of the service only when
   * the desk holds none.
   */
  'evidence.claimPack': {
    input: z
      .object({
        returnId: z.number().int().positive(),
        locale: z.string().min(2).max(35).optional(),
        timeZone: z.string().min(1).max(100).optional(),
      })
      .strict(),
    output: z.object({
      fileName: z.string(),
      contentType: z.literal('application/pdf'),
      base64: z.string(),
      photos: z.number().int(),
      warehousePhotos: z.number().int(),
    }),
  },
} as const;

export const evidenceEvents = {
  /** Said when a photo is kept: the draft and reference it belongs to, so a page showing them reads them again. */
  'evidence.photoTaken': z.object({ draftId: z.string(), reference: z.string().nullable() }),
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const evidenceIpc = { id: 'evidence', channels: evidenceChannels, events: evidenceEvents } as const;
