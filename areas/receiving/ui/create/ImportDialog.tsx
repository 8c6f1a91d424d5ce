import { useEffect, useMemo, useRef } from 'react';
import type { ImportCheckOutput, ImportProblem } from '../../common/ipc';
import { ImportField, importTemplateCsv } from '../../common/import-columns';
import type { DayOrder } from '../../common/import-dates';
import { problemLine } from '../../common/import-problems';
import type { WroForm } from '../../../../shared/schemas/wro-form';
import type { DecimalMark } from '../../common/import-numbers';
import { formatCount, formatDay } from '../../../../renderer/src/format';
import { DataTable, type DataColumn } from '../../../../renderer/src/ui/DataTable';
import { Dialog } from '../../../../renderer/src/ui/Dialog';
import { downloadText } from '../../../../renderer/src/ui/download';
import { Select } from '../../../../renderer/src/ui/Select';
import { useSheetImport, type ImportedLines, type SheetImport } from './useSheetImport';
import { useT, type Translate } from '../../../../renderer/src/i18n/useT';

/** Rows with problems drawn at once; the rest are counted (each fix brings the next ones up). */
const ROWS_SHOWN = 40;

const fieldChoices = (t: Translate) => [
  { id: 'none', label: t('receiving.import.notRead') },
  ...ImportField.options.map((f) => ({ id: f, label: t('receiving.import.field', { field: f }) })),
];
const dayChoices = (t: Translate): { id: DayOrder; label: string }[] => [
  { id: 'dmy', label: t('receiving.import.dayFirst') },
  { id: 'mdy', label: t('receiving.import.monthFirst') },
];

const decimalChoices = (t: Translate): { id: DecimalMark; label: string }[] => [
  { id: ',', label: t('receiving.import.decimalComma') },
  { id: '.', label: t('receiving.import.decimalPoint') },
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
  const { t, rich } = useT();
  const { answer } = imp;
  const shown = useRef<ImportCheckOutput | null>(null);
  useEffect(() => {
    if (answer && answer !== shown.current) {
      shown.current = answer;
      focusFirstProblem(answer);
    }
  }, [answer]);
  return (
    <Dialog title={t('receiving.import.title')} isOpen={isOpen} onOpenChange={(open) => !open && onClose()} wide describedBy="imp-help">
      <p id="imp-help" className="hint">
        {rich('receiving.import.help', { forms: t('receiving.import.dateForms') })}{' '}
        <button type="button" className="quiet" onClick={downloadTemplate}>
          {t('receiving.import.template')}
        </button>
      </p>
      <label className="field">
        <span>{t('receiving.import.file')}</span>
        <input
          type="file"
          accept=".xlsx,.ods,.csv,.tsv,.txt,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet"
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
          {answer ? t('receiving.import.useCount', { lines: answer.summary.lines, boxes: answer.summary.boxes }) : t('receiving.import.use')}
        </button>
        <button type="button" onClick={onClose}>
          {t('receiving.import.cancel')}
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
  const { t, said } = useT();
  return (
    <div className="import-preview" aria-busy={imp.busy}>
      <p role="status">
        {t('receiving.import.summary', { file: imp.file?.name ?? '', lines: summary.lines, boxes: summary.boxes, items: summary.items })}{' '}
        {problems.length === 0 ? t('receiving.import.noProblems') : t('receiving.import.problems', { count: problems.length })}
        {answer.columnsFrom === 'remembered' ? ` ${t('receiving.import.remembered')}` : ''}
      </p>
      <fieldset className="import-columns">
        <legend>{t('receiving.import.columns')}</legend>
        {answer.sheets.length > 1 && answer.sheet !== null && (
          <Select
            label={t('receiving.import.sheet')}
            value={answer.sheet}
            choices={answer.sheets.map((name) => ({ id: name, label: name }))}
            onChange={(name) => void imp.chooseSheet(name)}
          />
        )}
        {answer.headers.map((h, i) => (
          <div key={i} id={columnId(i)}>
            <Select
              label={h ? t('receiving.import.column', { column: i + 1, heading: h }) : t('receiving.import.columnNoHeading', { column: i + 1 })}
              value={answer.columns[i] ?? 'none'}
              choices={fieldChoices(t)}
              onChange={(v) => void imp.matchColumn(i, v === 'none' ? null : (v as ImportField))}
            />
          </div>
        ))}
        <Select label={t('receiving.import.dayOrder')} value={answer.dayOrder} choices={dayChoices(t)} onChange={(v) => void imp.chooseDayOrder(v)} />
        <Select label={t('receiving.import.decimal')} value={answer.decimal} choices={decimalChoices(t)} onChange={(v) => void imp.chooseDecimal(v)} />
      </fieldset>
      {fileWide.length > 0 && (
        <ul className="field-error">
          {fileWide.map((p, k) => (
            <li key={k}>{problemLine(p, answer.headers, said)}</li>
          ))}
        </ul>
      )}
      {rows.slice(0, ROWS_SHOWN).map((row) => (
        <ProblemRow key={row} imp={imp} answer={answer} row={row} problems={byRow.get(row)!} />
      ))}
      {rows.length > ROWS_SHOWN && <p className="hint">{t('receiving.import.moreRows', { count: rows.length - ROWS_SHOWN })}</p>}
      <LinesTable answer={answer} byRow={byRow} />
    </div>
  );
}

/** A row of the file as the line it will become, with its problems: the fields at fault, and in words. */
interface LineRow {
  row: number;
  item: string;
  quantity: number | null;
  box: string;
  lot: string;
  expiry: string;
  /** The fields at fault ("Item, Quantity"): the line's words are in the row's editor above, and on hover. */
  faults: string;
  problems: string;
}

/** The short name of the field a problem is in, as the lines list heads its columns. */
function faultOf(field: ImportField | null, t: Translate): string {
  if (field === 'item' || field === 'quantity' || field === 'box' || field === 'lot' || field === 'expiry') return t(`receiving.import.col.${field}`);
  return field ? t('receiving.import.field', { field }) : t('receiving.import.col.row');
}

/** A problem row's first cell to fix, in the editor above the table. */
function focusRowEditor(row: number, problems: readonly ImportProblem[] | undefined) {
  const column = problems?.find((p) => p.column !== null)?.column ?? 0;
  document.getElementById(cellId(row, column))?.focus();
}

/**
 * Every row as the line it will be (item named, quantity, box, lot, expiry as read), the rows with
 * problems first: the clerk checks the good rows' lots and dates too before using them. Arrows move
 * through it; Enter on a row with a problem goes to its cells.
 */
function LinesTable({ answer, byRow }: { answer: ImportCheckOutput; byRow: ReadonlyMap<number, ImportProblem[]> }) {
  const { t, said } = useT();
  const data = useMemo(() => {
    const rows: LineRow[] = (answer.lines ?? []).map((l) => {
      const item = answer.items?.[String(l.row)];
      return {
        row: l.row,
        item: item ? `${item.name} (${item.sku})` : l.code && t('receiving.import.itemNotFound', { code: l.code }),
        quantity: l.quantity,
        box: l.box,
        lot: l.lot,
        expiry: /^\d{4}-\d{2}-\d{2}$/.test(l.expiry) ? formatDay(l.expiry) : l.expiry,
        faults: [...new Set((byRow.get(l.row) ?? []).map((p) => faultOf(p.field, t)))].join(', '),
        problems: (byRow.get(l.row) ?? []).map((p) => said(p.said)).join(' '),
      };
    });
    return [...rows.filter((r) => r.problems), ...rows.filter((r) => !r.problems)];
  }, [answer, byRow, said, t]);
  const columns = useMemo<DataColumn<LineRow>[]>(
    () => [
      { id: 'row', accessorFn: (r) => r.row, header: t('receiving.import.col.row'), enableSorting: false, meta: { align: 'end' } },
      { id: 'item', accessorFn: (r) => r.item, header: t('receiving.import.col.item'), enableSorting: false },
      {
        id: 'quantity',
        accessorFn: (r) => r.quantity,
        header: t('receiving.import.col.quantity'),
        enableSorting: false,
        cell: (c) => (c.getValue<number | null>() === null ? '' : formatCount(c.getValue<number>())),
        meta: { align: 'end' },
      },
      { id: 'box', accessorFn: (r) => r.box, header: t('receiving.import.col.box'), enableSorting: false },
      { id: 'lot', accessorFn: (r) => r.lot, header: t('receiving.import.col.lot'), enableSorting: false },
      { id: 'expiry', accessorFn: (r) => r.expiry, header: t('receiving.import.col.expiry'), enableSorting: false },
      {
        id: 'problems',
        accessorFn: (r) => r.faults,
        header: t('receiving.import.col.problem'),
        enableSorting: false,
        cell: (c) => (c.row.original.problems ? <span title={c.row.original.problems}>{c.getValue<string>()}</span> : ''),
      },
    ],
    [t],
  );
  if (data.length === 0) return null;
  return (
    <div className="import-lines">
      <DataTable
        label={t('receiving.import.lines')}
        columns={columns}
        data={data}
        getRowId={(r) => String(r.row)}
        sorting={[]}
        onSortingChange={() => undefined}
        onOpen={(r) => r.problems && focusRowEditor(r.row, byRow.get(r.row))}
        totalRows={data.length}
        firstRowIndex={0}
      />
    </div>
  );
}

function ProblemRow({ imp, answer, row, problems }: { imp: SheetImport; answer: ImportCheckOutput; row: number; problems: ImportProblem[] }) {
  const cells = imp.cells(row);
  const bad = new Set(problems.map((p) => p.column));
  const { t, said } = useT();
  return (
    <fieldset className="import-row" data-import-row={row}>
      <legend>{t('receiving.import.row', { row })}</legend>
      <div className="import-cells">
        {answer.headers.map((h, c) => (
          <label key={c} className="field">
            <span>{h || t('receiving.import.columnN', { column: c + 1 })}</span>
            <input
              id={cellId(row, c)}
              aria-label={h ? t('receiving.import.cell', { row, heading: h }) : t('receiving.import.cellNoHeading', { row, column: c + 1 })}
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
          <li key={k}>{problemLine(p, answer.headers, said)}</li>
        ))}
      </ul>
      <div className="button-row">
        <button type="button" onClick={() => void imp.recheck()}>
          {t('receiving.import.recheck', { row })}
        </button>
        <button type="button" className="quiet" onClick={() => void imp.drop(row)}>
          {t('receiving.import.drop', { row })}
        </button>
      </div>
    </fieldset>
  );
}
