import type { SessionState } from '../../shared/schemas/session';
import { useT } from './i18n/useT';
import { useConnectivity } from './session/useSession';
import { StatusSlots } from './ui/statusSlots';

/**
 * Environment, account, channel and connectivity, always in view; slots for what later features report.
 * One line at any width (styles.css): who and where give way before what is happening now.
 */
export function StatusBar({ session }: { session: SessionState }) {
  const connectivity = useConnectivity();
  const { t } = useT();
  const shown = session.status === 'signed-in' ? connectivity : 'signed-out';
  return (
    <footer className="status-bar" aria-label={t('status.label')}>
      <span data-testid="status-environment">{session.environment.name}</span>
      <span data-testid="status-account">
        {session.status === 'signed-in'
          ? (session.account?.email ?? session.account?.name ?? t('status.signedIn'))
          : session.status === 'signing-in'
            ? t('status.signingIn')
            : t('status.signedOut')}
      </span>
      {session.status === 'signed-in' && (
        <span data-testid="status-channel" title={session.channel ? undefined : t('status.noChannel')}>
          {session.channel ? t('status.channel', { name: session.channel.name }) : t('status.viewOnly')}
        </span>
      )}
      {session.persistence === 'memory' && session.status === 'signed-in' && (
        <span className="session-only" title={session.keychainNote ?? undefined}>
          {t('status.sessionOnly')}
        </span>
      )}
      <span className="slots">
        <StatusSlots />
      </span>
      {/* Signed out, nothing is asked of the service, so whether it answers is not known: no "Online". */}
      <span className={`connectivity connectivity-${shown}`} data-testid="status-connectivity" role="status">
        {shown === 'signed-out' ? t('status.notConnected') : t('status.connectivity', { state: shown })}
      </span>
    </footer>
  );
}
