import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { Input, Label, Text, TextField } from 'react-aria-components';
import { StoreConnection } from '../common/store';
import type { SharedStoreView } from '../common/ipc';
import { sentences } from '../../../renderer/src/i18n/sentences';
import { useT, type PlainMessageId, type Translate, type Words } from '../../../renderer/src/i18n/useT';
import { ConfirmDialog } from '../../../renderer/src/ui/ConfirmDialog';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { useSaveSharedStore, useSharedStore } from './queries';
import './desks.css';

/** What the clerk types; the password starts empty every time (it is never read back from the keychain). */
interface Draft {
  host: string;
  port: string;
  database: string;
  role: string;
  password: string;
  deskName: string;
}
type FieldName = keyof Draft;
type Problems = Partial<Record<FieldName, string>>;

const fromView = (view: SharedStoreView): Draft => ({
  host: view.connection?.host ?? '',
  port: String(view.connection?.port ?? 5432),
  database: view.connection?.database ?? '',
  role: view.connection?.role ?? '',
  password: '',
  deskName: view.deskName,
});

/** Our own words for what the schema refuses (its words are a developer's). */
const CONNECTION_PROBLEMS = {
  host: 'desks.settings.problem.host',
  port: 'desks.settings.problem.port',
  database: 'desks.settings.problem.database',
  role: 'desks.settings.problem.role',
} as const satisfies Record<keyof StoreConnection, PlainMessageId>;

/** The draft as a connection, or what is wrong with it, field by field, in the clerk's words. */
function check(t: Translate, draft: Draft): { connection: StoreConnection; deskName: string } | { problems: Problems } {
  const port = /^\d{1,5}$/.test(draft.port.trim()) ? Number(draft.port.trim()) : Number.NaN;
  const parsed = StoreConnection.safeParse({ host: draft.host, port, database: draft.database.trim(), role: draft.role.trim() });
  const problems: Problems = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as FieldName;
      problems[key] ??= t(CONNECTION_PROBLEMS[key as keyof typeof CONNECTION_PROBLEMS]);
    }
  }
  const deskName = draft.deskName.trim();
  if (!deskName) problems.deskName = t('desks.settings.problem.deskName');
  if (!parsed.success || problems.deskName) return { problems };
  return { connection: parsed.data, deskName };
}

/** The first field still empty, else the first field: where the clerk goes on typing. */
function focusFirstEmpty(form: HTMLFormElement | null): void {
  const fields = [...(form?.querySelectorAll<HTMLInputElement>('input') ?? [])];
  (fields.find((f) => f.value.trim() === '') ?? fields[0])?.focus();
}

/** Where the desk stands with the store, in warehouse words; why, when it works alone for now. */
function stateWords(t: Translate, say: Words['said'], view: SharedStoreView): { line: string; why: string | null } {
  switch (view.state) {
    case 'off':
      return { line: t('desks.settings.state.off'), why: null };
    case 'connecting':
      return { line: t('desks.settings.state.connecting'), why: null };
    case 'connected':
      return { line: t(view.sharing ? 'desks.settings.state.connected' : 'desks.settings.state.connectedIdle'), why: null };
    case 'unreachable': {
      // "Does not answer" is the usual why; any other (a changed password, a newer store) is said as it is.
      const otherWhy = (view.said ?? []).some((s) => s.id !== 'errors.desks.unreachable');
      return otherWhy
        ? { line: t('desks.settings.state.refused'), why: sentences(say, view.said) }
        : { line: t('desks.settings.state.unreachable'), why: null };
    }
  }
}

/**
 * Settings → Share with other desks: where the warehouse's PostgreSQL store is, this desk's name
 * there, and where the desk stands with it. The password goes to the keychain and never comes back;
 * a store that cannot be used is not kept, and the panel says why, keeping what was typed.
 */
export function SharedStorePanel() {
  const { t } = useT();
  const store = useSharedStore();
  return (
    <section aria-labelledby="desks-store-title" className="desks-store-settings" data-testid="settings-desks-store">
      {/* data-section: the palette's "Settings: Share with other desks" line finds the section in any language. */}
      <h2 id="desks-store-title" data-section="Share with other desks">
        {t('desks.settings.title')}
      </h2>
      <p className="muted">{t('desks.settings.intro')}</p>
      {store.error && <ErrorNote error={store.error} prefix={t('desks.settings.readFailed')} />}
      {store.data && <StoreForm view={store.data} />}
    </section>
  );
}

/** The form's draft and its connecting: each problem beside its field, focus on the first; nothing typed is lost on a refusal. */
function useStoreDraft(view: SharedStoreView, form: RefObject<HTMLFormElement | null>) {
  const { t } = useT();
  const [draft, setDraft] = useState<Draft>(() => fromView(view));
  const [problems, setProblems] = useState<Problems>({});
  const connect = useSaveSharedStore();
  const edit = (key: FieldName, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setProblems((p) => ({ ...p, [key]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = check(t, draft);
    if ('problems' in checked) {
      setProblems(checked.problems);
      const firstBad = (Object.keys(draft) as FieldName[]).find((k) => checked.problems[k]);
      if (firstBad) form.current?.querySelector<HTMLInputElement>(`[name="${firstBad}"]`)?.focus();
      return;
    }
    connect.mutate(
      // An empty password keeps the one in the keychain.
      { connection: checked.connection, deskName: checked.deskName, ...(draft.password ? { password: draft.password } : {}) },
      { onSuccess: (saved) => setDraft(fromView(saved)) },
    );
  };
  /** Back to what the desk keeps (after it stopped sharing). */
  const reset = (saved: SharedStoreView) => {
    connect.reset();
    setDraft(fromView(saved));
    setProblems({});
  };
  return { draft, problems, edit, submit, connect, reset };
}

/** One labelled field, its hint or its problem below it (React Aria ties both to the input). */
function StoreField({
  name,
  label,
  hint,
  value,
  problem,
  onChange,
  type = 'text',
  numeric = false,
}: {
  name: FieldName;
  label: string;
  hint: string;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'password';
  numeric?: boolean;
}) {
  return (
    <TextField
      className="field"
      name={name}
      type={type}
      value={value}
      onChange={onChange}
      isInvalid={problem !== undefined}
      autoComplete={type === 'password' ? 'new-password' : 'off'}
      inputMode={numeric ? 'numeric' : undefined}
    >
      <Label>{label}</Label>
      <Input spellCheck={false} />
      {problem ? (
        <Text slot="errorMessage" className="field-error" elementType="small">
          <span role="alert">{problem}</span>
        </Text>
      ) : (
        <Text slot="description" className="hint" elementType="small">
          {hint}
        </Text>
      )}
    </TextField>
  );
}

function StoreForm({ view }: { view: SharedStoreView }) {
  const { t, said } = useT();
  const form = useRef<HTMLFormElement>(null);
  const { draft, problems, edit, submit, connect, reset } = useStoreDraft(view, form);
  const [asking, setAsking] = useState(false);
  const state = stateWords(t, said, view);
  const shared = view.connection !== null;
  const field = (name: FieldName, label: string, hint: string, extra: { type?: 'password'; numeric?: boolean } = {}) => (
    <StoreField name={name} label={label} hint={hint} value={draft[name]} problem={problems[name]} onChange={(value) => edit(name, value)} {...extra} />
  );
  return (
    <>
      <div className={`desks-store-state desks-store-${view.state}`} role="status" data-testid="desks-store-state">
        <strong>{state.line}</strong>
        {state.why && <span> {state.why}</span>}
      </div>
      {/* data-focus-first-empty: reached from the palette, the form opens at the first field still to fill. */}
      <form ref={form} className="desks-store-form" onSubmit={submit} noValidate data-focus-first-empty>
        <div className="desks-store-row">
          {field('host', t('desks.settings.host'), t('desks.settings.host.hint'))}
          {field('port', t('desks.settings.port'), t('desks.settings.port.hint'), { numeric: true })}
        </div>
        <div className="desks-store-row">
          {field('database', t('desks.settings.database'), t('desks.settings.database.hint'))}
          {field('role', t('desks.settings.role'), t('desks.settings.role.hint'))}
        </div>
        {field('password', t('desks.settings.password'), shared ? t('desks.settings.password.kept') : t('desks.settings.password.hint'), { type: 'password' })}
        {field('deskName', t('desks.settings.deskName'), t('desks.settings.deskName.hint'))}
        <div className="actions">
          <button type="submit" className="primary" disabled={connect.isPending || asking}>
            {connect.isPending ? t('desks.settings.connecting') : t('desks.settings.connect')}
          </button>
          {shared && (
            <button type="button" disabled={connect.isPending} onClick={() => setAsking(true)}>
              {t('desks.settings.stop')}
            </button>
          )}
        </div>
        {connect.error && <ErrorNote error={connect.error} />}
      </form>
      <StopSharing
        isOpen={asking}
        onClose={() => setAsking(false)}
        onStopped={(saved) => {
          reset(saved);
          setAsking(false);
          // The "Stop sharing" button is gone with the dialog: focus goes on to the first field to fill.
          requestAnimationFrame(() => requestAnimationFrame(() => focusFirstEmpty(form.current)));
        }}
      />
    </>
  );
}

/** "Stop sharing?": the desk works alone again; the way out has focus, so a stray Enter keeps sharing. */
function StopSharing({ isOpen, onClose, onStopped }: { isOpen: boolean; onClose: () => void; onStopped: (view: SharedStoreView) => void }) {
  const { t } = useT();
  const stop = useSaveSharedStore();
  return (
    <ConfirmDialog
      title={t('desks.settings.stop.title')}
      isOpen={isOpen}
      onClose={() => {
        stop.reset();
        onClose();
      }}
      confirmLabel={t('desks.settings.stop.confirm')}
      pendingLabel={t('desks.settings.stop.stopping')}
      dismissLabel={t('desks.settings.stop.keep')}
      isPending={stop.isPending}
      onConfirm={() => stop.mutate({ connection: null }, { onSuccess: onStopped })}
    >
      <p>{t('desks.settings.stop.text')}</p>
      {stop.error && <ErrorNote error={stop.error} />}
    </ConfirmDialog>
  );
}
