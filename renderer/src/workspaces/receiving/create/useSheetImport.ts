import { useState } from 'react';
import { IMPORT_TEXT_MAX, type ImportCheckInput, type ImportCheckOutput } from '../../../../../shared/ipc/receiving';
import type { ImportField } from '../../../../../shared/receiving/import-columns';
import type { DayOrder } from '../../../../../shared/receiving/import-dates';
import type { WroForm } from '../../../../../shared/schemas/wro-form';
import { call } from '../../../bridge/dockdesk';
import { errorParts } from '../../../ui/ErrorNote';
import { localeDayOrder } from '../../../format';
import { currentWords } from '../../../i18n/useT';

export interface ImportedLines {
  order: Pick<WroForm, 'package_type' | 'box_packaging_type' | 'expected_arrival_date' | 'purchase_order_number'> & { centerId: number | null };
  boxes: WroForm['boxes'];
}

type Edits = ReadonlyMap<number, string[]>;

/** What a check is asked with instead of the state (set in the same step, so not yet in it). */
interface Choices {
  file?: { name: string; text: string };
  columns?: (ImportField | null)[] | null;
  dayOrder?: DayOrder | null;
  edits?: Map<number, string[]>;
  dropped?: Set<number>;
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
  f: { name: string; text: string },
  want: ImportCheckInput['want'],
  form: WroForm,
  centers: readonly { id: number; name: string }[],
  cols: (ImportField | null)[] | null,
  order: DayOrder | null,
  edits: Edits,
  dropped: ReadonlySet<number>,
): ImportCheckInput {
  return {
    fileName: f.name.slice(0, 260),
    text: f.text,
    ...(cols ? { columns: cols } : {}),
    ...(order ? { dayOrder: order } : {}),
    localeDayOrder: localeDayOrder(),
    edits: [...edits].map(([row, cells]) => ({ row, cells })),
    dropped: [...dropped],
    defaults: {
      centerId: form.fulfillment_center.id,
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
  return { order: { centerId: fulfillment_center.id, ...top }, boxes: result.boxes };
}

/** The chosen file's text, or why it is not read (too large for one check). */
async function readChosen(chosen: File): Promise<string | { error: string }> {
  const { t } = currentWords();
  if (chosen.size > IMPORT_TEXT_MAX * 2)
    return { error: t('receiving.import.tooLarge', { file: chosen.name, size: Math.round(chosen.size / 1000), max: IMPORT_TEXT_MAX / 1000 }) };
  const text = await chosen.text();
  if (text.length > IMPORT_TEXT_MAX) return { error: t('receiving.import.tooLong', { file: chosen.name, length: text.length, max: IMPORT_TEXT_MAX }) };
  return text;
}

/**
 * The import's state in the page: the file's text, the clerk's choices (column match, day order, rows
 * fixed or dropped) and main's last answer. Every check is one call to main, which reads and checks
 * the whole file; the page keeps only what it shows.
 */
export function useSheetImport(form: WroForm, centers: readonly { id: number; name: string }[]) {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [answer, setAnswer] = useState<ImportCheckOutput | null>(null);
  const [rows, setRows] = useState<Map<number, string[]>>(new Map());
  const [edits, setEdits] = useState<Map<number, string[]>>(new Map());
  const [dropped, setDropped] = useState<Set<number>>(new Set());
  const [columns, setColumns] = useState<(ImportField | null)[] | null>(null);
  const [dayOrder, setDayOrder] = useState<DayOrder | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = async (want: ImportCheckInput['want'], over: Choices = {}): Promise<ImportCheckOutput | null> => {
    const f = over.file ?? file;
    if (!f) return null;
    const cols = over.columns === undefined ? columns : over.columns;
    const order = over.dayOrder === undefined ? dayOrder : over.dayOrder;
    setBusy(true);
    setError(null);
    try {
      const result = await call('receiving.importCheck', checkInput(f, want, form, centers, cols, order, over.edits ?? edits, over.dropped ?? dropped));
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
      const text = await readChosen(chosen);
      if (typeof text !== 'string') {
        setError(text.error);
        return null;
      }
      const f = { name: chosen.name, text };
      setFile(f);
      setEdits(new Map());
      setDropped(new Set());
      setColumns(null);
      setDayOrder(null);
      return ask('preview', { file: f, columns: null, dayOrder: null, edits: new Map(), dropped: new Set() });
    },
    matchColumn: (index: number, field: ImportField | null) => {
      const base = [...(columns ?? answer?.columns ?? [])];
      // A field goes to one column: the column that had it gives it up.
      const next = base.map((f, i) => (i === index ? field : f === field && field !== null ? null : f));
      setColumns(next);
      return ask('preview', { columns: next });
    },
    chooseDayOrder: (order: DayOrder) => {
      setDayOrder(order);
      return ask('preview', { dayOrder: order });
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
