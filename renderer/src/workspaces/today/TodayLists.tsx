import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReceivingWhen, TodayWro } from '../../../../shared/ipc/today';
import type { OutboxEntryView } from '../../../../shared/schemas/outbox';
import { countOf } from '../../../../shared/counts';
import { useAccountKey } from '../../app/accountKey';
import { call } from '../../bridge/dockdesk';
import { formatCenterTime } from '../../format';
import { DataTable, type DataColumn, type SortingState } from '../../ui/DataTable';
import { QueryState } from '../../ui/QueryState';
import { ViewHeading } from '../../ui/ViewHeading';
import { useTodayReceiving, useTodaySettings, useTodayUpkeep } from './queries';
import { centerOf } from './search';
import { FreshnessLine } from './TodayView';
import './today.css';

const TITLES: Record<ReceivingWhen, string> = {
  today: 'Expected today',
  overdue: 'Overdue receiving orders',
  arrived: 'Arrived, not completed',
};

const wroColumns: DataColumn<TodayWro>[] = [
  { id: 'po', accessorFn: (w) => w.purchaseOrderNumber ?? '—', header: 'PO number', sortFn: 'alphanumeric', meta: { width: '10em' } },
  { id: 'center', accessorFn: (w) => w.center.name ?? `Center ${w.center.id}`, header: 'Fulfillment center', sortFn: 'text' },
  {
    id: 'expected',
    accessorFn: (w) => Date.parse(w.expectedArrival),
    header: 'Expected arrival',
    sortFn: 'basic',
    cell: (c) => formatCenterTime(c.row.original.expectedArrival, c.row.original.center.timeZone),
    meta: { width: '15em' },
  },
  { id: 'status', accessorFn: (w) => w.status, header: 'Status', sortFn: 'text', meta: { width: '8em' } },
  { id: 'units', accessorFn: (w) => w.units, header: 'Units', sortFn: 'basic', meta: { align: 'end', width: '6em' } },
  { id: 'id', accessorFn: (w) => w.id, header: 'WRO', sortFn: 'basic', meta: { align: 'end', width: '6em' } },
];

/**
 * A receiving tile's full list: the orders expected today or overdue at a center, which the
 * receiving list cannot filter by (the service has no expected-arrival filter), from Today's state.
 */
export function TodayReceivingList() {
  const search = useSearch({ from: '/today/receiving' });
  const navigate = useNavigate();
  const settings = useTodaySettings();
  const center = centerOf(search, settings.data?.deskCenter?.id ?? null);
  const query = useTodayReceiving(search.when, center, settings.isSuccess);
  const [sorting, setSorting] = useState<SortingState>([]);
  useTodayUpkeep();
  return (
    <section className="workspace list" aria-labelledby="today-list-title">
      <header className="workspace-header">
        <ViewHeading id="today-list-title">{TITLES[search.when]}</ViewHeading>
        <a href={`#/today?center=${center ?? 'all'}`}>Back to Today</a>
      </header>
      <QueryState query={query} what="receiving orders">
        {(data) => (
          <>
            <FreshnessLine freshness={data.freshness} />
            {data.rows.length === 0 ? (
              <p className="state" role="status">
                No receiving orders here.
              </p>
            ) : (
              <DataTable
                label={TITLES[search.when]}
                columns={wroColumns}
                data={data.rows}
                getRowId={(w) => String(w.id)}
                sorting={sorting}
                onSortingChange={setSorting}
                onOpen={(w) => void navigate({ to: '/receiving/$id', params: { id: w.id } })}
                openHint="Enter or click opens the receiving order"
                totalRows={data.rows.length}
                firstRowIndex={0}
                footer={<span>{countOf(data.rows.length, 'order')}</span>}
              />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

const outboxColumns: DataColumn<OutboxEntryView>[] = [
  { id: 'reference', accessorFn: (e) => e.referenceId, header: 'Reference', sortFn: 'alphanumeric', meta: { width: '14em' } },
  { id: 'center', accessorFn: (e) => e.fulfillmentCenter.name ?? `Center ${e.fulfillmentCenter.id}`, header: 'Fulfillment center', sortFn: 'text' },
  { id: 'units', accessorFn: (e) => e.unitCount, header: 'Units', sortFn: 'basic', meta: { align: 'end', width: '6em' } },
  { id: 'state', accessorFn: (e) => e.message ?? e.state, header: 'Why it waits', sortFn: 'text' },
];

/** Returns the outbox still holds (local: no request), opened from Today's tile. */
export function TodayOutboxList() {
  const account = useAccountKey();
  const query = useQuery({ queryKey: [...account, 'today', 'outbox'], queryFn: ({ signal }) => call('outbox.list', {}, signal) });
  const [sorting, setSorting] = useState<SortingState>([]);
  return (
    <section className="workspace list" aria-labelledby="today-outbox-title">
      <header className="workspace-header">
        <ViewHeading id="today-outbox-title">Returns not sent yet</ViewHeading>
        <a href="#/today">Back to Today</a>
      </header>
      <QueryState query={query} what="the outbox">
        {(data) => {
          const waiting = data.entries.filter((e) => e.state !== 'sent');
          return waiting.length === 0 ? (
            <p className="state" role="status">
              The outbox is empty: every return reached the service.
            </p>
          ) : (
            <DataTable
              label="Returns not sent yet"
              columns={outboxColumns}
              data={waiting}
              getRowId={(e) => e.id}
              sorting={sorting}
              onSortingChange={setSorting}
              totalRows={waiting.length}
              firstRowIndex={0}
            />
          );
        }}
      </QueryState>
    </section>
  );
}
