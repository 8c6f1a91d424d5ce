import { useCallback, useEffect, useState } from 'react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { installKeyboard } from '../../renderer/src/keyboard/shortcuts';
import { DataTable, type DataColumn, type SortingState } from '../../renderer/src/ui/DataTable';

/**
 * The desk's one data table in both of its modes: rows the page holds and sorts itself, and rows
 * main holds and sorts (read block by block as they come into view). The same keys, focus and
 * headers in both; in the second the table never reorders what main sent.
 */
interface Line {
  id: number;
  name: string;
  qty: number;
}
const columns: DataColumn<Line>[] = [
  { id: 'name', accessorFn: (r) => r.name, header: 'Name' },
  { id: 'qty', accessorFn: (r) => r.qty, header: 'Quantity', meta: { align: 'end' } },
];
const lineAt = (i: number): Line => ({ id: i, name: `Item ${String(i).padStart(6, '0')}`, qty: (i * 7919) % 1000 });

let stopKeys = () => {};
let style: HTMLStyleElement;
beforeAll(() => {
  stopKeys = installKeyboard();
  // The desk's stylesheet gives the table its height and scrolling; here just enough of it to virtualize.
  style = document.createElement('style');
  style.textContent = '.data-table { height: 240px; overflow: auto } .data-table td, .data-table th { height: 24px; padding: 0 } tr.spacer td { height: auto }';
  document.head.append(style);
});
afterAll(() => {
  stopKeys();
  style.remove();
});

const data = Array.from({ length: 300 }, (_, i) => lineAt(i));
const focusedRow = () => document.activeElement?.closest('tr');
const row = (index: number) => page.getByRole('table').element().querySelector<HTMLElement>(`tbody tr[data-index="${index}"]`);

function PageRows({ opened }: { opened: Line[] }) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'qty', desc: true }]);
  return (
    <DataTable
      label="Lines"
      columns={columns}
      data={data}
      getRowId={(r) => String(r.id)}
      sorting={sorting}
      onSortingChange={setSorting}
      onOpen={(r) => opened.push(r)}
      totalRows={300}
      firstRowIndex={0}
    />
  );
}

test('rows the page holds: sorted by the table, moved through by keys, Enter opens, the row left is the row found again', async () => {
  const opened: Line[] = [];
  const screen = await render(<PageRows opened={opened} />);
  const table = page.getByRole('table', { name: 'Lines' });
  await expect.element(table).toHaveAttribute('aria-rowcount', '301');
  await expect.element(page.getByRole('columnheader', { name: /Quantity/ })).toHaveAttribute('aria-sort', 'descending');
  const byQtyDesc = Array.from({ length: 300 }, (_, i) => lineAt(i)).sort((a, b) => b.qty - a.qty);
  await expect.element(table.getByRole('row').nth(1)).toHaveTextContent(byQtyDesc[0]!.name);

  row(0)!.focus();
  await userEvent.keyboard('{ArrowDown}');
  expect(focusedRow()?.dataset.index).toBe('1');
  await userEvent.keyboard('{End}');
  await expect.poll(() => focusedRow()?.dataset.index).toBe('299');
  expect(focusedRow()?.getAttribute('aria-rowindex')).toBe('301');
  await userEvent.keyboard('{Enter}');
  expect(opened.map((l) => l.id)).toEqual([byQtyDesc[299]!.id]);

  // A header sorts by keyboard (its button), and the page reorders the rows itself.
  page.getByRole('button', { name: /Name/ }).element().focus();
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect.element(table.getByRole('row').nth(1)).toHaveTextContent('Item 000000');

  // Back to the list later: the row left is current again, and the shell's focus model is told so.
  row(0)!.focus();
  await userEvent.keyboard('{ArrowDown}{ArrowDown}');
  expect(focusedRow()?.textContent).toContain('Item 000002');
  await screen.unmount();
  await render(<PageRows opened={opened} />);
  await expect.element(page.getByRole('table', { name: 'Lines' })).toBeVisible();
  const body = page.getByRole('table').element().querySelector('tbody')!;
  expect(body.hasAttribute('data-restored')).toBe(true);
  expect(body.querySelector('tr[tabindex="0"]')?.textContent).toContain('Item 000002');
});

const BLOCK = 200;
const TOTAL = 100_000;

/** Main's side, played by the test: rows in its own order, sent a block at a time, a moment after they are asked for. */
function MainRows({ opened, asked }: { opened: Line[]; asked: number[][] }) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const [blocks, setBlocks] = useState(new Map<number, Line[]>());
  const [range, setRange] = useState({ start: 0, end: 0 });
  // Main's own order: by name, or (any other sort) the reverse of it, which no sort by quantity would give.
  const reversed = !(sorting[0]?.id === 'name' && !sorting[0].desc);
  const onRange = useCallback(
    (start: number, end: number) => {
      asked.push([start, end]);
      setRange({ start, end });
    },
    [asked],
  );
  useEffect(() => {
    const want = [Math.floor(range.start / BLOCK), Math.floor(range.end / BLOCK)].filter((b) => !blocks.has(b));
    if (want.length === 0) return;
    const timer = setTimeout(() => {
      const next = new Map(blocks);
      for (const b of want)
        next.set(
          b,
          Array.from({ length: BLOCK }, (_, k) => lineAt(reversed ? TOTAL - 1 - (b * BLOCK + k) : b * BLOCK + k)),
        );
      setBlocks(next);
    }, 30);
    return () => clearTimeout(timer);
  }, [range, blocks, reversed]);
  return (
    <DataTable
      label="Stock lines"
      columns={columns}
      server={{ total: TOTAL, rowAt: (i) => blocks.get(Math.floor(i / BLOCK))?.[i % BLOCK], onRange }}
      getRowId={(r) => String(r.id)}
      sorting={sorting}
      onSortingChange={(next) => {
        setSorting(next);
        setBlocks(new Map());
      }}
      onOpen={(r) => opened.push(r)}
    />
  );
}

test('rows main holds: read as they come into view, the same keys, sorting asked of main and never done by the table', async () => {
  const opened: Line[] = [];
  const asked: number[][] = [];
  await render(<MainRows opened={opened} asked={asked} />);
  const table = page.getByRole('table', { name: 'Stock lines' });
  await expect.element(table).toHaveAttribute('aria-rowcount', String(TOTAL + 1));
  await expect.element(table.getByRole('row').nth(1)).toHaveTextContent('Item 000000');
  expect(asked[asked.length - 1]![0]).toBe(0);
  // Only the rows on screen (and a few either side) are drawn, not 100,000.
  expect(page.getByRole('table').element().querySelectorAll('tbody tr[data-index]').length).toBeLessThan(60);

  row(0)!.focus();
  await userEvent.keyboard('{ArrowDown}');
  expect(focusedRow()?.dataset.index).toBe('1');
  // End: the last row is asked for, shows as loading until its block comes, then holds the row main sent.
  await userEvent.keyboard('{End}');
  await expect.poll(() => focusedRow()?.dataset.index).toBe(String(TOTAL - 1));
  expect(focusedRow()?.getAttribute('aria-rowindex')).toBe(String(TOTAL + 1));
  expect(asked.some(([, end]) => end === TOTAL - 1)).toBe(true);
  await expect.poll(() => row(TOTAL - 1)?.textContent).toContain('Item 099999');
  await userEvent.keyboard('{Enter}');
  expect(opened.map((l) => l.id)).toEqual([TOTAL - 1]);

  // The header asks main for another order; the table shows what main sends, in main's order (a
  // table sorting the rows it holds by quantity would not start with quantity 81).
  page
    .getByRole('button', { name: /Quantity/ })
    .element()
    .focus();
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByRole('columnheader', { name: /Quantity/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => row(0)?.textContent).toBe('Item 09999981');
  expect(row(1)?.textContent).toBe(`Item 099998${lineAt(99_998).qty}`);
  row(0)!.focus();
  await userEvent.keyboard('{ArrowDown}');
  expect(focusedRow()?.dataset.index).toBe('1');
});

test('keys pressed faster than the list is drawn each count: two arrows move two rows, and Enter opens the row they reached', async () => {
  const opened: Line[] = [];
  await render(<PageRows opened={opened} />);
  await expect.element(page.getByRole('table', { name: 'Lines' })).toHaveAttribute('aria-rowcount', '301');
  // The list may open on the row remembered from the test before; the keys start from wherever that is.
  const start = page.getByRole('table').element().querySelector<HTMLElement>('tbody tr[tabindex="0"]')!;
  start.focus();
  const from = Number(start.dataset.index);
  const byQtyDesc = Array.from({ length: 300 }, (_, i) => lineAt(i)).sort((a, b) => b.qty - a.qty);
  // Three keys in one task, as a fast typist or a key repeat delivers them: React draws none of the
  // moves in between, so each key must start where the one before it ended.
  const press = (key: string) => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  press('ArrowDown');
  press('ArrowDown');
  press('Enter');
  expect(opened.map((l) => l.id)).toEqual([byQtyDesc[from + 2]!.id]);
  await expect.poll(() => focusedRow()?.dataset.index).toBe(String(from + 2));
});
