import { z } from 'zod';
import { CenterId } from '../../../shared/schemas/center';
import { EventCategory } from '../../../shared/schemas/inventory';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The history view's address: #/inventory/history?fc=3&item=101,102&from=2026-08-01&to=2026-10-29&category=OrderPicked.
 * Days are the user's calendar days (from its start to the end of `to`). A part that does not parse
 * falls back to its default instead of breaking the view; the range itself is checked by the view,
 * which says what is wrong with it.
 */
export const HistorySearch = z.object({
  fc: z.coerce.number().pipe(CenterId).optional().catch(undefined),
  /** Inventory ids, comma-separated. */
  item: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/)
    .optional()
    .catch(undefined),
  from: Day.optional().catch(undefined),
  to: Day.optional().catch(undefined),
  category: EventCategory.optional().catch(undefined),
});
export type HistorySearch = z.infer<typeof HistorySearch>;

export function itemIds(search: HistorySearch): number[] {
  return search.item ? [...new Set(search.item.split(',').map(Number))].filter((n) => n > 0 && n <= 2147483647) : [];
}
