import { useNavigate, useSearch } from '@tanstack/react-router';
import { useShortcut } from '../../../renderer/src/keyboard/useShortcut';
import { useMemo, useRef, useState } from 'react';
import type { ReceiptTab } from '../common/ipc';
import type { UnidentifiedReceivingOrder } from '../../../shared/schemas/uro';
import { formatCenterTime } from '../../../renderer/src/format';
import { useT, type Translate } from '../../../renderer/src/i18n/useT';
import { useScanField } from '../../../renderer/src/scan/useScanField';
import { DataTable, type DataColumn, type SortingState } from '../../../renderer/src/ui/DataTable';
import { QueryState } from '../../../renderer/src/ui/QueryState';
import { Tabs } from '../../../renderer/src/ui/Tabs';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { useReceiptList } from './queries';
import type { UnidentifiedSearch } from './search';

const tabsIn = (t: Translate) =>
  [
    { id: 'unlinked', label: t('unidentified.tab.unlinked') },
    { id: 'linked', label: t('unidentified.tab.linked') },
  ] as const satisfies readonly { id: ReceiptTab; label: string }[];

const baseColumnsIn = (t: Translate): DataColumn<UnidentifiedReceivingOrder>[] => [
  { id: 'barcode', accessorFn: (r) => r.barcode, header: t('unidentified.col.barcode'), sortFn: 'alphanumeric', meta: { width: '11em' } },
  { id: 'tracking', accessorFn: (r) => r.tracking_barcode ?? '—', header: t('unidentified.col.tracking'), sortFn: 'alphanumeric', meta: { width: '12em' } },
  { id: 'reason', accessorFn: (r) => r.reason, header: t('unidentified.col.reason'), sortFn: 'text' },
  {
    id: 'created',
    accessorFn: (r) => Date.parse(r.created_date),
    header: t('unidentified.col.received'),
    sortFn: 'basic',
    cell: (c) => formatCenterTime(c.row.original.created_date, null),
    meta: { width: '9em' },
  },
  { id: 'attachments', accessorFn: (r) => r.attachments.length, header: t('unidentified.col.photos'), sortFn: 'basic', meta: { align: 'end', width: '5em' } },
];
const linkedColumnsIn = (t: Translate): DataColumn<UnidentifiedReceivingOrder>[] => [
  ...baseColumnsIn(t),
  { id: 'wro', accessorFn: (r) => r.linked_wro_id ?? 0, header: t('unidentified.col.linkedWro'), sortFn: 'basic', meta: { width: '8em' } },
  {
    id: 'linkedAt',
    accessorFn: (r) => (r.linked_wro_date ? Date.parse(r.linked_wro_date) : 0),
    header: t('unidentified.col.linked'),
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
  const { t } = useT();
  const setSearch = (change: Partial<UnidentifiedSearch>) => void navigate({ search: (prev) => ({ ...prev, page: undefined, ...change }) });
  return (
    <section className="workspace list" aria-labelledby="unidentified-title">
      <header className="workspace-header">
        <ViewHeading id="unidentified-title">{t('unidentified.title')}</ViewHeading>
        <ReceiptSearch q={search.q} onSearch={(q) => setSearch({ q })} />
        <button type="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? t('unidentified.refreshing') : t('unidentified.refresh')}
        </button>
      </header>
      <Tabs label={t('unidentified.tabs')} selected={tab} tabs={tabsIn(t)} onChange={(next) => setSearch({ tab: next === 'unlinked' ? undefined : next })}>
        <QueryState query={query} loading={t('unidentified.loading', { tab })} failed={t('unidentified.loadFailed', { tab })}>
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
                <nav className="pager" aria-label={t('unidentified.pages')}>
                  <button
                    type="button"
                    onClick={() => void navigate({ search: (prev) => ({ ...prev, page: page - 1 === 1 ? undefined : page - 1 }) })}
                    disabled={page <= 1}
                  >
                    {t('unidentified.previous')}
                  </button>
                  <span>{t('unidentified.page', { page })}</span>
                  <button type="button" onClick={() => void navigate({ search: (prev) => ({ ...prev, page: page + 1 }) })} disabled={!data.hasNext}>
                    {t('unidentified.next')}
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
  const { t } = useT();
  useScanField(searchField, (scan) => {
    const code = scan.text.replace(/\p{Cc}/gu, '').trim();
    setTyped(code);
    onSearch(code || undefined);
  });
  // ↓ from the field into the receipts found, as from every list's find.
  useShortcut({
    keys: 'ArrowDown',
    description: t('unidentified.keys.intoResults'),
    group: t('unidentified.title'),
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
        <span>{t('unidentified.search')}</span>
        <input
          ref={searchField}
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('unidentified.search.placeholder')}
          maxLength={100}
          spellCheck={false}
          autoComplete="off"
        />
      </label>
      <button type="submit">{t('unidentified.search.submit')}</button>
      {q && (
        <button
          type="button"
          className="quiet"
          onClick={() => {
            setTyped('');
            onSearch(undefined);
          }}
        >
          {t('unidentified.search.clear')}
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
  const { t } = useT();
  const columns = useMemo(() => (tab === 'linked' ? linkedColumnsIn(t) : baseColumnsIn(t)), [t, tab]);
  return (
    <>
      {data.search && (
        <p className="note" role="status">
          {data.search.complete
            ? t('unidentified.found', { count: data.items.length, text: q ?? '' })
            : t('unidentified.foundAmong', { count: data.items.length, text: q ?? '', newest: data.search.pagesRead * 50 })}
        </p>
      )}
      {data.items.length === 0 ? (
        <p className="state" role="status">
          {q ? t('unidentified.none.search') : tab === 'unlinked' ? t('unidentified.none.unlinked') : t('unidentified.none.linked')}
        </p>
      ) : (
        <DataTable
          label={t('unidentified.table', { tab })}
          columns={columns}
          data={data.items}
          getRowId={(r) => String(r.id)}
          sorting={sorting}
          onSortingChange={setSorting}
          onOpen={onOpen}
          openHint={t('unidentified.openHint')}
          totalRows={data.items.length}
          firstRowIndex={0}
        />
      )}
    </>
  );
}
