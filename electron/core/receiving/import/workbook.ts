import type * as XLSX from '@e965/xlsx';
import { appError } from '../../words.js';
import { cellKey, sheetOfRecords, type ParsedSheet } from './parse.js';

/** A workbook's sheet read as the import reads a CSV, with the workbook's sheet names. */
export interface ReadWorkbook {
  sheet: ParsedSheet;
  sheets: string[];
  /** The sheet read: the one asked for, else the first. */
  name: string;
}

/**
 * Rows read from a sheet at most: beyond any order the desk takes (5,000 lines), and a bound on what a
 * small file that unpacks to millions of rows could cost.
 */
const SHEET_ROWS_MAX = 20_000;

let sheetjs: typeof XLSX | null = null;

/**
 * SheetJS, loaded at the first import rather than at the desk's start: its code takes about 100 ms to
 * load, which every start would otherwise pay for a reader most sessions never use.
 */
export async function loadWorkbookReader(): Promise<void> {
  sheetjs ??= await import('@e965/xlsx');
}

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
 * clerk sees it; a heading merged across columns names its first column only.
 */
export function readWorkbook(bytes: Uint8Array, fileName: string, wanted: string | undefined): ReadWorkbook {
  if (!sheetjs) throw new Error('readWorkbook before loadWorkbookReader');
  let book: XLSX.WorkBook;
  try {
    book = sheetjs.read(bytes, {
      type: 'array',
      dense: true,
      cellDates: true,
      UTC: true,
      cellHTML: false,
      cellText: true,
      sheetRows: SHEET_ROWS_MAX,
    });
  } catch {
    throw appError('invalid_input', 'receiving.import.unreadableWorkbook', { file: fileName });
  }
  const sheets = book.SheetNames;
  const name = wanted !== undefined && sheets.includes(wanted) ? wanted : sheets[0];
  const ws = name === undefined ? undefined : book.Sheets[name];
  if (name === undefined || !ws) throw appError('invalid_input', 'errors.import.emptyFile', { file: fileName });
  const data = ws['!data'] ?? [];
  const records: string[][] = [];
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
  return { sheet: { ...sheetOfRecords(records), separator: null, bom: false, problems: [], numbers }, sheets, name };
}
