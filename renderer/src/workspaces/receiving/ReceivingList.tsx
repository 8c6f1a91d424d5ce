import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ReceivingOrder } from '../../../../shared/schemas/receiving';
import { formatCenterTime, formatCount } from '../../format';
import { DataTable, type DataColumn, type SortingState } from '../../ui/DataTable';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/QueryState';
import { StatusBadge } from '../../ui/StatusBadge';
import { totals, useReceivingList } from './queries';
import { ReceivingFilters } from './ReceivingFilters';
import { useRememberedFilters } from './rememberFilters';
import { hasFilters, ReceivingSort, type ReceivingSearch } from './search';
import { ViewHeading } from '../../ui/ViewHeading';

const columns: DataColumn<ReceivingOrder>[] = [
  { id: 'id', accessorFn: (o) => o.id, header: 'WRO', sortFn: 'basic', meta: { width: '7em' } },
  {
    id: 'status',
    accessorFn: (o) => o.status,
    header: 'Status',
    sortFn: 'text',
    cell: (c) => <StatusBadge kind="ReceivingStatus" status={c.row.original.status} />,
  },
  { id: 'fc', accessorFn: (o) => o.fulfillment_center?.name ?? '—', header: 'Fulfillment center', enableSorting: false },
  {
    id: 'po',
    accessorFn: (o) => o.purchase_order_number ?? '',
    header: 'PO number',
    sortFn: 'alphanumeric',
    cell: (c) => c.row.original.purchase_order_number ?? '—',
  },
  {
    id: 'arrival',
    accessorFn: (o) => (o.expected_arrival_date ? Date.parse(o.expected_arrival_date) : 0),
    header: 'Expected arrival',
    sortFn: 'basic',
    cell: (c) => formatCenterTime(c.row.original.expected_arrival_date, c.row.original.fulfillment_center?.timezone),
  },
  {
    id: 'inserted',
    accessorFn: (o) => (o.insert_date ? Date.parse(o.insert_date) : 0),
    header: 'Created',
    sortFn: 'basic',
    cell: (c) => formatCenterTime(c.row.original.insert_date, c.row.original.fulfillment_center?.timezone),
    // The list's least needed column at the desk: it gives way at 1280 so arrival and counts stay whole.
    meta: { wideOnly: true },
  },
  {
    id: 'expected',
    accessorFn: (o) => totals(o).expected,
    header: 'Expected',
    enableSorting: false,
    cell: (c) => formatCount(c.getValue<number>()),
    meta: { align: 'end' },
  },
  {
    id: 'received',
    accessorFn: (o) => totals(o).received,
    header: 'Received',
    enableSorting: false,
    cell: (c) => formatCount(c.getValue<number>()),
    meta: { align: 'end' },
  },
  {
    id: 'stowed',
    accessorFn: (o) => totals(o).stowed,
    header: 'Stowed',
    enableSorting: false,
    cell: (c) => formatCount(c.getValue<number>()),
    meta: { align: 'end' },
  },
];

/**
 * Warehouse receiving orders, one page at a time. The filters go to the service; the service lists
 * newest first only, so another sort is made by main over every matching order (list-query.ts) and
 * paged there. Page, sort and filters are the address; the list refreshes itself while visible.
 */
export function ReceivingList() {
  const search = useSearch({ from: '/receiving' });
  const navigate = useNavigate({ from: '/receiving' });
  const restore = useCallback((remembered: ReceivingSearch) => void navigate({ search: remembered, replace: true }), [navigate]);
  const remembered = useRememberedFilters(search, restore);
  const query = useReceivingList(search, !remembered.holding);
  const setSearch = (change: Partial<ReceivingSearch>, resetPage = true) => {
    remembered.markOwnChange();
    void navigate({ search: (prev) => ({ ...prev, ...(resetPage ? { page: undefined } : {}), ...change }) }); // the router shows a failed navigation itself; nothing waits for it
  };
  const sorting: SortingState = search.sort ? [{ id: search.sort, desc: search.dir === 'desc' }] : [];

  return (
    <section className="workspace list" aria-labelledby="receiving-title">
      <header className="workspace-header">
        <ViewHeading id="receiving-title">Receiving</ViewHeading>
        <ReceivingFilters search={search} setSearch={setSearch} />
        <Link to="/receiving/new" className="button-link">
          New receiving order
        </Link>
        <button type="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </header>
      <QueryState query={query} what="receiving orders">
        {(data) =>
          data.items.length === 0 ? (
            <p className="state" role="status">
              {hasFilters(search) ? 'No receiving orders match these filters.' : 'No receiving orders yet. Orders created in the service appear here.'}
            </p>
          ) : (
            <>
              <DataTable
                label="Warehouse receiving orders"
                columns={columns}
                data={data.items}
                getRowId={(o) => String(o.id)}
                sorting={sorting}
                onSortingChange={(next) => {
                  const first = next[0];
                  const sort = first ? ReceivingSort.safeParse(first.id) : null;
                  setSearch({ sort: sort?.success ? sort.data : undefined, dir: first ? (first.desc ? 'desc' : 'asc') : undefined }, false);
                }}
                onOpen={(o) => void navigate({ to: '/receiving/$id', params: { id: o.id } })}
                openHint="Enter or click opens the order"
                totalRows={data.pageInfo.totalCount}
                firstRowIndex={(data.pageInfo.page - 1) * data.pageInfo.pageSize}
              />
              <Pager
                label="Receiving pages"
                page={data.pageInfo.page}
                totalPages={data.pageInfo.totalPages}
                totalCount={data.pageInfo.totalCount}
                unit="order"
                onPage={(p) => setSearch({ page: p === 1 ? undefined : p }, false)}
              />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
