import { z } from 'zod';

/**
 * A fulfillment center's id, the one way the desk names a center: the service's integer, the `fc`
 * part of every address (`#/stock/items?fc=3`, `#/receiving?fc=3`) and the `fc` of every channel.
 */
export const CenterId = z.number().int().min(0).max(2147483647);
export type CenterId = z.infer<typeof CenterId>;

/**
 * A fulfillment center as the desk holds it and every channel gives it: its id, its name (null where
 * the service gives none: the desk then says "Center 7") and its IANA zone (null where unknown), on
 * whose clock its orders' times are read.
 */
export const Center = z.object({ id: CenterId, name: z.string().nullable(), timeZone: z.string().max(64).nullable() });
export type Center = z.infer<typeof Center>;

/**
 * A center where who it is matters and its clock does not (where a lot lies, a return's center): its
 * id and its name, the name from what the desk holds (null where it names none).
 */
export const CenterRef = Center.pick({ id: true, name: true });
export type CenterRef = z.infer<typeof CenterRef>;
