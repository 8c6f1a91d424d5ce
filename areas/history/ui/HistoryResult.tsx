import { useMemo, useState, type ReactNode } from 'react';
import { formatCount, formatDateTime } from '../../../renderer/src/format';
import { useT, type Translate, type TranslateRich } from '../../../renderer/src/i18n/useT';
import { DataTable, type DataColumn, type SortingState } from '../../../renderer/src/ui/DataTable';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { useItemNames, useLiveInventoryItem, type ItemNaming } from '../../inventory/ui';
import { downloadText } from '../../../renderer/src/ui/download';
import { endOnHand, eventLines, historyCsv, type EventLine } from './historyData';
import { OnHandChart } from './OnHandChart';
import type { HistorySearch } from './search';
import type { HistoryRun } from './useHistoryRun';

const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatCount(Math.abs(n))}`;

/** The table's columns; an item reads as its name, then its SKU (its id on hover), once the cache has named it. */
const columnsFor = (t: Translate, rich: TranslateRich, names: ReadonlyMap<number, ItemNaming>): DataColumn<EventLine>[] => [
  {
    id: 'time',
    accessorFn: (l) => l.atMs,
    header: t('history.col.time'),
    sortFn: 'basic',
    cell: (c) => formatDateTime(c.row.original.atMs),
    meta: { width: '11.5em' },
  },
  {
    id: 'item',
    accessorFn: (l) => names.get(l.inventoryId)?.name ?? String(l.inventoryId),
    header: t('history.col.item'),
    sortFn: 'text',
    cell: (c) => {
      const id = c.row.original.inventoryId;
      const naming = names.get(id);
      if (!naming) return <span title={t('history.item.notCached', { id })}>{id}</span>;
      return (
        <span className="history-item" title={t('history.item.title', { name: naming.name, sku: naming.sku, id })}>
          <span className="history-item-name">{naming.name}</span> <span className="history-sku">({naming.sku})</span>
        </span>
      );
    },
    meta: { width: '10em' },
  },
  {
    id: 'category',
    accessorFn: (l) => l.category,
    header: t('history.col.category'),
    sortFn: 'text',
    cell: (c) => {
      const words = c.row.original.category ? t('history.category', { category: c.row.original.category }) : '';
      // A category's words run longer in some languages: cut to the column, the whole on hover.
      return (
        <span className="history-category" title={words}>
          {words}
        </span>
      );
    },
    meta: { width: '10em' },
  },
  {
    id: 'reference',
    accessorFn: (l) => l.reference,
    header: t('history.col.reference'),
    sortFn: 'alphanumeric',
    cell: (c) => <ReferenceCell reference={c.row.original.reference} />,
  },
  { id: 'lot', accessorFn: (l) => l.lot, header: t('history.col.lot'), sortFn: 'alphanumeric', cell: (c) => c.row.original.lot || '—', meta: { width: '8em' } },
  { id: 'location', accessorFn: (l) => l.location, header: t('history.col.location'), sortFn: 'alphanumeric', meta: { width: '6em' } },
  {
    id: 'change',
    accessorFn: (l) => l.change,
    header: t('history.col.change'),
    sortFn: 'basic',
    cell: (c) => signed(c.row.original.change),
    meta: { align: 'end', width: '5.5em' },
  },
  {
    id: 'onHand',
    accessorFn: (l) => l.onHand,
    // At most two lines at 1280 ("On hand" kept whole); what it counts is on hover: each item's own stock, not the center's.
    header: () => (
      <span className="history-on-hand-header" title={t('history.col.onHandAfter.title')}>
        {rich('history.col.onHandAfter', { words: (chunks) => <span className="history-header-words">{chunks}</span> })}
      </span>
    ),
    sortFn: 'basic',
    cell: (c) => formatCount(c.row.original.onHand),
    meta: { align: 'end', width: '8.5em' },
  },
];

/** A run that has not finished: its progress with Cancel, what Cancel left, or why it failed. */
function RunState({ run, cancel, retry }: { run: Exclude<HistoryRun, { state: 'done' } | { state: 'idle' }>; cancel: () => void; retry: () => void }) {
  const { t } = useT();
  if (run.state === 'loading') {
    return (
      <div className="history-progress" role="status">
        <progress aria-label={t('history.run.progress')} />
        <span>{t('history.run.loading', { pages: run.pages, events: run.events })}</span>
        <button type="button" onClick={cancel}>
          {t('history.run.cancel')}
        </button>
      </div>
    );
  }
  if (run.state === 'cancelled') {
    return (
      <div className="state" role="status">
        {t('history.run.cancelled', { pages: run.pages })}{' '}
        <button type="button" onClick={retry}>
          {t('history.run.again')}
        </button>
      </div>
    );
  }
  return (
    <ErrorNote error={run.error} prefix={t('history.run.failed')}>
      <button type="button" onClick={retry}>
        {t('history.tryAgain')}
      </button>
    </ErrorNote>
  );
}

export interface HistoryResultProps {
  run: HistoryRun;
  cancel: () => void;
  retry: () => void;
  fcId: number;
  centerName: string;
  ids: number[];
  search: HistorySearch;
  days: number;
}

/** The chart runs to now, or to the end of the range's last day when that is earlier. */
function useUntil(lines: readonly EventLine[], to: string | undefined): number {
  const [openedAt] = useState(() => Date.now());
  return useMemo(() => {
    const rangeEnd = to ? new Date(`${to}T23:59:59`).getTime() : Number.POSITIVE_INFINITY;
    return Math.min(Math.max(openedAt, lines.at(-1)?.atMs ?? 0), rangeEnd);
  }, [openedAt, lines, to]);
}

/** A finished history query: summary, chart (one line per item; merged only when asked) and table. */
export function HistoryResult(props: HistoryResultProps) {
  const { run, fcId } = props;
  const { t, rich } = useT();
  const lines = useMemo(() => (run.state === 'done' ? eventLines(t, run.events, fcId) : []), [t, run, fcId]);
  const names = useItemNames(useMemo(() => [...new Set(lines.map((l) => l.inventoryId))], [lines]));
  const untilMs = useUntil(lines, props.search.to);
  const [merged, setMerged] = useState(false);
  const [sorting, setSorting] = useState<SortingState>([]);
  const columns = useMemo(() => columnsFor(t, rich, names), [t, rich, names]);
  if (run.state === 'idle') return null;
  if (run.state !== 'done') return <RunState run={run} cancel={props.cancel} retry={props.retry} />;
  const items = endOnHand(lines).size;
  return (
    <>
      <HistorySummary {...props} pages={run.pages} lines={lines} names={names} merged={merged}>
        <button
          type="button"
          disabled={lines.length === 0}
          onClick={() => downloadText(csvName(props.search, fcId), historyCsv(t, sortedLines(lines, sorting, columns), names), 'text/csv;charset=utf-8')}
        >
          {t('history.exportCsv')}
        </button>
      </HistorySummary>
      <p className="muted chart-note">
        {props.search.category
          ? t('history.note.category', { category: t('history.category', { category: props.search.category }) })
          : t('history.note.changes')}
      </p>
      {items > 1 && (
        <label className="history-merge">
          <input type="checkbox" checked={merged} onChange={(e) => setMerged(e.target.checked)} />
          {t('history.merge', { count: items })}
        </label>
      )}
      {props.ids.length === 1 && <CacheOnHand inventoryId={props.ids[0]!} fcId={fcId} end={lines.at(-1)?.onHand ?? 0} />}
      {lines.length === 0 ? (
        <p className="state" role="status">
          {t('history.noEvents')}
        </p>
      ) : (
        <>
          <OnHandChart lines={lines} names={names} centerName={props.centerName} untilMs={untilMs} merged={merged} />
          <DataTable
            label={t('history.table')}
            columns={columns}
            data={lines}
            getRowId={(l) => l.key}
            sorting={sorting}
            onSortingChange={setSorting}
            totalRows={lines.length}
            firstRowIndex={0}
          />
        </>
      )}
    </>
  );
}

/**
 * What the query found, in words. Figures are per item: one item's sum of changes and end; several
 * items' changes are summed only in the merged view the clerk asks for (two SKUs are two stocks).
 */
function HistorySummary({
  lines,
  names,
  merged,
  pages,
  ids,
  centerName,
  days,
  children,
}: HistoryResultProps & { lines: EventLine[]; names: ReadonlyMap<number, ItemNaming>; merged: boolean; pages: number; children: ReactNode }) {
  const ends = endOnHand(lines);
  const only = ids.length === 1 ? ids[0]! : ends.size === 1 ? [...ends.keys()][0]! : null;
  const onlyName = only !== null ? names.get(only) : undefined;
  const { t, rich } = useT();
  const scope =
    ids.length === 0
      ? t('history.scope.all')
      : ids.length > 1
        ? t('history.scope.items', { count: ids.length })
        : onlyName
          ? t('history.scope.named', { name: onlyName.name, sku: onlyName.sku })
          : t('history.scope.id', { id: ids[0]! });
  const sum = lines.reduce((s, l) => s + l.change, 0);
  const figures = only !== null || merged;
  const end = formatCount(merged ? [...ends.values()].reduce((a, b) => a + b, 0) : (ends.get(only!) ?? 0));
  return (
    <div className="history-summary">
      <p role="status" data-testid="history-summary">
        {t('history.summary', { events: lines.length, scope, center: centerName, days, pages })}{' '}
        {figures
          ? rich('history.summary.figures', {
              merged: merged ? 'yes' : 'no',
              sum: signed(sum),
              end,
              sumTag: (chunks) => <strong data-testid="history-sum">{chunks}</strong>,
              endTag: (chunks) => <strong data-testid="history-end-on-hand">{chunks}</strong>,
            })
          : t('history.summary.several', { count: ends.size })}
      </p>
      {children}
    </div>
  );
}

/** The rows in the table's order (the export is of what is shown). */
function sortedLines(lines: EventLine[], sorting: SortingState, columns: DataColumn<EventLine>[]): EventLine[] {
  const rule = sorting[0];
  if (!rule) return lines;
  const column = columns.find((c) => c.id === rule.id) as { accessorFn?: (l: EventLine) => string | number } | undefined;
  const value = column?.accessorFn;
  if (!value) return lines;
  const collator = new Intl.Collator(undefined, { numeric: true });
  const sorted = [...lines].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
  });
  return rule.desc ? sorted.reverse() : sorted;
}

function csvName(search: HistorySearch, fcId: number): string {
  return `inventory-history-fc${fcId}${search.item ? `-items-${search.item.split(',').slice(0, 3).join('-')}` : ''}-${search.from ?? ''}-${search.to ?? ''}.csv`.replace(
    /-+\./,
    '.',
  );
}

/** For one item, what the inventory cache says is on hand now at this center, beside the chart's end. */
function CacheOnHand({ inventoryId, fcId, end }: { inventoryId: number; fcId: number; end: number }) {
  // Read now, as the chart is: figures as of the last sync would not meet the chart's end.
  const item = useLiveInventoryItem(inventoryId);
  const { t } = useT();
  if (!item.data) return null;
  const level = item.data.item.levels.find((l) => l.fcId === fcId);
  const onHand = level?.onHand ?? 0;
  const { syncedAt } = item.data.freshness;
  return (
    <p className="muted" data-testid="history-cache-on-hand">
      {t('history.cacheOnHand', {
        name: item.data.item.name,
        sku: item.data.item.sku,
        onHand,
        synced: syncedAt ? 'yes' : 'no',
        time: syncedAt ? formatDateTime(syncedAt) : '',
        same: onHand === end ? 'yes' : 'no',
        end,
      })}
    </p>
  );
}

/** A long reference is cut to its column (the whole of it on hover), so the table fits a 1280 window. */
function ReferenceCell({ reference }: { reference: string }) {
  if (!reference) return '—';
  return (
    <span className="history-reference" title={reference}>
      {reference}
    </span>
  );
}
