import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { expiryMark, localDay } from '../../../shared/time/expiry';
import type { ExpiringShow, StockExpiringPage, StockLotRow } from '../common/ipc';
import { useAccountKey } from '../../../renderer/src/app/accountKey';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { formatCount } from '../../../renderer/src/format';
import { useT, type Translate } from '../../../renderer/src/i18n/useT';
import { useShortcut } from '../../../renderer/src/keyboard/useShortcut';
import { useConnectivity } from '../../../renderer/src/session/useSession';
import { centerLabel } from '../../../renderer/src/ui/centerChoices';
import { DataTable, type DataColumn } from '../../../renderer/src/ui/DataTable';
import { Select } from '../../../renderer/src/ui/Select';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { downloadText } from '../../../renderer/src/ui/download';
import { ConfirmLotAction, LotExpiry, type LotAction, type LotRef } from '../../lots/ui';
import { PrintLineLabel, type LabelLine } from '../../printing/ui';
import { exclusionWords, expiringCsv } from './csv';
import { allRows, fetchExpiring, useExpiringKey, useWindowed, type ExpiringParams } from './queries';
import { DEFAULT_DAYS, type ExpiringSearch } from './search';
import { AsOf, CenterSelect, exported, exportFailed, SignedInOnly, StockNotes, useRange } from './parts';
import './stock.css';

function expiringColumns(t: Translate, today: string): DataColumn<StockLotRow>[] {
  return [
    { id: 'name', accessorFn: (r) => r.name, header: t('stock.col.item'), enableSorting: false },
    { id: 'sku', accessorFn: (r) => r.sku, header: t('stock.col.sku'), enableSorting: false, meta: { width: '11em' } },
    { id: 'lot', accessorFn: (r) => r.lotNumber, header: t('stock.col.lot'), enableSorting: false, meta: { width: '9em' } },
    { id: 'fc', accessorFn: (r) => r.center.name ?? String(r.center.id), header: t('stock.col.center'), enableSorting: false, meta: { width: '12em' } },
    {
      id: 'onHand',
      accessorFn: (r) => r.onHand,
      header: t('stock.col.onHand'),
      enableSorting: false,
      cell: (c) => formatCount(c.getValue<number>()),
      meta: { align: 'end', width: '7em' },
    },
    {
      id: 'expiry',
      accessorFn: (r) => r.expiryDay,
      // The cache answers soonest first only: the header shows that order and offers no other.
      header: t('stock.col.expiresSoonest'),
      enableSorting: false,
      cell: (c) => <LotExpiry expiresAt={c.row.original.expiresAt} mark={expiryMark(c.row.original.expiresAt, today, 0)} />,
      meta: { width: '15em' },
    },
    {
      id: 'days',
      accessorFn: (r) => r.daysLeft,
      header: t('stock.col.daysLeft'),
      enableSorting: false,
      cell: (c) => formatCount(c.getValue<number>()),
      meta: { align: 'end', width: '7em' },
    },
    {
      id: 'excluded',
      accessorFn: (r) => r.excluded,
      header: t('stock.col.exclusion'),
      enableSorting: false,
      cell: (c) => (c.row.original.excluded ? <span className="badge excluded">{exclusionWords(t, true)}</span> : exclusionWords(t, c.row.original.excluded)),
      meta: { width: '12.5em' },
    },
  ];
}

/** The current row as a line to label: its item, lot and expiry day (one label at first: on hand counts what is shelved, not what needs a label). */
function rowLabelLine(t: Translate, r: StockLotRow): LabelLine {
  return {
    inventoryId: r.inventoryId,
    sku: r.sku,
    name: r.name,
    lot: r.lotNumber,
    expiry: r.expiryDay,
    units: null,
    where: t('stock.labelWhere', { lot: r.lotNumber, center: centerLabel(t, r.center) }),
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
  const { t } = useT();
  // Days left are a column of their own: the expiry marks only what expires today or has expired.
  const columns = useMemo(() => expiringColumns(t, today), [t, today]);
  const [days, show] = [search.days ?? DEFAULT_DAYS, search.show ?? 'expiring'];
  // The address is the question: main fills in what it leaves out.
  const params: ExpiringParams = useMemo(() => ({ fc: search.fc, days: search.days, show: search.show, today }), [search.fc, search.days, search.show, today]);
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
        <ViewHeading id="expiring-title">{show === 'expired' ? t('stock.expired.title') : t('stock.expiring.title')}</ViewHeading>
        <ExpiringFilters shown={{ fc: search.fc ?? null, days, show }} centers={first?.centers ?? []} setSearch={setSearch} />
        <button
          type="button"
          disabled={!first || total === 0}
          onClick={() =>
            void allRows(fetch).then(
              ({ rows, asOf }) => {
                const file = `expiring-stock-${today}.csv`;
                downloadText(file, expiringCsv(t, rows, asOf), 'text/csv;charset=utf-8');
                exported(t, rows.length, 'lot', file);
              },
              (e: unknown) => exportFailed(t, e),
            )
          }
        >
          {t('stock.exportCsv')}
        </button>
        <PrintLineLabel line={currentRow ? rowLabelLine(t, currentRow) : null} keys="Alt+P" group={t('stock.expiring.title')} />
      </header>
      <StockNotes error={list.error} />
      {first && (
        <p className="note stock-count" role="status">
          {show === 'expired' ? t('stock.expired.count', { count: total }) : t('stock.expiring.count', { count: total, days: days })} <AsOf asOf={first.asOf} />{' '}
          {t('stock.expiring.keys')}
        </p>
      )}
      {first && total === 0 ? (
        <p className="state">{show === 'expired' ? t('stock.expired.none') : t('stock.expiring.none')}</p>
      ) : (
        <DataTable
          label={show === 'expired' ? t('stock.expired.table') : t('stock.expiring.table')}
          columns={columns}
          server={{ total, rowAt: list.rowAt, onRange }}
          getRowId={(r) => `${r.inventoryId}/${r.lotNumber}/${r.center.id}`}
          sorting={[{ id: 'expiry', desc: false }]}
          onCurrent={setCurrentRow}
          onOpen={(r) => void navigate({ to: '/inventory/items/$id', params: { id: r.inventoryId } })}
          openHint={t('stock.expiring.openHint')}
        />
      )}
      <ExclusionKey row={currentRow} listKey={key} />
    </section>
  );
}

function ExpiringFilters({
  shown,
  centers,
  setSearch,
}: {
  /** The list's filters as shown: the address's, defaults filled in. */
  shown: { fc: number | null; days: number; show: ExpiringShow };
  centers: StockExpiringPage['centers'];
  setSearch: (c: Partial<ExpiringSearch>) => void;
}) {
  const windows = [7, 14, 30, 60, 90, 180, 365];
  const { t } = useT();
  const dayChoices = [...new Set([...windows, shown.days])].sort((a, b) => a - b).map((d) => ({ id: String(d), label: t('stock.window.days', { days: d }) }));
  return (
    <div className="filters">
      <CenterSelect value={shown.fc} centers={centers} onChange={(fc) => setSearch({ fc: fc ?? undefined })} />
      {/* Expired is every lot past its day: no window applies. */}
      {shown.show === 'expiring' && (
        <Select
          label={t('stock.window')}
          value={String(shown.days)}
          choices={dayChoices}
          onChange={(d) => setSearch({ days: Number(d) === DEFAULT_DAYS ? undefined : Number(d) })}
        />
      )}
      <Select
        label={t('stock.show')}
        value={shown.show}
        choices={[
          { id: 'expiring', label: t('stock.show.expiring') },
          { id: 'expired', label: t('stock.show.expired') },
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
  const { t } = useT();
  useShortcut({
    keys: 'X',
    description: t('stock.keys.exclude'),
    group: t('stock.expiring.title'),
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
