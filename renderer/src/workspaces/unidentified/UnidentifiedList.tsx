import { useNavigate, useSearch } from '@tanstack/react-router';
import { useShortcut } from '../../keyboard/useShortcut';
import { useRef, useState } from 'react';
import type { ReceiptTab } from '../../../../shared/ipc/unidentified';
import type { UnidentifiedReceivingOrder } from '../../../../shared/schemas/uro';
import { formatCenterTime, formatCount } from '../../format';
import { countOf } from '../../../../shared/counts';
import { useScanField } from '../../scan/useScanField';
import { DataTable, type DataColumn, type SortingState } from '../../ui/DataTable';
import { QueryState } from '../../ui/QueryState';
import { Tabs } from '../../ui/Tabs';
import { ViewHeading } from '../../ui/ViewHeading';
import { useReceiptList } from './queries';
import type { UnidentifiedSearch } from './search';

const TABS = [
  { id: 'unlinked', label: 'Unlinked' },
  { id: 'linked', label: 'Linked' },
] as const satisfies readonly { id: ReceiptTab; label: string }[];

const baseColumns: DataColumn<UnidentifiedReceivingOrder>[] = [
  { id: 'barcode', accessorFn: (r) => r.barcode, header: 'Barcode', sortFn: 'alphanumeric', meta: { width: '11em' } },
  { id: 'tracking', accessorFn: (r) => r.tracking_barcode ?? '—', header: 'Tracking barcode', sortFn: 'alphanumeric', meta: { width: '12em' } },
  { id: 'reason', accessorFn: (r) => r.reason, header: 'Reason', sortFn: 'text' },
  {
    id: 'created',
    accessorFn: (r) => Date.parse(r.created_date),
    header: 'Received',
    sortFn: 'basic',
    cell: (c) => formatCenterTime(c.row.original.created_date, null),
    meta: { width: '9em' },
  },
  { id: 'attachments', accessorFn: (r) => r.attachments.length, header: 'Photos', sortFn: 'basic', meta: { align: 'end', width: '5em' } },
];
const linkedColumns: DataColumn<UnidentifiedReceivingOrder>[] = [
  ...baseColumns,
  { id: 'wro', accessorFn: (r) => r.linked_wro_id ?? 0, header: 'Linked WRO', sortFn: 'basic', meta: { width: '8em' } },
  {
    id: 'linkedAt',
    accessorFn: (r) => (r.linked_wro_date ? Date.parse(r.linked_wro_date) : 0),
    header: 'Linked',
    sortFn: 'basic',
    cell: (c) => formatCenterTime(c.row.original.linked_wro_date, null),
    meta: { width: '9em' },
  },
];

/**
 * Packages that arrived without a receiving order (unlinked) and those already linked to one. The
 * service answers 50 a page, newest first, and can filter only by linked or not: a search by barcode
 * or tracking barcode is done by main over the pages (bounded; the view says when it stopped short).
 */
export function UnidentifiedList() {
  const search = useSearch({ from: '/unidentified' });
  const navigate = useNavigate({ from: '/unidentified' });
  const tab: ReceiptTab = search.tab ?? 'unlinked';
  const page = search.page ?? 1;
  const query = useReceiptList({ tab, page, q: search.q });
  // Kept here, not in the table's part: a new page or tab keeps the order the clerk chose.
  const [sorting, setSorting] = useState<SortingState>([]);
  const setSearch = (change: Partial<UnidentifiedSearch>) => void navigate({ search: (prev) => ({ ...prev, page: undefined, ...change }) });
  return (
    <section className="workspace list" aria-labelledby="unidentified-title">
      <header className="workspace-header">
        <ViewHeading id="unidentified-title">Unidentified receipts</ViewHeading>
        <ReceiptSearch q={search.q} onSearch={(q) => setSearch({ q })} />
        <button type="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </header>
      <Tabs label="Receipts" selected={tab} tabs={TABS} onChange={(next) => setSearch({ tab: next === 'unlinked' ? undefined : next })}>
        <QueryState query={query} what={tab === 'linked' ? 'linked receipts' : 'unlinked receipts'}>
          {(data) => (
            <>
              <ReceiptResults
                data={data}
                tab={tab}
                q={search.q}
                sorting={[sorting, setSorting]}
                onOpen={(r) => void navigate({ to: '/unidentified/$id', params: { id: r.id } })}
              />
              {!data.search && (page > 1 || data.hasNext) && (
                <nav className="pager" aria-label="Receipt pages">
                  <button
                    type="button"
                    onClick={() => void navigate({ search: (prev) => ({ ...prev, page: page - 1 === 1 ? undefined : page - 1 }) })}
                    disabled={page <= 1}
                  >
                    Previous
                  </button>
                  <span>Page {formatCount(page)}</span>
                  <button type="button" onClick={() => void navigate({ search: (prev) => ({ ...prev, page: page + 1 }) })} disabled={!data.hasNext}>
                    Next
                  </button>
                </nav>
              )}
            </>
          )}
        </QueryState>
      </Tabs>
    </section>
  );
}

/** The barcode or tracking search: typed and Enter, or scanned (elsewhere a scan goes to the scan router). */
function ReceiptSearch({ q, onSearch }: { q: string | undefined; onSearch: (q: string | undefined) => void }) {
  const [typed, setTyped] = useState(q ?? '');
  const searchField = useRef<HTMLInputElement>(null);
  useScanField(searchField, (scan) => {
    const code = scan.text.replace(/\p{Cc}/gu, '').trim();
    setTyped(code);
    onSearch(code || undefined);
  });
  // ↓ from the field into the receipts found, as from every list's find.
  useShortcut({
    keys: 'ArrowDown',
    description: 'From the search into the receipts',
    group: 'Unidentified receipts',
    inFields: true,
    scope: () => searchField.current,
    handler: () => searchField.current?.closest('section')?.querySelector<HTMLElement>('.data-table tbody tr[tabindex="0"]')?.focus(),
  });
  return (
    <form
      className="filters"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(typed.trim() || undefined);
      }}
    >
      <label className="inline-field">
        <span>Barcode or tracking</span>
        <input
          ref={searchField}
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="Scan or type, Enter"
          maxLength={100}
          spellCheck={false}
          autoComplete="off"
        />
      </label>
      <button type="submit">Search</button>
      {q && (
        <button
          type="button"
          className="quiet"
          onClick={() => {
            setTyped('');
            onSearch(undefined);
          }}
        >
          Clear search
        </button>
      )}
    </form>
  );
}

type ReceiptPage = NonNullable<ReturnType<typeof useReceiptList>['data']>;

/** One page of receipts (or a search's finds), with what the search covered and the empty states. */
interface ReceiptResultsProps {
  data: ReceiptPage;
  tab: ReceiptTab;
  q: string | undefined;
  sorting: [SortingState, (s: SortingState) => void];
  onOpen: (r: UnidentifiedReceivingOrder) => void;
}

function ReceiptResults({ data, tab, q, sorting: [sorting, setSorting], onOpen }: ReceiptResultsProps) {
  return (
    <>
      {data.search && (
        <p className="note" role="status">
          {countOf(data.items.length, 'receipt')} found for “{q}”
          {data.search.complete ? '.' : ` among the newest ${formatCount(data.search.pagesRead * 50)}; older receipts were not searched.`}
        </p>
      )}
      {data.items.length === 0 ? (
        <p className="state" role="status">
          {q
            ? 'No receipt with that barcode or tracking barcode.'
            : tab === 'unlinked'
              ? 'No unlinked receipts: every package has its receiving order.'
              : 'No linked receipts yet.'}
        </p>
      ) : (
        <DataTable
          label={tab === 'unlinked' ? 'Unlinked receipts' : 'Linked receipts'}
          columns={tab === 'linked' ? linkedColumns : baseColumns}
          data={data.items}
          getRowId={(r) => String(r.id)}
          sorting={sorting}
          onSortingChange={setSorting}
          onOpen={onOpen}
          openHint="Enter or click opens the receipt"
          totalRows={data.items.length}
          firstRowIndex={0}
        />
      )}
    </>
  );
}
