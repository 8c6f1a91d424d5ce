import { useEffect, useRef, type RefObject } from 'react';
import type { SessionState } from '../../shared/schemas/session';
import { useT } from './i18n/useT';
import { useConnectivity } from './session/useSession';
import { StatusSlots } from './ui/statusSlots';

/**
 * Environment, account, channel and connectivity, always in view; slots for what later features report.
 * One line where they fit, a second where they do not (styles.css): every item whole.
 */
export function StatusBar({ session }: { session: SessionState }) {
  const connectivity = useConnectivity();
  const { t, said } = useT();
  const shown = session.status === 'signed-in' ? connectivity : 'signed-out';
  const bar = useRef<HTMLElement>(null);
  useMeasuredHeight(bar);
  return (
    <footer ref={bar} className="status-bar" aria-label={t('status.label')}>
      <span data-testid="status-environment">{session.environment.name}</span>
      <span
        data-testid="status-account"
        title={session.status === 'signed-in' && session.channel ? t('status.channel', { name: session.channel.name }) : undefined}
      >
        {session.status === 'signed-in'
          ? (session.account?.email ?? session.account?.name ?? t('status.signedIn'))
          : session.status === 'signing-in'
            ? t('status.signingIn')
            : t('status.signedOut')}
      </span>
      {session.status === 'signed-in' && (
        // A channel's name gives way below 1440 px (the account's hover says it), so the bar keeps one line with a wait being told; "view only" always shows.
        <span data-testid="status-channel" className={session.channel ? 'channel-name' : undefined} title={session.channel ? undefined : t('status.noChannel')}>
          {session.channel ? t('status.channel', { name: session.channel.name }) : t('status.viewOnly')}
        </span>
      )}
      {session.persistence === 'memory' && session.status === 'signed-in' && (
        <span className="session-only" title={session.keychainNote ? said(session.keychainNote) : undefined}>
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

/** The bar's height as `--status-height`, for what sits just above it (the toasts, the scan cue). */
function useMeasuredHeight(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const set = (height: number) => document.documentElement.style.setProperty('--status-height', `${Math.ceil(height)}px`);
    const observer = new ResizeObserver((entries) => set(entries[0]?.borderBoxSize[0]?.blockSize ?? element.offsetHeight));
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.documentElement.style.removeProperty('--status-height');
    };
  }, [bar]);
}
