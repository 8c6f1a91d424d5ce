import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import type { z } from 'zod';
import { LabelPrinterProfileInput, type LabelPrinterProfile } from '../../../../shared/ipc/printing';
import { DPI_CHOICES, LABEL_SIZES, type LabelSize } from '../../../../shared/printing/item-label';
import { AppErrorException } from '../../../../shared/errors';
import { useShortcut } from '../../keyboard/useShortcut';
import { ErrorNote } from '../../ui/ErrorNote';
import { useSaveProfile } from './queries';

interface Draft {
  name: string;
  host: string;
  port: string;
  dpi: string;
  size: LabelSize;
  darkness: string;
}

const EMPTY: Draft = { name: '', host: '', port: '9100', dpi: '203', size: '4x6', darkness: '0' };

const fromProfile = (p: LabelPrinterProfile): Draft => ({
  name: p.name,
  host: p.host,
  port: String(p.port),
  dpi: String(p.dpi),
  size: p.size,
  darkness: String(p.darkness),
});

/** Our own words for the numbers (the schema's are a developer's); name and address keep the schema's, written for the clerk. */
const NUMBER_PROBLEMS: Partial<Record<keyof Draft, string>> = {
  port: 'A port is a whole number from 1 to 65535; label printers take jobs on 9100 unless set otherwise.',
  darkness: 'Darkness is a whole number from -30 (lighter) to 30 (darker); 0 keeps the printer’s own setting.',
};

type Problems = Partial<Record<keyof Draft, string>>;
type ProfileInput = z.output<typeof LabelPrinterProfileInput>;

/** The draft as the channel's input, or what is wrong with it, field by field. */
function check(draft: Draft, editing: LabelPrinterProfile | null): { input: ProfileInput } | { problems: Problems } {
  const whole = (text: string) => (/^-?\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  const parsed = LabelPrinterProfileInput.safeParse({
    ...(editing ? { id: editing.id, timeoutSeconds: editing.timeoutSeconds } : {}),
    kind: 'network-label',
    name: draft.name,
    host: draft.host,
    port: whole(draft.port),
    dpi: Number(draft.dpi),
    size: draft.size,
    darkness: whole(draft.darkness),
  });
  if (parsed.success) return { input: parsed.data };
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Draft;
    problems[key] ??= NUMBER_PROBLEMS[key] ?? issue.message;
  }
  return { problems };
}

/**
 * Adds or edits a network label printer. Opens with focus in its first field; Escape closes it
 * without saving; each problem is said beside its field, and nothing typed is lost.
 */
export function PrinterForm({ editing, onDone }: { editing: LabelPrinterProfile | null; onDone: (saved: string | null) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(editing ? fromProfile(editing) : EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const save = useSaveProfile();
  const first = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => first.current?.focus(), []);
  useShortcut({
    keys: 'Escape',
    description: 'Close the printer form without saving',
    group: 'Printers',
    inFields: true,
    scope: () => form.current,
    handler: () => onDone(null),
  });

  const edit = (key: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setProblems((p) => ({ ...p, [key]: undefined }));
    if (save.isError) save.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = check(draft, editing);
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
  const text = (key: 'name' | 'host' | 'port' | 'darkness', label: string, hint: string, inputRef?: Ref<HTMLInputElement>) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      hint={hint}
      value={draft[key]}
      problem={problemOf(key)}
      onChange={(v) => edit(key, v)}
      inputRef={inputRef}
      numeric={key === 'port' || key === 'darkness'}
    />
  );
  const title = editing ? `Edit ${editing.name}` : 'Add a network label printer';
  return (
    <form ref={form} className="printer-form" aria-label={title} onSubmit={submit} noValidate>
      <h3>{title}</h3>
      {text('name', 'Name', 'How the desk knows it, for example "Bench 1 Zebra".', first)}
      {text('host', 'Address', 'Its IP address or host name, from the printer’s network settings label.')}
      <div className="printer-form-row">
        {text('port', 'Port', 'Usually 9100.')}
        <MediaChoices id={id} dpi={draft.dpi} size={draft.size} onChange={edit} />
        {text('darkness', 'Darkness', '0 keeps the printer’s own.')}
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save printer'}
        </button>
        <button type="button" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
      {save.error && !serverField && <ErrorNote error={save.error} prefix="The printer could not be saved" />}
    </form>
  );
}

function TextField({
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
        inputMode={numeric ? 'numeric' : undefined}
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
function MediaChoices({ id, dpi, size, onChange }: { id: string; dpi: string; size: LabelSize; onChange: (key: 'dpi' | 'size', value: string) => void }) {
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
