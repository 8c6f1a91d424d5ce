import { parentPort } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import type { WorkbookAnswer, WorkbookRequest } from './workbook.js';
import { WorkbookRefused, workbookCells } from './workbook-sheet.js';

/**
 * Worker-thread entry of the workbook reader: a file's bytes in, its sheet out as records in pieces of
 * `PIECE_ROWS` (each message a short task for the main thread to take in), then the sheet's names and
 * number cells. Built as its own file beside the main bundle (build/vite.main.config.ts); from source it
 * is bundled on first use (workbook.ts).
 */
const PIECE_ROWS = 1000;
const port = parentPort!;
port.on('message', ({ id, bytes, wanted }: WorkbookRequest) => {
  const answer = (message: WorkbookAnswer) => port.postMessage(message);
  try {
    const { records, ...rest } = workbookCells(XLSX, bytes, wanted);
    for (let at = 0; at < records.length; at += PIECE_ROWS) answer({ id, op: 'rows', records: records.slice(at, at + PIECE_ROWS) });
    answer({ id, op: 'done', ...rest });
  } catch (error) {
    answer({ id, op: 'refused', why: error instanceof WorkbookRefused ? error.why : 'unreadable' });
  }
});
