import {
  createSortedRowModel,
  flexRender,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useShortcut } from '../keyboard/useShortcut';

/**
 * The one data table of the desk (TanStack Table for columns and sorting, TanStack Virtual for rows):
 * sticky header, compact rows, sortable columns, keyboard row movement and Enter/click to open.
 * Sorting is controlled by the caller, who keeps it in the address.
 */
const columnMeta: { align?: 'end'; width?: string } = {};
export const tableFeaturesUsed = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic, text: sortFn_text, datetime: sortFn_datetime, alphanumeric: sortFn_alphanumeric },
  columnMeta,
});
export type DataColumn<T extends RowData> = ColumnDef<typeof tableFeaturesUsed, T>;
export type { SortingState };

/** Compact density: 30+ rows at 1440x900. Kept in step with --row-height in styles.css. */
const ROW_HEIGHT = 24;

/**
 * Each list's current row (by row id, per table label) for the session: coming back to a list (Back
 * from a record, or its shortcut) puts focus on the row the user left, not on the first.
 */
const rememberedRows = new Map<string, string>();

export interface DataTableProps<T extends RowData> {
  label: string;
  columns: DataColumn<T>[];
  data: T[];
  getRowId: (row: T) => string;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  /** Enter or a click on a row; rows of a list without it do not open. */
  onOpen?: (row: T) => void;
  /** All rows across pages (-1 when the service does not say), and where this page starts (0-based), for aria-rowcount/aria-rowindex. */
  totalRows: number;
  firstRowIndex: number;
  /** Says what opening a row does, for the row's accessible description. */
  openHint?: string;
  footer?: ReactNode;
}

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { data, columns, sorting, onSortingChange, getRowId } = props;
  const table = useTable({
    features: tableFeaturesUsed,
    columns,
    data,
    getRowId: (row) => getRowId(row),
    state: { sorting },
    onSortingChange: (updater) => onSortingChange(typeof updater === 'function' ? updater(sorting) : updater),
    enableSortingRemoval: false,
    // The first click sorts ascending for every column, dates and numbers included.
    sortDescFirst: false,
  });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [restoredIndex] = useState(() => rows.findIndex((r) => r.id === rememberedRows.get(props.label)));
  const [active, setActive] = useState(Math.max(0, restoredIndex));
  const wantFocus = useRef(false);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component on scroll itself; nothing here is memoized by a compiler.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // A restored row is drawn (and focusable) from the first paint, a few rows below the top.
    initialOffset: Math.max(0, restoredIndex - 3) * ROW_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const current = Math.min(active, Math.max(0, rows.length - 1));
  const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 20) / ROW_HEIGHT) - 2);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    wantFocus.current = true;
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const currentId = rows[current]?.id;
  useEffect(() => {
    if (currentId !== undefined) rememberedRows.set(props.label, currentId);
  }, [currentId, props.label]);
  // The row element for the active index may appear only after the virtualizer scrolled to it.
  useEffect(() => {
    if (!wantFocus.current) return;
    const row = bodyRef.current?.querySelector<HTMLElement>(`tr[data-index="${current}"]`);
    if (row) {
      wantFocus.current = false;
      row.focus({ preventScroll: true });
    }
  });

  const scope = () => bodyRef.current;
  const group = 'In a list';
  useShortcut({ keys: 'ArrowDown', description: 'Next row', group, scope, handler: () => moveTo(current + 1) });
  useShortcut({ keys: 'ArrowUp', description: 'Previous row', group, scope, handler: () => moveTo(current - 1) });
  useShortcut({ keys: 'PageDown', description: 'A screen of rows down', group, scope, handler: () => moveTo(current + pageRows) });
  useShortcut({ keys: 'PageUp', description: 'A screen of rows up', group, scope, handler: () => moveTo(current - pageRows) });
  useShortcut({ keys: 'Home', description: 'First row', group, scope, handler: () => moveTo(0) });
  useShortcut({ keys: 'End', description: 'Last row', group, scope, handler: () => moveTo(rows.length - 1) });
  useShortcut({
    keys: 'Enter',
    description: 'Open the row',
    group,
    scope,
    when: () => props.onOpen !== undefined,
    handler: () => {
      const row = rows[current];
      if (row && props.onOpen) props.onOpen(row.original);
    },
  });

  const before = items[0]?.start ?? 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const colCount = table.getAllLeafColumns().length;

  return (
    <div className="data-table" ref={scrollRef}>
      <table aria-label={props.label} aria-rowcount={props.totalRows < 0 ? -1 : props.totalRows + 1}>
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
        {/* data-restored: the shell's focus model prefers this row when the view opens. */}
        <tbody ref={bodyRef} data-restored={restoredIndex >= 0 ? '' : undefined}>
          {before > 0 && (
            <tr className="spacer" aria-hidden="true" style={{ height: before }}>
              <td colSpan={colCount} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <tr
                key={row.id}
                data-index={item.index}
                aria-rowindex={props.firstRowIndex + item.index + 2}
                tabIndex={item.index === current ? 0 : -1}
                className={`${item.index === current ? 'active' : ''}${props.onOpen ? ' opens' : ''}`}
                onClick={() => {
                  setActive(item.index);
                  props.onOpen?.(row.original);
                }}
                onFocus={() => setActive(item.index)}
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
          {after > 0 && (
            <tr className="spacer" aria-hidden="true" style={{ height: after }}>
              <td colSpan={colCount} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
