import Papa from 'papaparse';
import { said } from '../../../../shared/errors.js';
import type { ImportProblem } from '../../common/ipc.js';
import { guessColumns } from '../../common/import-columns.js';

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

export { cellKey } from './cell-key.js';

const SEPARATORS = [',', ';', '\t', '|'] as const;
/** How far down a title, a logo's caption or a note may push the header row. */
const HEADER_SEARCH_ROWS = 20;

/** How much text Papa Parse reads at a time before the event loop gets a turn: about 10 ms of parsing. */
const CHUNK_CHARS = 32 * 1024;
/** The head of the text the separator is guessed from: the first 20 rows of any supplier's file. */
const GUESS_CHARS = 64 * 1024;

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
  // The separator is guessed over the first rows without blank lines: a trailing or blank line counts
  // as a row of one field in Papa's guess and can sink the right separator of a two-column file. Only
  // the file's head is given: Papa goes over all the text it is given, preview or not.
  const head = body.slice(0, GUESS_CHARS);
  const found = Papa.parse<string[]>(head, { delimitersToGuess: [...SEPARATORS], skipEmptyLines: 'greedy', preview: 20 }).meta.delimiter;
  const separator = (SEPARATORS as readonly string[]).includes(found) ? (found as (typeof SEPARATORS)[number]) : ',';
  // Rows are taken in as each piece is read, so no step after the reading goes over the whole file.
  const sheet = new SheetRows();
  const unclosed: number[] = [];
  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(body, {
      delimiter: found,
      skipEmptyLines: false,
      header: false,
      chunkSize: CHUNK_CHARS,
      chunk: (results: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        // A piece's rows are numbered from its start: the rows before it come first.
        for (const e of results.errors) if (e.type === 'Quotes') unclosed.push(sheet.records + (e.row ?? 0));
        sheet.add(results.data);
        parser.pause();
        setImmediate(() => parser.resume());
      },
      complete: () => resolve(),
      error: (error: Error) => reject(error),
    });
  });
  const problems: ImportProblem[] = unclosed.map((at) => ({ row: at + 1, column: null, field: null, said: said('receiving.import.check.unclosedQuote') }));
  return { ...sheet.finish(), separator, bom, problems, numbers: new Set() };
}

/**
 * A sheet's records (the record at index i being row i + 1) taken in as they are read, in one piece
 * or many: the header is the first row among the first 20 that are not blank that names two fields
 * the desk knows, else the first with two cells or more, else the first that is not blank, so a title
 * above the table ("Delivery note 4711", merged across the columns) is passed over; the rows after it
 * are the data rows.
 */
export class SheetRows {
  /** Records taken in so far. */
  records = 0;
  private headers: string[] | null = null;
  private readonly rows: ParsedSheet['rows'] = [];
  /** The rows that are not blank, before the header is found among them. */
  private waiting: { row: number; cells: readonly string[] }[] = [];

  add(records: readonly (readonly string[] | undefined)[]): void {
    for (const cells of records) {
      const row = ++this.records;
      if (isBlank(cells)) continue;
      if (this.headers) this.rows.push({ row, cells: cells!.map((c) => c.trim()) });
      else if (this.waiting.push({ row, cells: cells! }) >= HEADER_SEARCH_ROWS) this.findHeader();
    }
  }

  finish(): Pick<ParsedSheet, 'headers' | 'rows'> {
    if (!this.headers) this.findHeader();
    return { headers: this.headers ?? [], rows: this.rows };
  }

  private findHeader(): void {
    const seen = this.waiting;
    this.waiting = [];
    const filled = (cells: readonly string[]) => cells.filter((c) => c.trim() !== '').length;
    let at = seen.findIndex((r) => guessColumns(r.cells).filter(Boolean).length >= 2);
    if (at < 0) at = seen.findIndex((r) => filled(r.cells) >= 2);
    if (at < 0) at = 0;
    this.headers = (seen[at]?.cells ?? []).map((h) => h.trim());
    for (const r of seen.slice(at + 1)) this.rows.push({ row: r.row, cells: r.cells.map((c) => c.trim()) });
  }
}

/** The header and data rows of a sheet's records read at once (see {@link SheetRows}). */
export function sheetOfRecords(records: readonly (readonly string[] | undefined)[]): Pick<ParsedSheet, 'headers' | 'rows'> {
  const sheet = new SheetRows();
  sheet.add(records);
  return sheet.finish();
}

function isBlank(cells: readonly string[] | undefined): boolean {
  return !cells || cells.every((c) => c.trim() === '');
}
