import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { countOf } from '../../../../shared/counts';
import { expiryMark, localDay } from '../../../../shared/lots/expiry';
import type { StockExpiringPage, StockLotRow } from '../../../../shared/ipc/stock';
import { useAccountKey } from '../../app/accountKey';
import { call } from '../../bridge/dockdesk';
import { formatCount } from '../../format';
import { useShortcut } from '../../keyboard/useShortcut';
import { useConnectivity } from '../../session/useSession';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Select } from '../../ui/Select';
import { showToast } from '../../ui/Toasts';
import { ViewHeading } from '../../ui/ViewHeading';
import { downloadText } from '../../ui/download';
import { ConfirmLotAction, LotExpiry, type LotAction, type LotRef } from '../lots';
import { PrintLineLabel, type LabelLine } from '../printing';
import { exclusionWords, expiringCsv } from './csv';
import { allRows, fetchExpiring, useExpiringKey, useWindowed, type ExpiringParams } from './queries';
import { DEFAULT_DAYS, type ExpiringSearch } from './search';
import { AsOf, CenterSelect, exportFailed, SignedInOnly, StockNotes, useRange } from './parts';
import './stock.css';

function expiringColumns(today: string): DataColumn<StockLotRow>[] {
  return [
    { id: 'name', accessorFn: (r) => r.name, header: 'Item', enableSorting: false },
    { id: 'sku', accessorFn: (r) => r.sku, header: 'SKU', enableSorting: false, meta: { width: '11em' } },
    { id: 'lot', accessorFn: (r) => r.lotNumber, header: 'Lot', enableSorting: false, meta: { width: '9em' } },
    { id: 'fc', accessorFn: (r) => r.fcName ?? String(r.fcId), header: 'Center', enableSorting: false, meta: { width: '12em' } },
    {
      id: 'onHand',
      accessorFn: (r) => r.onHand,
      header: 'On hand',
      enableSorting: false,
      cell: (c) => formatCount(c.getValue<number>()),
      meta: { align: 'end', width: '6em' },
    },
    {
      id: 'expiry',
      accessorFn: (r) => r.expiryDay,
      // The cache answers soonest first only: the header shows that order and offers no other.
      header: 'Expires (soonest first)',
      enableSorting: false,
      cell: (c) => <LotExpiry expiresAt={c.row.original.expiresAt} mark={expiryMark(c.row.original.expiresAt, today, 0)} />,
      meta: { width: '15em' },
    },
    {
      id: 'days',
      accessorFn: (r) => r.daysLeft,
      header: 'Days left',
      enableSorting: false,
      cell: (c) => formatCount(c.getValue<number>()),
      meta: { align: 'end', width: '6em' },
    },
    {
      id: 'excluded',
      accessorFn: (r) => r.excluded,
      header: 'Exclusion',
      enableSorting: false,
      cell: (c) => (c.row.original.excluded ? <span className="badge excluded">Excluded</span> : exclusionWords(c.row.original.excluded)),
      meta: { width: '8em' },
    },
  ];
}

/** The current row as a line to label: its item, lot and expiry day (one label at first: on hand counts what is shelved, not what needs a label). */
function rowLabelLine(r: StockLotRow): LabelLine {
  return {
    inventoryId: r.inventoryId,
    sku: r.sku,
    name: r.name,
    lot: r.lotNumber,
    expiry: r.expiryDay,
    units: null,
    where: `lot ${r.lotNumber} at ${r.fcName ?? `center ${r.fcId}`}`,
  };
}

/**
 * Every lot in stock expiring within the window (or already expired and not excluded), soonest first,
 * from the offline cache. The exclusion column asks the service about the items on screen while
 * online (the cache has no exclusions); `x` excludes the current row's lot, or deletes its exclusion,
 * through Lot exclusions' own confirmation.
 */
export function ExpiringView() {
  return (
    <SignedInOnly>
      <ExpiringList />
    </SignedInOnly>
  );
}

function ExpiringList() {
  const search = useSearch({ from: '/stock/expiring' });
  const navigate = useNavigate({ from: '/stock/expiring' });
  const [today] = useState(() => localDay(Date.now()));
  // Days left are a column of their own: the expiry marks only what expires today or has expired.
  const columns = useMemo(() => expiringColumns(today), [today]);
  const [center, days, show] = [search.center ?? null, search.days ?? DEFAULT_DAYS, search.show ?? 'expiring'];
  const params: ExpiringParams = useMemo(() => ({ center, days, show, today }), [center, days, show, today]);
  const key = useExpiringKey(params);
  const { range, onRange } = useRange();
  const fetch = useMemo(() => fetchExpiring(params), [params]);
  const list = useWindowed<StockLotRow, StockExpiringPage>(key, fetch, range);
  const [currentRow, setCurrentRow] = useState<StockLotRow | undefined>();
  const setSearch = (change: Partial<ExpiringSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }) });
  useVisibleExclusions(list, range, key);
  const first = list.first;
  const total = first?.total ?? 0;

  return (
    <section className="workspace list stock expiring" aria-labelledby="expiring-title" data-loading={first ? undefined : ''}>
      <header className="workspace-header">
        <ViewHeading id="expiring-title">{params.show === 'expired' ? 'Expired stock, not excluded' : 'Expiring stock'}</ViewHeading>
        <ExpiringFilters params={params} centers={first?.centers ?? []} setSearch={setSearch} />
        <button
          type="button"
          disabled={!first || total === 0}
          onClick={() =>
            void allRows(fetch).then(({ rows, asOf }) => {
              const file = `expiring-stock-${today}.csv`;
              downloadText(file, expiringCsv(rows, asOf), 'text/csv;charset=utf-8');
              showToast({ title: `Exported ${countOf(rows.length, 'lot')}`, description: `Saved as ${file} in your downloads.`, tone: 'success' });
            }, exportFailed)
          }
        >
          Export CSV
        </button>
        <PrintLineLabel line={currentRow ? rowLabelLine(currentRow) : null} keys="Alt+P" group="Expiring stock" />
      </header>
      <StockNotes error={list.error} />
      {first && (
        <p className="note stock-count" role="status">
          {countOf(total, 'lot')} {params.show === 'expired' ? 'past expiry and not known to be excluded' : `expiring within ${countOf(params.days, 'day')}`}.{' '}
          <AsOf asOf={first.asOf} /> Press X on a lot to exclude it or to delete its exclusion, Alt+P to print its item labels.
        </p>
      )}
      {first && total === 0 ? (
        <p className="state">
          No lots in the cache match: {params.show === 'expired' ? 'nothing expired is left unexcluded.' : 'nothing expires in this window.'}
        </p>
      ) : (
        <DataTable
          label={params.show === 'expired' ? 'Expired lots' : 'Expiring lots'}
          columns={columns}
          server={{ total, rowAt: list.rowAt, onRange }}
          getRowId={(r) => `${r.inventoryId}/${r.lotNumber}/${r.fcId}`}
          sorting={[{ id: 'expiry', desc: false }]}
          onCurrent={setCurrentRow}
          onOpen={(r) => void navigate({ to: '/inventory/items/$id', params: { id: r.inventoryId } })}
          openHint="Enter or click opens the item; X excludes the lot or deletes its exclusion; Alt+P prints its item labels"
        />
      )}
      <ExclusionKey row={currentRow} listKey={key} />
    </section>
  );
}

function ExpiringFilters({
  params,
  centers,
  setSearch,
}: {
  params: ExpiringParams;
  centers: StockExpiringPage['centers'];
  setSearch: (c: Partial<ExpiringSearch>) => void;
}) {
  const windows = [7, 14, 30, 60, 90, 180, 365];
  const dayChoices = [...new Set([...windows, params.days])].sort((a, b) => a - b).map((d) => ({ id: String(d), label: `Within ${countOf(d, 'day')}` }));
  return (
    <div className="filters">
      <CenterSelect value={params.center} centers={centers} onChange={(center) => setSearch({ center: center ?? undefined })} />
      {/* Expired is every lot past its day: no window applies. */}
      {params.show === 'expiring' && (
        <Select
          label="Window"
          value={String(params.days)}
          choices={dayChoices}
          onChange={(d) => setSearch({ days: Number(d) === DEFAULT_DAYS ? undefined : Number(d) })}
        />
      )}
      <Select
        label="Show"
        value={params.show}
        choices={[
          { id: 'expiring', label: 'Expiring' },
          { id: 'expired', label: 'Expired, not excluded' },
        ]}
        onChange={(show) => setSearch({ show: show === 'expiring' ? undefined : show })}
      />
    </div>
  );
}

/**
 * While online, asks the service once about the exclusions of the items on screen whose state is not
 * known yet (in the budget's visible lane, after the clerk's own calls), then reads the rows again.
 */
function useVisibleExclusions(list: { rowAt: (i: number) => StockLotRow | undefined }, range: { start: number; end: number }, listKey: readonly unknown[]) {
  const connectivity = useConnectivity();
  const account = useAccountKey();
  const client = useQueryClient();
  const ids: number[] = [];
  for (let i = range.start; i <= range.end + 1 && ids.length < 50; i++) {
    const row = list.rowAt(i);
    if (row && row.excluded === null && !ids.includes(row.inventoryId)) ids.push(row.inventoryId);
  }
  ids.sort((a, b) => a - b);
  useQuery({
    queryKey: [...account, 'stock-exclusions', ids.join(',')],
    queryFn: async ({ signal }) => {
      const answer = await call('stock.exclusions', { inventoryIds: ids }, signal, { refresh: true });
      await client.invalidateQueries({ queryKey: listKey });
      return answer;
    },
    enabled: ids.length > 0 && connectivity !== 'offline',
    staleTime: Infinity,
    retry: false,
  });
}

/** X on the current row: exclude its lot, or delete its exclusion, confirmed in Lot exclusions' dialog. */
function ExclusionKey({ row, listKey }: { row: StockLotRow | undefined; listKey: readonly unknown[] }) {
  const [pending, setPending] = useState<{ action: LotAction; lot: LotRef; label: string } | null>(null);
  const client = useQueryClient();
  useShortcut({
    keys: 'x',
    description: 'Exclude the lot, or delete its exclusion',
    group: 'Expiring stock',
    scope: () => document.querySelector('.stock .data-table tbody'),
    when: () => row !== undefined,
    handler: () => {
      if (!row) return;
      const lot = { inventoryId: row.inventoryId, lotNumber: row.lotNumber, lotDate: row.expiresAt };
      setPending({ action: row.excluded ? 'delete' : 'exclude', lot, label: `${row.name} (${row.sku})` });
    },
  });
  const close = useCallback(() => {
    const done = pending;
    setPending(null);
    if (!done) return;
    // What the service now says about the item's lots, heard and remembered by main, then shown.
    void call('stock.exclusions', { inventoryIds: [done.lot.inventoryId] })
      .then(() => client.invalidateQueries({ queryKey: listKey }))
      .catch(() => undefined);
  }, [pending, client, listKey]);
  return <ConfirmLotAction pending={pending} itemLabel={pending?.label ?? ''} onClose={close} />;
}
