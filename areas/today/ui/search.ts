import { z } from 'zod';
import { ReceivingWhen } from '../common/ipc';
import { CenterId } from '../../../shared/schemas/center';

/** A center in the address (`fc`, as every view names it): its id, or `all`; absent: the desk's own center from Settings. */
const Fc = z
  .union([z.literal('all'), z.coerce.number().pipe(CenterId)])
  .optional()
  .catch(undefined);

/** #/today?fc=12 (or fc=all). A part that does not parse falls back to its default. */
export const TodaySearch = z.object({ fc: Fc });
export type TodaySearch = z.infer<typeof TodaySearch>;

/** #/today/receiving?when=overdue&fc=12: a receiving tile's full list. */
export const TodayReceivingSearch = z.object({ when: ReceivingWhen.catch('today'), fc: Fc });
export type TodayReceivingSearch = z.infer<typeof TodayReceivingSearch>;

/** The center the address asks for, as the channels take it (null: every center). */
export function centerOf(search: { fc?: number | 'all' | undefined }, deskCenter: number | null): number | null {
  if (search.fc === 'all') return null;
  return search.fc ?? deskCenter;
}
