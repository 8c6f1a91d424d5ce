import { useEffect, useRef, useState, type RefObject } from 'react';
import { useT } from '../i18n/useT';
import { useShortcut } from '../keyboard/useShortcut';
import { ROW_HEIGHT, type RowVirtualizer } from './DataTableParts';

export interface ListKeysOptions<T> {
  count: number;
  /** The row's data at a position of the whole list (undefined while main has not sent it). */
  originalAt: (index: number) => T | undefined;
  virtualizer: RowVirtualizer;
  scrollRef: RefObject<HTMLDivElement | null>;
  bodyRef: RefObject<HTMLTableSectionElement | null>;
  /** Where the current row starts (a row restored on the way back). */
  initial: number;
  onOpen?: ((row: T) => void) | undefined;
  onCurrent?: ((row: T | undefined) => void) | undefined;
}

/**
 * The current row of a list and its keys, scoped to the list's body: arrows, PageUp/PageDown,
 * Home/End move (scrolling the row into view, then focusing it once it is drawn), Enter opens.
 */
export function useListKeys<T>(o: ListKeysOptions<T>): { index: number; set: (index: number) => void } {
  const [active, setActive] = useState(o.initial);
  // Keys are read from this, not from the render: a second arrow pressed before React drew the
  // first one's move would otherwise start from the same row, and one key would be lost.
  const latest = useRef(o.initial);
  /** The row a key moved to, focused once it is drawn. */
  const wantFocus = useRef<number | null>(null);
  const clamp = (i: number) => Math.max(0, Math.min(i, o.count - 1));
  const index = clamp(active);
  const row = o.originalAt(index);
  const set = (next: number) => {
    latest.current = next;
    setActive(next);
  };
  const now = () => clamp(latest.current);
  const { onCurrent, bodyRef, scrollRef, virtualizer } = o;
  useEffect(() => onCurrent?.(row), [row, onCurrent]);
  // The row element may appear only after the virtualizer scrolled to it. The row is the one the key
  // asked for, not this render's: a render scheduled before the key (new rows from main, a refetch)
  // can commit first, and focusing its current row would undo the move.
  useEffect(() => {
    if (wantFocus.current === null) return;
    const el = bodyRef.current?.querySelector<HTMLElement>(`tr[data-index="${wantFocus.current}"]`);
    if (el) {
      wantFocus.current = null;
      el.focus({ preventScroll: true });
    }
  });
  // One highlight per list: the focused row is the current one. A row keeps focus when the rows
  // under it change order (a sort, a refetch), so the current index follows it.
  useEffect(() => {
    const focused = document.activeElement;
    if (wantFocus.current !== null || !(focused instanceof HTMLElement) || focused.parentElement !== bodyRef.current) return;
    const at = Number(focused.dataset.index);
    if (Number.isInteger(at) && at !== latest.current) set(at);
  });
  const pageRows = () => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 20) / ROW_HEIGHT) - 2);
  const moveTo = (next: number) => {
    const to = clamp(next);
    wantFocus.current = to;
    set(to);
    virtualizer.scrollToIndex(to, { align: 'auto' });
  };
  const scope = () => bodyRef.current;
  const { t } = useT();
  const group = t('ui.table.keys.group');
  useShortcut({ keys: 'ArrowDown', description: t('ui.table.keys.next'), group, scope, handler: () => moveTo(now() + 1) });
  useShortcut({ keys: 'ArrowUp', description: t('ui.table.keys.previous'), group, scope, handler: () => moveTo(now() - 1) });
  useShortcut({ keys: 'PageDown', description: t('ui.table.keys.pageDown'), group, scope, handler: () => moveTo(now() + pageRows()) });
  useShortcut({ keys: 'PageUp', description: t('ui.table.keys.pageUp'), group, scope, handler: () => moveTo(now() - pageRows()) });
  useShortcut({ keys: 'Home', description: t('ui.table.keys.first'), group, scope, handler: () => moveTo(0) });
  useShortcut({ keys: 'End', description: t('ui.table.keys.last'), group, scope, handler: () => moveTo(o.count - 1) });
  useShortcut({
    keys: 'Enter',
    description: t('ui.table.keys.open'),
    group,
    scope,
    when: () => o.onOpen !== undefined,
    handler: () => {
      const current = o.originalAt(now());
      if (current !== undefined) o.onOpen?.(current);
    },
  });
  return { index, set };
}
