import { useState } from 'react';
import { IMPORT_FILE_MAX, type ImportCheckInput, type ImportCheckOutput } from '../../common/ipc';
import type { ImportField } from '../../common/import-columns';
import type { DayOrder } from '../../common/import-dates';
import type { DecimalMark } from '../../common/import-numbers';
import type { WroForm } from '../../../../shared/schemas/wro-form';
import { call } from '../../../../renderer/src/bridge/dockdesk';
import { errorParts } from '../../../../renderer/src/ui/ErrorNote';
import { localeDayOrder, localeDecimal } from '../../../../renderer/src/format';
import { currentWords } from '../../../../renderer/src/i18n/useT';

export interface ImportedLines {
  order: Pick<WroForm, 'package_type' | 'box_packaging_type' | 'expected_arrival_date' | 'purchase_order_number'> & { fc: number | null };
  boxes: WroForm['boxes'];
}

type Edits = ReadonlyMap<number, string[]>;

/** What a check is asked with instead of the state (set in the same step, so not yet in it). */
interface Choices extends Partial<Reading> {
  file?: ChosenFile;
  edits?: Map<number, string[]>;
  dropped?: Set<number>;
}

/** A chosen file as main reads it: its bytes in base64, whatever it is (main finds that from the bytes). */
interface ChosenFile {
  name: string;
  bytes: string;
}

const MAIN_READS: Reading = { sheet: null, columns: null, dayOrder: null, decimal: null };

/** The clerk's choices of how to read the file; null: main's (found from the file). */
interface Reading {
  sheet: string | null;
  columns: (ImportField | null)[] | null;
  dayOrder: DayOrder | null;
  decimal: DecimalMark | null;
}

/** The fixes with one cell of a row changed. */
function withCell(edits: Edits, rows: Edits, row: number, column: number, value: string): Map<number, string[]> {
  const next = new Map(edits);
  const cells = [...(edits.get(row) ?? rows.get(row) ?? [])];
  while (cells.length <= column) cells.push('');
  cells[column] = value;
  return next.set(row, cells);
}

/** The call's input: the file, the clerk's choices, and the form's order fields where the file gives none. */
function checkInput(
  f: ChosenFile,
  want: ImportCheckInput['want'],
  form: WroForm,
  centers: readonly { id: number; name: string }[],
  reading: Reading,
  edits: Edits,
  dropped: ReadonlySet<number>,
): ImportCheckInput {
  const { sheet, columns, dayOrder, decimal } = reading;
  return {
    fileName: f.name.slice(0, 260),
    bytes: f.bytes,
    ...(sheet !== null ? { sheet } : {}),
    ...(columns ? { columns } : {}),
    ...(dayOrder ? { dayOrder } : {}),
    ...(decimal ? { decimal } : {}),
    localeDayOrder: localeDayOrder(),
    localeDecimal: localeDecimal(),
    edits: [...edits].map(([row, cells]) => ({ row, cells })),
    dropped: [...dropped],
    defaults: {
      fc: form.fulfillment_center.id,
      package_type: form.package_type,
      box_packaging_type: form.box_packaging_type,
      expected_arrival_date: form.expected_arrival_date,
      purchase_order_number: form.purchase_order_number,
    },
    centers: centers.map((c) => ({ id: c.id, name: c.name.slice(0, 200) })),
    want,
  };
}

/** The form's lines from main's answer, or null while any row is wrong (the answer then shows why). */
function linesOf(result: ImportCheckOutput | null): ImportedLines | null {
  if (!result?.boxes) return null;
  const { order } = result;
  const { fulfillment_center, fromFile: _fromFile, ...top } = order;
  return { order: { fc: fulfillment_center.id, ...top }, boxes: result.boxes };
}

/** The chosen file's bytes in base64, or why it is not read (too large for one check). */
async function readChosen(chosen: File): Promise<string | { error: string }> {
  const { t } = currentWords();
  if (chosen.size > IMPORT_FILE_MAX)
    return { error: t('receiving.import.tooLarge', { file: chosen.name, size: Math.round(chosen.size / 1000), max: IMPORT_FILE_MAX / 1000 }) };
  const bytes = new Uint8Array(await chosen.arrayBuffer());
  // btoa takes a binary string; built in slices, as one call with 700,000 arguments would overflow the stack.
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The import's state in the page: the file's bytes, the clerk's choices (sheet, column match, day order,
 * decimal mark, rows fixed or dropped) and main's last answer. Every check is one call to main, which reads and checks
 * the whole file; the page keeps only what it shows.
 */
export function useSheetImport(form: WroForm, centers: readonly { id: number; name: string }[]) {
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [answer, setAnswer] = useState<ImportCheckOutput | null>(null);
  const [rows, setRows] = useState<Map<number, string[]>>(new Map());
  const [edits, setEdits] = useState<Map<number, string[]>>(new Map());
  const [dropped, setDropped] = useState<Set<number>>(new Set());
  const [reading, setReading] = useState<Reading>(MAIN_READS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = async (want: ImportCheckInput['want'], over: Choices = {}): Promise<ImportCheckOutput | null> => {
    const f = over.file ?? file;
    if (!f) return null;
    const { file: _file, edits: _edits, dropped: _dropped, ...chosen } = over;
    const read = { ...reading, ...chosen };
    setBusy(true);
    setError(null);
    try {
      const result = await call('receiving.importCheck', checkInput(f, want, form, centers, read, over.edits ?? edits, over.dropped ?? dropped));
      if (result.rows) setRows(new Map(result.rows.map((r) => [r.row, r.cells])));
      setAnswer(result);
      return result;
    } catch (e) {
      setError(errorParts(e).message);
      return null;
    } finally {
      setBusy(false);
    }
  };

  return {
    file,
    answer,
    busy,
    error,
    /** A row's cells as the clerk sees them now (fixed, else as read). */
    cells: (row: number) => edits.get(row) ?? rows.get(row) ?? [],
    dropped,
    choose: async (chosen: File) => {
      const bytes = await readChosen(chosen);
      if (typeof bytes !== 'string') {
        setError(bytes.error);
        return null;
      }
      const f = { name: chosen.name, bytes };
      setFile(f);
      setAnswer(null);
      setEdits(new Map());
      setDropped(new Set());
      setReading(MAIN_READS);
      return ask('preview', { ...MAIN_READS, file: f, edits: new Map(), dropped: new Set() });
    },
    /** Another sheet of the workbook: read afresh, its own columns and rows. */
    chooseSheet: (sheet: string) => {
      setReading({ ...reading, sheet, columns: null });
      setEdits(new Map());
      setDropped(new Set());
      return ask('preview', { sheet, columns: null, edits: new Map(), dropped: new Set() });
    },
    chooseDecimal: (decimal: DecimalMark) => {
      setReading({ ...reading, decimal });
      return ask('preview', { decimal });
    },
    matchColumn: (index: number, field: ImportField | null) => {
      const base = [...(reading.columns ?? answer?.columns ?? [])];
      // A field goes to one column: the column that had it gives it up.
      const columns = base.map((f, i) => (i === index ? field : f === field && field !== null ? null : f));
      setReading({ ...reading, columns });
      return ask('preview', { columns });
    },
    chooseDayOrder: (dayOrder: DayOrder) => {
      setReading({ ...reading, dayOrder });
      return ask('preview', { dayOrder });
    },
    editCell: (row: number, column: number, value: string) => setEdits(withCell(edits, rows, row, column, value)),
    recheck: () => ask('preview'),
    drop: (row: number) => {
      const next = new Set(dropped).add(row);
      setDropped(next);
      return ask('preview', { dropped: next });
    },
    /** The checked lines for the form, or null while any row is wrong (the answer then shows why). */
    lines: async (): Promise<ImportedLines | null> => linesOf(await ask('lines')),
  };
}

export type SheetImport = ReturnType<typeof useSheetImport>;
