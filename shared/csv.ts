import Papa from 'papaparse';

/**
 * The desk's one CSV writer, for every file it exports (stock, history, receiving discrepancies): RFC
 * 4180 (comma, a field with a comma, quote or line break quoted, quotes doubled, CRLF after every
 * record), UTF-8. Lots, names and references come from the service and from suppliers' files, so a
 * text cell a spreadsheet would run as a formula (one beginning with `=`, `+`, `-`, `@`, tab or
 * carriage return) is led by an apostrophe and quoted, as OWASP's CSV injection advice says; a
 * spreadsheet shows it as the text it is. Numbers are written as numbers (a negative difference
 * stays -3). Papa Parse writes it (it reads the desk's imports too); its own formula pattern misses a
 * cell with a line break after the formula, hence ours.
 */
export type CsvCell = string | number | null | undefined;

/** What a spreadsheet would run: a text cell beginning with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Records as CSV text, each ended by CRLF; a missing cell (null, undefined) is empty. */
export function csvText(records: readonly (readonly CsvCell[])[]): string {
  if (records.length === 0) return '';
  const text = Papa.unparse(records as CsvCell[][], { newline: '\r\n', escapeFormulae: FORMULA_START, header: false });
  return `${text}\r\n`;
}
