import Papa from 'papaparse';
import { said, type Saying } from '../../../../shared/errors.js';
import type { ImportProblem } from '../../../../shared/ipc/receiving.js';
import { guessColumns } from '../../../../shared/receiving/import-columns.js';
import { problemLine } from '../../../../shared/receiving/import-problems.js';
import { englishOf } from '../../words.js';

/** A spreadsheet as rows of cells: the header and the data rows with their spreadsheet row numbers. */
export interface ParsedSheet {
  headers: string[];
  /** Data rows (blank ones left out); `row` as the spreadsheet numbers it, its first row being 1. */
  rows: { row: number; cells: string[] }[];
  /** The CSV's separator; null for a workbook. */
  separator: ',' | ';' | '\t' | '|' | null;
  bom: boolean;
  problems: ImportProblem[];
  /**
   * Cells a workbook holds as numbers (by {@link cellKey}): their text is the number in digits with a
   * point, whatever the file's decimal mark. A CSV has none: every cell is text.
   */
  numbers: ReadonlySet<number>;
}

/** A cell's key in {@link ParsedSheet.numbers}. */
export const cellKey = (row: number, column: number) => row * 256 + column;

const SEPARATORS = [',', ';', '\t', '|'] as const;
/** How far down a title, a logo's caption or a note may push the header row. */
const HEADER_SEARCH_ROWS = 20;

/**
 * Reads CSV or TSV as spreadsheets export it: UTF-8 with or without a BOM, `,` `;` tab (or `|`)
 * found from the file, quoted fields with separators, quotes and line ends inside, CRLF or LF.
 * Papa Parse does the reading (its separator guess weighs every candidate over the first rows); a
 * quote left open is a problem on its row, the rest of the file still read.
 */
export function parseSheet(text: string): ParsedSheet {
  const bom = text.charCodeAt(0) === 0xfeff;
  const body = bom ? text.slice(1) : text;
  // The separator is guessed over the first rows without blank lines: a trailing or blank line counts
  // as a row of one field in Papa's guess and can sink the right separator of a two-column file.
  const found = Papa.parse<string[]>(body, { delimitersToGuess: [...SEPARATORS], skipEmptyLines: 'greedy', preview: 20 }).meta.delimiter;
  const result = Papa.parse<string[]>(body, { delimiter: found, skipEmptyLines: false, header: false });
  const separator = (SEPARATORS as readonly string[]).includes(found) ? (found as (typeof SEPARATORS)[number]) : ',';
  const problems: ImportProblem[] = result.errors
    .filter((e) => e.type === 'Quotes')
    .map((e) => {
      const placed = { row: (e.row ?? 0) + 1, column: null, said: said('receiving.import.check.unclosedQuote') };
      return { ...placed, field: null, message: problemLine(placed, [], (words) => englishOf(words as Saying)) };
    });
  return { ...sheetOfRecords(result.data), separator, bom, problems, numbers: new Set() };
}

/**
 * The header and data rows of a sheet's records (the record at index i being row i + 1). The header
 * is the first row among the first 20 that names two fields the desk knows, else the first with two
 * cells or more, else the first that is not blank: a title above the table ("Delivery note 4711",
 * merged across the columns) is passed over.
 */
export function sheetOfRecords(records: readonly (readonly string[] | undefined)[]): Pick<ParsedSheet, 'headers' | 'rows'> {
  const nonBlank: number[] = [];
  for (let i = 0; i < records.length && nonBlank.length < HEADER_SEARCH_ROWS; i++) if (!isBlank(records[i])) nonBlank.push(i);
  const filled = (i: number) => records[i]!.filter((c) => c.trim() !== '').length;
  const headerAt =
    nonBlank.find((i) => guessColumns(records[i]!).filter(Boolean).length >= 2) ?? nonBlank.find((i) => filled(i) >= 2) ?? nonBlank[0] ?? records.length;
  const headers = (records[headerAt] ?? []).map((h) => h.trim());
  const rows: ParsedSheet['rows'] = [];
  for (let i = headerAt + 1; i < records.length; i++) {
    const cells = records[i];
    if (isBlank(cells)) continue;
    rows.push({ row: i + 1, cells: cells!.map((c) => c.trim()) });
  }
  return { headers, rows };
}

function isBlank(cells: readonly string[] | undefined): boolean {
  return !cells || cells.every((c) => c.trim() === '');
}
