import type { Said } from '../../../shared/errors.js';

/** A problem of an imported sheet: where it is (the sheet's row, the column's index) and what it is. */
export interface PlacedProblem {
  row: number | null;
  column: number | null;
  said: Said;
}

/**
 * A problem as one line with its place first ("Row 3, "Item": no item …"): the column named by its
 * heading in the file, or by its number where it has none. `say` words a message: the renderer's in
 * the clerk's language, main's in English for the log.
 */
export function problemLine(p: PlacedProblem, headers: readonly string[], say: (words: Said) => string): string {
  const problem = say(p.said);
  if (p.row === null && p.column === null) return problem;
  const heading = p.column === null ? '' : (headers[p.column] ?? '');
  const where = p.row === null ? (heading ? 'heading' : 'column') : p.column === null ? 'row' : heading ? 'rowHeading' : 'rowColumn';
  return say({ id: 'receiving.import.check.at', values: { where, row: p.row ?? 0, column: (p.column ?? 0) + 1, heading, problem } });
}
