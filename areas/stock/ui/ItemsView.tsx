import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent } from 'react';
import type { ItemSort, StockItemRow, StockItemsPage } from '../common/ipc';
import { formatCount } from '../../../renderer/src/format';
import { useT, type Translate } from '../../../renderer/src/i18n/useT';
import { useShortcut } from '../../../renderer/src/keyboard/useShortcut';
import { DataTable, type DataColumn } from '../../../renderer/src/ui/DataTable';
import { Select } from '../../../renderer/src/ui/Select';
import { TextFilter } from '../../../renderer/src/ui/TextFilter';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { downloadText } from '../../../renderer/src/ui/download';
import { localStamp } from '../../history/ui';
import { itemKind, itemsCsv, kindOf } from './csv';
import { allRows, fetchItems, useItemsKey, useWindowed } from './queries';
import { DEFAULT_ITEM_SORT, DEFAULT_THRESHOLD, type ItemsSearch } from './search';
import { AsOf, CenterSelect, exported, exportFailed, SignedInOnly, StockNotes, useRange } from './parts';
import './stock.css';

const count = (c: { getValue: () => unknown }) => formatCount(c.getValue() as number);
const numberColumn = (id: ItemSort & keyof StockItemRow, header: string): DataColumn<StockItemRow> => ({
  id,
  accessorFn: (r) => r[id],
  header,
  cell: count,
  meta: { align: 'end', width: '7em' },
});

const columnsIn = (t: Translate): DataColumn<StockItemRow>[] => [
  { id: 'name', accessorFn: (r) => r.name, header: t('stock.col.item') },
  { id: 'sku', accessorFn: (r) => r.sku, header: t('stock.col.sku'), meta: { width: '12em' } },
  {
    id: 'kind',
    accessorFn: (r) => itemKind(t, r),
    header: t('stock.col.kind'),
    enableSorting: false,
    cell: (c) => t('stock.kindCell', { kind: kindOf(c.row.original), lots: c.row.original.lot ? 'yes' : 'no' }),
    meta: { width: '8em' },
  },
  numberColumn('onHand', t('stock.col.onHand')),
  numberColumn('committed', t('stock.col.committed')),
  numberColumn('fulfillable', t('stock.col.fulfillable')),
  numberColumn('awaiting', t('stock.col.awaiting')),
  numberColumn('lots', t('stock.col.lots')),
];

/**
 * Every item of the offline cache (100,000 and more), filtered and sorted by main, read a block at a
 * time for the rows on screen. Filters and order are the address; Enter opens the item; `/` goes to
 * the text filter; the CSV holds every row matching, not just those on screen.
 */
export function ItemsView() {
  return (
    <SignedInOnly>
      <ItemsList />
    </SignedInOnly>
  );
}

function ItemsList() {
  const search = useSearch({ from: '/stock/items' });
  const navigate = useNavigate({ from: '/stock/items' });
  // The address is the question: main fills in what it leaves out.
  const key = useItemsKey(search);
  const { range, onRange } = useRange();
  const fetch = useMemo(() => fetchItems(search), [search]);
  const list = useWindowed<StockItemRow, StockItemsPage>(key, fetch, range);
  const setSearch = (change: Partial<ItemsSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }) });
  const first = list.first;
  const total = first?.total ?? 0;
  const { t } = useT();
  const columns = useMemo(() => columnsIn(t), [t]);
  const centerName = first?.centers.find((c) => c.id === search.fc)?.name ?? t('stock.allCenters');
  useShortcut({
    keys: '/',
    description: t('stock.keys.toFilter'),
    group: t('stock.browse'),
    handler: (event) => {
      event.preventDefault();
      document.querySelector<HTMLInputElement>('#filter-stock-q')?.focus();
    },
  });

  return (
    <section className="workspace list stock" aria-labelledby="items-title" data-loading={first ? undefined : ''}>
      <header className="workspace-header">
        <ViewHeading id="items-title">{t('stock.items.title')}</ViewHeading>
        <ItemsFilters search={search} centers={first?.centers ?? []} setSearch={setSearch} />
        <button
          type="button"
          disabled={!first || total === 0}
          onClick={() =>
            void allRows(fetch).then(
              ({ rows, asOf }) => {
                const file = `stock-${localStamp(Date.now()).slice(0, 10)}.csv`;
                downloadText(file, itemsCsv(t, rows, asOf, centerName), 'text/csv;charset=utf-8');
                exported(t, rows.length, 'item', file);
              },
              (e: unknown) => exportFailed(t, e),
            )
          }
        >
          {t('stock.exportCsv')}
        </button>
      </header>
      <StockNotes error={list.error} />
      {first && (
        <p className="note stock-count" role="status">
          {t('stock.items.count', { count: total, cached: first.cached })} <AsOf asOf={first.asOf} />
        </p>
      )}
      {first && total === 0 ? (
        <p className="state">{first.cached === 0 ? t('stock.items.emptyCache') : t('stock.items.none')}</p>
      ) : (
        <DataTable
          label={t('stock.items.table')}
          columns={columns}
          server={{ total, rowAt: list.rowAt, onRange }}
          getRowId={(r) => String(r.inventoryId)}
          sorting={[{ id: search.sort ?? DEFAULT_ITEM_SORT, desc: search.dir === 'desc' }]}
          onSortingChange={(next) => {
            const s = next[0];
            if (s) setSearch({ sort: s.id === 'name' ? undefined : (s.id as ItemSort), dir: s.desc ? 'desc' : undefined });
          }}
          onOpen={(r) => void navigate({ to: '/inventory/items/$id', params: { id: r.inventoryId } })}
          openHint={t('stock.items.openHint')}
        />
      )}
    </section>
  );
}

function ItemsFilters({
  search,
  centers,
  setSearch,
}: {
  search: ItemsSearch;
  centers: StockItemsPage['centers'];
  setSearch: (c: Partial<ItemsSearch>) => void;
}) {
  const { t } = useT();
  return (
    <div className="filters">
      <TextFilter
        label={t('stock.filter.text')}
        name="stock-q"
        value={search.q}
        placeholder={t('stock.filter.text.placeholder')}
        onApply={(q) => setSearch({ q })}
      />
      <CenterSelect value={search.fc ?? null} centers={centers} onChange={(fc) => setSearch({ fc: fc ?? undefined })} />
      <Select
        label={t('stock.filter.stock')}
        value={search.stock ?? 'all'}
        choices={[
          { id: 'all', label: t('stock.filter.stock.any') },
          { id: 'zero', label: t('stock.filter.stock.zero') },
          { id: 'low', label: t('stock.filter.stock.low') },
        ]}
        onChange={(stock) => setSearch({ stock: stock === 'all' ? undefined : stock })}
      />
      <ThresholdField
        value={search.threshold ?? DEFAULT_THRESHOLD}
        onApply={(threshold) => setSearch({ threshold: threshold === DEFAULT_THRESHOLD ? undefined : threshold })}
      />
      <Select
        label={t('stock.col.kind')}
        value={search.kind ?? 'all'}
        choices={[
          { id: 'all', label: t('stock.filter.kind.all') },
          { id: 'physical', label: t('stock.filter.kind.physical') },
          { id: 'digital', label: t('stock.filter.kind.digital') },
          { id: 'bundle', label: t('stock.filter.kind.bundle') },
        ]}
        onChange={(kind) => setSearch({ kind: kind === 'all' ? undefined : kind })}
      />
      <label className="inline-check">
        <input type="checkbox" checked={search.lots === true} onChange={(e) => setSearch({ lots: e.target.checked || undefined })} />{' '}
        {t('stock.filter.lotsOnly')}
      </label>
    </div>
  );
}

/** The low-stock threshold, applied on Enter or on leaving the field; a value that is not a whole number above 0 is kept out. */
function ThresholdField({ value, onApply }: { value: number; onApply: (n: number) => void }) {
  const [draft, setDraft] = useState(String(value));
  const { t } = useT();
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(String(value));
  }
  const n = Number(draft);
  const valid = Number.isInteger(n) && n >= 1 && n <= 1_000_000_000;
  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    if (valid && n !== value) onApply(n);
  };
  return (
    <form className="text-filter threshold" onSubmit={apply}>
      <label htmlFor="stock-threshold">{t('stock.filter.lowUnder')}</label>
      <input
        id="stock-threshold"
        type="number"
        min={1}
        step={1}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => apply()}
        aria-invalid={!valid || undefined}
        aria-describedby={valid ? undefined : 'stock-threshold-error'}
      />
      {!valid && (
        <span id="stock-threshold-error" className="field-error" role="alert">
          {t('stock.filter.lowUnder.invalid')}
        </span>
      )}
    </form>
  );
}
