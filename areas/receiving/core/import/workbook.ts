import { Worker } from 'node:worker_threads';
import { appError } from '../../../../electron/core/words.js';
import { workerCode } from '../../../../electron/core/worker-code.js';
import { SheetRows, type ParsedSheet } from './parse.js';
import { WorkbookRefused, workbookCells, type WorkbookCells } from './workbook-sheet.js';

/** A workbook's sheet read as the import reads a CSV, with the workbook's sheet names. */
export interface ReadWorkbook {
  sheet: ParsedSheet;
  sheets: string[];
  /** The sheet read: the one asked for, else the first. */
  name: string;
}

export type WorkbookRequest = { id: number; bytes: Uint8Array; wanted: string | undefined };
export type WorkbookAnswer =
  | { id: number; op: 'rows'; records: (string[] | undefined)[] }
  | ({ id: number; op: 'done' } & Omit<WorkbookCells, 'records'>)
  | { id: number; op: 'refused'; why: WorkbookRefused['why'] };

/**
 * An .xlsx or .ods read into a sheet (workbook-sheet.ts) in a worker thread: SheetJS reads a file
 * whole and synchronously (the largest the call carries took longer than the 100 ms the desk may
 * hold its loop), so main only takes in the rows, a piece per message. The worker is kept, idle and
 * not holding the process open, for the next file: its start and SheetJS's loading (some 100 ms) are
 * paid once. Where no worker can start, the file is read on this thread.
 */
export async function readWorkbook(bytes: Uint8Array, fileName: string, wanted: string | undefined): Promise<ReadWorkbook> {
  const rows = new SheetRows();
  let cells: Omit<WorkbookCells, 'records'>;
  try {
    const reader = await workbookReader();
    if (reader) cells = await reader.read(bytes, wanted, (records) => rows.add(records));
    else {
      const { records, ...rest } = workbookCells(await import('@e965/xlsx'), bytes, wanted);
      rows.add(records);
      cells = rest;
    }
  } catch (error) {
    if (!(error instanceof WorkbookRefused)) throw error;
    throw error.why === 'empty'
      ? appError('invalid_input', 'errors.import.emptyFile', { file: fileName })
      : appError('invalid_input', 'receiving.import.unreadableWorkbook', { file: fileName });
  }
  const sheet: ParsedSheet = { ...rows.finish(), separator: null, bom: false, problems: [], numbers: new Set(cells.numbers) };
  return { sheet, sheets: cells.sheets, name: cells.name };
}

interface Reader {
  read(bytes: Uint8Array, wanted: string | undefined, onRows: (records: (string[] | undefined)[]) => void): Promise<Omit<WorkbookCells, 'records'>>;
}

let reader: Promise<Reader | null> | null = null;

function workbookReader(): Promise<Reader | null> {
  // A worker that cannot be prepared is tried again at the next file; this one is read on this thread.
  reader ??= startReader().catch(() => (reader = null));
  return reader;
}

async function startReader(): Promise<Reader | null> {
  const code = await workerCode(new URL('./workbook-worker.ts', import.meta.url), new URL('./import-workbook-worker.js', import.meta.url));
  if (!code) return null;
  const worker = typeof code === 'string' ? new Worker(code, { eval: true }) : new Worker(code);
  worker.unref();
  let nextId = 1;
  const pending = new Map<
    number,
    { onRows: (records: (string[] | undefined)[]) => void; resolve: (cells: Omit<WorkbookCells, 'records'>) => void; reject: (error: Error) => void }
  >();
  const stopped = (why: string) => {
    reader = null;
    for (const waiting of pending.values()) waiting.reject(new Error(`the workbook reader stopped (${why})`));
    pending.clear();
  };
  worker.on('message', (answer: WorkbookAnswer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    if (answer.op === 'rows') return waiting.onRows(answer.records);
    pending.delete(answer.id);
    // An idle worker does not keep the desk's process running.
    if (pending.size === 0) worker.unref();
    if (answer.op === 'refused') waiting.reject(new WorkbookRefused(answer.why));
    else waiting.resolve({ sheets: answer.sheets, name: answer.name, numbers: answer.numbers });
  });
  worker.once('error', (error) => stopped(error.message));
  worker.once('exit', (code) => stopped(`exit code ${code}`));
  return {
    read: (bytes, wanted, onRows) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { onRows, resolve, reject });
        worker.ref();
        worker.postMessage({ id, bytes, wanted } satisfies WorkbookRequest);
      }),
  };
}
