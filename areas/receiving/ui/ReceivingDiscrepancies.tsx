import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { differs } from '../common/difference';
import { discrepancyPeriod, type DiscrepancyLine, type DiscrepancyListRow, type OrderDiscrepancies } from '../common/ipc';
import { useAccountKey } from '../../../renderer/src/app/accountKey';
import { isRefresh } from '../../../renderer/src/app/requestBudget';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { formatCenterTime, formatCount } from '../../../renderer/src/format';
import { DataTable, type DataColumn } from '../../../renderer/src/ui/DataTable';
import { DayRangeField } from '../../../renderer/src/ui/DayRangeField';
import { downloadText } from '../../../renderer/src/ui/download';
import { errorParts } from '../../../renderer/src/ui/ErrorNote';
import { CenterFilter } from '../../../renderer/src/ui/CenterFilter';
import { centerLabel } from '../../../renderer/src/ui/centerChoices';
import { QueryState } from '../../../renderer/src/ui/QueryState';
import { StatusBadge } from '../../../renderer/src/ui/StatusBadge';
import { showToast } from '../../../renderer/src/ui/Toasts';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { useCenters } from '../../../renderer/src/app/centers';
import { currentWords, useT, type Translate } from '../../../renderer/src/i18n/useT';
import { differenceSaid, differenceTone, lotWords } from './difference';
import { ItemName } from '../../inventory/ui';

/**
 * What arrived against what was expected. Main computes both views from what the service returns
 * (core/receiving/discrepancies.ts): one order's lines, boxes not received and lots received
 * otherwise, with its CSV for a supplier claim; and the closed orders of a period whose count differs.
 */

/** An item as every view names it: its name, then its SKU kept whole. */
const itemOf = (l: { name: string | null; sku: string | null; inventoryId: number }) => (
  <ItemName inventoryId={l.inventoryId} naming={l.name ? { name: l.name, sku: l.sku ?? String(l.inventoryId) } : undefined} sku={l.sku} />
);

/** The lots the order named for an item, with their expiry days. */
const lotsSaid = (t: Translate, l: DiscrepancyLine) => (l.lots.length ? l.lots.map((x) => lotWords(t, x.lotNumber, x.lotDate)).join('; ') : '—');

/** The CSV the report exports, saved as a download (main made it: the same numbers as the screen, the desk's language). */
async function exportCsv(id: number): Promise<void> {
  const { fileName, text } = await call('receiving.discrepancyCsv', { id, locale: currentWords().locale });
  // A byte order mark, so a spreadsheet reads the names as UTF-8.
  downloadText(fileName, `\uFEFF${text}`, 'text/csv;charset=utf-8');
}

export function OrderDiscrepanciesView() {
  const { id } = useParams({ from: '/receiving/$id/discrepancies' });
  const { t } = useT();
  const account = useAccountKey();
  const query = useQuery({
    queryKey: [...account, 'receiving', 'detail', id, 'discrepancies'] as const,
    queryFn: ({ signal, queryKey, client }) => call('receiving.discrepancies', { id }, signal, { refresh: isRefresh(client, queryKey) }),
  });
  return (
    <section className="workspace detail discrepancies" aria-labelledby="discrepancies-title">
      <header className="workspace-header">
        <ViewHeading id="discrepancies-title">{t('receiving.disc.title', { id })}</ViewHeading>
        <div className="button-row no-print">
          <button
            type="button"
            onClick={() =>
              void exportCsv(id).catch((error: unknown) =>
                showToast({ title: currentWords().t('receiving.disc.csvFailed'), description: errorParts(error).message, tone: 'error' }),
              )
            }
          >
            {t('receiving.disc.exportCsv')}
          </button>
          <button type="button" onClick={() => window.print()}>
            {t('receiving.disc.print')}
          </button>
          <Link to="/receiving/$id" params={{ id }} className="button-link">
            {t('receiving.disc.back')}
          </Link>
        </div>
      </header>
      <QueryState query={query} loading={t('receiving.disc.loading', { id })} failed={t('receiving.disc.loadFailed', { id })}>
        {(d) => <DiscrepancyReport d={d} />}
      </QueryState>
    </section>
  );
}

function DiscrepancyReport({ d }: { d: OrderDiscrepancies }) {
  const { t } = useT();
  const sum = d.totals;
  const differing = d.lines.filter(differs);
  return (
    <div className="discrepancy-report">
      <dl className="facts">
        <dt>{t('receiving.fact.status')}</dt>
        <dd>
          <StatusBadge kind="ReceivingStatus" status={d.status} />
        </dd>
        <dt>{t('receiving.fact.po')}</dt>
        <dd>{d.purchaseOrderNumber ?? '—'}</dd>
        <dt>{t('receiving.fact.center')}</dt>
        <dd>{centerLabel(t, d.center)}</dd>
        <dt>{t('receiving.disc.counted')}</dt>
        <dd data-testid="discrepancy-totals">
          {[
            t('receiving.disc.totals', { expected: sum.expected, received: sum.received, stowed: sum.stowed }),
            differenceSaid(t, sum) || t('receiving.diff.even'),
          ].join(' · ')}
        </dd>
      </dl>
      <p className="state" role="status">
        {differing.length === 0 && d.missingBoxes.length === 0 && d.lotDifferences.length === 0
          ? t('receiving.disc.allAsExpected')
          : t('receiving.disc.summary', { lines: differing.length, boxes: d.missingBoxes.length, lots: d.lotDifferences.length })}
        {d.closed ? '' : ` ${t('receiving.disc.stillReceiving')}`}
      </p>
      <h2>{t('receiving.disc.items')}</h2>
      <table className="plain" aria-label={t('receiving.disc.itemsTable')}>
        <thead>
          <tr>
            <th>{t('receiving.col.item')}</th>
            <th>{t('receiving.col.lotsOrdered')}</th>
            <th className="end">{t('receiving.col.expected')}</th>
            <th className="end">{t('receiving.col.received')}</th>
            <th className="end">{t('receiving.col.stowed')}</th>
            <th>{t('receiving.col.difference')}</th>
          </tr>
        </thead>
        <tbody>
          {d.lines.map((l) => (
            <tr key={l.inventoryId} data-mark={l.mark}>
              <td>{itemOf(l)}</td>
              <td>{lotsSaid(t, l)}</td>
              <td className="end">{formatCount(l.expected)}</td>
              <td className="end">{formatCount(l.received)}</td>
              <td className="end">{formatCount(l.stowed)}</td>
              <td className={differenceTone(l)}>{differenceSaid(t, l) || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <MissingBoxes d={d} />
      <LotDifferences d={d} />
    </div>
  );
}

function MissingBoxes({ d }: { d: OrderDiscrepancies }) {
  const { t } = useT();
  return (
    <>
      <h2>{t('receiving.disc.missingBoxes')}</h2>
      {d.missingBoxes.length === 0 ? (
        <p className="muted">{t('receiving.disc.none')}</p>
      ) : (
        <table className="plain" aria-label={t('receiving.disc.missingBoxes')}>
          <thead>
            <tr>
              <th>{t('receiving.col.box')}</th>
              <th>{t('receiving.col.tracking')}</th>
              <th className="end">{t('receiving.col.unitsExpected')}</th>
            </tr>
          </thead>
          <tbody>
            {d.missingBoxes.map((b) => (
              <tr key={b.boxId}>
                <td title={t('receiving.disc.boxIdTitle', { id: b.boxId })}>{t('receiving.disc.box', { box: b.boxNumber })}</td>
                <td>{b.trackingNumber ?? '—'}</td>
                <td className="end">{formatCount(b.expected)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function LotDifferences({ d }: { d: OrderDiscrepancies }) {
  const { t } = useT();
  return (
    <>
      <h2>{t('receiving.disc.lotDifferences')}</h2>
      {d.lotDifferences.length === 0 ? (
        <p className="muted">{t('receiving.disc.none')}</p>
      ) : (
        <table className="plain" aria-label={t('receiving.disc.lotDifferences')}>
          <thead>
            <tr>
              <th>{t('receiving.col.box')}</th>
              <th>{t('receiving.col.item')}</th>
              <th>{t('receiving.col.ordered')}</th>
              <th>{t('receiving.col.received')}</th>
              <th className="end">{t('receiving.col.units')}</th>
              <th>{t('receiving.col.receivedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {d.lotDifferences.map((x, i) => (
              <tr key={i}>
                <td>{t('receiving.disc.box', { box: x.boxNumber })}</td>
                <td>{itemOf(x)}</td>
                <td>{lotWords(t, x.orderedLot, x.orderedExpiry)}</td>
                <td>{lotWords(t, x.receivedLot, x.receivedExpiry)}</td>
                <td className="end">{formatCount(x.quantity)}</td>
                <td>{formatCenterTime(x.receivedAt, d.center.timeZone)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

const listColumnsIn = (t: Translate): DataColumn<DiscrepancyListRow>[] => [
  { id: 'id', accessorFn: (r) => r.orderId, header: t('receiving.col.wro'), enableSorting: false, meta: { width: '7em' } },
  { id: 'po', accessorFn: (r) => r.purchaseOrderNumber ?? '—', header: t('receiving.col.po'), enableSorting: false },
  {
    id: 'status',
    accessorFn: (r) => r.status,
    header: t('receiving.col.status'),
    enableSorting: false,
    cell: (c) => <StatusBadge kind="ReceivingStatus" status={c.row.original.status} />,
  },
  { id: 'fc', accessorFn: (r) => centerLabel(t, r.center), header: t('receiving.col.center'), enableSorting: false },
  {
    id: 'updated',
    accessorFn: (r) => r.lastUpdated,
    header: t('receiving.col.lastUpdated'),
    enableSorting: false,
    cell: (c) => formatCenterTime(c.row.original.lastUpdated, c.row.original.center.timeZone),
    meta: { wideOnly: true },
  },
  {
    id: 'expected',
    accessorFn: (r) => r.expected,
    header: t('receiving.col.expected'),
    enableSorting: false,
    cell: (c) => formatCount(c.getValue<number>()),
    meta: { align: 'end' },
  },
  {
    id: 'received',
    accessorFn: (r) => r.received,
    header: t('receiving.col.received'),
    enableSorting: false,
    cell: (c) => formatCount(c.getValue<number>()),
    meta: { align: 'end' },
  },
  {
    id: 'difference',
    accessorFn: (r) => r.size,
    header: t('receiving.col.difference'),
    enableSorting: false,
    cell: (c) => <span className={differenceTone(c.row.original)}>{differenceSaid(t, c.row.original)}</span>,
  },
  {
    id: 'items',
    accessorFn: (r) => r.items,
    header: t('receiving.col.itemsDiffering'),
    enableSorting: false,
    cell: (c) => t('receiving.disc.itemCount', { count: c.getValue<number>() }),
    meta: { align: 'end' },
  },
];

export function DiscrepancyListView() {
  const search = useSearch({ from: '/receiving/discrepancies' });
  const navigate = useNavigate({ from: '/receiving/discrepancies' });
  const { t } = useT();
  const listColumns = useMemo(() => listColumnsIn(t), [t]);
  const account = useAccountKey();
  const fallback = discrepancyPeriod(new Date());
  const from = search.from ?? fallback.from;
  const to = search.to ?? fallback.to;
  const fc = search.fc ?? null;
  const reversed = to < from;
  const query = useQuery({
    queryKey: [...account, 'receiving', 'discrepancy-list', from, to, fc] as const,
    queryFn: ({ signal, queryKey, client }) => call('receiving.discrepancyList', { from, to, fc }, signal, { refresh: isRefresh(client, queryKey) }),
    enabled: !reversed,
  });
  const centers = useCenters();
  const set = (change: { from?: string | undefined; to?: string | undefined; fc?: number | undefined }) =>
    void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
  return (
    <section className="workspace list" aria-labelledby="discrepancy-list-title">
      <header className="workspace-header">
        <ViewHeading id="discrepancy-list-title">{t('receiving.discList.title')}</ViewHeading>
        <div className="filters wrap">
          <DayRangeField
            legend={t('receiving.filter.created')}
            fromLabel={t('receiving.filter.createdFrom')}
            toLabel={t('receiving.filter.createdTo')}
            from={from}
            to={to}
            onChange={(f, t) => set({ from: f, to: t })}
          />
          <CenterFilter centers={centers.data ?? []} value={search.fc} onChange={(fc) => set({ fc })} />
        </div>
        <Link to="/receiving" className="button-link">
          {t('receiving.allOrders')}
        </Link>
      </header>
      {reversed ? null : (
        <QueryState query={query} loading={t('receiving.discList.loading')} failed={t('receiving.discList.loadFailed')}>
          {(data) =>
            data.rows.length === 0 ? (
              <p className="state" role="status">
                {t('receiving.discList.none', { read: data.read })}
              </p>
            ) : (
              <>
                <p className="muted" role="status">
                  {t('receiving.discList.found', { count: data.rows.length, read: data.read })}
                </p>
                <DataTable
                  label={t('receiving.discList.table')}
                  columns={listColumns}
                  data={data.rows}
                  getRowId={(r) => String(r.orderId)}
                  sorting={[]}
                  onSortingChange={() => undefined}
                  onOpen={(r) => void navigate({ to: '/receiving/$id/discrepancies', params: { id: r.orderId } })}
                  openHint={t('receiving.discList.openHint')}
                  totalRows={data.rows.length}
                  firstRowIndex={0}
                />
              </>
            )
          }
        </QueryState>
      )}
    </section>
  );
}
