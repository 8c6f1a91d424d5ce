import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAccountKey, type AccountKey } from '../../../renderer/src/app/accountKey';
import { parseSearch, stringifySearch } from '../../../renderer/src/app/search';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { ReceivingSearch } from './search';

/**
 * What of the list's address is remembered per environment: the filters and the sort. Not the page
 * (a remembered page 7 is a surprise) and not Find (a one-off look-up, not a way of working).
 */
const REMEMBERED = ['status', 'fc', 'po', 'due', 'dueTo', 'in', 'inTo', 'done', 'doneTo', 'sync', 'sort', 'dir'] as const;

/** The remembered part of an address, as a query string without "?" (empty: nothing set). */
export function rememberedQuery(search: ReceivingSearch): string {
  return stringifySearch(Object.fromEntries(REMEMBERED.map((k) => [k, search[k]]))).replace(/^\?/, '');
}

/** An address with nothing in it: the list was opened plainly (the sidebar, Alt+1, a fresh start). */
export function isPlain(search: ReceivingSearch): boolean {
  return Object.values(search).every((v) => v === undefined);
}

/**
 * Filters remembered per environment (main keys them by the active environment: app.listFilters.*).
 * Opening the list with a plain address restores the last filters set in this environment; every
 * change of them is remembered. A plain address the list made itself ("Clear filters") is a choice,
 * not a return, and is remembered as such. `holding` is true while a plain address may still be
 * replaced, so the list does not load rows it is about to throw away.
 */
export const filtersQuery = (account: AccountKey) =>
  queryOptions({
    queryKey: [...account, 'list-filters', 'receiving'] as const,
    queryFn: () => call('app.listFilters.get', { list: 'receiving' }),
    staleTime: Infinity,
  });

/** Reads the remembered filters ahead, so the list's first visit asks for its rows at once. */
export function prefetchRememberedFilters(client: QueryClient, account: AccountKey): Promise<void> {
  return client.prefetchQuery(filtersQuery(account));
}

export function useRememberedFilters(search: ReceivingSearch, restore: (search: ReceivingSearch) => void) {
  const account = useAccountKey();
  const client = useQueryClient();
  const { queryKey: key } = filtersQuery(account);
  const stored = useQuery(filtersQuery(account));
  /** Set by the list just before it changes its own address. */
  const ownChange = useRef(false);
  const query = rememberedQuery(search);
  const plain = isPlain(search);

  useEffect(() => {
    if (!stored.isSuccess) return;
    const own = ownChange.current;
    ownChange.current = false;
    if (plain && !own && stored.data.query) {
      restore(ReceivingSearch.parse(parseSearch(stored.data.query)));
      return;
    }
    if (query === stored.data.query) return;
    client.setQueryData(key, { query });
    call('app.listFilters.set', { list: 'receiving', query }).catch((error: unknown) => console.warn('Could not remember the filters:', error));
    // `key` is derived from `account`; listing it would re-run the effect on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored.isSuccess, stored.data?.query, plain, query, restore, client, account]);

  return {
    holding: plain && (!stored.isSuccess || Boolean(stored.data.query)),
    /** Call before the list changes its own address. */
    markOwnChange: () => {
      ownChange.current = true;
    },
  };
}
