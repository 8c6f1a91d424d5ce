import { z } from 'zod';
import { CenterId } from '../../../../shared/schemas/center';
import { ExpiringShow, ItemKind, ItemSort, MAX_WINDOW_DAYS, SortDirection, StockLevelFilter } from '../../../../shared/ipc/stock';

/**
 * The stock views' addresses. A part that does not parse (an old bookmark, a typo) falls back to its
 * default instead of breaking the view; defaults are left out of the address.
 *
 *   #/stock/expiring?days=30&fc=3&show=expiring|expired
 *   #/stock/items?stock=zero|low&threshold=10&fc=3&kind=physical&lots=1&q=tea&sort=onHand&dir=desc
 */
const fc = z.coerce.number().pipe(CenterId).optional().catch(undefined);

export const DEFAULT_DAYS = 30;
export const DEFAULT_THRESHOLD = 10;

export const ExpiringSearch = z.object({
  days: z.coerce.number().int().min(0).max(MAX_WINDOW_DAYS).optional().catch(undefined),
  fc,
  show: ExpiringShow.optional().catch(undefined),
});
export type ExpiringSearch = z.infer<typeof ExpiringSearch>;

export const ItemsSearch = z.object({
  fc,
  stock: StockLevelFilter.exclude(['all']).optional().catch(undefined),
  threshold: z.coerce.number().int().min(1).max(1_000_000_000).optional().catch(undefined),
  kind: ItemKind.exclude(['all']).optional().catch(undefined),
  lots: z.literal('1').optional().catch(undefined),
  q: z.string().trim().min(1).max(200).optional().catch(undefined),
  sort: ItemSort.optional().catch(undefined),
  dir: SortDirection.optional().catch(undefined),
});
export type ItemsSearch = z.infer<typeof ItemsSearch>;

/** The browser's query for the core from its address (offset and limit are the window's). */
export function itemsQuery(search: ItemsSearch) {
  return {
    fc: search.fc ?? null,
    stock: search.stock ?? 'all',
    threshold: search.threshold ?? DEFAULT_THRESHOLD,
    kind: search.kind ?? 'all',
    lotsOnly: search.lots === '1',
    text: search.q ?? '',
    sort: search.sort ?? 'name',
    dir: search.dir ?? 'asc',
  } as const;
}
