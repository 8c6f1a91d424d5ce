import type { SessionState } from '../../shared/schemas/session';
import { useConnectivity } from './session/useSession';

const CONNECTIVITY_TEXT = { online: 'Online', degraded: 'Service slow or failing', offline: 'Offline' } as const;

/** Environment, account, channel and connectivity, always in view. */
export function StatusBar({ session }: { session: SessionState }) {
  const connectivity = useConnectivity();
  return (
    <footer className="status-bar" aria-label="Status">
      <span data-testid="status-environment">{session.environment.name}</span>
      <span data-testid="status-account">
        {session.status === 'signed-in' ? (session.account?.email ?? session.account?.name ?? 'Signed in') : session.status === 'signing-in' ? 'Signing in…' : 'Signed out'}
      </span>
      {session.channel && <span>Channel: {session.channel.name}</span>}
      {session.persistence === 'memory' && session.status === 'signed-in' && <span title={session.keychainNote ?? undefined}>Sign-in kept for this session only</span>}
      <span className={`connectivity connectivity-${connectivity}`} data-testid="status-connectivity" role="status">
        {CONNECTIVITY_TEXT[connectivity]}
      </span>
    </footer>
  );
}
