import { createRootRoute } from '@tanstack/react-router';
import { z } from 'zod';

/**
 * The root of every route. Areas hang their routes under it from their contribution files, and
 * router.tsx gives it the shell; kept apart so an area's routes need not import the router.
 */
export const rootRoute = createRootRoute();

const RecordId = z.coerce.number().int().positive().max(2147483647);

/** A record's id in an address (/receiving/5012): a positive 32-bit integer. */
export const recordIdParams = {
  parse: (p: { id: string }) => ({ id: RecordId.parse(p.id) }),
  stringify: (p: { id: number }) => ({ id: String(p.id) }),
};
