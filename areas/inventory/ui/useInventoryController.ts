import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { startTransition, useCallback, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState, type RefObject } from 'react';
import type { CachedItem } from '../../../shared/schemas/inventory-cache';
import { useAccountKey } from '../../../renderer/src/app/accountKey';
import { useStillHere } from '../../../renderer/src/app/stillHere';
import { useT } from '../../../renderer/src/i18n/useT';
import { useShortcut } from '../../../renderer/src/keyboard/useShortcut';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { useScanField } from '../../../renderer/src/scan/useScanField';
import type { ScanAnswer } from '../../../renderer/src/scan/scanService';
import type { SortingState } from '../../../renderer/src/ui/DataTable';
import { resultRows, type ResultRow } from './model';
import { inventoryQueries, isLookupCode, startSync, useInventoryLookup, useInventorySearch, useSyncStatus } from './queries';
import { fieldReducer, initialField, type FieldEvent } from './searchField';
import { INVENTORY_PAGE_SIZE, type InventorySearch } from './search';

/**
 * The Inventory view's data and commands: the field (uncontrolled, so a key is never kept waiting by
 * a render), the address that follows it, the search and exact lookup, and what Enter and a scan do.
 * A scan is looked up once: its answer opens the item, or is the lookup the results are drawn from.
 */
export function useInventoryController(field: RefObject<HTMLInputElement | null>) {
  const search = useSearch({ from: '/inventory' });
  const navigate = useNavigate({ from: '/inventory' });
  const [state, dispatch] = useReducer(fieldReducer, search.q ?? '', initialField);
  const page = search.page ?? 1;
  const text = state.typed.trim();
  const results = useInventorySearch(text, page);
  const lookup = useInventoryLookup(page === 1 ? state.code : '');
  const syncStatus = useSyncStatus(true);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [syncError, setSyncError] = useState<unknown>(null);
  const setPage = useCallback(
    (next: number) => void navigate({ search: (prev: InventorySearch) => ({ ...prev, page: next <= 1 ? undefined : next }) }),
    [navigate],
  );
  useAddressFollowsField(field, state.typed, dispatch);
  const open = useCallback(
    (item: CachedItem, lot?: string | null) => void navigate({ to: '/inventory/items/$id', params: { id: item.inventoryId }, search: lot ? { lot } : {} }),
    [navigate],
  );
  const lookUp = useLookUp(open, dispatch);
  useFieldKeys(field, lookUp);

  const rows = useMemo(() => resultRows(lookup.data, results.data?.hits ?? []), [lookup.data, results.data]);
  const total = results.data?.total ?? 0;
  return {
    state,
    text,
    page,
    pages: Math.max(1, Math.ceil(total / INVENTORY_PAGE_SIZE)),
    total,
    results,
    rows,
    // Answers, too, are drawn in an interruptible render: a scan's next key is never kept waiting by them.
    shownRows: useDeferredValue(rows),
    shownData: useDeferredValue(results.data),
    freshness: results.data?.freshness ?? lookup.data?.freshness ?? syncStatus.data?.freshness ?? null,
    syncing: syncStatus.data ? syncStatus.data.state !== 'idle' : false,
    sorting,
    setSorting,
    syncError,
    openRow: useCallback((r: ResultRow) => open(r.item), [open]),
    setPage,
    onType(value: string) {
      startTransition(() => dispatch({ type: 'typed', value }));
      if (page > 1) setPage(1);
    },
    submit: () => void lookUp(field.current?.value ?? state.typed),
    sync: () =>
      void startSync().then(
        () => setSyncError(null),
        (e: unknown) => setSyncError(e),
      ),
  };
}

export type InventoryController = ReturnType<typeof useInventoryController>;

/**
 * Enter or a scan: the code as a code, looked up once (the answer is kept as the lookup the results
 * are drawn from). One item opens; several are listed; none is said. A scan's text keeps its GS
 * separators for the lookup; the field shows it without them.
 */
function useLookUp(open: (item: CachedItem, lot?: string | null) => void, dispatch: (event: FieldEvent) => void) {
  const client = useQueryClient();
  const account = useAccountKey();
  const { t } = useT();
  return useCallback(
    async (code: string, shown = code): Promise<ScanAnswer> => {
      if (!isLookupCode(code)) return { verdict: 'refused', reason: code.trim() ? t('inventory.scan.tooLong') : t('inventory.scan.empty') };
      // Asked on its own, not joined to the as-you-type lookup of the same text: the scan's keys typed
      // into the field start that one, and taking them back out leaves it unobserved and cancelled.
      const query = inventoryQueries.lookup(account, code);
      const answer = await call('inventory.lookup', { code: code.trim() });
      client.setQueryData(query.queryKey, answer);
      // One item: it opens, and the field's text is not searched as a name on the way out.
      if (answer.matches.length === 1) open(answer.matches[0]!.item, answer.scan?.lot);
      else dispatch({ type: 'lookedUp', shown, code, matches: answer.matches.length });
      // The lookup's verdict is the scan cue's: a code that names no item is "Scan refused", saying so.
      return answer.matches.length === 0 ? { verdict: 'refused', reason: t('inventory.scan.noItem', { code: shown }) } : { verdict: 'accepted', reason: '' };
    },
    [client, account, open, dispatch, t],
  );
}

/** The field is uncontrolled: what it shows is set on the element itself. */
function showInField(element: HTMLInputElement | null, text: string) {
  if (element) element.value = text;
}

/** The field as a scan field, `/` to reach it and ↓ from it into the results. */
function useFieldKeys(field: RefObject<HTMLInputElement | null>, lookUp: (code: string, shown?: string) => Promise<ScanAnswer>) {
  useScanField(field, (scan) => {
    const shown = scan.text.replace(/\p{Cc}/gu, '');
    showInField(field.current, shown);
    return lookUp(scan.text, shown);
  });
  const { t } = useT();
  // From the field into the results without the mouse; the table's own keys take over there.
  useShortcut({
    keys: 'ArrowDown',
    description: t('inventory.keys.intoResults'),
    group: t('inventory.title'),
    inFields: true,
    scope: () => field.current,
    handler: () => document.querySelector<HTMLElement>('.inventory .data-table tbody tr[tabindex="0"]')?.focus(),
  });
  useShortcut({
    keys: '/',
    description: t('inventory.keys.toSearch'),
    group: t('inventory.title'),
    handler: (event) => {
      event.preventDefault();
      field.current?.focus();
      field.current?.select();
    },
  });
}

/**
 * The address follows the field (replacing, so Back does not step through every letter typed); when
 * Back/forward or a link changed the address (not this field writing it), the field follows it.
 */
function useAddressFollowsField(field: RefObject<HTMLInputElement | null>, typed: string, dispatch: (event: FieldEvent) => void) {
  const search = useSearch({ from: '/inventory' });
  const navigate = useNavigate({ from: '/inventory' });
  const stillHere = useStillHere();
  const written = useRef(search.q);
  useEffect(() => {
    const q = typed.trim() || undefined;
    if (q === search.q) return;
    const timer = setTimeout(() => {
      // The clerk may have gone elsewhere (Alt+6) while this view still shows, its next view loading:
      // writing the search then would pull the desk back here and swallow that key.
      if (!stillHere()) return;
      written.current = q;
      void navigate({ search: { q }, replace: true }); // the address only follows the field; a navigation that does not happen loses nothing typed
    }, 250);
    return () => clearTimeout(timer);
  }, [typed, search.q, navigate, stillHere]);
  const lastQ = useRef(search.q);
  useEffect(() => {
    const fromField = search.q === written.current;
    if (search.q !== lastQ.current && !fromField && (search.q ?? '') !== (field.current?.value ?? typed).trim()) {
      showInField(field.current, search.q ?? '');
      dispatch({ type: 'typed', value: search.q ?? '' });
    }
    lastQ.current = search.q;
  }, [search.q, typed, field, dispatch]);
}
