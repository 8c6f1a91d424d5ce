import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import type { EnvironmentSummary } from '../../../shared/schemas/environments';
import type { SessionState } from '../../../shared/schemas/session';
import { call, errorMessage } from '../../../renderer/src/bridge/dockdesk';
import { useT } from '../../../renderer/src/i18n/useT';
import { ErrorDetails } from '../../../renderer/src/ui/ErrorNote';
import { useSession } from '../../../renderer/src/session/useSession';
import { askSignOut } from '../../../renderer/src/session/SignOut';
import { ScannerSettingsPanel } from '../../../renderer/src/scan/ScannerSettingsPanel';
import { Appearance } from './Appearance';
import { EnvironmentForm } from './EnvironmentForm';
import { settingsPanels } from './panels';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { RequestBudgetSupport } from '../../../renderer/src/app/RequestBudgetViews';

export const environmentsKey = ['environments'] as const;

/** The route's view: the session comes from the shell's query (already loaded when this renders). */
export function SettingsView() {
  const session = useSession();
  return session.data ? <SettingsWorkspace session={session.data} /> : null;
}

/** Environments, who is signed in where and how, the write channel, and sign-out. */
export function SettingsWorkspace({ session }: { session: SessionState }) {
  const { t } = useT();
  // data-section on Settings' own headings: the palette's "Settings: …" lines find them in any language.
  return (
    <section className="workspace" aria-labelledby="settings-title">
      <header className="workspace-header">
        <ViewHeading id="settings-title">{t('settings.title')}</ViewHeading>
      </header>

      <EnvironmentsPanel session={session} />
      <h2 data-section="Account">{t('settings.account.title', { environment: session.environment.name })}</h2>
      <AccountPanel session={session} />

      <Appearance />
      <ScannerSettingsPanel />
      {/* The areas' own sections (lot expiry, return intake), in the areas' order. */}
      {settingsPanels.list().map(({ workspace, item: { id, component: Panel } }) => (
        <Panel key={`${workspace}.${id}`} session={session} />
      ))}
      <h2 data-section="Support">{t('settings.support')}</h2>
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
  const { t } = useT();

  return (
    <>
      <h2 data-section="Environments">{t('settings.environments')}</h2>
      {environments.isError && (
        <p className="error" role="alert">
          {errorMessage(environments.error)}
        </p>
      )}
      <ul className="environments" aria-label={t('settings.environments')}>
        {environments.data?.items.map((env) => {
          const active = env.id === environments.data.activeId;
          return (
            <li key={env.id} aria-current={active ? 'true' : undefined}>
              <div>
                <strong>{env.name}</strong> {active && <span className="badge">{t('settings.env.inUse')}</span>}
                <div className="muted">{env.apiBaseUrl ?? t('settings.env.notSetUp')}</div>
              </div>
              <div className="actions">
                {!active && (
                  <button
                    type="button"
                    onClick={() => activate.mutate(env.id)}
                    disabled={!env.canSignInWithToken || activate.isPending}
                    aria-label={t('settings.env.useLabel', { name: env.name })}
                  >
                    {t('settings.env.use')}
                  </button>
                )}
                {env.editable && (
                  <button type="button" onClick={() => setEditing(env)} aria-label={t('settings.env.editLabel', { name: env.name })}>
                    {t('settings.env.edit')}
                  </button>
                )}
                {env.removable && (
                  <button type="button" onClick={() => remove.mutate(env.id)} aria-label={t('settings.env.removeLabel', { name: env.name })}>
                    {t('settings.env.remove')}
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
          {t('settings.env.add')}
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
  const { t, rich } = useT();
  const code = (chunks: ReactNode) => <code>{chunks}</code>;
  return (
    <div className="log-folder">
      <button type="button" onClick={() => open.mutate()} disabled={open.isPending}>
        {t('settings.logs.open')}
      </button>
      {open.data && (
        <p className="muted" role="status" data-testid="log-folder-path">
          {open.data.opened ? rich('settings.logs.opened', { path: open.data.path, code }) : rich('settings.logs.notOpened', { path: open.data.path, code })}
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

/** Who is signed in, how, for which channel, and where the sign-in is kept. */
function AccountFacts({ session }: { session: SessionState }) {
  const account = session.account;
  const { t, said } = useT();
  return (
    <dl className="facts">
      <dt>{t('settings.account.as')}</dt>
      <dd data-testid="settings-account">
        {session.status === 'signed-in' && account
          ? `${account.name ?? account.subject}${account.email ? ` <${account.email}>` : ''}`
          : t('settings.account.notSignedIn')}
      </dd>
      <dt>{t('settings.account.with')}</dt>
      <dd>{session.method === 'pat' || session.method === 'oauth' ? t('settings.account.method', { method: session.method }) : '—'}</dd>
      <dt>{t('settings.account.channel')}</dt>
      <dd title={session.channel ? t('settings.account.channelId', { id: String(session.channel.id) }) : undefined}>
        {session.channel ? session.channel.name : '—'}
      </dd>
      <dt>{t('settings.account.keptIn')}</dt>
      <dd>
        {session.persistence === 'keychain'
          ? t('settings.account.keychain')
          : t('settings.account.memory', { note: session.keychainNote ? said(session.keychainNote) : '' })}
      </dd>
    </dl>
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
  const { t, said } = useT();

  return (
    <>
      <AccountFacts session={session} />
      {session.reason.length > 0 && <p className="note">{session.reason.map(said).join(' ')}</p>}
      {session.channelChoices.length > 0 && (
        <fieldset className="channel-choice">
          <legend>{t('settings.account.channelChoice')}</legend>
          {session.channelChoices.map((c) => (
            <button key={c.id} type="button" onClick={() => choose.mutate(c.id)} disabled={choose.isPending}>
              {t('settings.env.useLabel', { name: c.name })}
            </button>
          ))}
        </fieldset>
      )}
      {session.status === 'signed-in' ? (
        <button type="button" onClick={askSignOut}>
          {t('settings.account.signOut', { environment: session.environment.name })}
        </button>
      ) : (
        <form
          className="token-form"
          onSubmit={(e) => {
            e.preventDefault();
            signInWithToken.mutate();
          }}
        >
          <label htmlFor={tokenId}>{t('settings.token.label')}</label>
          <input
            id={tokenId}
            type="password"
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            aria-describedby={`${tokenId}-hint`}
          />
          <small id={`${tokenId}-hint`} className="hint">
            {session.persistence === 'keychain' ? t('settings.token.hintKeychain') : t('settings.token.hintMemory')}
          </small>
          <button type="submit" className="primary" disabled={token.trim().length === 0 || signInWithToken.isPending}>
            {signInWithToken.isPending ? t('settings.token.checking') : t('settings.token.signIn')}
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
