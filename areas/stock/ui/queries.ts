import { useQueries, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { STOCK_PAGE_MAX, type ExpiringSearch, type StockExpiringPage, type StockItemsPage } from '../common/ipc';
import { useAccountKey } from '../../../renderer/src/app/accountKey';
import { call } from '../../../renderer/src/bridge/dockdesk';

/**
 * The stock views read the cache through main a block of rows at a time, only the blocks the screen
 * shows (the first always, for the totals): a filter or a sort costs main a few milliseconds and the
 * page a block of 200 rows, never 100,000 rows over IPC. The keys sit under 'inventory', so a finished
 * sync or a lot exclusion changed at the desk reads them again (inventory/queries.ts, lots/queries.ts).
 */
export const BLOCK_ROWS = 200;

type Page<T> = { total: number; rows: T[] };
type Fetch<P> = (offset: number, limit: number, signal?: AbortSignal) => Promise<P>;

export interface Windowed<T, P extends Page<T>> {
  /** The first block's answer (totals, as of, centers); undefined until it came. */
  first: P | undefined;
  error: unknown;
  isFetching: boolean;
  rowAt: (index: number) => T | undefined;
}

/** Blocks covering rows start..end (and block 0), read through TanStack Query under `key`. */
export function useWindowed<T, P extends Page<T>>(key: QueryKey, fetch: Fetch<P>, range: { start: number; end: number }): Windowed<T, P> {
  const client = useQueryClient();
  const blocks = useMemo(() => {
    const from = Math.floor(range.start / BLOCK_ROWS);
    const to = Math.floor(Math.max(range.start, range.end) / BLOCK_ROWS);
    const list = [0];
    for (let b = Math.max(1, from); b <= to; b++) list.push(b);
    return list;
  }, [range.start, range.end]);
  const results = useQueries({
    queries: blocks.map((b) => ({
      queryKey: [...key, b],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetch(b * BLOCK_ROWS, BLOCK_ROWS, signal),
      // Answers come from main's memory: no network to wait for, and they are read again when the cache changes.
      networkMode: 'always' as const,
    })),
  });
  const first = results[0]?.data;
  return {
    first,
    error: results.find((r) => r.error)?.error ?? null,
    isFetching: results.some((r) => r.isFetching),
    rowAt: (index) => client.getQueryData<P>([...key, Math.floor(index / BLOCK_ROWS)])?.rows[index % BLOCK_ROWS],
  };
}

/** The expiring list's address, and the day the desk asks on (its answers' days left count from it). */
export type ExpiringParams = ExpiringSearch & { today: string };

export function useExpiringKey(p: ExpiringParams): QueryKey {
  return [...useAccountKey(), 'inventory', 'stock', 'expiring', p.fc, p.days, p.show, p.today];
}

export const fetchExpiring =
  (p: ExpiringParams): Fetch<StockExpiringPage> =>
  (offset, limit, signal) =>
    call('stock.expiring', { ...p, offset, limit }, signal);

export type ItemsParams = Omit<Parameters<typeof call<'stock.items'>>[1], 'offset' | 'limit'>;

export function useItemsKey(p: ItemsParams): QueryKey {
  return [...useAccountKey(), 'inventory', 'stock', 'items', p];
}

export const fetchItems =
  (p: ItemsParams): Fetch<StockItemsPage> =>
  (offset, limit, signal) =>
    call('stock.items', { ...p, offset, limit }, signal);

/** Every row matching (a CSV export of what is shown), page after page in the largest pages main gives, with the last page's "as of". */
export async function allRows<P extends Page<unknown> & { asOf: string | null }>(fetch: Fetch<P>): Promise<{ rows: P['rows']; asOf: string | null }> {
  const rows: P['rows'] = [];
  for (;;) {
    const page = await fetch(rows.length, STOCK_PAGE_MAX);
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= page.total) return { rows, asOf: page.asOf };
  }
}
