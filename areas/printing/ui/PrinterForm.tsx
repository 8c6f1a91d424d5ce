import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { PrinterProfileInput, type PrinterKind, type PrinterProfile } from '../common/ipc';
import type { LabelSize } from '../common/item-label';
import { AppErrorException } from '../../../shared/errors';
import { useT, type PlainMessageId, type Translate } from '../../../renderer/src/i18n/useT';
import { useShortcut } from '../../../renderer/src/keyboard/useShortcut';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { KindChoice, MediaChoices, SystemFields, TextField, type StockChoice } from './PrinterFields';
import { STOCK_MM } from './printerText';
import { useSaveProfile, useSystemPrinters } from './queries';

/** Both kinds' fields, so switching the kind back and forth loses nothing typed. */
interface Draft {
  kind: PrinterKind;
  name: string;
  host: string;
  port: string;
  dpi: string;
  size: LabelSize;
  darkness: string;
  /** '' is the system's default printer (or, in the browser host, the one chosen in the print dialog). */
  deviceName: string;
  stock: StockChoice;
  widthMm: string;
  heightMm: string;
}

const EMPTY: Omit<Draft, 'kind'> = {
  name: '',
  host: '',
  port: '9100',
  dpi: '203',
  size: '4x6',
  darkness: '0',
  deviceName: '',
  stock: '4x6',
  widthMm: '',
  heightMm: '',
};

function stockOf(widthMm: number, heightMm: number): StockChoice {
  return (
    (Object.keys(STOCK_MM) as LabelSize[]).find((s) => Math.abs(STOCK_MM[s].widthMm - widthMm) < 0.05 && Math.abs(STOCK_MM[s].heightMm - heightMm) < 0.05) ??
    'other'
  );
}

const fromProfile = (p: PrinterProfile): Draft =>
  p.kind === 'network-label'
    ? { ...EMPTY, kind: p.kind, name: p.name, host: p.host, port: String(p.port), dpi: String(p.dpi), size: p.size, darkness: String(p.darkness) }
    : {
        ...EMPTY,
        kind: p.kind,
        name: p.name,
        deviceName: p.deviceName ?? '',
        stock: stockOf(p.widthMm, p.heightMm),
        widthMm: String(p.widthMm),
        heightMm: String(p.heightMm),
      };

/** Our own words for the numbers (the schema's are a developer's); name and address keep the schema's, written for the clerk. */
const NUMBER_PROBLEMS: Partial<Record<keyof Draft, PlainMessageId>> = {
  port: 'printing.problem.port',
  darkness: 'printing.problem.darkness',
  widthMm: 'printing.problem.width',
  heightMm: 'printing.problem.height',
};

type Problems = Partial<Record<keyof Draft, string>>;
type ProfileInput = z.output<typeof PrinterProfileInput>;

const whole = (text: string) => (/^-?\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const millimetres = (text: string) => (/^\d{1,3}([.,]\d+)?$/.test(text.trim()) ? Number(text.trim().replace(',', '.')) : Number.NaN);

/** The draft as the channel's input for its kind, or what is wrong with it, field by field. */
function check(t: Translate, draft: Draft, editing: PrinterProfile | null): { input: ProfileInput } | { problems: Problems } {
  const kept = editing && editing.kind === draft.kind ? { id: editing.id, timeoutSeconds: editing.timeoutSeconds } : editing ? { id: editing.id } : {};
  const size = draft.stock === 'other' ? { widthMm: millimetres(draft.widthMm), heightMm: millimetres(draft.heightMm) } : STOCK_MM[draft.stock];
  const parsed = PrinterProfileInput.safeParse(
    draft.kind === 'network-label'
      ? {
          ...kept,
          kind: draft.kind,
          name: draft.name,
          host: draft.host,
          port: whole(draft.port),
          dpi: Number(draft.dpi),
          size: draft.size,
          darkness: whole(draft.darkness),
        }
      : { ...kept, kind: draft.kind, name: draft.name, deviceName: draft.deviceName || null, ...size },
  );
  if (parsed.success) return { input: parsed.data };
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Draft;
    // A size's own words only where nothing was read as a number; its range refusals are the schema's.
    const ours = key === 'widthMm' || key === 'heightMm' ? (issue.code === 'invalid_type' ? NUMBER_PROBLEMS[key] : undefined) : NUMBER_PROBLEMS[key];
    problems[key] ??= ours ? t(ours) : issue.message;
  }
  return { problems };
}

/** The first field the clerk has still to fill (a new printer's name), else the first field. */
function focusFirstEmpty(form: HTMLFormElement | null): void {
  const fields = [...(form?.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input:not([type="radio"]), select') ?? [])];
  // A select always holds a choice (the default printer is ''), so only typed fields can be empty.
  (fields.find((f) => f instanceof HTMLInputElement && f.value.trim() === '') ?? fields[0])?.focus();
}

/** The form's draft, its problems, and its saving: each problem beside its field, focus on the first. */
function usePrinterDraft(id: string, editing: PrinterProfile | null, kind: PrinterKind, onDone: (saved: string | null) => void) {
  const { t } = useT();
  const [draft, setDraft] = useState<Draft>(editing ? fromProfile(editing) : { ...EMPTY, kind });
  const [problems, setProblems] = useState<Problems>({});
  const save = useSaveProfile();
  const edit = (key: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setProblems((p) => ({ ...p, [key]: undefined }));
    if (save.isError) save.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = check(t, draft, editing);
    if ('problems' in checked) {
      setProblems(checked.problems);
      const firstBad = (Object.keys(checked.problems) as (keyof Draft)[])[0];
      if (firstBad) document.getElementById(`${id}-${firstBad}`)?.focus();
      return;
    }
    save.mutate(checked.input, {
      onSuccess: (settings) => onDone(settings.profiles.find((p) => p.name.toLowerCase() === checked.input.name.toLowerCase())?.id ?? null),
    });
  };
  const serverField = save.error instanceof AppErrorException ? save.error.appError.fieldErrors : undefined;
  const problemOf = (key: keyof Draft) => problems[key] ?? serverField?.[key]?.join(' ');
  return { draft, edit, submit, save, serverField, problemOf };
}

/**
 * Adds or edits a printer of either kind. Opens with focus in its first empty field; Escape closes it
 * without saving; each problem is said beside its field, and nothing typed is lost.
 */
export function PrinterForm({ editing, kind, onDone }: { editing: PrinterProfile | null; kind: PrinterKind; onDone: (saved: string | null) => void }) {
  const id = useId();
  const { t } = useT();
  const { draft, edit, submit, save, serverField, problemOf } = usePrinterDraft(id, editing, kind, onDone);
  const system = useSystemPrinters();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => focusFirstEmpty(form.current), []);
  useShortcut({
    keys: 'Escape',
    description: t('printing.form.keyClose'),
    group: t('printing.title'),
    inFields: true,
    scope: () => form.current,
    handler: () => onDone(null),
  });
  const text = (key: 'name' | 'host' | 'port' | 'darkness', label: string, hint: string) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      hint={hint}
      value={draft[key]}
      problem={problemOf(key)}
      onChange={(v) => edit(key, v)}
      numeric={key === 'port' || key === 'darkness'}
    />
  );
  const title = editing ? t('printing.form.editTitle', { name: editing.name }) : draft.kind === 'system' ? t('printing.addSystem') : t('printing.addNetwork');
  return (
    <form ref={form} className="printer-form" aria-label={title} onSubmit={submit} noValidate>
      <h3>{title}</h3>
      <KindChoice id={id} kind={draft.kind} browserHost={system.data?.available === false} onChange={(k) => edit('kind', k)} />
      {text('name', t('printing.form.name'), draft.kind === 'system' ? t('printing.form.name.hintSystem') : t('printing.form.name.hintNetwork'))}
      {draft.kind === 'network-label' ? (
        <>
          {text('host', t('printing.form.host'), t('printing.form.host.hint'))}
          <div className="printer-form-row">
            {text('port', t('printing.form.port'), t('printing.form.port.hint'))}
            <MediaChoices id={id} dpi={draft.dpi} size={draft.size} onChange={edit} />
            {text('darkness', t('printing.form.darkness'), t('printing.form.darkness.hint'))}
          </div>
        </>
      ) : (
        <SystemFields
          id={id}
          printers={system.data}
          listError={system.error}
          deviceName={draft.deviceName}
          stock={draft.stock}
          widthMm={draft.widthMm}
          heightMm={draft.heightMm}
          problems={{ widthMm: problemOf('widthMm'), heightMm: problemOf('heightMm'), deviceName: problemOf('deviceName') }}
          onChange={edit}
        />
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? t('printing.form.saving') : t('printing.form.save')}
        </button>
        <button type="button" onClick={() => onDone(null)}>
          {t('printing.form.cancel')}
        </button>
      </div>
      {save.error && !serverField && <ErrorNote error={save.error} prefix={t('printing.form.saveFailed')} />}
    </form>
  );
}
