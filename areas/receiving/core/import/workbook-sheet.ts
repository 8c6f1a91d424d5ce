import type * as XLSX from '@e965/xlsx';
import { cellKey } from './cell-key.js';

/** A workbook's sheet as records of cell text, with the cells it holds as numbers, and its sheet names. */
export interface WorkbookCells {
  sheets: string[];
  /** The sheet read: the one asked for, else the first. */
  name: string;
  /** The sheet's rows, the record at index i being row i + 1 (a row with no cells may be absent). */
  records: (string[] | undefined)[];
  /** Cells held as numbers, by `cellKey`. */
  numbers: number[];
}

/** Why a workbook gave no sheet: its bytes do not read, or it has no sheet. */
export class WorkbookRefused extends Error {
  constructor(readonly why: 'unreadable' | 'empty') {
    super(why);
  }
}

/**
 * Rows read from a sheet at most: beyond any order the desk takes (5,000 lines), and a bound on what a
 * small file that unpacks to millions of rows could cost.
 */
const SHEET_ROWS_MAX = 20_000;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A cell as the import reads it, from what the cell holds, not how it is shown: a number in digits
 * with a point (its display may say "1.200,00 €"); a date as YYYY-MM-DD, with HH:mm when it has a
 * time; a formula by its last computed value; an error cell by its text ("#N/A"), so a problem names it.
 */
function cellText(cell: XLSX.CellObject | undefined): { text: string; number: boolean } {
  if (!cell || cell.v === undefined || cell.v === null) return { text: '', number: false };
  const v = cell.v;
  if (cell.t === 'n' && typeof v === 'number') return { text: String(v), number: true };
  if (cell.t === 'd' && v instanceof Date) {
    // Read with UTC: true, so the date's UTC fields are the cell's own day and time.
    const day = `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
    const time = v.getUTCHours() * 60 + v.getUTCMinutes();
    return { text: time === 0 ? day : `${day} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}`, number: false };
  }
  if (cell.t === 'b') return { text: v ? 'TRUE' : 'FALSE', number: false };
  if (cell.t === 'e') return { text: cell.w ?? '#ERROR', number: false };
  return { text: String(v), number: false };
}

/**
 * An .xlsx or .ods read with SheetJS: the sheet asked for (by name), else the first. A cell merged
 * down several rows (a box number or a PO written once for its rows) counts on each of them, as the
 * clerk sees it; a heading merged across columns names its first column only. Synchronous and long for
 * a large file: it runs in the workbook's worker thread (workbook.ts).
 */
export function workbookCells(sheetjs: typeof XLSX, bytes: Uint8Array, wanted: string | undefined): WorkbookCells {
  let book: XLSX.WorkBook;
  try {
    book = sheetjs.read(bytes, { type: 'array', dense: true, cellDates: true, UTC: true, cellHTML: false, cellText: true, sheetRows: SHEET_ROWS_MAX });
  } catch {
    throw new WorkbookRefused('unreadable');
  }
  const sheets = book.SheetNames;
  const name = wanted !== undefined && sheets.includes(wanted) ? wanted : sheets[0];
  const ws = name === undefined ? undefined : book.Sheets[name];
  if (name === undefined || !ws) throw new WorkbookRefused('empty');
  const data = ws['!data'] ?? [];
  const records: (string[] | undefined)[] = [];
  const numbers = new Set<number>();
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    const cells: string[] = [];
    if (row)
      for (let c = 0; c < row.length; c++) {
        const { text, number } = cellText(row[c]);
        cells.push(text);
        if (number) numbers.add(cellKey(r + 1, c));
      }
    records.push(cells);
  }
  for (const m of ws['!merges'] ?? [])
    for (let r = m.s.r + 1; r <= m.e.r; r++) {
      const cells = (records[r] ??= []);
      while (cells.length <= m.s.c) cells.push('');
      cells[m.s.c] = records[m.s.r]?.[m.s.c] ?? '';
      if (numbers.has(cellKey(m.s.r + 1, m.s.c))) numbers.add(cellKey(r + 1, m.s.c));
    }
  return { sheets, name, records, numbers: [...numbers] };
}
