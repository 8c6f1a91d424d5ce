import type { Ref } from 'react';
import type { PrinterKind, SystemPrinters } from '../../../../shared/ipc/printing';
import { DPI_CHOICES, LABEL_SIZES, type LabelSize } from '../../../../shared/printing/item-label';
import { ErrorNote } from '../../ui/ErrorNote';

/** The printer form's parts: plain labelled fields, each with its hint or its problem beside it. */

export function TextField({
  id,
  label,
  hint,
  value,
  problem,
  onChange,
  inputRef,
  numeric,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement> | undefined;
  numeric: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        value={value}
        autoComplete="off"
        spellCheck={false}
        inputMode={numeric ? 'decimal' : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : `${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem ? (
        <small id={`${id}-error`} className="field-error" role="alert">
          {problem}
        </small>
      ) : (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

/** Resolution and label size: what the printer's head and its loaded stock are. */
export function MediaChoices({
  id,
  dpi,
  size,
  onChange,
}: {
  id: string;
  dpi: string;
  size: LabelSize;
  onChange: (key: 'dpi' | 'size', value: string) => void;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-dpi`}>Resolution</label>
        <select id={`${id}-dpi`} value={dpi} onChange={(e) => onChange('dpi', e.target.value)}>
          {DPI_CHOICES.map((d) => (
            <option key={d} value={d}>
              {d} dpi
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-size`}>Label size</label>
        <select id={`${id}-size`} value={size} onChange={(e) => onChange('size', e.target.value)}>
          {(Object.keys(LABEL_SIZES) as LabelSize[]).map((s) => (
            <option key={s} value={s}>
              {LABEL_SIZES[s].widthIn} × {LABEL_SIZES[s].heightIn} in
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

const KIND_WORDS: Record<PrinterKind, { label: string; hint: (browserHost: boolean) => string }> = {
  'network-label': {
    label: 'Network label printer',
    hint: () => 'A Zebra-class printer that takes ZPL on its network port (usually 9100): no dialog, its state read before and after each job.',
  },
  system: {
    label: 'System printer',
    hint: (browserHost) =>
      browserHost
        ? 'In the browser, Dockdesk cannot reach this computer’s printers: each job opens the browser’s own print dialog, where you choose the printer and the paper. The desktop app prints to it directly, with no dialog.'
        : 'A printer set up on this computer (a USB label printer with its driver, an office printer): each job goes to it through the system’s print queue as a PDF the label’s size, no dialog.',
  },
};

/** Which kind of printer: two radio buttons (arrow keys move between them), each saying what it means here. */
export function KindChoice({
  id,
  kind,
  browserHost,
  onChange,
}: {
  id: string;
  kind: PrinterKind;
  browserHost: boolean;
  onChange: (kind: PrinterKind) => void;
}) {
  return (
    <fieldset className="printer-kind">
      <legend>Kind of printer</legend>
      {(Object.keys(KIND_WORDS) as PrinterKind[]).map((k) => (
        <div key={k} className="printer-kind-choice">
          <input
            type="radio"
            id={`${id}-kind-${k}`}
            name={`${id}-kind`}
            value={k}
            checked={kind === k}
            aria-describedby={`${id}-kind-${k}-hint`}
            onChange={() => onChange(k)}
          />
          <label htmlFor={`${id}-kind-${k}`}>{KIND_WORDS[k].label}</label>
          <small id={`${id}-kind-${k}-hint`} className="hint">
            {KIND_WORDS[k].hint(browserHost)}
          </small>
        </div>
      ))}
    </fieldset>
  );
}

export type StockChoice = LabelSize | 'other';

/**
 * A system printer's device (from the system's list, or the system's default) and its label's exact
 * size: a stock size, or another in millimetres. Where the list cannot be had (the browser host) or
 * is empty, that is said instead of an empty choice.
 */
export function SystemFields({
  id,
  printers,
  listError,
  deviceName,
  stock,
  widthMm,
  heightMm,
  problems,
  onChange,
}: {
  id: string;
  printers: SystemPrinters | undefined;
  listError: Error | null;
  deviceName: string;
  stock: StockChoice;
  widthMm: string;
  heightMm: string;
  problems: Partial<Record<'widthMm' | 'heightMm' | 'deviceName', string>>;
  onChange: (key: 'deviceName' | 'stock' | 'widthMm' | 'heightMm', value: string) => void;
}) {
  return (
    <>
      <DeviceChoice
        id={id}
        printers={printers}
        listError={listError}
        deviceName={deviceName}
        problem={problems.deviceName}
        onChange={(v) => onChange('deviceName', v)}
      />
      <div className="printer-form-row">
        <div className="field">
          <label htmlFor={`${id}-stock`}>Label size</label>
          <select id={`${id}-stock`} value={stock} onChange={(e) => onChange('stock', e.target.value)}>
            {(Object.keys(LABEL_SIZES) as LabelSize[]).map((s) => (
              <option key={s} value={s}>
                {LABEL_SIZES[s].widthIn} × {LABEL_SIZES[s].heightIn} in
              </option>
            ))}
            <option value="other">Other size (mm)</option>
          </select>
        </div>
        {stock === 'other' && (
          <>
            <TextField
              id={`${id}-widthMm`}
              label="Width (mm)"
              hint="Across, as the stock’s box says."
              value={widthMm}
              problem={problems.widthMm}
              onChange={(v) => onChange('widthMm', v)}
              numeric
            />
            <TextField
              id={`${id}-heightMm`}
              label="Height (mm)"
              hint="Along the feed."
              value={heightMm}
              problem={problems.heightMm}
              onChange={(v) => onChange('heightMm', v)}
              numeric
            />
          </>
        )}
      </div>
    </>
  );
}

function DeviceChoice({
  id,
  printers,
  listError,
  deviceName,
  problem,
  onChange,
}: {
  id: string;
  printers: SystemPrinters | undefined;
  listError: Error | null;
  deviceName: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}) {
  if (listError) return <ErrorNote error={listError} prefix="The system’s printers could not be read" />;
  if (!printers)
    return (
      <p className="state" role="status">
        Reading this computer’s printers…
      </p>
    );
  if (!printers.available)
    return (
      <p className="printer-device-note" id={`${id}-deviceName`}>
        <strong>Printer:</strong> chosen in the browser’s print dialog for each job.
      </p>
    );
  // A device set earlier that the system no longer lists stays chosen, said missing, rather than silently changed.
  const missing = deviceName !== '' && !printers.printers.some((p) => p.name === deviceName);
  return (
    <div className="field">
      <label htmlFor={`${id}-deviceName`}>Printer on this computer</label>
      <select
        id={`${id}-deviceName`}
        value={deviceName}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-deviceName-hint`}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">This computer’s default printer</option>
        {printers.printers.map((p) => (
          <option key={p.name} value={p.name}>
            {p.displayName}
            {p.status === 'stopped' ? ' (stopped)' : ''}
          </option>
        ))}
        {missing && <option value={deviceName}>{deviceName} (not found now)</option>}
      </select>
      <small id={`${id}-deviceName-hint`} className={problem ? 'field-error' : 'hint'} role={problem ? 'alert' : undefined}>
        {problem ?? printers.reason ?? 'As the system names it; set a printer up in the system’s printer settings to see it here.'}
      </small>
    </div>
  );
}
