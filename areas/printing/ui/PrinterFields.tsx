import type { Ref } from 'react';
import type { PrinterKind, SystemPrinters } from '../common/ipc';
import { DPI_CHOICES, LABEL_SIZES, type LabelSize } from '../common/item-label';
import { useT, type PlainMessageId } from '../../../renderer/src/i18n/useT';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { systemPrintersReason } from './printerText';

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
  const { t } = useT();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-dpi`}>{t('printing.field.resolution')}</label>
        <select id={`${id}-dpi`} value={dpi} onChange={(e) => onChange('dpi', e.target.value)}>
          {DPI_CHOICES.map((d) => (
            <option key={d} value={d}>
              {t('printing.field.dpi', { dpi: d })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-size`}>{t('printing.field.labelSize')}</label>
        <select id={`${id}-size`} value={size} onChange={(e) => onChange('size', e.target.value)}>
          {(Object.keys(LABEL_SIZES) as LabelSize[]).map((s) => (
            <option key={s} value={s}>
              {t('printing.size.inches', { width: LABEL_SIZES[s].widthIn, height: LABEL_SIZES[s].heightIn })}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

const KIND_WORDS: Record<PrinterKind, { label: PlainMessageId; hint: (browserHost: boolean) => PlainMessageId }> = {
  'network-label': { label: 'printing.kind.network', hint: () => 'printing.kind.network.hint' },
  system: { label: 'printing.kind.system', hint: (browserHost) => (browserHost ? 'printing.kind.system.hintBrowser' : 'printing.kind.system.hint') },
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
  const { t } = useT();
  return (
    <fieldset className="printer-kind">
      <legend>{t('printing.kind.legend')}</legend>
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
          <label htmlFor={`${id}-kind-${k}`}>{t(KIND_WORDS[k].label)}</label>
          <small id={`${id}-kind-${k}-hint`} className="hint">
            {t(KIND_WORDS[k].hint(browserHost))}
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
  const { t } = useT();
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
          <label htmlFor={`${id}-stock`}>{t('printing.field.labelSize')}</label>
          <select id={`${id}-stock`} value={stock} onChange={(e) => onChange('stock', e.target.value)}>
            {(Object.keys(LABEL_SIZES) as LabelSize[]).map((s) => (
              <option key={s} value={s}>
                {t('printing.size.inches', { width: LABEL_SIZES[s].widthIn, height: LABEL_SIZES[s].heightIn })}
              </option>
            ))}
            <option value="other">{t('printing.size.other')}</option>
          </select>
        </div>
        {stock === 'other' && (
          <>
            <TextField
              id={`${id}-widthMm`}
              label={t('printing.field.width')}
              hint={t('printing.field.width.hint')}
              value={widthMm}
              problem={problems.widthMm}
              onChange={(v) => onChange('widthMm', v)}
              numeric
            />
            <TextField
              id={`${id}-heightMm`}
              label={t('printing.field.height')}
              hint={t('printing.field.height.hint')}
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
  const { t, rich, said } = useT();
  if (listError) return <ErrorNote error={listError} prefix={t('printing.device.readFailed')} />;
  if (!printers)
    return (
      <p className="state" role="status">
        {t('printing.device.reading')}
      </p>
    );
  if (!printers.available)
    return (
      <p className="printer-device-note" id={`${id}-deviceName`}>
        {rich('printing.device.inDialog', { b: (chunks) => <strong>{chunks}</strong> })}
      </p>
    );
  // A device set earlier that the system no longer lists stays chosen, said missing, rather than silently changed.
  const missing = deviceName !== '' && !printers.printers.some((p) => p.name === deviceName);
  return (
    <div className="field">
      <label htmlFor={`${id}-deviceName`}>{t('printing.device.label')}</label>
      <select
        id={`${id}-deviceName`}
        value={deviceName}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-deviceName-hint`}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('printing.device.default')}</option>
        {printers.printers.map((p) => (
          <option key={p.name} value={p.name}>
            {p.status === 'stopped' ? t('printing.device.stopped', { name: p.displayName }) : p.displayName}
          </option>
        ))}
        {missing && <option value={deviceName}>{t('printing.device.missing', { name: deviceName })}</option>}
      </select>
      <small id={`${id}-deviceName-hint`} className={problem ? 'field-error' : 'hint'} role={problem ? 'alert' : undefined}>
        {problem ?? systemPrintersReason(said, printers) ?? t('printing.device.hint')}
      </small>
    </div>
  );
}
