import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { ReturnRecord } from '../../../shared/schemas/returns';
import { formatCount, formatDate } from '../../../renderer/src/format';
import { useT, type Translate } from '../../../renderer/src/i18n/useT';
import { DataTable, type DataColumn, type SortingState } from '../../../renderer/src/ui/DataTable';
import { QueryState } from '../../../renderer/src/ui/QueryState';
import { StatusBadge } from '../../../renderer/src/ui/StatusBadge';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { RETURNS_PAGE_SIZE, useReturnList } from './queries';
import { ReturnsFilters } from './ReturnsFilters';
import { hasFilters, type ReturnsSearch } from './search';

/** When the return reached its current status: the last entry of its history. */
export function statusSince(r: ReturnRecord): string | null {
  const history = r.status_history ?? [];
  return history[history.length - 1]?.timestamp ?? null;
}

export const units = (r: ReturnRecord) => (r.inventory ?? []).reduce((n, i) => n + i.quantity, 0);

// Only "Created" sorts: it is the one order the service gives (SortOrder), so it holds across pages.
const columns = (t: Translate): DataColumn<ReturnRecord>[] => [
  { id: 'id', accessorFn: (r) => r.id, header: t('returns.list.col.return'), enableSorting: false, meta: { width: '6em' } },
  { id: 'reference', accessorFn: (r) => r.reference_id, header: t('returns.list.col.reference'), enableSorting: false, meta: { width: '16em' } },
  {
    id: 'status',
    accessorFn: (r) => r.status,
    header: t('returns.list.col.status'),
    enableSorting: false,
    cell: (c) => <StatusBadge kind="ReturnStatus" status={c.row.original.status} />,
    meta: { width: '10em' },
  },
  { id: 'tracking', accessorFn: (r) => r.tracking_number ?? '—', header: t('returns.list.col.tracking'), enableSorting: false, meta: { width: '13em' } },
  { id: 'fc', accessorFn: (r) => r.fulfillment_center?.name ?? '—', header: t('returns.list.col.center'), enableSorting: false },
  {
    id: 'units',
    accessorFn: units,
    header: t('returns.list.col.units'),
    enableSorting: false,
    cell: (c) => formatCount(c.getValue<number>()),
    meta: { align: 'end', width: '5em' },
  },
  {
    id: 'created',
    accessorFn: (r) => (r.insert_date ? Date.parse(r.insert_date) : 0),
    header: t('returns.list.col.created'),
    sortFn: 'basic',
    cell: (c) => formatDate(c.row.original.insert_date),
    meta: { width: '9em' },
  },
  {
    id: 'since',
    accessorFn: (r) => statusSince(r) ?? '',
    header: t('returns.list.col.since'),
    enableSorting: false,
    cell: (c) => formatDate(statusSince(c.row.original)),
    meta: { width: '9em' },
  },
];

/**
 * Returns as the service lists them, 100 a page through its cursors, newest first unless the Created
 * column says otherwise. Filters, order and page are the address; the list refreshes while visible.
 */
export function ReturnsList() {
  const search = useSearch({ from: '/returns' });
  const navigate = useNavigate({ from: '/returns' });
  const query = useReturnList(search);
  const page = search.page ?? 1;
  const setSearch = (change: Partial<ReturnsSearch>, resetPage = true) =>
    void navigate({ search: (prev) => ({ ...prev, ...(resetPage ? { page: undefined } : {}), ...change }) });
  const sorting: SortingState = [{ id: 'created', desc: search.dir !== 'asc' }];
  const { t } = useT();
  const shownColumns = useMemo(() => columns(t), [t]);

  return (
    <section className="workspace list" aria-labelledby="returns-title">
      <header className="workspace-header">
        <ViewHeading id="returns-title">{t('returns.list.title')}</ViewHeading>
        <ReturnsFilters search={search} setSearch={setSearch} />
        {/* The intake's own route (areas/returns/ui/intake). */}
        <a href="#/returns/new" className="button-link">
          {t('returns.list.new')}
        </a>
        <button type="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? t('returns.list.refreshing') : t('returns.list.refresh')}
        </button>
      </header>
      <QueryState query={query} loading={t('returns.list.loading')} failed={t('returns.list.failed')}>
        {(data) => (
          <>
            {data.found && (
              <p className="note" role="status">
                {t('returns.list.found', {
                  count: data.items.length,
                  q: search.q ?? '',
                  others: hasFilters({ ...search, q: undefined }) ? 'yes' : 'no',
                })}
              </p>
            )}
            {data.items.length === 0 ? (
              <p className="state" role="status">
                {data.pastEnd ? t('returns.list.pastEnd', { page }) : hasFilters(search) ? t('returns.list.noMatch') : t('returns.list.none')}
              </p>
            ) : (
              <DataTable
                label={t('returns.list.title')}
                columns={shownColumns}
                data={data.items}
                getRowId={(r) => String(r.id)}
                sorting={sorting}
                onSortingChange={(next) => setSearch({ dir: next[0] && !next[0].desc ? 'asc' : undefined }, true)}
                onOpen={(r) => void navigate({ to: '/returns/$id', params: { id: r.id } })}
                openHint={t('returns.list.openHint')}
                // The service's cursors give no total: known only on the last page.
                totalRows={data.next !== null ? -1 : (page - 1) * RETURNS_PAGE_SIZE + data.items.length}
                firstRowIndex={data.found ? 0 : (page - 1) * RETURNS_PAGE_SIZE}
              />
            )}
            {!data.found && (page > 1 || data.next !== null) && (
              <nav className="pager" aria-label={t('returns.list.pages')}>
                <button type="button" onClick={() => setSearch({ page: page - 1 === 1 ? undefined : page - 1 }, false)} disabled={page <= 1}>
                  {t('returns.list.previous')}
                </button>
                <span>{t('returns.list.page', { page })}</span>
                <button type="button" onClick={() => setSearch({ page: page + 1 }, false)} disabled={data.next === null}>
                  {t('returns.list.next')}
                </button>
              </nav>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
