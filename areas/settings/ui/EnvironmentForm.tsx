import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AppErrorException } from '../../../shared/errors';
import type { ConnectionTest, EnvironmentSummary } from '../../../shared/schemas/environments';
import { call, errorMessage } from '../../../renderer/src/bridge/dockdesk';
import { ErrorDetails } from '../../../renderer/src/ui/ErrorNote';
import { useT, type Translate } from '../../../renderer/src/i18n/useT';
import { useShortcut } from '../../../renderer/src/keyboard/useShortcut';

interface Draft {
  name: string;
  apiBaseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
}

const empty: Draft = { name: '', apiBaseUrl: '', authUrl: '', clientId: '', clientSecret: '' };

function fromSummary(e: EnvironmentSummary): Draft {
  return { name: e.name, apiBaseUrl: e.apiBaseUrl ?? '', authUrl: e.authUrl ?? '', clientId: e.clientId ?? '', clientSecret: '' };
}

/** Where the client secret goes; the keychain is named only when there is one. */
function secretHint(t: Translate, keychain: boolean, stored: boolean): string {
  if (keychain) return stored ? t('settings.env.secret.storedKeychain') : t('settings.env.secret.keychain');
  return stored ? t('settings.env.secret.storedMemory') : t('settings.env.secret.memory');
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

/** The form's draft, its save and its connection test; an edit drops errors and results that described the old values. */
function useEnvironmentForm(editing: EnvironmentSummary | null, onDone: () => void) {
  const [draft, setDraft] = useState<Draft>(editing ? fromSummary(editing) : empty);
  const save = useMutation({
    mutationFn: () =>
      call('environments.save', {
        ...(editing ? { id: editing.id } : {}),
        name: draft.name,
        apiBaseUrl: draft.apiBaseUrl,
        authUrl: orNull(draft.authUrl),
        clientId: orNull(draft.clientId),
        ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
      }),
    onSuccess: onDone,
  });
  const test = useMutation({
    mutationFn: (): Promise<ConnectionTest> => call('environments.test', { apiBaseUrl: draft.apiBaseUrl, authUrl: orNull(draft.authUrl) }),
  });
  const fieldErrors = (error: unknown) => (error instanceof AppErrorException ? (error.appError.fieldErrors ?? {}) : {});
  const errors: Record<string, string[] | undefined> = { ...fieldErrors(test.error), ...fieldErrors(save.error) };
  const edit = (key: keyof Draft, value: string) => {
    setDraft({ ...draft, [key]: value });
    // Errors and test results describe the old values; drop them as soon as the user edits.
    if (save.isError) save.reset();
    if (test.data || test.isError) test.reset();
  };
  return { draft, edit, save, test, errors };
}

function Field({
  id,
  label,
  value,
  problems,
  onChange,
  type = 'text',
  hint,
  required,
}: {
  id: string;
  label: string;
  value: string;
  problems: string[] | undefined;
  onChange: (value: string) => void;
  type?: string;
  hint?: string;
  required?: boolean;
}) {
  const { t } = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{required ? label : t('settings.env.optional', { label })}</label>
      <input
        id={id}
        type={type}
        value={value}
        autoComplete="off"
        aria-invalid={problems ? true : undefined}
        aria-describedby={problems ? `${id}-error` : hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && !problems && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      {problems && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {problems.join(' ')}
        </small>
      )}
    </div>
  );
}

/**
 * Adds or edits an environment. The client secret is write-only: left empty it stays as it is.
 * Field errors from main appear next to their fields.
 */
export function EnvironmentForm({ editing, onDone, keychain }: { editing: EnvironmentSummary | null; onDone: () => void; keychain: boolean }) {
  const { draft, edit, save, test, errors } = useEnvironmentForm(editing, onDone);
  const formId = useId();
  const { t } = useT();
  useShortcut({ keys: 'Escape', description: t('settings.env.key.close'), inFields: true, handler: onDone });
  const field = (key: keyof Draft, label: string, options: { type?: string; hint?: string; required?: boolean } = {}) => (
    <Field id={`${formId}-${key}`} label={label} value={draft[key]} problems={errors[key]} onChange={(v) => edit(key, v)} {...options} />
  );
  const failure = (save.error ?? test.error) && Object.keys(errors).length === 0 ? (save.error ?? test.error) : null;
  return (
    <form
      className="environment-form"
      aria-label={editing ? t('settings.env.editLabel', { name: editing.name }) : t('settings.env.add')}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h3>{editing ? t('settings.env.editLabel', { name: editing.name }) : t('settings.env.add')}</h3>
      {field('name', t('settings.env.name'), { required: true })}
      {field('apiBaseUrl', t('settings.env.api'), { required: true, hint: t('settings.env.api.hint') })}
      {field('authUrl', t('settings.env.auth'), { hint: t('settings.env.auth.hint') })}
      {field('clientId', t('settings.env.clientId'))}
      {field('clientSecret', t('settings.env.clientSecret'), { type: 'password', hint: secretHint(t, keychain, editing?.hasClientSecret === true) })}
      <div className="actions">
        <button type="button" onClick={() => test.mutate()} disabled={test.isPending || draft.apiBaseUrl.trim() === ''}>
          {test.isPending ? t('settings.env.testing') : t('settings.env.test')}
        </button>
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('settings.env.save')}
        </button>
        <button type="button" onClick={onDone}>
          {t('settings.env.cancel')}
        </button>
      </div>
      {test.data && <TestResults result={test.data} />}
      {failure && (
        <>
          <p className="error" role="alert">
            {errorMessage(failure)}
          </p>
          <ErrorDetails error={failure} />
        </>
      )}
    </form>
  );
}

function TestResults({ result }: { result: ConnectionTest }) {
  const { t, rich } = useT();
  return (
    <ul className="checks" aria-label={t('settings.env.results')}>
      {result.checks.map((c) => (
        <li key={c.name} className={c.ok ? 'ok' : 'bad'}>
          {rich('settings.env.check', { b: (chunks) => <strong>{chunks}</strong>, name: c.name, ok: c.ok ? 'yes' : 'no', detail: c.detail })}
        </li>
      ))}
    </ul>
  );
}
