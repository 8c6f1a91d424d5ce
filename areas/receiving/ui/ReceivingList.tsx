import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useStillHere } from '../../../renderer/src/app/stillHere';
import { useCallback, useMemo } from 'react';
import { DISCREPANCY_STATUSES } from '../common/ipc';
import { countsOf, differs, orderDifference, type Difference } from '../common/difference';
import type { ReceivingOrder } from '../../../shared/schemas/receiving';
import { formatCenterTime, formatCount } from '../../../renderer/src/format';
import { DataTable, type DataColumn, type SortingState } from '../../../renderer/src/ui/DataTable';
import { Pager } from '../../../renderer/src/ui/Pager';
import { QueryState } from '../../../renderer/src/ui/QueryState';
import { StatusBadge } from '../../../renderer/src/ui/StatusBadge';
import { totals, useReceivingList } from './queries';
import { ReceivingFilters } from './ReceivingFilters';
import { useRememberedFilters } from './rememberFilters';
import { hasFilters, ReceivingSort, type ReceivingSearch } from './search';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { useT, type Translate } from '../../../renderer/src/i18n/useT';
import { differenceSaid, differenceTone } from './difference';

/**
 * An order received with a difference, once the warehouse has closed it: counted as its page and
 * report count it; the units under another lot only where main holds the order's boxes as they are.
 */
function listDifference(o: ReceivingOrder, otherLot: Readonly<Record<string, number>> | undefined): Difference | null {
  if (!(DISCREPANCY_STATUSES as readonly string[]).includes(o.status)) return null;
  const d = { ...orderDifference(countsOf(o.inventory_quantities ?? []), null), otherLot: otherLot?.[o.id] ?? null };
  return differs(d) ? d : null;
}

const columnsIn = (t: Translate, otherLot: Readonly<Record<string, number>> | undefined): DataColumn<ReceivingOrder>[] => [
  { id: 'id', accessorFn: (o) => o.id, header: t('receiving.col.wro'), sortFn: 'basic', meta: { width: '7em' } },
  {
    id: 'status',
    accessorFn: (o) => o.status,
    header: t('receiving.col.status'),
    sortFn: 'text',
    cell: (c) => <StatusBadge kind="ReceivingStatus" status={c.row.original.status} />,
  },
  { id: 'fc', accessorFn: (o) => o.fulfillment_center?.name ?? '—', header: t('receiving.col.center'), enableSorting: false },
  {
    id: 'po',
    accessorFn: (o) => o.purchase_order_number ?? '',
    header: t('receiving.col.po'),
    sortFn: 'alphanumeric',
    cell: (c) => c.row.original.purchase_order_number ?? '—',
  },
  {
    id: 'arrival',
    accessorFn: (o) => (o.expected_arrival_date ? Date.parse(o.expected_arrival_date) : 0),
    header: t('receiving.col.arrival'),
    sortFn: 'basic',
    cell: (c) => formatCenterTime(c.row.original.expected_arrival_date, c.row.original.fulfillment_center?.timezone),
  },
  {
    id: 'inserted',
    accessorFn: (o) => (o.insert_date ? Date.parse(o.insert_date) : 0),
    header: t('receiving.col.created'),
    sortFn: 'basic',
    cell: (c) => formatCenterTime(c.row.original.insert_date, c.row.original.fulfillment_center?.timezone),
    // The list's least needed column at the desk: it gives way at 1280 so arrival and counts stay whole.
    meta: { wideOnly: true },
  },
  {
    id: 'expected',
    accessorFn: (o) => totals(o).expected,
    header: t('receiving.col.expected'),
    enableSorting: false,
    cell: (c) => formatCount(c.getValue<number>()),
    meta: { align: 'end' },
  },
  {
    id: 'received',
    accessorFn: (o) => totals(o).received,
    header: t('receiving.col.received'),
    enableSorting: false,
    cell: (c) => formatCount(c.getValue<number>()),
    meta: { align: 'end' },
  },
  {
    id: 'stowed',
    accessorFn: (o) => totals(o).stowed,
    header: t('receiving.col.stowed'),
    enableSorting: false,
    cell: (c) => formatCount(c.getValue<number>()),
    // Stowed is the order page's concern: below 1440 px it makes room for the difference marker.
    meta: { align: 'end', wideOnly: true },
  },
  {
    id: 'difference',
    accessorFn: (o) => o.id,
    header: t('receiving.col.difference'),
    enableSorting: false,
    cell: (c) => {
      const d = listDifference(c.row.original, otherLot);
      return d ? <span className={['marker', differenceTone(d)].filter(Boolean).join(' ')}>{differenceSaid(t, d)}</span> : '';
    },
  },
];

/**
 * Warehouse receiving orders, one page at a time. The filters go to the service; the service lists
 * newest first only, so another sort is made by main over every matching order (list-query.ts) and
 * paged there. Page, sort and filters are the address; the list refreshes itself while visible.
 */
export function ReceivingList() {
  const search = useSearch({ from: '/receiving' });
  const { t } = useT();
  const navigate = useNavigate({ from: '/receiving' });
  const stillHere = useStillHere();
  const restore = useCallback(
    (remembered: ReceivingSearch) => {
      if (stillHere()) void navigate({ search: remembered, replace: true });
    },
    [navigate, stillHere],
  );
  const remembered = useRememberedFilters(search, restore);
  const query = useReceivingList(search, !remembered.holding);
  const otherLot = query.data?.otherLot;
  const columns = useMemo(() => columnsIn(t, otherLot), [t, otherLot]);
  const setSearch = (change: Partial<ReceivingSearch>, resetPage = true) => {
    remembered.markOwnChange();
    void navigate({ search: (prev) => ({ ...prev, ...(resetPage ? { page: undefined } : {}), ...change }) }); // the router shows a failed navigation itself; nothing waits for it
  };
  const sorting: SortingState = search.sort ? [{ id: search.sort, desc: search.dir === 'desc' }] : [];

  return (
    <section className="workspace list" aria-labelledby="receiving-title">
      <header className="workspace-header">
        <ViewHeading id="receiving-title">{t('receiving.title')}</ViewHeading>
        <ReceivingFilters search={search} setSearch={setSearch} />
        <Link to="/receiving/new" className="button-link">
          {t('receiving.new')}
        </Link>
        <button type="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? t('receiving.refreshing') : t('receiving.refresh')}
        </button>
      </header>
      <QueryState query={query} loading={t('receiving.list.loading')} failed={t('receiving.list.loadFailed')}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="state" role="status">
              {hasFilters(search) ? t('receiving.list.noneMatch') : t('receiving.list.none')}
            </p>
          ) : (
            <>
              <DataTable
                label={t('receiving.list.table')}
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
                openHint={t('receiving.list.openHint')}
                totalRows={data.pageInfo.totalCount}
                firstRowIndex={(data.pageInfo.page - 1) * data.pageInfo.pageSize}
              />
              <Pager
                label={t('receiving.list.pages')}
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
