import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { EnvironmentSummary } from '../../../../shared/schemas/environments';
import type { SessionState } from '../../../../shared/schemas/session';
import { call, errorMessage } from '../../bridge/dockdesk';
import { ErrorDetails } from '../../ui/ErrorNote';
import { useSession } from '../../session/useSession';
import { askSignOut } from '../../session/SignOut';
import { ScannerSettingsPanel } from '../../scan/ScannerSettingsPanel';
import { Appearance } from './Appearance';
import { EnvironmentForm } from './EnvironmentForm';
import { settingsPanels } from './panels';
import { ViewHeading } from '../../ui/ViewHeading';
import { RequestBudgetSupport } from '../../app/RequestBudgetViews';

export const environmentsKey = ['environments'] as const;

/** The route's view: the session comes from the shell's query (already loaded when this renders). */
export function SettingsView() {
  const session = useSession();
  return session.data ? <SettingsWorkspace session={session.data} /> : null;
}

/** Environments, who is signed in where and how, the write channel, and sign-out. */
export function SettingsWorkspace({ session }: { session: SessionState }) {
  return (
    <section className="workspace" aria-labelledby="settings-title">
      <header className="workspace-header">
        <ViewHeading id="settings-title">Settings</ViewHeading>
      </header>

      <EnvironmentsPanel session={session} />
      <h2>Account in {session.environment.name}</h2>
      <AccountPanel session={session} />

      <Appearance />
      <ScannerSettingsPanel />
      {/* The areas' own sections (lot expiry, return intake), in the areas' order. */}
      {settingsPanels.list().map(({ workspace, item: { id, component: Panel } }) => (
        <Panel key={`${workspace}.${id}`} session={session} />
      ))}
      <h2>Support</h2>
      <LogFolder />
      <RequestBudgetSupport />
    </section>
  );
}

/** The environments: which is in use, switching, adding, editing and removing one. */
function EnvironmentsPanel({ session }: { session: SessionState }) {
  const queryClient = useQueryClient();
  const environments = useQuery({ queryKey: environmentsKey, queryFn: () => call('environments.list', {}) });
  const [editing, setEditing] = useState<EnvironmentSummary | 'new' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: environmentsKey });
  const activate = useMutation({ mutationFn: (id: string) => call('environments.activate', { id }), onSettled: refresh });
  const remove = useMutation({ mutationFn: (id: string) => call('environments.remove', { id }), onSettled: refresh });

  return (
    <>
      <h2>Environments</h2>
      {environments.isError && (
        <p className="error" role="alert">
          {errorMessage(environments.error)}
        </p>
      )}
      <ul className="environments" aria-label="Environments">
        {environments.data?.items.map((env) => {
          const active = env.id === environments.data.activeId;
          return (
            <li key={env.id} aria-current={active ? 'true' : undefined}>
              <div>
                <strong>{env.name}</strong> {active && <span className="badge">In use</span>}
                <div className="muted">{env.apiBaseUrl ?? 'Not set up yet: add its addresses.'}</div>
              </div>
              <div className="actions">
                {!active && (
                  <button
                    type="button"
                    onClick={() => activate.mutate(env.id)}
                    disabled={!env.canSignInWithToken || activate.isPending}
                    aria-label={`Use ${env.name}`}
                  >
                    Use
                  </button>
                )}
                {env.editable && (
                  <button type="button" onClick={() => setEditing(env)} aria-label={`Edit ${env.name}`}>
                    Edit
                  </button>
                )}
                {env.removable && (
                  <button type="button" onClick={() => remove.mutate(env.id)} aria-label={`Remove ${env.name}`}>
                    Remove
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {(activate.error || remove.error) && (
        <p className="error" role="alert">
          {errorMessage(activate.error ?? remove.error)}
        </p>
      )}
      {editing === null ? (
        // Where a view shortcut lands when signed in (signed out: the token field), drawn at once: the first
        // action otherwise depends on whether the environments' Edit buttons have come yet.
        <button type="button" onClick={() => setEditing('new')} data-primary={session.status === 'signed-in' || undefined}>
          Add an environment
        </button>
      ) : (
        <EnvironmentForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          keychain={session.persistence === 'keychain'}
          onDone={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </>
  );
}

/** The log a support person asks for: opened in the file manager, or its path when that cannot be done. */
function LogFolder() {
  const open = useMutation({ mutationFn: () => call('app.openLogFolder', {}) });
  return (
    <div className="log-folder">
      <button type="button" onClick={() => open.mutate()} disabled={open.isPending}>
        Open log folder
      </button>
      {open.data && (
        <p className="muted" role="status" data-testid="log-folder-path">
          {open.data.opened ? 'Opened ' : 'Could not open a file manager here. The logs are in '}
          <code>{open.data.path}</code>
        </p>
      )}
      {open.error && (
        <p className="error" role="alert">
          {errorMessage(open.error)}
        </p>
      )}
    </div>
  );
}

function AccountPanel({ session }: { session: SessionState }) {
  const tokenId = useId();
  const [token, setToken] = useState('');
  const signInWithToken = useMutation({
    mutationFn: () => call('auth.signInWithToken', { token }),
    onSuccess: () => setToken(''),
  });
  const choose = useMutation({ mutationFn: (channelId: number) => call('session.chooseChannel', { channelId }) });
  const account = session.account;

  return (
    <>
      <dl className="facts">
        <dt>Signed in as</dt>
        <dd data-testid="settings-account">
          {session.status === 'signed-in' && account ? `${account.name ?? account.subject}${account.email ? ` <${account.email}>` : ''}` : 'Not signed in'}
        </dd>
        <dt>Signed in with</dt>
        <dd>{session.method === 'pat' ? 'A personal access token' : session.method === 'oauth' ? 'The browser (renews itself)' : '—'}</dd>
        <dt>Channel for changes</dt>
        <dd title={session.channel ? `Channel id ${session.channel.id}` : undefined}>{session.channel ? session.channel.name : '—'}</dd>
        <dt>Sign-in kept in</dt>
        <dd>{session.persistence === 'keychain' ? 'The system keychain' : `Memory only. ${session.keychainNote ?? ''}`}</dd>
      </dl>
      {session.reason && <p className="note">{session.reason}</p>}
      {session.channelChoices.length > 0 && (
        <fieldset className="channel-choice">
          <legend>Several channels can make changes. Which one should Dockdesk use?</legend>
          {session.channelChoices.map((c) => (
            <button key={c.id} type="button" onClick={() => choose.mutate(c.id)} disabled={choose.isPending}>
              Use {c.name}
            </button>
          ))}
        </fieldset>
      )}
      {session.status === 'signed-in' ? (
        <button type="button" onClick={askSignOut}>
          Sign out of {session.environment.name}
        </button>
      ) : (
        <form
          className="token-form"
          onSubmit={(e) => {
            e.preventDefault();
            signInWithToken.mutate();
          }}
        >
          <label htmlFor={tokenId}>Personal access token</label>
          <input
            id={tokenId}
            type="password"
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            aria-describedby={`${tokenId}-hint`}
          />
          <small id={`${tokenId}-hint`} className="hint">
            Created in the service&apos;s dashboard. It is checked, then{' '}
            {session.persistence === 'keychain' ? 'kept in the system keychain.' : 'kept in memory until Dockdesk closes (there is no system keychain here).'}
          </small>
          <button type="submit" className="primary" disabled={token.trim().length === 0 || signInWithToken.isPending}>
            {signInWithToken.isPending ? 'Checking…' : 'Sign in with token'}
          </button>
        </form>
      )}
      {(signInWithToken.error || choose.error) && (
        <p className="error" role="alert">
          {errorMessage(signInWithToken.error ?? choose.error)}
        </p>
      )}
      {(signInWithToken.error || choose.error) && <ErrorDetails error={signInWithToken.error ?? choose.error} />}
    </>
  );
}
