import { appError } from '../../../../electron/core/words.js';
import { parseSheet, type ParsedSheet } from './parse.js';
import { sniff } from './sniff.js';
import { readWorkbook } from './workbook.js';

/** A chosen file read into a sheet: a workbook's sheet, or CSV/TSV text; any other file refused in one sentence. */
export interface ReadFile {
  sheet: ParsedSheet;
  kind: 'text' | 'xlsx' | 'ods';
  /** A workbook's sheet names (empty for CSV/TSV), and the one read. */
  sheets: string[];
  sheetName: string | null;
}

export async function readFile(bytes: Uint8Array, fileName: string, wantedSheet: string | undefined): Promise<ReadFile> {
  const found = sniff(bytes);
  if (found.kind === 'refused') throw appError('invalid_input', 'receiving.import.notSheet', { file: fileName, looks: found.looks });
  if (found.kind === 'text') return { sheet: await parseSheet(found.text), kind: 'text', sheets: [], sheetName: null };
  const book = await readWorkbook(bytes, fileName, wantedSheet);
  return { sheet: book.sheet, kind: found.kind, sheets: book.sheets, sheetName: book.name };
}
