import { useMutation } from '@tanstack/react-query';
import type { SessionState } from '../../../shared/schemas/session';
import { call, errorMessage } from '../bridge/dockdesk';

/** The environment in use, who is signed in, where the sign-in is kept, and sign-out. */
export function SettingsWorkspace({ session }: { session: SessionState }) {
  const signOut = useMutation({ mutationFn: () => call('auth.signOut', {}) });
  return (
    <section className="workspace" aria-labelledby="settings-title">
      <header className="workspace-header">
        <h1 id="settings-title">Settings</h1>
      </header>
      <h2>Environment</h2>
      <dl className="facts">
        <dt>Name</dt>
        <dd>{session.environment.name}</dd>
        <dt>API address</dt>
        <dd>
          <code>{session.environment.apiBaseUrl ?? '—'}</code>
        </dd>
        <dt>Sign-in address</dt>
        <dd>
          <code>{session.environment.authUrl ?? '—'}</code>
        </dd>
      </dl>
      <h2>Account</h2>
      <dl className="facts">
        <dt>Signed in as</dt>
        <dd>{session.account ? `${session.account.name ?? session.account.subject}${session.account.email ? ` <${session.account.email}>` : ''}` : 'Not signed in'}</dd>
        <dt>Channel</dt>
        <dd>{session.channel ? `${session.channel.name} (${session.channel.id})` : '—'}</dd>
        <dt>Sign-in kept in</dt>
        <dd>{session.persistence === 'keychain' ? 'The system keychain' : `Memory only. ${session.keychainNote ?? ''}`}</dd>
      </dl>
      {session.status === 'signed-in' && (
        <button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out of {session.environment.name}
        </button>
      )}
      {signOut.isError && (
        <p className="error" role="alert">
          {errorMessage(signOut.error)}
        </p>
      )}
    </section>
  );
}
