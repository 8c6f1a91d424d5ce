import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ReceivingWhen, TodayWro } from '../common/ipc';
import type { OutboxEntryView } from '../../../shared/schemas/outbox';
import { useAccountKey } from '../../../renderer/src/app/accountKey';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { formatCenterTime } from '../../../renderer/src/format';
import { sentences } from '../../../renderer/src/i18n/sentences';
import { useT, type Translate, type Words } from '../../../renderer/src/i18n/useT';
import { DataTable, type DataColumn, type SortingState } from '../../../renderer/src/ui/DataTable';
import { centerLabel } from '../../../renderer/src/ui/centerChoices';
import { QueryState } from '../../../renderer/src/ui/QueryState';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { useTodayReceiving, useTodaySettings, useTodayUpkeep } from './queries';
import { centerOf } from './search';
import { FreshnessLine } from './TodayView';
import './today.css';

const title = (t: Translate, when: ReceivingWhen) => t('today.list.title', { when });

const wroColumns = (t: Translate): DataColumn<TodayWro>[] => [
  { id: 'po', accessorFn: (w) => w.purchaseOrderNumber ?? '—', header: t('today.list.col.po'), sortFn: 'alphanumeric', meta: { width: '10em' } },
  { id: 'center', accessorFn: (w) => centerLabel(t, w.center), header: t('today.list.col.center'), sortFn: 'text' },
  {
    id: 'expected',
    accessorFn: (w) => Date.parse(w.expectedArrival),
    header: t('today.list.col.expected'),
    sortFn: 'basic',
    cell: (c) => formatCenterTime(c.row.original.expectedArrival, c.row.original.center.timeZone),
    meta: { width: '15em' },
  },
  { id: 'status', accessorFn: (w) => w.status, header: t('today.list.col.status'), sortFn: 'text', meta: { width: '8em' } },
  { id: 'units', accessorFn: (w) => w.units, header: t('today.list.col.units'), sortFn: 'basic', meta: { align: 'end', width: '6em' } },
  { id: 'id', accessorFn: (w) => w.id, header: t('today.list.col.wro'), sortFn: 'basic', meta: { align: 'end', width: '6em' } },
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
  const { t } = useT();
  const columns = useMemo(() => wroColumns(t), [t]);
  return (
    <section className="workspace list" aria-labelledby="today-list-title">
      <header className="workspace-header">
        <ViewHeading id="today-list-title">{title(t, search.when)}</ViewHeading>
        <a href={`#/today?fc=${center ?? 'all'}`}>{t('today.back')}</a>
      </header>
      <QueryState query={query} loading={t('today.list.loading')} failed={t('today.list.failed')}>
        {(data) => (
          <>
            <FreshnessLine freshness={data.freshness} />
            {data.rows.length === 0 ? (
              <p className="state" role="status">
                {t('today.list.none')}
              </p>
            ) : (
              <DataTable
                label={title(t, search.when)}
                columns={columns}
                data={data.rows}
                getRowId={(w) => String(w.id)}
                sorting={sorting}
                onSortingChange={setSorting}
                onOpen={(w) => void navigate({ to: '/receiving/$id', params: { id: w.id } })}
                openHint={t('today.list.openHint')}
                totalRows={data.rows.length}
                firstRowIndex={0}
                footer={<span>{t('today.list.orders', { count: data.rows.length })}</span>}
              />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

const outboxColumns = ({ t, said }: Pick<Words, 't' | 'said'>): DataColumn<OutboxEntryView>[] => [
  { id: 'reference', accessorFn: (e) => e.referenceId, header: t('today.outbox.col.reference'), sortFn: 'alphanumeric', meta: { width: '14em' } },
  { id: 'center', accessorFn: (e) => centerLabel(t, e.fulfillmentCenter), header: t('today.list.col.center'), sortFn: 'text' },
  { id: 'units', accessorFn: (e) => e.unitCount, header: t('today.list.col.units'), sortFn: 'basic', meta: { align: 'end', width: '6em' } },
  {
    id: 'state',
    accessorFn: (e) => sentences(said, e.said) ?? t('today.outboxState', { state: e.state }),
    header: t('today.outbox.col.why'),
    sortFn: 'text',
  },
];

/** Returns the outbox still holds (local: no request), opened from Today's tile. */
export function TodayOutboxList() {
  const account = useAccountKey();
  const query = useQuery({ queryKey: [...account, 'today', 'outbox'], queryFn: ({ signal }) => call('outbox.list', {}, signal) });
  const [sorting, setSorting] = useState<SortingState>([]);
  const words = useT();
  const { t } = words;
  const columns = useMemo(() => outboxColumns(words), [words]);
  return (
    <section className="workspace list" aria-labelledby="today-outbox-title">
      <header className="workspace-header">
        <ViewHeading id="today-outbox-title">{t('today.tile.outbox')}</ViewHeading>
        <a href="#/today">{t('today.back')}</a>
      </header>
      <QueryState query={query} loading={t('today.outbox.loading')} failed={t('today.outbox.failed')}>
        {(data) => {
          const waiting = data.entries.filter((e) => e.state !== 'sent');
          return waiting.length === 0 ? (
            <p className="state" role="status">
              {t('today.tile.outbox.empty')}
            </p>
          ) : (
            <DataTable
              label={t('today.tile.outbox')}
              columns={columns}
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
