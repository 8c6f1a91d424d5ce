import { memo, useMemo } from 'react';
import type { SearchAnswer } from '../common/ipc';
import type { CachedItem, CodeKind, SearchHit } from '../../../shared/schemas/inventory-cache';
import { formatCount } from '../../../renderer/src/format';
import { useT, type Translate } from '../../../renderer/src/i18n/useT';
import { DataTable, type DataColumn, type SortingState } from '../../../renderer/src/ui/DataTable';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import type { ResultRow } from './model';
import { INVENTORY_PAGE_SIZE } from './search';

/** Why a row is listed: the kinds of code the lookup matched, or where and how the search matched. */
function matchText(t: Translate, list: (items: readonly string[]) => string, r: ResultRow): string {
  if (r.why === 'code') return t('inventory.match.code', { kinds: list((r.matchedBy as CodeKind[]).map((kind) => t('inventory.codeKind', { kind }))) });
  const rank: SearchHit['rank'] = r.why;
  return t('inventory.match.search', { field: r.matchedBy === 'sku' ? 'sku' : 'name', rank });
}

const totalOnHand = (item: CachedItem) => {
  const all = item.levels.find((l) => l.fcId === 0);
  return all ? all.onHand : item.levels.reduce((n, l) => n + l.onHand, 0);
};
const totalFulfillable = (item: CachedItem) => {
  const all = item.levels.find((l) => l.fcId === 0);
  return all ? all.fulfillable : item.levels.reduce((n, l) => n + l.fulfillable, 0);
};

const columnsIn = (t: Translate, list: (items: readonly string[]) => string): DataColumn<ResultRow>[] => [
  { id: 'sku', accessorFn: (r) => r.item.sku, header: t('inventory.col.sku'), sortFn: 'alphanumeric', meta: { width: '13em' } },
  { id: 'name', accessorFn: (r) => r.item.name, header: t('inventory.col.name'), sortFn: 'text' },
  { id: 'id', accessorFn: (r) => r.item.inventoryId, header: t('inventory.col.inventoryId'), sortFn: 'basic', meta: { width: '8em' } },
  {
    id: 'barcode',
    accessorFn: (r) => r.item.codes.gtin ?? r.item.codes.inventoryBarcode ?? r.item.codes.barcodes[0] ?? '',
    header: t('inventory.col.barcode'),
    sortFn: 'alphanumeric',
    cell: (c) => c.getValue<string>() || '—',
    meta: { width: '10em' },
  },
  {
    id: 'onHand',
    accessorFn: (r) => totalOnHand(r.item),
    header: t('inventory.qty.onHand'),
    sortFn: 'basic',
    cell: (c) => formatCount(c.getValue<number>()),
    meta: { align: 'end', width: '6em' },
  },
  {
    id: 'fulfillable',
    accessorFn: (r) => totalFulfillable(r.item),
    header: t('inventory.qty.fulfillable'),
    sortFn: 'basic',
    cell: (c) => formatCount(c.getValue<number>()),
    meta: { align: 'end', width: '6.5em' },
  },
  {
    id: 'match',
    accessorFn: (r) => (r.why === 'code' ? 0 : r.why === 'exact' ? 1 : r.why === 'prefix' ? 2 : 3),
    header: t('inventory.col.match'),
    sortFn: 'basic',
    cell: (c) => matchText(t, list, c.row.original),
    meta: { width: '10em' },
  },
];

/**
 * The results, memoized: typing re-renders the view at once for the field, and this part only when
 * the deferred text's answers change.
 */
export const Results = memo(function Results({
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
  const { t, list } = useT();
  const columns = useMemo(() => columnsIn(t, list), [t, list]);
  if (!text) {
    return (
      <p className="state" role="status">
        {t('inventory.results.prompt')}
      </p>
    );
  }
  if (error !== null) return <ErrorNote error={error} prefix={t('inventory.results.searchFailed')} />;
  if (pending) {
    return (
      <p className="state" role="status">
        {t('inventory.results.searching')}
      </p>
    );
  }
  if (rows.length === 0) {
    return (
      <p className="state" role="status">
        {t('inventory.results.none', { text })}
      </p>
    );
  }
  return (
    <>
      <p className="muted result-count" role="status">
        {data && data.total > 0
          ? t('inventory.results.found', { count: data.total, capped: data.totalCapped ? 'yes' : 'no', text })
          : t('inventory.results.withCode', { count: rows.length, text })}
      </p>
      <DataTable
        label={t('inventory.results.table')}
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.item.inventoryId)}
        sorting={sorting}
        onSortingChange={onSortingChange}
        onOpen={onOpen}
        openHint={t('inventory.results.openHint')}
        totalRows={Math.max(rows.length, data?.total ?? 0)}
        firstRowIndex={(page - 1) * INVENTORY_PAGE_SIZE}
      />
    </>
  );
});
