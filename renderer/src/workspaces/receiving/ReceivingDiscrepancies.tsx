import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { discrepancyPeriod, type DiscrepancyLine, type DiscrepancyListRow, type OrderDiscrepancies } from '../../../../shared/ipc/receiving';
import { countOf } from '../../../../shared/counts';
import { useAccountKey } from '../../app/accountKey';
import { isRefresh } from '../../app/requestBudget';
import { call } from '../../bridge/dockdesk';
import { formatCenterTime, formatCount, formatDay } from '../../format';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { DayRangeField } from '../../ui/DayRangeField';
import { downloadText } from '../../ui/download';
import { errorParts } from '../../ui/ErrorNote';
import { QueryState } from '../../ui/QueryState';
import { ComboBox, type Choice } from '../../ui/Select';
import { StatusBadge } from '../../ui/StatusBadge';
import { showToast } from '../../ui/Toasts';
import { ViewHeading } from '../../ui/ViewHeading';
import { useFulfillmentCenters } from './queries';

/**
 * What arrived against what was expected. Main computes both views from what the service returns
 * (core/receiving/discrepancies.ts): one order's lines, boxes not received and lots received
 * otherwise, with its CSV for a supplier claim; and the closed orders of a period whose count differs.
 */

const itemWords = (l: { name: string | null; sku: string | null; inventoryId: number }) =>
  l.name && l.sku ? `${l.name} (${l.sku})` : (l.name ?? l.sku ?? `Item ${l.inventoryId}`);

function differenceWords(l: Pick<DiscrepancyLine, 'difference'>): string {
  if (l.difference < 0) return `${formatCount(-l.difference)} short`;
  if (l.difference > 0) return `${formatCount(l.difference)} over`;
  return '—';
}

/** The CSV the report exports, saved as a download (main made it: the same numbers as the screen). */
async function exportCsv(id: number): Promise<void> {
  const { fileName, text } = await call('receiving.discrepancyCsv', { id });
  // A byte order mark, so a spreadsheet reads the names as UTF-8.
  downloadText(fileName, `\uFEFF${text}`, 'text/csv;charset=utf-8');
}

export function OrderDiscrepanciesView() {
  const { id } = useParams({ from: '/receiving/$id/discrepancies' });
  const account = useAccountKey();
  const query = useQuery({
    queryKey: [...account, 'receiving', 'detail', id, 'discrepancies'] as const,
    queryFn: ({ signal, queryKey, client }) => call('receiving.discrepancies', { id }, signal, { refresh: isRefresh(client, queryKey) }),
  });
  return (
    <section className="workspace detail discrepancies" aria-labelledby="discrepancies-title">
      <header className="workspace-header">
        <ViewHeading id="discrepancies-title">Discrepancies of receiving order {id}</ViewHeading>
        <div className="button-row no-print">
          <button
            type="button"
            onClick={() =>
              void exportCsv(id).catch((error: unknown) => showToast({ title: 'CSV not exported', description: errorParts(error).message, tone: 'error' }))
            }
          >
            Export CSV
          </button>
          <button type="button" onClick={() => window.print()}>
            Print
          </button>
          <Link to="/receiving/$id" params={{ id }} className="button-link">
            Back to the order
          </Link>
        </div>
      </header>
      <QueryState query={query} what={`the discrepancies of receiving order ${id}`}>
        {(d) => <DiscrepancyReport d={d} />}
      </QueryState>
    </section>
  );
}

function DiscrepancyReport({ d }: { d: OrderDiscrepancies }) {
  const t = d.totals;
  const differing = d.lines.filter((l) => l.mark !== 'even');
  return (
    <div className="discrepancy-report">
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <StatusBadge kind="ReceivingStatus" status={d.status} />
        </dd>
        <dt>PO number</dt>
        <dd>{d.purchaseOrderNumber ?? '—'}</dd>
        <dt>Fulfillment center</dt>
        <dd>{d.center.name ?? `Center ${d.center.id}`}</dd>
        <dt>Counted</dt>
        <dd data-testid="discrepancy-totals">
          {formatCount(t.expected)} expected · {formatCount(t.received)} received · {formatCount(t.stowed)} stowed · {formatCount(t.short)} short ·{' '}
          {formatCount(t.over)} over
        </dd>
      </dl>
      <p className="state" role="status">
        {differing.length === 0 && d.missingBoxes.length === 0 && d.lotDifferences.length === 0
          ? 'Everything received as expected.'
          : `${countOf(differing.length, 'line')} differ, ${countOf(d.missingBoxes.length, 'box')} not received, ${countOf(d.lotDifferences.length, 'lot')} received under another lot or expiry.`}
        {d.closed ? '' : ' The warehouse is still receiving this order: a short may yet arrive.'}
      </p>
      <h2>Items</h2>
      <table className="plain" aria-label="Items expected and received">
        <thead>
          <tr>
            <th>Item</th>
            <th>Lot</th>
            <th>Expiry</th>
            <th className="end">Expected</th>
            <th className="end">Received</th>
            <th className="end">Stowed</th>
            <th>Difference</th>
          </tr>
        </thead>
        <tbody>
          {d.lines.map((l) => (
            <tr key={`${l.inventoryId}-${l.lotNumber ?? ''}-${l.lotDate ?? ''}`} data-mark={l.mark}>
              <td title={`Inventory id ${l.inventoryId}`}>{itemWords(l)}</td>
              <td>{l.lotNumber ?? '—'}</td>
              <td>{l.lotDate ? formatDay(l.lotDate) : '—'}</td>
              <td className="end">{formatCount(l.expected)}</td>
              <td className="end">{formatCount(l.received)}</td>
              <td className="end">{formatCount(l.stowed)}</td>
              <td className={l.mark === 'even' ? undefined : l.mark === 'over' ? 'over' : 'under'}>{differenceWords(l)}</td>
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
  return (
    <>
      <h2>Boxes not received</h2>
      {d.missingBoxes.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table className="plain" aria-label="Boxes not received">
          <thead>
            <tr>
              <th>Box</th>
              <th>Tracking number</th>
              <th className="end">Units expected</th>
            </tr>
          </thead>
          <tbody>
            {d.missingBoxes.map((b) => (
              <tr key={b.boxId}>
                <td title={`Box id ${b.boxId}`}>Box {b.boxNumber}</td>
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
  return (
    <>
      <h2>Lots or expiry dates that differ from the order</h2>
      {d.lotDifferences.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table className="plain" aria-label="Lots or expiry dates that differ from the order">
          <thead>
            <tr>
              <th>Box</th>
              <th>Item</th>
              <th>Ordered</th>
              <th>Received</th>
              <th className="end">Units</th>
              <th>Received at</th>
            </tr>
          </thead>
          <tbody>
            {d.lotDifferences.map((x, i) => (
              <tr key={i}>
                <td>Box {x.boxNumber}</td>
                <td title={`Inventory id ${x.inventoryId}`}>{itemWords(x)}</td>
                <td>{lotWords(x.orderedLot, x.orderedExpiry)}</td>
                <td>{lotWords(x.receivedLot, x.receivedExpiry)}</td>
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

function lotWords(lot: string | null, expiry: string | null): string {
  return [lot ? `lot ${lot}` : 'no lot', expiry ? `expires ${formatDay(expiry)}` : null].filter(Boolean).join(', ');
}

const listColumns: DataColumn<DiscrepancyListRow>[] = [
  { id: 'id', accessorFn: (r) => r.orderId, header: 'WRO', enableSorting: false, meta: { width: '7em' } },
  { id: 'po', accessorFn: (r) => r.purchaseOrderNumber ?? '—', header: 'PO number', enableSorting: false },
  {
    id: 'status',
    accessorFn: (r) => r.status,
    header: 'Status',
    enableSorting: false,
    cell: (c) => <StatusBadge kind="ReceivingStatus" status={c.row.original.status} />,
  },
  { id: 'fc', accessorFn: (r) => r.center.name ?? `Center ${r.center.id}`, header: 'Fulfillment center', enableSorting: false },
  {
    id: 'updated',
    accessorFn: (r) => r.lastUpdated,
    header: 'Last updated',
    enableSorting: false,
    cell: (c) => formatCenterTime(c.row.original.lastUpdated, c.row.original.center.timeZone),
    meta: { wideOnly: true },
  },
  {
    id: 'expected',
    accessorFn: (r) => r.expected,
    header: 'Expected',
    enableSorting: false,
    cell: (c) => formatCount(c.getValue<number>()),
    meta: { align: 'end' },
  },
  {
    id: 'received',
    accessorFn: (r) => r.received,
    header: 'Received',
    enableSorting: false,
    cell: (c) => formatCount(c.getValue<number>()),
    meta: { align: 'end' },
  },
  { id: 'short', accessorFn: (r) => r.short, header: 'Short', enableSorting: false, cell: (c) => formatCount(c.getValue<number>()), meta: { align: 'end' } },
  { id: 'over', accessorFn: (r) => r.over, header: 'Over', enableSorting: false, cell: (c) => formatCount(c.getValue<number>()), meta: { align: 'end' } },
  {
    id: 'items',
    accessorFn: (r) => r.items,
    header: 'Items differing',
    enableSorting: false,
    cell: (c) => countOf(c.getValue<number>(), 'item'),
    meta: { align: 'end' },
  },
  {
    // Read only where every count agrees (the order's own report names the lots of the others).
    id: 'lots',
    accessorFn: (r) => r.lotLines ?? 0,
    header: 'Other lot or expiry',
    enableSorting: false,
    cell: (c) => (c.getValue<number>() > 0 ? countOf(c.getValue<number>(), 'line') : ''),
    meta: { align: 'end' },
  },
];

export function DiscrepancyListView() {
  const search = useSearch({ from: '/receiving/discrepancies' });
  const navigate = useNavigate({ from: '/receiving/discrepancies' });
  const account = useAccountKey();
  const fallback = discrepancyPeriod(new Date());
  const from = search.from ?? fallback.from;
  const to = search.to ?? fallback.to;
  const centerId = search.fc ?? null;
  const reversed = to < from;
  const query = useQuery({
    queryKey: [...account, 'receiving', 'discrepancy-list', from, to, centerId] as const,
    queryFn: ({ signal, queryKey, client }) => call('receiving.discrepancyList', { from, to, centerId }, signal, { refresh: isRefresh(client, queryKey) }),
    enabled: !reversed,
  });
  const centers = useFulfillmentCenters();
  const centerChoices: Choice<string>[] = (centers.data ?? []).map((c) => ({ id: String(c.id), label: c.name ?? `Center ${c.id}` }));
  const set = (change: { from?: string | undefined; to?: string | undefined; fc?: number | undefined }) =>
    void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
  return (
    <section className="workspace list" aria-labelledby="discrepancy-list-title">
      <header className="workspace-header">
        <ViewHeading id="discrepancy-list-title">Receiving discrepancies</ViewHeading>
        <div className="filters wrap">
          <DayRangeField legend="Created" fromLabel="Created from" toLabel="Created to" from={from} to={to} onChange={(f, t) => set({ from: f, to: t })} />
          <ComboBox
            label="Fulfillment center"
            placeholder="All centers"
            value={centerId === null ? null : String(centerId)}
            choices={centerChoices}
            onChange={(v) => set({ fc: v === null ? undefined : Number(v) })}
          />
        </div>
        <Link to="/receiving" className="button-link">
          All receiving orders
        </Link>
      </header>
      {reversed ? null : (
        <QueryState query={query} what="receiving discrepancies">
          {(data) =>
            data.rows.length === 0 ? (
              <p className="state" role="status">
                {`No completed or incomplete order of this period differs from what was expected (${countOf(data.read, 'order')} read).`}
              </p>
            ) : (
              <>
                <p className="muted" role="status">
                  {`${formatCount(data.rows.length)} of ${countOf(data.read, 'order')} closed in this period (completed or incomplete) differ from what was expected, largest difference first.`}
                </p>
                <DataTable
                  label="Receiving orders with discrepancies"
                  columns={listColumns}
                  data={data.rows}
                  getRowId={(r) => String(r.orderId)}
                  sorting={[]}
                  onSortingChange={() => undefined}
                  onOpen={(r) => void navigate({ to: '/receiving/$id/discrepancies', params: { id: r.orderId } })}
                  openHint="Enter or click opens the order's discrepancies"
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
