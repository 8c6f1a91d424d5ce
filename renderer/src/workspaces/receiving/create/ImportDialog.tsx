import { useEffect, useRef } from 'react';
import type { ImportCheckOutput, ImportProblem } from '../../../../../shared/ipc/receiving';
import { IMPORT_FIELD_WORDS, ImportField, importTemplateCsv } from '../../../../../shared/receiving/import-columns';
import { ACCEPTED_DATE_FORMS, type DayOrder } from '../../../../../shared/receiving/import-dates';
import { countOf } from '../../../../../shared/counts';
import type { WroForm } from '../../../../../shared/schemas/wro-form';
import { Dialog } from '../../../ui/Dialog';
import { downloadText } from '../../../ui/download';
import { Select } from '../../../ui/Select';
import { useSheetImport, type ImportedLines, type SheetImport } from './useSheetImport';

/** Rows with problems drawn at once; the rest are counted (each fix brings the next ones up). */
const ROWS_SHOWN = 40;

const FIELD_CHOICES = [{ id: 'none', label: 'Not read' }, ...ImportField.options.map((f) => ({ id: f, label: IMPORT_FIELD_WORDS[f] }))];
const DAY_CHOICES: { id: DayOrder; label: string }[] = [
  { id: 'dmy', label: 'Day first (30/06/2027)' },
  { id: 'mdy', label: 'Month first (06/30/2027)' },
];

const cellId = (row: number, column: number) => `imp-r${row}-c${column}`;
const columnId = (column: number) => `imp-col-${column}`;

/** The keyboard goes to the first thing to fix: a row's cell, else the column's match, else the file field or the button. */
function focusFirstProblem(answer: ImportCheckOutput) {
  const first = answer.problems[0];
  requestAnimationFrame(() => {
    const target = !first
      ? document.getElementById('imp-use')
      : first.row !== null
        ? (document.getElementById(cellId(first.row, first.column ?? 0)) ?? document.querySelector<HTMLElement>(`[data-import-row="${first.row}"] input`))
        : first.column !== null
          ? document.querySelector<HTMLElement>(`#${columnId(first.column)} button`)
          : document.querySelector<HTMLElement>('.import-columns button');
    target?.focus();
  });
}

function downloadTemplate() {
  downloadText('receiving-order-template.csv', importTemplateCsv(), 'text/csv;charset=utf-8');
}

/**
 * Import from a spreadsheet: choose the file, check the column match, fix or drop the rows main found
 * wrong, then "Use these lines" fills the form (its draft keeps them). Nothing is sent to the service
 * here: the form's own Create does that.
 */
export function ImportDialog({
  isOpen,
  onClose,
  form,
  centers,
  onLines,
}: {
  isOpen: boolean;
  onClose: () => void;
  form: WroForm;
  centers: readonly { id: number; name: string }[];
  onLines: (lines: ImportedLines) => void;
}) {
  const imp = useSheetImport(form, centers);
  const { answer } = imp;
  const shown = useRef<ImportCheckOutput | null>(null);
  useEffect(() => {
    if (answer && answer !== shown.current) {
      shown.current = answer;
      focusFirstProblem(answer);
    }
  }, [answer]);
  return (
    <Dialog title="Import from a spreadsheet" isOpen={isOpen} onOpenChange={(open) => !open && onClose()} wide describedBy="imp-help">
      <p id="imp-help" className="hint">
        One row per line: the item (SKU, barcode or inventory id) and its quantity, and where there are any its box, tracking number, lot and expiry; the
        order&apos;s fulfillment center, PO number, expected arrival, package type and box packaging come from the file or from the form. Dates read as{' '}
        {ACCEPTED_DATE_FORMS}.{' '}
        <button type="button" className="quiet" onClick={downloadTemplate}>
          Download the template
        </button>
      </p>
      <label className="field">
        <span>Spreadsheet file (CSV or TSV)</span>
        <input
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
          autoFocus
          onChange={(e) => {
            const chosen = e.currentTarget.files?.[0];
            if (chosen) void imp.choose(chosen); // never rejects: a failure shows in the dialog
          }}
        />
      </label>
      {imp.error && (
        <p className="field-error" role="alert">
          {imp.error}
        </p>
      )}
      {answer && <Preview imp={imp} answer={answer} />}
      <div className="button-row">
        <button
          id="imp-use"
          type="button"
          className="primary"
          disabled={!answer || answer.problems.length > 0 || imp.busy}
          onClick={() =>
            void imp.lines().then((lines) => {
              if (lines) onLines(lines);
            })
          }
        >
          Use these lines
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

function Preview({ imp, answer }: { imp: SheetImport; answer: ImportCheckOutput }) {
  const { summary, problems } = answer;
  const fileWide = problems.filter((p) => p.row === null);
  const byRow = new Map<number, ImportProblem[]>();
  for (const p of problems) if (p.row !== null) byRow.set(p.row, [...(byRow.get(p.row) ?? []), p]);
  const rows = [...byRow.keys()];
  return (
    <div className="import-preview" aria-busy={imp.busy}>
      <p role="status">
        {imp.file?.name}: {countOf(summary.lines, 'line')} in {countOf(summary.boxes, 'box')}, {countOf(summary.items, 'item')}.{' '}
        {problems.length === 0 ? 'No problems: the lines can go to the form.' : `${countOf(problems.length, 'problem')} to fix before the lines can be used.`}
        {answer.columnsFrom === 'remembered' ? ' Columns matched as last time for this layout.' : ''}
      </p>
      <fieldset className="import-columns">
        <legend>Columns</legend>
        {answer.headers.map((h, i) => (
          <div key={i} id={columnId(i)}>
            <Select
              label={`Column ${i + 1}: ${h || '(no heading)'}`}
              value={answer.columns[i] ?? 'none'}
              choices={FIELD_CHOICES}
              onChange={(v) => void imp.matchColumn(i, v === 'none' ? null : (v as ImportField))}
            />
          </div>
        ))}
        <Select label="Dates like 03/04/2027 read" value={answer.dayOrder} choices={DAY_CHOICES} onChange={(v) => void imp.chooseDayOrder(v)} />
      </fieldset>
      {fileWide.length > 0 && (
        <ul className="field-error">
          {fileWide.map((p, k) => (
            <li key={k}>{p.message}</li>
          ))}
        </ul>
      )}
      {rows.slice(0, ROWS_SHOWN).map((row) => (
        <ProblemRow key={row} imp={imp} answer={answer} row={row} problems={byRow.get(row)!} />
      ))}
      {rows.length > ROWS_SHOWN && <p className="hint">{countOf(rows.length - ROWS_SHOWN, 'row')} more with problems appear as these are fixed or dropped.</p>}
    </div>
  );
}

function ProblemRow({ imp, answer, row, problems }: { imp: SheetImport; answer: ImportCheckOutput; row: number; problems: ImportProblem[] }) {
  const cells = imp.cells(row);
  const bad = new Set(problems.map((p) => p.column));
  return (
    <fieldset className="import-row" data-import-row={row}>
      <legend>Row {row}</legend>
      <div className="import-cells">
        {answer.headers.map((h, c) => (
          <label key={c} className="field">
            <span>{h || `Column ${c + 1}`}</span>
            <input
              id={cellId(row, c)}
              aria-label={`Row ${row}, ${h || `column ${c + 1}`}`}
              aria-invalid={bad.has(c) || undefined}
              value={cells[c] ?? ''}
              onChange={(e) => imp.editCell(row, c, e.target.value)}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                // The check's answer or its error shows in the dialog; nothing here waits for it.
                void imp.recheck();
              }}
            />
          </label>
        ))}
      </div>
      <ul className="field-error">
        {problems.map((p, k) => (
          <li key={k}>{p.message}</li>
        ))}
      </ul>
      <div className="button-row">
        <button type="button" onClick={() => void imp.recheck()}>
          Check row {row} again
        </button>
        <button type="button" className="quiet" onClick={() => void imp.drop(row)}>
          Drop row {row}
        </button>
      </div>
    </fieldset>
  );
}
