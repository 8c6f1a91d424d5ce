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

/** How much text Papa Parse reads at a time before the event loop gets a turn: about 10 ms of parsing. */
const CHUNK_CHARS = 32 * 1024;

/**
 * Reads CSV or TSV as spreadsheets export it: UTF-8 with or without a BOM, `,` `;` tab (or `|`)
 * found from the file, quoted fields with separators, quotes and line ends inside, CRLF or LF.
 * Papa Parse does the reading (its separator guess weighs every candidate over the first rows); a
 * quote left open is a problem on its row, the rest of the file still read. It reads a piece at a
 * time and lets the event loop run between pieces, so a file of the largest size the call takes
 * (hundreds of thousands of rows) never keeps the core from answering the clerk.
 */
export async function parseSheet(text: string): Promise<ParsedSheet> {
  const bom = text.charCodeAt(0) === 0xfeff;
  const body = bom ? text.slice(1) : text;
  // Rows are taken in as each piece is read, so no step after the reading goes over the whole file.
  let read = 0;
  let headers: string[] | null = null;
  const rows: ParsedSheet['rows'] = [];
  const unclosed: number[] = [];
  let found = ',';
  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(body, {
      delimitersToGuess: [...SEPARATORS],
      skipEmptyLines: false,
      header: false,
      chunkSize: CHUNK_CHARS,
      chunk: (results: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        // A piece's rows are numbered from its start: the rows before it come first.
        for (const e of results.errors) if (e.type === 'Quotes') unclosed.push(read + (e.row ?? 0));
        for (const cells of results.data) {
          read++;
          if (isBlank(cells)) continue;
          if (headers) rows.push({ row: read, cells: cells.map((c) => c.trim()) });
          else headers = cells.map((h) => h.trim());
        }
        found = results.meta.delimiter;
        parser.pause();
        setImmediate(() => parser.resume());
      },
      complete: () => resolve(),
      error: (error: Error) => reject(error),
    });
  });
  const separator = (SEPARATORS as readonly string[]).includes(found) ? (found as ParsedSheet['separator']) : ',';
  const problems: ImportProblem[] = unclosed.map((at) => {
    const placed = { row: at + 1, column: null, said: said('receiving.import.check.unclosedQuote') };
    return { ...placed, field: null, message: problemLine(placed, [], (words) => englishOf(words as Saying)) };
  });
  return { headers: headers ?? [], rows, separator, bom, problems };
}

function isBlank(cells: readonly string[]): boolean {
  return cells.every((c) => c.trim() === '');
}
