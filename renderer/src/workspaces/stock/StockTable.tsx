import { flexRender, useTable, type Row, type RowData } from '@tanstack/react-table';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { useShortcut } from '../../keyboard/useShortcut';
import { tableFeaturesUsed, type DataColumn, type SortingState } from '../../ui/DataTable';

/**
 * A list whose rows live in main (the whole offline cache: up to 100,000 rows): TanStack Virtual for
 * the rows on screen, TanStack Table for the columns, sorting done by main (manual sorting, kept in the
 * address by the caller). Rows not read yet show as loading; `onRange` says which rows the screen
 * shows so the caller reads their blocks. Keys and focus as in the desk's DataTable (same classes, so
 * the shell's focus model finds its current row): arrows, PageUp/PageDown, Home/End, Enter opens.
 */
const ROW_HEIGHT = 24;

export interface StockTableProps<T extends RowData> {
  label: string;
  columns: DataColumn<T>[];
  total: number;
  rowAt: (index: number) => T | undefined;
  getRowId: (row: T) => string;
  sorting: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  onRange: (start: number, end: number) => void;
  onOpen?: (row: T) => void;
  /** The row that has focus now (the one a key like "exclude" acts on). */
  onCurrent?: (row: T | undefined) => void;
  openHint?: string;
}

export function StockTable<T extends RowData>(props: StockTableProps<T>) {
  const { total, rowAt, onRange } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component on scroll itself; nothing here is memoized by a compiler.
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const start = items[0]?.index ?? 0;
  const end = items[items.length - 1]?.index ?? 0;
  useEffect(() => onRange(start, end), [start, end, onRange]);
  const current = useRowKeys(props, virtualizer, bodyRef, scrollRef);
  const loaded = items.flatMap((item) => {
    const row = rowAt(item.index);
    return row === undefined ? [] : [{ index: item.index, row }];
  });
  const table = useStockTable(
    props,
    loaded.map((l) => l.row),
  );
  const byIndex = new Map<number, Row<typeof tableFeaturesUsed, T>>(table.getRowModel().rows.map((r, k) => [loaded[k]!.index, r]));
  const colCount = props.columns.length;
  const before = items[0]?.start ?? 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  return (
    <div className="data-table" ref={scrollRef}>
      <table aria-label={props.label} aria-rowcount={total + 1}>
        <TableHead table={table} />
        <tbody ref={bodyRef}>
          {before > 0 && <Spacer height={before} span={colCount} />}
          {items.map((item) => {
            const row = byIndex.get(item.index);
            const attrs = { 'data-index': item.index, 'aria-rowindex': item.index + 2, tabIndex: item.index === current.index ? 0 : -1 };
            if (!row)
              return (
                <tr key={`loading-${item.index}`} {...attrs} onFocus={() => current.set(item.index)}>
                  <td colSpan={colCount} className="muted">
                    Loading…
                  </td>
                </tr>
              );
            return (
              <tr
                key={row.id}
                {...attrs}
                className={`${item.index === current.index ? 'active' : ''}${props.onOpen ? ' opens' : ''}`}
                onClick={() => {
                  current.set(item.index);
                  props.onOpen?.(row.original);
                }}
                onFocus={() => current.set(item.index)}
                title={props.openHint}
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={cell.column.columnDef.meta?.align === 'end' ? 'num' : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            );
          })}
          {after > 0 && <Spacer height={after} span={colCount} />}
        </tbody>
      </table>
    </div>
  );
}

/** The columns over the rows on screen; main has sorted them (manual sorting: the header only shows and asks). */
function useStockTable<T extends RowData>(props: StockTableProps<T>, data: T[]) {
  return useTable({
    features: tableFeaturesUsed,
    columns: props.columns,
    data,
    getRowId: (row) => props.getRowId(row),
    state: { sorting: props.sorting },
    manualSorting: true,
    onSortingChange: (updater) => props.onSortingChange?.(typeof updater === 'function' ? updater(props.sorting) : updater),
    enableSortingRemoval: false,
    sortDescFirst: false,
  });
}

function Spacer({ height, span }: { height: number; span: number }) {
  return (
    <tr className="spacer" aria-hidden="true" style={{ height }}>
      <td colSpan={span} />
    </tr>
  );
}

function TableHead<T extends RowData>({ table }: { table: ReturnType<typeof useStockTable<T>> }) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id} aria-rowindex={1}>
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            const meta = header.column.columnDef.meta;
            return (
              <th
                key={header.id}
                scope="col"
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                className={meta?.align === 'end' ? 'num' : undefined}
                style={meta?.width ? { width: meta.width } : undefined}
              >
                {header.column.getCanSort() ? (
                  <button type="button" className="sort" onClick={header.column.getToggleSortingHandler()}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                    <span aria-hidden="true" className="sort-mark">
                      {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                    </span>
                  </button>
                ) : (
                  flexRender(header.column.columnDef.header, header.getContext())
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}

/** The current row and the list's keys (scoped to its body): moving, paging, Enter to open. */
function useRowKeys<T extends RowData>(
  props: StockTableProps<T>,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  bodyRef: React.RefObject<HTMLTableSectionElement | null>,
  scrollRef: React.RefObject<HTMLDivElement | null>,
) {
  const [active, setActive] = useState(0);
  const wantFocus = useRef(false);
  const index = Math.min(active, Math.max(0, props.total - 1));
  const row = props.rowAt(index);
  const { onCurrent } = props;
  useEffect(() => onCurrent?.(row), [row, onCurrent]);
  useEffect(() => {
    if (!wantFocus.current) return;
    const el = bodyRef.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`);
    if (el) {
      wantFocus.current = false;
      el.focus({ preventScroll: true });
    }
  });
  const pageRows = () => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 20) / ROW_HEIGHT) - 2);
  const moveTo = (next: number) => {
    const to = Math.max(0, Math.min(props.total - 1, next));
    wantFocus.current = true;
    setActive(to);
    virtualizer.scrollToIndex(to, { align: 'auto' });
  };
  const scope = () => bodyRef.current;
  const group = 'In a list';
  useShortcut({ keys: 'ArrowDown', description: 'Next row', group, scope, handler: () => moveTo(index + 1) });
  useShortcut({ keys: 'ArrowUp', description: 'Previous row', group, scope, handler: () => moveTo(index - 1) });
  useShortcut({ keys: 'PageDown', description: 'A screen of rows down', group, scope, handler: () => moveTo(index + pageRows()) });
  useShortcut({ keys: 'PageUp', description: 'A screen of rows up', group, scope, handler: () => moveTo(index - pageRows()) });
  useShortcut({ keys: 'Home', description: 'First row', group, scope, handler: () => moveTo(0) });
  useShortcut({ keys: 'End', description: 'Last row', group, scope, handler: () => moveTo(props.total - 1) });
  useShortcut({
    keys: 'Enter',
    description: 'Open the row',
    group,
    scope,
    when: () => props.onOpen !== undefined,
    handler: () => {
      if (row !== undefined) props.onOpen?.(row);
    },
  });
  return { index, set: setActive };
}
