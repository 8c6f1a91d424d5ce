import { z } from 'zod';
import { ReceivingWhen } from '../../../../shared/ipc/today';

/** A center in the address: its id, or `all`; absent: the desk's own center from Settings. */
const Center = z
  .union([z.literal('all'), z.coerce.number().int().positive().max(2147483647)])
  .optional()
  .catch(undefined);

/** #/today?center=12 (or center=all). A part that does not parse falls back to its default. */
export const TodaySearch = z.object({ center: Center });
export type TodaySearch = z.infer<typeof TodaySearch>;

/** #/today/receiving?when=overdue&center=12: a receiving tile's full list. */
export const TodayReceivingSearch = z.object({ when: ReceivingWhen.catch('today'), center: Center });
export type TodayReceivingSearch = z.infer<typeof TodayReceivingSearch>;

/** The center the address asks for, as the channels take it (null: every center). */
export function centerOf(search: { center?: number | 'all' | undefined }, deskCenter: number | null): number | null {
  if (search.center === 'all') return null;
  return search.center ?? deskCenter;
}
