import { memo } from 'react';
import type { SearchAnswer } from '../../../../shared/ipc/inventory';
import type { CachedItem, CodeKind, SearchHit } from '../../../../shared/schemas/inventory-cache';
import { countOf, unitWord } from '../../../../shared/counts';
import { formatCount } from '../../format';
import { DataTable, type DataColumn, type SortingState } from '../../ui/DataTable';
import { ErrorNote } from '../../ui/ErrorNote';
import type { ResultRow } from './model';
import { INVENTORY_PAGE_SIZE } from './search';

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
