import { useTable, type RowData, type SortingState } from '@tanstack/react-table';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useListKeys } from './DataTableKeys';
import { TableView, tableFeaturesUsed, useRowVirtualizer, type DataColumn, type DataRow, type DataTableInstance } from './DataTableParts';

export type { DataColumn, SortingState };

/**
 * The one data table of the desk (TanStack Table for columns and sorting, TanStack Virtual for rows):
 * sticky header, compact rows, sortable columns, keyboard row movement and Enter/click to open.
 * Sorting is controlled by the caller, who keeps it in the address. Two sources of rows:
 *  - `data`: every row is in the page, and TanStack Table sorts them;
 *  - `server`: the rows live in main (the whole offline cache, up to 100,000 rows), which sorts them
 *    (manual sorting: the headers only show the order and ask for another); the table says which rows
 *    the screen shows (`onRange`) so the caller reads their blocks, and rows not read yet show as loading.
 */
interface CommonProps<T extends RowData> {
  label: string;
  columns: DataColumn<T>[];
  getRowId: (row: T) => string;
  sorting: SortingState;
  /** Enter or a click on a row; rows of a list without it do not open. */
  onOpen?: (row: T) => void;
  /** The row that is current now (the one a list's own key, such as "exclude", acts on). */
  onCurrent?: (row: T | undefined) => void;
  /** Says what opening a row does, for the row's accessible description. */
  openHint?: string;
  footer?: ReactNode;
}

interface PageRows<T extends RowData> {
  data: T[];
  onSortingChange: (sorting: SortingState) => void;
  /** All rows across pages (-1 when the service does not say), and where this page starts (0-based), for aria-rowcount/aria-rowindex. */
  totalRows: number;
  firstRowIndex: number;
  server?: never;
}

/** Rows main holds and sorts: how many match, the row at a position if read yet, and which rows the screen shows. */
export interface ServerRows<T extends RowData> {
  total: number;
  rowAt: (index: number) => T | undefined;
  onRange: (start: number, end: number) => void;
}

interface MainRows<T extends RowData> {
  server: ServerRows<T>;
  onSortingChange?: (sorting: SortingState) => void;
  data?: never;
}

export type DataTableProps<T extends RowData> = CommonProps<T> & (PageRows<T> | MainRows<T>);

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  return props.server ? <ServerSortedTable {...props} server={props.server} /> : <PageSortedTable {...props} />;
}

/**
 * Each list's current row (by row id, per table label) for the session: coming back to a list (Back
 * from a record, or its shortcut) puts focus on the row the user left, not on the first.
 */
const rememberedRows = new Map<string, string>();

/**
 * A list's row restored on the way back is where the view opens, once: when focus has been in the
 * list, the view's own shortcut puts focus where a fresh visit does (a search view's field).
 */
function useRestoredOnce(bodyRef: RefObject<HTMLTableSectionElement | null>, initially: boolean): boolean {
  const [restored, setRestored] = useState(initially);
  useEffect(() => {
    const body = bodyRef.current;
    if (!restored || !body) return;
    const done = () => setRestored(false);
    body.addEventListener('focusin', done, { once: true });
    return () => body.removeEventListener('focusin', done);
  }, [bodyRef, restored]);
  return restored;
}

function PageSortedTable<T extends RowData>(props: CommonProps<T> & PageRows<T>) {
  const table = useDataTable(props, props.data, false);
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [restoredIndex] = useState(() => rows.findIndex((r) => r.id === rememberedRows.get(props.label)));
  // A restored row is drawn (and focusable) from the first paint, a few rows below the top.
  const virtualizer = useRowVirtualizer(rows.length, scrollRef, Math.max(0, restoredIndex - 3));
  const originalAt = (index: number) => rows[index]?.original;
  const { onOpen, onCurrent } = props;
  const current = useListKeys({ count: rows.length, originalAt, virtualizer, scrollRef, bodyRef, initial: Math.max(0, restoredIndex), onOpen, onCurrent });
  const currentId = rows[current.index]?.id;
  useEffect(() => {
    if (currentId !== undefined) rememberedRows.set(props.label, currentId);
  }, [currentId, props.label]);
  const restored = useRestoredOnce(bodyRef, restoredIndex >= 0);
  return (
    <TableView
      {...{ table, virtualizer, scrollRef, bodyRef, onOpen }}
      label={props.label}
      openHint={props.openHint}
      rowAt={(index) => rows[index]}
      firstRowIndex={props.firstRowIndex}
      ariaRowCount={props.totalRows < 0 ? -1 : props.totalRows + 1}
      current={current.index}
      setCurrent={current.set}
      restored={restored}
      rowKeys="row"
    />
  );
}

function ServerSortedTable<T extends RowData>(props: CommonProps<T> & MainRows<T>) {
  const { total, rowAt, onRange } = props.server;
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const virtualizer = useRowVirtualizer(total, scrollRef);
  const items = virtualizer.getVirtualItems();
  const start = items[0]?.index ?? 0;
  const end = items[items.length - 1]?.index ?? 0;
  useEffect(() => onRange(start, end), [start, end, onRange]);
  const { onOpen, onCurrent } = props;
  const current = useListKeys({ count: total, originalAt: rowAt, virtualizer, scrollRef, bodyRef, initial: 0, onOpen, onCurrent });
  // The table holds only the rows on screen that main has sent, in main's order.
  const loaded = items.flatMap((item) => {
    const row = rowAt(item.index);
    return row === undefined ? [] : [{ index: item.index, row }];
  });
  const table = useDataTable(
    props,
    loaded.map((l) => l.row),
    true,
  );
  const byIndex = new Map<number, DataRow<T>>(table.getRowModel().rows.map((r, k) => [loaded[k]!.index, r]));
  return (
    <TableView
      {...{ table, virtualizer, scrollRef, bodyRef, onOpen }}
      label={props.label}
      openHint={props.openHint}
      rowAt={(index) => byIndex.get(index)}
      ariaRowCount={total + 1}
      firstRowIndex={0}
      current={current.index}
      setCurrent={current.set}
      restored={false}
      rowKeys="position"
    />
  );
}

function useDataTable<T extends RowData>(
  props: CommonProps<T> & { onSortingChange?: ((s: SortingState) => void) | undefined },
  data: T[],
  manualSorting: boolean,
): DataTableInstance<T> {
  const { sorting, onSortingChange, getRowId } = props;
  return useTable({
    features: tableFeaturesUsed,
    columns: props.columns,
    data,
    getRowId: (row) => getRowId(row),
    state: { sorting },
    manualSorting,
    onSortingChange: (updater) => onSortingChange?.(typeof updater === 'function' ? updater(sorting) : updater),
    enableSortingRemoval: false,
    // The first click sorts ascending for every column, dates and numbers included.
    sortDescFirst: false,
  });
}
