import type { SessionState } from '../../shared/schemas/session';
import { useConnectivity } from './session/useSession';
import { StatusSlots } from './ui/statusSlots';

const CONNECTIVITY_TEXT = { online: 'Online', degraded: 'Service slow or failing', offline: 'Offline' } as const;

/** Environment, account, channel and connectivity, always in view; slots for what later features report. */
export function StatusBar({ session }: { session: SessionState }) {
  const connectivity = useConnectivity();
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
      <span data-testid="status-channel">{session.channel ? `Channel: ${session.channel.name}` : 'No channel for changes'}</span>
      {session.persistence === 'memory' && session.status === 'signed-in' && (
        <span title={session.keychainNote ?? undefined}>Sign-in kept for this session only</span>
      )}
      <span className="slots">
        <StatusSlots />
      </span>
      <span className={`connectivity connectivity-${connectivity}`} data-testid="status-connectivity" role="status">
        {CONNECTIVITY_TEXT[connectivity]}
      </span>
    </footer>
  );
}
