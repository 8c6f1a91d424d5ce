import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent } from 'react';
import { EventCategory } from '../../../../shared/schemas/inventory';
import { useAccountKey } from '../../app/accountKey';
import { call } from '../../bridge/dockdesk';
import { formatCount, formatDateTime } from '../../format';
import { countOf } from '../../../../shared/counts';
import { labelOf } from '../../../../shared/labels';
import { DataTable, type DataColumn, type SortingState } from '../../ui/DataTable';
import { ErrorNote, errorParts } from '../../ui/ErrorNote';
import { Select, type Choice } from '../../ui/Select';
import { ViewHeading } from '../../ui/ViewHeading';
import { downloadText } from './download';
import { defaultRange, eventLines, historyCsv, historyQuery, type EventLine } from './historyData';
import { OnHandChart } from './OnHandChart';
import { itemIds, type HistorySearch } from './search';
import { useHistoryRun } from './useHistoryRun';
import './history.css';
import { DayRangeField } from '../../ui/DayRangeField';
import { useInventoryItem, useItemNames, type ItemNaming } from '../inventory';
import { historyQueries } from './queries';

const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatCount(Math.abs(n))}`;

/** The table's columns; items read by SKU (name and id on hover) once the cache has named them. */
const columnsFor = (names: ReadonlyMap<number, ItemNaming>): DataColumn<EventLine>[] => [
  {
    id: 'time',
    accessorFn: (l) => l.atMs,
    header: 'Time',
    sortFn: 'basic',
    cell: (c) => formatDateTime(c.row.original.atMs),
    meta: { width: '12em' },
  },
  {
    id: 'item',
    accessorFn: (l) => names.get(l.inventoryId)?.sku ?? String(l.inventoryId),
    header: 'Item',
    sortFn: 'text',
    cell: (c) => {
      const naming = names.get(c.row.original.inventoryId);
      return (
        <span title={naming ? `${naming.name} · inventory id ${c.row.original.inventoryId}` : undefined}>{naming?.sku ?? c.row.original.inventoryId}</span>
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
    meta: { width: '11em' },
  },
  { id: 'reference', accessorFn: (l) => l.reference, header: 'Reference', sortFn: 'alphanumeric', cell: (c) => c.row.original.reference || '—' },
  { id: 'lot', accessorFn: (l) => l.lot, header: 'Lot', sortFn: 'alphanumeric', cell: (c) => c.row.original.lot || '—', meta: { width: '9em' } },
  { id: 'location', accessorFn: (l) => l.location, header: 'Location', sortFn: 'alphanumeric', meta: { width: '7em' } },
  {
    id: 'change',
    accessorFn: (l) => l.change,
    header: 'Change',
    sortFn: 'basic',
    cell: (c) => signed(c.row.original.change),
    meta: { align: 'end', width: '6em' },
  },
  {
    id: 'onHand',
    accessorFn: (l) => l.onHand,
    header: 'On hand after',
    sortFn: 'basic',
    cell: (c) => formatCount(c.row.original.onHand),
    meta: { align: 'end', width: '8em' },
  },
];

const categoryChoices: Choice<string>[] = [
  { id: 'all', label: 'All categories' },
  ...EventCategory.options.map((c) => ({ id: c, label: labelOf('EventCategory', c) })),
];

/**
 * Inventory history: the query lives in the address; main reads every page
 * through the cursor while a progress line counts them (Cancel stops it in main); the events in a
 * virtualized table, on-hand over time as a step chart, and the rows as shown exported as CSV.
 */
export function HistoryView() {
  const search = useSearch({ from: '/inventory/history' });
  const navigate = useNavigate({ from: '/inventory/history' });
  const range = useMemo(() => defaultRange(new Date()), []);
  const from = search.from ?? range.from;
  const to = search.to ?? range.to;
  const ids = itemIds(search);
  const check = historyQuery({ fcId: search.fc, inventoryIds: ids, from, to, category: search.category });
  const [runKey, setRunKey] = useState(0);
  const { run, cancel } = useHistoryRun(check.ok ? check.input : null, runKey);
  const centers = useCenters();
  const centerName = (id: number | undefined) => centers.data?.find((c) => c.id === id)?.name ?? (id ? `Center ${id}` : '');

  return (
    <section className="workspace history" aria-labelledby="history-title">
      <header className="workspace-header">
        <ViewHeading id="history-title">Inventory history</ViewHeading>
        <a href="#/inventory" className="button-link quiet">
          Back to inventory
        </a>
      </header>
      <HistoryForm
        key={JSON.stringify(search)}
        search={search}
        from={from}
        to={to}
        centers={centers.data ?? []}
        onSubmit={(next) => {
          setRunKey((k) => k + 1);
          void navigate({ search: next }); // the router shows a failed navigation itself; nothing waits for it
        }}
      />
      {!check.ok ? (
        <p className="state" role="alert" data-testid="history-check">
          {check.message}
        </p>
      ) : (
        <HistoryResult
          run={run}
          cancel={cancel}
          retry={() => setRunKey((k) => k + 1)}
          fcId={check.input.fcId}
          centerName={centerName(check.input.fcId)}
          ids={ids}
          search={search}
          days={check.days}
        />
      )}
    </section>
  );
}

function useCenters() {
  return useQuery(historyQueries.centers(useAccountKey()));
}

/** The query form; it changes the address only on submit, where the range is checked again. */
function HistoryForm({
  search,
  from,
  to,
  centers,
  onSubmit,
}: {
  search: HistorySearch;
  from: string;
  to: string;
  centers: { id: number; name?: string | null | undefined }[];
  onSubmit: (search: HistorySearch) => void;
}) {
  const [fc, setFc] = useState(search.fc ? String(search.fc) : '');
  const [items, setItems] = useState(search.item?.replace(/,/g, ', ') ?? '');
  const [days, setDays] = useState({ from, to });
  const [category, setCategory] = useState<string>(search.category ?? 'all');
  const [problem, setProblem] = useState<string | null>(null);
  const centerChoices: Choice<string>[] = centers.map((c) => ({ id: String(c.id), label: c.name ?? `Center ${c.id}` }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const tokens = [...new Set(items.split(/[\s,;]+/).filter(Boolean))];
    if (tokens.length > 100) return setProblem('At most 100 items in one query.');
    const resolved = await resolveItems(tokens);
    if (!resolved.ok) return setProblem(resolved.message);
    const ids = [...new Set(resolved.ids)];
    const check = historyQuery({ fcId: fc ? Number(fc) : undefined, inventoryIds: ids, from: days.from, to: days.to });
    if (!check.ok) return setProblem(check.message);
    setProblem(null);
    onSubmit({
      fc: Number(fc),
      item: ids.length ? ids.join(',') : undefined,
      from: days.from,
      to: days.to,
      category: category === 'all' ? undefined : EventCategory.parse(category),
    });
  };

  return (
    <form className="filters history-form" onSubmit={(e) => void submit(e)} aria-label="History query" noValidate>
      <Select label="Fulfillment center" value={fc} choices={centerChoices} onChange={setFc} />
      <label className="history-field">
        <span>Items</span>
        <input
          value={items}
          onChange={(e) => setItems(e.target.value)}
          placeholder="Ids or SKUs, comma-separated; empty: all"
          size={16}
          spellCheck={false}
          autoComplete="off"
        />
      </label>
      <DayRangeField
        legend="Days (at most 90)"
        fromLabel="From day"
        toLabel="To day"
        from={days.from || undefined}
        to={days.to || undefined}
        onChange={(from, to) => setDays({ from: from ?? '', to: to ?? '' })}
        sayReversed={false}
      />
      <Select label="Category" value={category} choices={categoryChoices} onChange={setCategory} />
      <button type="submit" className="primary">
        Show history
      </button>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function HistoryResult({
  run,
  cancel,
  retry,
  fcId,
  centerName,
  ids,
  search,
  days,
}: {
  run: ReturnType<typeof useHistoryRun>['run'];
  cancel: () => void;
  retry: () => void;
  fcId: number;
  centerName: string;
  ids: number[];
  search: HistorySearch;
  days: number;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const lines = useMemo(() => (run.state === 'done' ? eventLines(run.events, fcId) : []), [run, fcId]);
  const names = useItemNames(useMemo(() => [...new Set(lines.map((l) => l.inventoryId))], [lines]));
  const columns = useMemo(() => columnsFor(names), [names]);
  // The chart runs to now, or to the end of the range's last day when that is earlier.
  const [openedAt] = useState(() => Date.now());
  const untilMs = useMemo(() => {
    const rangeEnd = search.to ? new Date(`${search.to}T23:59:59`).getTime() : Number.POSITIVE_INFINITY;
    return Math.min(Math.max(openedAt, lines.at(-1)?.atMs ?? 0), rangeEnd);
  }, [openedAt, lines, search.to]);

  if (run.state === 'idle') return null;
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
  if (run.state === 'failed') {
    return (
      <ErrorNote error={run.error} prefix="The history could not be loaded">
        <button type="button" onClick={retry}>
          Try again
        </button>
      </ErrorNote>
    );
  }

  const sum = lines.reduce((s, l) => s + l.change, 0);
  const end = lines.at(-1)?.onHand ?? 0;
  const shown = sortedLines(lines, sorting, columns);
  const scope = ids.length === 0 ? 'all items' : ids.length > 1 ? countOf(ids.length, 'item') : `item ${ids[0]}`;
  return (
    <>
      <div className="history-summary">
        <p role="status" data-testid="history-summary">
          {countOf(lines.length, 'event')} for {scope} at {centerName} over {countOf(days, 'day')} ({countOf(run.pages, 'page')}). Sum of changes:{' '}
          <strong data-testid="history-sum">{signed(sum)}</strong>. On hand at end: <strong data-testid="history-end-on-hand">{formatCount(end)}</strong>.
        </p>
        <button
          type="button"
          disabled={lines.length === 0}
          onClick={() => downloadText(csvName(search, fcId), historyCsv(shown, names), 'text/csv;charset=utf-8')}
        >
          Export CSV
        </button>
      </div>
      <p className="muted chart-note">
        {search.category
          ? `Only “${labelOf('EventCategory', search.category)}” events: the line sums those changes and is not the on-hand.`
          : 'The service keeps changes, not balances: the line starts at 0 on the first day and is the on-hand when the range reaches back to the first event.'}
      </p>
      {ids.length === 1 && <CacheOnHand inventoryId={ids[0]!} fcId={fcId} end={end} />}
      {lines.length === 0 ? (
        <p className="state" role="status">
          No events in this range.
        </p>
      ) : (
        <>
          <OnHandChart lines={lines} centerName={centerName} untilMs={untilMs} />
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
 * The Items field: an inventory id as digits, anything else (a SKU, a barcode) looked up exactly in
 * the inventory cache; a code that finds no item or several is refused in words.
 */
async function resolveItems(tokens: string[]): Promise<{ ok: true; ids: number[] } | { ok: false; message: string }> {
  const ids: number[] = [];
  for (const token of tokens) {
    if (/^\d{1,10}$/.test(token) && Number(token) >= 1 && Number(token) <= 2147483647) {
      ids.push(Number(token));
      continue;
    }
    if (token.length > 500) return { ok: false, message: `“${token.slice(0, 20)}…” is too long for a code.` };
    try {
      const { matches } = await call('inventory.lookup', { code: token });
      if (matches.length === 0) return { ok: false, message: `No item has the code “${token}” in the inventory cache. Give its inventory id.` };
      if (matches.length > 1)
        return { ok: false, message: `“${token}” belongs to ${countOf(matches.length, 'item')}; give the inventory id of the one you mean.` };
      ids.push(matches[0]!.item.inventoryId);
    } catch (error) {
      return { ok: false, message: `“${token}” could not be looked up: ${errorParts(error).message}` };
    }
  }
  return { ok: true, ids };
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
  const item = useInventoryItem(inventoryId);
  if (!item.data) return null;
  const level = item.data.item.levels.find((l) => l.fcId === fcId);
  const onHand = level?.onHand ?? 0;
  return (
    <p className="muted" data-testid="history-cache-on-hand">
      {item.data.item.sku} · {item.data.item.name}: the inventory cache has {formatCount(onHand)} on hand here
      {item.data.freshness.syncedAt ? ` (as of ${formatDateTime(item.data.freshness.syncedAt)})` : ''}
      {onHand === end ? ', the same as the chart’s end.' : `; the chart ends at ${formatCount(end)} (events before the range, or since the sync).`}
    </p>
  );
}
