import { useNavigate, useSearch } from '@tanstack/react-router';
import { memo, startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { SearchAnswer } from '../../../../shared/ipc/inventory';
import type { CachedItem, CodeKind, SearchHit } from '../../../../shared/schemas/inventory-cache';
import { visibleControls } from '../../../../shared/scan/router';
import { call } from '../../bridge/dockdesk';
import { formatCount } from '../../format';
import { countOf, unitWord } from '../../../../shared/counts';
import { useShortcut } from '../../keyboard/useShortcut';
import { useScanField } from '../../scan/useScanField';
import { DataTable, type DataColumn, type SortingState } from '../../ui/DataTable';
import { ErrorNote } from '../../ui/ErrorNote';
import { Pager } from '../../ui/Pager';
import { ViewHeading } from '../../ui/ViewHeading';
import { FreshnessMark } from './Freshness';
import { startSync, useInventoryLookup, useInventorySearch, useSyncStatus } from './queries';
import { resultRows, type ResultRow } from './model';
import { INVENTORY_PAGE_SIZE, type InventorySearch } from './search';
import './inventory.css';

const MATCHED: Record<CodeKind, string> = { inventoryId: 'inventory id', sku: 'SKU', gtin: 'GTIN', barcode: 'barcode' };
const RANK: Record<SearchHit['rank'], string> = { exact: 'exact', prefix: 'starts with', substring: 'contains' };

const totalOnHand = (item: CachedItem) => {
  const all = item.levels.find((l) => l.fcId === 0);
  return all ? all.onHand : item.levels.reduce((n, l) => n + l.onHand, 0);
};
const totalFulfillable = (item: CachedItem) => {
  const all = item.levels.find((l) => l.fcId === 0);
  return all ? all.fulfillable : item.levels.reduce((n, l) => n + l.fulfillable, 0);
};

const columns: DataColumn<ResultRow>[] = [
  { id: 'sku', accessorFn: (r) => r.item.sku, header: 'SKU', sortFn: 'alphanumeric', meta: { width: '13em' } },
  { id: 'name', accessorFn: (r) => r.item.name, header: 'Name', sortFn: 'text' },
  { id: 'id', accessorFn: (r) => r.item.inventoryId, header: 'Inventory id', sortFn: 'basic', meta: { width: '8em' } },
  {
    id: 'barcode',
    accessorFn: (r) => r.item.codes.gtin ?? r.item.codes.inventoryBarcode ?? r.item.codes.barcodes[0] ?? '',
    header: 'Barcode / GTIN',
    sortFn: 'alphanumeric',
    cell: (c) => c.getValue<string>() || '—',
    meta: { width: '10em' },
  },
  {
    id: 'onHand',
    accessorFn: (r) => totalOnHand(r.item),
    header: 'On hand',
    sortFn: 'basic',
    cell: (c) => formatCount(c.getValue<number>()),
    meta: { align: 'end', width: '6em' },
  },
  {
    id: 'fulfillable',
    accessorFn: (r) => totalFulfillable(r.item),
    header: 'Fulfillable',
    sortFn: 'basic',
    cell: (c) => formatCount(c.getValue<number>()),
    meta: { align: 'end', width: '6.5em' },
  },
  {
    id: 'match',
    accessorFn: (r) => (r.why === 'code' ? 0 : r.why === 'exact' ? 1 : r.why === 'prefix' ? 2 : 3),
    header: 'Match',
    sortFn: 'basic',
    cell: (c) => {
      const r = c.row.original;
      return r.why === 'code'
        ? `code: ${(r.matchedBy as CodeKind[]).map((k) => MATCHED[k]).join(', ')}`
        : `${r.matchedBy === 'sku' ? 'SKU' : 'name'} ${RANK[r.why]}`;
    },
    meta: { width: '10em' },
  },
];

/**
 * Inventory: one field for typed text or a scan. Typing searches names and SKUs as you type (ranked
 * exact, prefix, substring; paged by main) and looks the text up as a code at the same time; Enter or
 * a scan opens the item when the code names exactly one. Every answer says how fresh the cache is.
 */
export function InventoryView() {
  const search = useSearch({ from: '/inventory' });
  const navigate = useNavigate({ from: '/inventory' });
  // The field is uncontrolled and what it holds reaches React as a transition: a key (a scanner's
  // included) is handled by the browser at once and never waits for the view to render.
  const [typed, setTyped] = useState(search.q ?? '');
  const field = useRef<HTMLInputElement>(null);
  const setField = useCallback((value: string) => {
    if (field.current) field.current.value = value;
    setTyped(value);
  }, []);
  const text = typed.trim();
  const page = search.page ?? 1;
  const results = useInventorySearch(text, page);
  const lookup = useInventoryLookup(page === 1 ? typed : '');
  const syncStatus = useSyncStatus(true);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [notFound, setNotFound] = useState<string | null>(null);
  const [syncError, setSyncError] = useState<unknown>(null);

  // The address follows the field (replacing, so Back does not step through every letter typed).
  const written = useRef(search.q);
  useEffect(() => {
    const q = typed.trim() || undefined;
    if (q === search.q) return;
    const timer = setTimeout(() => {
      written.current = q;
      void navigate({ search: { q }, replace: true }); // the router shows a failed navigation itself; nothing waits for it
    }, 250);
    return () => clearTimeout(timer);
  }, [typed, search.q, navigate]);
  // Back/forward or a link changed the address (not this field writing it): the field follows it.
  const lastQ = useRef(search.q);
  useEffect(() => {
    const fromField = search.q === written.current;
    if (search.q !== lastQ.current && !fromField && (search.q ?? '') !== (field.current?.value ?? typed).trim()) setField(search.q ?? '');
    lastQ.current = search.q;
  }, [search.q, typed, setField]);

  const open = useCallback(
    (item: CachedItem, lot?: string | null) => void navigate({ to: '/inventory/items/$id', params: { id: item.inventoryId }, search: lot ? { lot } : {} }),
    [navigate],
  );

  /** Enter or a scan: the code as a code. One item opens; several are listed; none is said. */
  const lookUp = async (code: string) => {
    const trimmed = code.trim();
    if (!trimmed) return 'refused' as const;
    const answer = await call('inventory.lookup', { code: trimmed });
    if (answer.matches.length === 1) {
      setNotFound(null);
      open(answer.matches[0]!.item, answer.scan?.lot);
      return 'accepted' as const;
    }
    setNotFound(answer.matches.length === 0 ? trimmed : null);
    return answer.matches.length === 0 ? ('refused' as const) : ('accepted' as const);
  };

  useScanField(field, (scan) => {
    // The scan's text keeps its GS separators for the lookup; the field shows it without them.
    setField(scan.text.replace(/\p{Cc}/gu, ''));
    // The lookup's verdict is the scan cue's: a code that names no item is "Scan refused".
    return lookUp(scan.text);
  });

  // From the field into the results without the mouse; the table's own keys take over there.
  useShortcut({
    keys: 'ArrowDown',
    description: 'From the item search into its results',
    group: 'Inventory',
    inFields: true,
    scope: () => field.current,
    handler: () => document.querySelector<HTMLElement>('.inventory .data-table tbody tr[tabindex="0"]')?.focus(),
  });

  useShortcut({
    keys: '/',
    description: 'Go to the item search',
    group: 'Inventory',
    handler: (event) => {
      event.preventDefault();
      field.current?.focus();
      field.current?.select();
    },
  });

  const rows = useMemo(() => resultRows(lookup.data, results.data?.hits ?? []), [lookup.data, results.data]);
  // Answers, too, are drawn in an interruptible render: a scan's next key is never kept waiting by them.
  const shownRows = useDeferredValue(rows);
  const shownData = useDeferredValue(results.data);
  const openRow = useCallback((r: ResultRow) => open(r.item), [open]);
  const freshness = results.data?.freshness ?? lookup.data?.freshness ?? syncStatus.data?.freshness ?? null;
  const total = results.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / INVENTORY_PAGE_SIZE));
  const setPage = (next: number) => void navigate({ search: (prev: InventorySearch) => ({ ...prev, page: next <= 1 ? undefined : next }) });
  const syncing = syncStatus.data ? syncStatus.data.state !== 'idle' : false;

  return (
    <section className="workspace list inventory" aria-labelledby="inventory-title">
      <header className="workspace-header">
        <ViewHeading id="inventory-title">Inventory</ViewHeading>
        <form
          className="filters"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            lookUp(field.current?.value ?? typed).catch((error: unknown) => console.warn('The inventory lookup failed:', error));
          }}
        >
          <label className="inline-field item-search">
            <span>Item</span>
            <input
              ref={field}
              type="search"
              defaultValue={search.q ?? ''}
              onChange={(e) => {
                const value = e.target.value;
                startTransition(() => {
                  setTyped(value);
                  setNotFound(null);
                });
                if (page > 1) setPage(1);
              }}
              placeholder="SKU, name, barcode or GTIN; scan or type"
              aria-describedby="inventory-search-hint"
              maxLength={200}
              spellCheck={false}
              autoComplete="off"
            />
          </label>
          <button type="submit">Open</button>
        </form>
        <button
          type="button"
          disabled={syncing}
          onClick={() =>
            void startSync().then(
              () => setSyncError(null),
              (e: unknown) => setSyncError(e),
            )
          }
        >
          {syncing ? 'Syncing…' : 'Sync now'}
        </button>
      </header>
      <p id="inventory-search-hint" className="muted search-hint">
        Results show as you type; Enter opens the item a code names. ↓ moves into the results.
        {freshness && (
          <>
            {' '}
            <FreshnessMark freshness={freshness} />
          </>
        )}
      </p>
      {syncError !== null && <ErrorNote error={syncError} prefix="The sync could not start" />}
      {notFound !== null && (
        <p className="note" role="status">
          No item has the code {visibleControls(notFound)}
          {rows.length > 0 ? '; names and SKUs that contain it are listed.' : '.'}
        </p>
      )}
      <Results
        text={text}
        rows={shownRows}
        data={shownData}
        pending={results.isPending}
        error={results.isError && !results.data ? results.error : null}
        sorting={sorting}
        onSortingChange={setSorting}
        onOpen={openRow}
        page={page}
      />
      {text && total > INVENTORY_PAGE_SIZE && (
        <Pager
          label="Result pages"
          page={page}
          totalPages={pages}
          totalCount={total}
          unit="item"
          orMore={results.data?.totalCapped === true}
          onPage={setPage}
        />
      )}
    </section>
  );
}

/**
 * The results, memoized: typing re-renders the view at once for the field, and this part only when
 * the deferred text's answers change.
 */
const Results = memo(function Results({
  text,
  rows,
  data,
  pending,
  error,
  sorting,
  onSortingChange,
  onOpen,
  page,
}: {
  text: string;
  rows: ResultRow[];
  data: SearchAnswer | undefined;
  pending: boolean;
  error: unknown;
  sorting: SortingState;
  onSortingChange: (s: SortingState) => void;
  onOpen: (r: ResultRow) => void;
  page: number;
}) {
  if (!text) {
    return (
      <p className="state" role="status">
        Type a SKU, a name, a barcode or a GTIN, or scan one.
      </p>
    );
  }
  if (error !== null) return <ErrorNote error={error} prefix="The inventory cache could not be searched" />;
  if (pending) {
    return (
      <p className="state" role="status">
        Searching…
      </p>
    );
  }
  if (rows.length === 0) {
    return (
      <p className="state" role="status">
        No item matches “{text}”.
      </p>
    );
  }
  return (
    <>
      <p className="muted result-count" role="status">
        {data && data.total > 0
          ? `${formatCount(data.total)}${data.totalCapped ? '+' : ''} ${unitWord(data.total, 'item')} found for “${text}”`
          : `${countOf(rows.length, 'item')} with the code “${text}”`}
      </p>
      <DataTable
        label="Inventory items"
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.item.inventoryId)}
        sorting={sorting}
        onSortingChange={onSortingChange}
        onOpen={onOpen}
        openHint="Enter or click opens the item"
        totalRows={Math.max(rows.length, data?.total ?? 0)}
        firstRowIndex={(page - 1) * INVENTORY_PAGE_SIZE}
      />
    </>
  );
});
