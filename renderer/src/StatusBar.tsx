import { labelOf } from '../../shared/labels';
import type { SessionState } from '../../shared/schemas/session';
import { useConnectivity } from './session/useSession';
import { StatusSlots } from './ui/statusSlots';

/**
 * Environment, account, channel and connectivity, always in view; slots for what later features report.
 * One line at any width (styles.css): who and where give way before what is happening now.
 */
export function StatusBar({ session }: { session: SessionState }) {
  const connectivity = useConnectivity();
  const shown = session.status === 'signed-in' ? connectivity : 'signed-out';
  return (
    <footer className="status-bar" aria-label="Status">
      <span data-testid="status-environment">{session.environment.name}</span>
      <span data-testid="status-account">
        {session.status === 'signed-in'
          ? (session.account?.email ?? session.account?.name ?? 'Signed in')
          : session.status === 'signing-in'
            ? 'Signing in…'
            : 'Signed out'}
      </span>
      {session.status === 'signed-in' && (
        <span data-testid="status-channel" title={session.channel ? undefined : 'The service gave this sign-in no channel to record changes with.'}>
          {session.channel ? `Channel: ${session.channel.name}` : 'View only: changes cannot be recorded'}
        </span>
      )}
      {session.persistence === 'memory' && session.status === 'signed-in' && (
        <span className="session-only" title={session.keychainNote ?? undefined}>
          Sign-in kept for this session only
        </span>
      )}
      <span className="slots">
        <StatusSlots />
      </span>
      {/* Signed out, nothing is asked of the service, so whether it answers is not known: no "Online". */}
      <span className={`connectivity connectivity-${shown}`} data-testid="status-connectivity" role="status">
        {shown === 'signed-out' ? 'Not connected: signed out' : labelOf('Connectivity', shown)}
      </span>
    </footer>
  );
}
