import { z } from 'zod';
import { DateTime } from '../../../shared/schemas/common.js';

/**
 * Evidence of what came back or came in: photos the clerk takes at the desk's camera, attached to a
 * return's line (an item) or to a receiving order's box, each kept with its checksum, time, desk and
 * clerk; the warehouse's own inspection photos the service links from a processed return; and the
 * claim pack, one PDF of all of a return's or a receiving order's evidence, made from what the desk holds.
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
  /** The return's line: the item it shows (null: a box's photo). */
  inventoryId: z.number().int().nullable(),
  sku: z.string().nullable(),
  itemName: z.string().nullable(),
  /** The return's reference id as the desk knows it now (its intake's until it was sent). */
  reference: z.string().nullable(),
  /** The receiving order's box it shows (null: a return line's photo); its number on the order as the labels print it. */
  box: z.object({ orderId: z.number().int(), boxId: z.number().int(), boxNumber: z.number().int().nullable() }).nullable(),
});
export type PhotoView = z.infer<typeof PhotoView>;

const Still = { contentType: PhotoType, base64: Base64 };

/** A photo of a return's line: the return in progress (its intake's draft) and the line in focus (its item). */
export const TakeLinePhoto = z.object({ draftId: z.string().min(1).max(200), inventoryId: z.number().int(), ...Still }).strict();
/** A photo of a receiving order's box: the order on the page and the box in focus. */
export const TakeBoxPhoto = z.object({ orderId: z.number().int().positive(), boxId: z.number().int(), ...Still }).strict();
export const TakePhotoInput = z.union([TakeLinePhoto, TakeBoxPhoto]);
export type TakePhotoInput = z.infer<typeof TakePhotoInput>;
export type TakeLinePhoto = z.infer<typeof TakeLinePhoto>;
export type TakeBoxPhoto = z.infer<typeof TakeBoxPhoto>;

/**
 * Whose photos: a return's, by its intake's draft while it is being received or by the sent
 * return's reference; or a receiving order's (its boxes').
 */
export const PhotosOfInput = z.union([
  z.object({ draftId: z.string().min(1).max(200) }).strict(),
  z.object({ reference: z.string().min(1).max(200) }).strict(),
  z.object({ orderId: z.number().int().positive() }).strict(),
]);
export type PhotosOfInput = z.infer<typeof PhotosOfInput>;

const ImageDataUrl = z.string().regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/);

/** The clerk's language and time zone, so the pack reads as the desk does. */
const PackWords = { locale: z.string().min(2).max(35).optional(), timeZone: z.string().min(1).max(100).optional() };
const ClaimPack = z.object({
  fileName: z.string(),
  contentType: z.literal('application/pdf'),
  base64: z.string(),
  photos: z.number().int(),
  warehousePhotos: z.number().int(),
});

export const evidenceChannels = {
  /** Keeps a photo the clerk took (of a return's line or an order's box): on disk with its checksum, then in the journal. Answers it as kept. */
  'evidence.take': { input: TakePhotoInput, output: PhotoView },
  /** The photos of a return (or its intake), or of a receiving order's boxes, oldest first. */
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
    input: z.object({ returnId: z.number().int().positive(), ...PackWords }).strict(),
    output: ClaimPack,
  },
  /**
   * The claim pack of a receiving order: its facts and freight, what was expected and received item
   * by item, its boxes with their lines and lots, the photos of its boxes, and its timeline from the
   * journal and the service's status history, as one A4 PDF. Made from what the desk holds (the
   * account mirror's order and boxes), asked of the service only for what the desk does not hold.
   */
  'evidence.orderClaimPack': {
    input: z.object({ orderId: z.number().int().positive(), ...PackWords }).strict(),
    output: ClaimPack,
  },
} as const;

export const evidenceEvents = {
  /** Said when a photo is kept: the draft and reference, or the order, it belongs to, so a page showing them reads them again. */
  'evidence.photoTaken': z.object({ draftId: z.string().nullable(), reference: z.string().nullable(), orderId: z.number().int().nullable() }),
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const evidenceIpc = { id: 'evidence', channels: evidenceChannels, events: evidenceEvents } as const;
