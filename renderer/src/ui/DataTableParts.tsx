import {
  createSortedRowModel,
  flexRender,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
  type ReactTable,
  type Row,
  type RowData,
} from '@tanstack/react-table';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, type RefObject } from 'react';
import { useT } from '../i18n/useT';

/**
 * The pieces of the desk's one data table (DataTable.tsx): its TanStack Table features, the
 * virtualizer, and the markup both of its modes draw (the rows the page sorts, the rows main sorts).
 */
/**
 * align 'end': numbers. wideOnly: a column a narrower window can do without, hidden below 1440 px
 * (styles.css) so the others keep their text whole, as the status bar's lesser items give way.
 */
const columnMeta: { align?: 'end'; width?: string; wideOnly?: boolean } = {};

/** A cell's classes from its column's meta. */
function metaClass(meta: typeof columnMeta | undefined): string | undefined {
  const classes = [meta?.align === 'end' ? 'num' : '', meta?.wideOnly ? 'wide-only' : ''].filter(Boolean);
  return classes.length ? classes.join(' ') : undefined;
}
export const tableFeaturesUsed = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic, text: sortFn_text, datetime: sortFn_datetime, alphanumeric: sortFn_alphanumeric },
  columnMeta,
});
export type DataColumn<T extends RowData> = ColumnDef<typeof tableFeaturesUsed, T>;
export type DataTableInstance<T extends RowData> = ReactTable<typeof tableFeaturesUsed, T>;
export type DataRow<T extends RowData> = Row<typeof tableFeaturesUsed, T>;
export type RowVirtualizer = Virtualizer<HTMLDivElement, Element>;

/** Compact density: 30+ rows at 1440x900. Kept in step with --row-height in styles.css. */
export const ROW_HEIGHT = 24;

/** Only the rows on screen (and a few either side) are drawn; `firstShown` rows down is where the list opens. */
export function useRowVirtualizer(count: number, scrollRef: RefObject<HTMLDivElement | null>, firstShown = 0): RowVirtualizer {
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component on scroll itself; nothing here is memoized by a compiler.
  return useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialOffset: firstShown * ROW_HEIGHT,
  });
}

export interface TableViewProps<T extends RowData> {
  label: string;
  table: DataTableInstance<T>;
  virtualizer: RowVirtualizer;
  /** The row at a position of the whole list; undefined while main has not sent it yet. */
  rowAt: (index: number) => DataRow<T> | undefined;
  /** aria-rowcount: every row across pages and the header row, -1 when unknown. */
  ariaRowCount: number;
  firstRowIndex: number;
  current: number;
  setCurrent: (index: number) => void;
  onOpen?: ((row: T) => void) | undefined;
  openHint?: string | undefined;
  scrollRef: RefObject<HTMLDivElement | null>;
  bodyRef: RefObject<HTMLTableSectionElement | null>;
  /** The body marks a row restored on the way back: the shell's focus model prefers it when the view opens. */
  restored: boolean;
  /**
   * A row element stands for its row (and follows it when the page re-sorts) or for its position,
   * where rows come from main: the element focused while "Loading…" is then the one that gets the
   * row, so focus stays on it.
   */
  rowKeys: 'row' | 'position';
}

export function TableView<T extends RowData>(props: TableViewProps<T>) {
  const { table, virtualizer, current, setCurrent, rowAt, onOpen, openHint, scrollRef, bodyRef } = props;
  const items = virtualizer.getVirtualItems();
  const colCount = table.getAllLeafColumns().length;
  const before = items[0]?.start ?? 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  useTightHeaders(scrollRef);
  return (
    <div className="data-table" ref={scrollRef}>
      <table aria-label={props.label} aria-rowcount={props.ariaRowCount}>
        <TableHead table={table} />
        <tbody ref={bodyRef} data-restored={props.restored ? '' : undefined}>
          {before > 0 && <Spacer height={before} span={colCount} />}
          {items.map((item) => {
            const row = rowAt(item.index);
            return (
              <BodyRow
                key={props.rowKeys === 'position' ? item.index : (row?.id ?? item.index)}
                row={row}
                index={item.index}
                ariaIndex={props.firstRowIndex + item.index + 2}
                current={item.index === current}
                setCurrent={setCurrent}
                onOpen={onOpen}
                openHint={openHint}
                span={colCount}
              />
            );
          })}
          {after > 0 && <Spacer height={after} span={colCount} />}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Headers wrap between words, so each column is as wide as its longest heading word. Where that
 * makes the table wider than its box (a language's longer words in a narrow window), the box is
 * marked `data-tight` and its headers may break inside a word instead (styles.css): the whole table
 * in view rather than columns scrolled out of it.
 */
function useTightHeaders(scrollRef: RefObject<HTMLDivElement | null>) {
  // Measured with whole words each time.
  const fit = useCallback(() => {
    const box = scrollRef.current;
    const table = box?.querySelector('table');
    if (!box || !table) return;
    box.removeAttribute('data-tight');
    if (table.scrollWidth > box.clientWidth + 1) box.setAttribute('data-tight', '');
  }, [scrollRef]);
  // After every commit of the rows, before the browser paints: new rows never show the table
  // wider than its box for a frame.
  useLayoutEffect(fit);
  useEffect(() => {
    const box = scrollRef.current;
    const table = box?.querySelector('table');
    if (!box || !table || typeof ResizeObserver !== 'function') return;
    let frame = 0;
    // Sizes that change without a render (the window, a font): in the next frame rather than inside
    // the observer's callback, so the size it changes is seen as a new size and not as a loop.
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fit);
    });
    observer.observe(box);
    observer.observe(table);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [scrollRef, fit]);
}

function Cells<T extends RowData>({ row }: { row: DataRow<T> }) {
  return row.getAllCells().map((cell) => (
    <td key={cell.id} className={metaClass(cell.column.columnDef.meta)}>
      {flexRender(cell.column.columnDef.cell, cell.getContext())}
    </td>
  ));
}

interface BodyRowProps<T extends RowData> {
  row: DataRow<T> | undefined;
  index: number;
  ariaIndex: number;
  current: boolean;
  setCurrent: (index: number) => void;
  onOpen?: ((row: T) => void) | undefined;
  openHint?: string | undefined;
  span: number;
}

/** A row of the list; one main has not sent yet keeps its place (and can hold focus) as "Loading…" until its block comes. */
function BodyRow<T extends RowData>({ row, index, current, setCurrent, onOpen, ...p }: BodyRowProps<T>) {
  const { t } = useT();
  const attrs = { 'data-index': index, 'aria-rowindex': p.ariaIndex, tabIndex: current ? 0 : -1, onFocus: () => setCurrent(index) };
  if (!row)
    return (
      <tr {...attrs}>
        <td colSpan={p.span} className="muted">
          {t('ui.table.loading')}
        </td>
      </tr>
    );
  return (
    <tr
      {...attrs}
      className={`${current ? 'active' : ''}${onOpen ? ' opens' : ''}`}
      onClick={() => {
        setCurrent(index);
        onOpen?.(row.original);
      }}
      title={p.openHint}
    >
      <Cells row={row} />
    </tr>
  );
}

function Spacer({ height, span }: { height: number; span: number }) {
  return (
    <tr className="spacer" aria-hidden="true" style={{ height }}>
      <td colSpan={span} />
    </tr>
  );
}

/** Column headers; a sortable one is a button (Enter or Space sorts), aria-sort says the order. */
function TableHead<T extends RowData>({ table }: { table: DataTableInstance<T> }) {
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
                className={metaClass(meta)}
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
