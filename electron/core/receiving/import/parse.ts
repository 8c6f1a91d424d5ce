import Papa from 'papaparse';
import { said, type Saying } from '../../../../shared/errors.js';
import type { ImportProblem } from '../../../../shared/ipc/receiving.js';
import { problemLine } from '../../../../shared/receiving/import-problems.js';
import { englishOf } from '../../words.js';

/** A spreadsheet's text as rows of cells: the header and the data rows with their spreadsheet row numbers. */
export interface ParsedSheet {
  headers: string[];
  /** Data rows (blank ones left out); `row` as the spreadsheet numbers it, the header being row 1. */
  rows: { row: number; cells: string[] }[];
  separator: ',' | ';' | '\t' | '|';
  bom: boolean;
  problems: ImportProblem[];
}

const SEPARATORS = [',', ';', '\t', '|'] as const;

/**
 * Reads CSV or TSV as spreadsheets export it: UTF-8 with or without a BOM, `,` `;` tab (or `|`)
 * found from the file, quoted fields with separators, quotes and line ends inside, CRLF or LF.
 * Papa Parse does the reading (its separator guess weighs every candidate over the first rows); a
 * quote left open is a problem on its row, the rest of the file still read.
 */
export function parseSheet(text: string): ParsedSheet {
  const bom = text.charCodeAt(0) === 0xfeff;
  const body = bom ? text.slice(1) : text;
  const result = Papa.parse<string[]>(body, { delimitersToGuess: [...SEPARATORS], skipEmptyLines: false, header: false });
  const found = result.meta.delimiter;
  const separator = (SEPARATORS as readonly string[]).includes(found) ? (found as ParsedSheet['separator']) : ',';
  const problems: ImportProblem[] = result.errors
    .filter((e) => e.type === 'Quotes')
    .map((e) => {
      const placed = { row: (e.row ?? 0) + 1, column: null, said: said('receiving.import.check.unclosedQuote') };
      return { ...placed, field: null, message: problemLine(placed, [], (words) => englishOf(words as Saying)) };
    });
  const records = result.data;
  let headerAt = records.findIndex((r) => !isBlank(r));
  if (headerAt < 0) headerAt = records.length;
  const headers = (records[headerAt] ?? []).map((h) => h.trim());
  const rows: ParsedSheet['rows'] = [];
  for (let i = headerAt + 1; i < records.length; i++) {
    const cells = records[i]!;
    if (isBlank(cells)) continue;
    rows.push({ row: i + 1, cells: cells.map((c) => c.trim()) });
  }
  return { headers, rows, separator, bom, problems };
}

function isBlank(cells: readonly string[]): boolean {
  return cells.every((c) => c.trim() === '');
}
