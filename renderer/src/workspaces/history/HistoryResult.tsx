import { useMemo, useState, type ReactNode } from 'react';
import { countOf } from '../../../../shared/counts';
import { labelOf } from '../../../../shared/labels';
import { formatCount, formatDateTime } from '../../format';
import { DataTable, type DataColumn, type SortingState } from '../../ui/DataTable';
import { ErrorNote } from '../../ui/ErrorNote';
import { useItemNames, useLiveInventoryItem, type ItemNaming } from '../inventory';
import { downloadText } from '../../ui/download';
import { endOnHand, eventLines, historyCsv, type EventLine } from './historyData';
import { OnHandChart } from './OnHandChart';
import type { HistorySearch } from './search';
import type { HistoryRun } from './useHistoryRun';

const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatCount(Math.abs(n))}`;

/** The table's columns; an item reads as its name, then its SKU (its id on hover), once the cache has named it. */
const columnsFor = (names: ReadonlyMap<number, ItemNaming>): DataColumn<EventLine>[] => [
  {
    id: 'time',
    accessorFn: (l) => l.atMs,
    header: 'Time',
    sortFn: 'basic',
    cell: (c) => formatDateTime(c.row.original.atMs),
    meta: { width: '11.5em' },
  },
  {
    id: 'item',
    accessorFn: (l) => names.get(l.inventoryId)?.name ?? String(l.inventoryId),
    header: 'Item',
    sortFn: 'text',
    cell: (c) => {
      const naming = names.get(c.row.original.inventoryId);
      if (!naming) return <span title={`Inventory id ${c.row.original.inventoryId}: not in the inventory cache`}>{c.row.original.inventoryId}</span>;
      return (
        <span className="history-item" title={`${naming.name} (${naming.sku}), inventory id ${c.row.original.inventoryId}`}>
          <span className="history-item-name">{naming.name}</span> <span className="history-sku">({naming.sku})</span>
        </span>
      );
    },
    meta: { width: '10em' },
  },
  {
    id: 'category',
    accessorFn: (l) => l.category,
    header: 'Category',
    sortFn: 'text',
    cell: (c) => labelOf('EventCategory', c.row.original.category),
    meta: { width: '10em' },
  },
  {
    id: 'reference',
    accessorFn: (l) => l.reference,
    header: 'Reference',
    sortFn: 'alphanumeric',
    cell: (c) => <ReferenceCell reference={c.row.original.reference} />,
  },
  { id: 'lot', accessorFn: (l) => l.lot, header: 'Lot', sortFn: 'alphanumeric', cell: (c) => c.row.original.lot || '—', meta: { width: '8em' } },
  { id: 'location', accessorFn: (l) => l.location, header: 'Location', sortFn: 'alphanumeric', meta: { width: '6em' } },
  {
    id: 'change',
    accessorFn: (l) => l.change,
    header: 'Change',
    sortFn: 'basic',
    cell: (c) => signed(c.row.original.change),
    meta: { align: 'end', width: '5.5em' },
  },
  {
    id: 'onHand',
    accessorFn: (l) => l.onHand,
    // At most two lines at 1280 ("On hand" kept whole); what it counts is on hover: each item's own stock, not the center's.
    header: () => (
      <span className="history-on-hand-header" title="This item’s on hand at this center after the change">
        <span className="history-header-words">On hand</span> after
      </span>
    ),
    sortFn: 'basic',
    cell: (c) => formatCount(c.row.original.onHand),
    meta: { align: 'end', width: '8.5em' },
  },
];

/** A run that has not finished: its progress with Cancel, what Cancel left, or why it failed. */
function RunState({ run, cancel, retry }: { run: Exclude<HistoryRun, { state: 'done' } | { state: 'idle' }>; cancel: () => void; retry: () => void }) {
  if (run.state === 'loading') {
    return (
      <div className="history-progress" role="status">
        <progress aria-label="History pages loaded" />
        <span>
          Loading history… {countOf(run.pages, 'page')}, {countOf(run.events, 'event')} so far
        </span>
        <button type="button" onClick={cancel}>
          Cancel
        </button>
      </div>
    );
  }
  if (run.state === 'cancelled') {
    return (
      <div className="state" role="status">
        Cancelled after {countOf(run.pages, 'page')}; nothing is shown.{' '}
        <button type="button" onClick={retry}>
          Load again
        </button>
      </div>
    );
  }
  return (
    <ErrorNote error={run.error} prefix="The history could not be loaded">
      <button type="button" onClick={retry}>
        Try again
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
  const lines = useMemo(() => (run.state === 'done' ? eventLines(run.events, fcId) : []), [run, fcId]);
  const names = useItemNames(useMemo(() => [...new Set(lines.map((l) => l.inventoryId))], [lines]));
  const untilMs = useUntil(lines, props.search.to);
  const [merged, setMerged] = useState(false);
  const [sorting, setSorting] = useState<SortingState>([]);
  const columns = useMemo(() => columnsFor(names), [names]);
  if (run.state === 'idle') return null;
  if (run.state !== 'done') return <RunState run={run} cancel={props.cancel} retry={props.retry} />;
  const items = endOnHand(lines).size;
  return (
    <>
      <HistorySummary {...props} pages={run.pages} lines={lines} names={names} merged={merged}>
        <button
          type="button"
          disabled={lines.length === 0}
          onClick={() => downloadText(csvName(props.search, fcId), historyCsv(sortedLines(lines, sorting, columns), names), 'text/csv;charset=utf-8')}
        >
          Export CSV
        </button>
      </HistorySummary>
      <p className="muted chart-note">
        {props.search.category
          ? `Only “${labelOf('EventCategory', props.search.category)}” events: each line sums those changes and is not the on-hand.`
          : 'The service keeps changes, not balances: each item’s line starts at 0 on the first day and is its on-hand when the range reaches back to its first event.'}
      </p>
      {items > 1 && (
        <label className="history-merge">
          <input type="checkbox" checked={merged} onChange={(e) => setMerged(e.target.checked)} />
          Sum all {countOf(items, 'item')} into one line
        </label>
      )}
      {props.ids.length === 1 && <CacheOnHand inventoryId={props.ids[0]!} fcId={fcId} end={lines.at(-1)?.onHand ?? 0} />}
      {lines.length === 0 ? (
        <p className="state" role="status">
          No events in this range.
        </p>
      ) : (
        <>
          <OnHandChart lines={lines} names={names} centerName={props.centerName} untilMs={untilMs} merged={merged} />
          <DataTable
            label="History events"
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
  const scope =
    ids.length === 0 ? 'all items' : ids.length > 1 ? countOf(ids.length, 'item') : onlyName ? `${onlyName.name} (${onlyName.sku})` : `item ${ids[0]}`;
  const sum = lines.reduce((s, l) => s + l.change, 0);
  const figures = only !== null || merged;
  return (
    <div className="history-summary">
      <p role="status" data-testid="history-summary">
        {countOf(lines.length, 'event')} for {scope} at {centerName} over {countOf(days, 'day')} ({countOf(pages, 'page')}).{' '}
        {figures ? (
          <>
            {merged ? 'All items together: sum' : 'Sum'} of changes: <strong data-testid="history-sum">{signed(sum)}</strong>. On hand at end:{' '}
            <strong data-testid="history-end-on-hand">{formatCount(merged ? [...ends.values()].reduce((a, b) => a + b, 0) : (ends.get(only!) ?? 0))}</strong>.
          </>
        ) : (
          `${countOf(ends.size, 'item')} with events, each counted on its own: the chart's legend gives each one's end.`
        )}
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
  if (!item.data) return null;
  const level = item.data.item.levels.find((l) => l.fcId === fcId);
  const onHand = level?.onHand ?? 0;
  return (
    <p className="muted" data-testid="history-cache-on-hand">
      {item.data.item.name} ({item.data.item.sku}): the inventory cache has {formatCount(onHand)} on hand here
      {item.data.freshness.syncedAt ? ` (as of ${formatDateTime(item.data.freshness.syncedAt)})` : ''}
      {onHand === end ? ', the same as the chart’s end.' : `; the chart ends at ${formatCount(end)} (events before the range, or since the sync).`}
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
