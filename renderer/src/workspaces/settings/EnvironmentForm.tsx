import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AppErrorException } from '../../../../shared/errors';
import type { ConnectionTest, EnvironmentSummary } from '../../../../shared/schemas/environments';
import { call, errorMessage } from '../../bridge/dockdesk';
import { ErrorDetails } from '../../ui/ErrorNote';
import { useShortcut } from '../../keyboard/useShortcut';

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
function secretHint(keychain: boolean, stored: boolean): string {
  if (keychain) return stored ? 'A secret is stored in the keychain; leave empty to keep it.' : 'Kept in the system keychain.';
  return stored ? 'A secret is kept until Dockdesk closes; leave empty to keep it.' : 'There is no system keychain here: kept in memory until Dockdesk closes.';
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
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? '' : ' (optional)'}
      </label>
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
  useShortcut({ keys: 'Escape', description: 'Close the form without saving', inFields: true, handler: onDone });
  const field = (key: keyof Draft, label: string, options: { type?: string; hint?: string; required?: boolean } = {}) => (
    <Field id={`${formId}-${key}`} label={label} value={draft[key]} problems={errors[key]} onChange={(v) => edit(key, v)} {...options} />
  );
  const failure = (save.error ?? test.error) && Object.keys(errors).length === 0 ? (save.error ?? test.error) : null;
  return (
    <form
      className="environment-form"
      aria-label={editing ? `Edit ${editing.name}` : 'Add an environment'}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h3>{editing ? `Edit ${editing.name}` : 'Add an environment'}</h3>
      {field('name', 'Name', { required: true })}
      {field('apiBaseUrl', 'API address', { required: true, hint: 'https://…, or http:// on 127.0.0.1 or localhost' })}
      {field('authUrl', 'Sign-in address', { hint: 'Needed to sign in through the browser.' })}
      {field('clientId', 'Client id')}
      {field('clientSecret', 'Client secret', { type: 'password', hint: secretHint(keychain, editing?.hasClientSecret === true) })}
      <div className="actions">
        <button type="button" onClick={() => test.mutate()} disabled={test.isPending || draft.apiBaseUrl.trim() === ''}>
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
        <button type="submit" className="primary" disabled={save.isPending}>
          Save
        </button>
        <button type="button" onClick={onDone}>
          Cancel
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
  return (
    <ul className="checks" aria-label="Connection test results">
      {result.checks.map((c) => (
        <li key={c.name} className={c.ok ? 'ok' : 'bad'}>
          <strong>{c.name}:</strong> {c.ok ? 'OK' : 'Problem'}. {c.detail}
        </li>
      ))}
    </ul>
  );
}
