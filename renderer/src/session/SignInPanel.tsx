import { ViewHeading } from '../ui/ViewHeading';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SessionState } from '../../../shared/schemas/session';
import { call, errorMessage } from '../bridge/dockdesk';
import { useT } from '../i18n/useT';
import { useAppInfo, useSignInFailure } from './useSession';
import { AppErrorException } from '../../../shared/errors';
import { errorParts } from '../ui/ErrorNote';

/**
 * Signed out: one button. In Electron main opens the system browser; in the browser shell the page
 * opens the authorize URL in a popup with `noopener`, so the sign-in page can never reach back into
 * Dockdesk through window.opener. It opens as soon as main answers, still within the click's user
 * activation; the link below is there should a popup blocker stop it.
 */
/** Whether this page load has already put focus on Sign in (only its first showing does). */
let signInOfferedAtStart = false;

export function SignInPanel({ session }: { session: SessionState }) {
  const info = useAppInfo();
  const [failure, setFailure] = useSignInFailure();
  const { t, rich, said } = useT();
  const signIn = useMutation({
    mutationFn: () => call('auth.signIn', {}),
    onSuccess: ({ authorizeUrl }) => {
      if (info.data?.shell === 'browser') window.open(authorizeUrl, 'dockdesk-sign-in', 'noopener,noreferrer,popup,width=520,height=760');
    },
  });
  const cancel = useMutation({ mutationFn: () => call('auth.cancelSignIn', {}) });
  // At start, signed out, the one thing to do is sign in: Enter or Space starts it, unless the clerk
  // already put focus somewhere else. Later, a view the clerk moves to keeps its heading's focus.
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (signInOfferedAtStart) return;
    signInOfferedAtStart = true;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body || active.tagName === 'H1') button.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  const start = () => {
    setFailure(null);
    signIn.mutate();
  };

  const signingIn = session.status === 'signing-in';
  const reason = session.reason.length > 0 ? session.reason.map(said).join(' ') : null;
  const problem = signIn.error
    ? errorMessage(signIn.error)
    : failure && failure.code !== 'sign_in_cancelled'
      ? errorParts(new AppErrorException(failure), t).message
      : reason;
  return (
    <section className="sign-in" aria-labelledby="sign-in-title">
      <ViewHeading id="sign-in-title">{t('session.signIn.title', { environment: session.environment.name })}</ViewHeading>
      <p>
        {session.environment.kind === 'local'
          ? t('session.signIn.introLocal', { email: 'demo@dockdesk.test', password: 'dockdesk-demo' })
          : t('session.signIn.intro')}
      </p>
      <p className="muted">{t('session.signIn.token')}</p>
      {session.keychainNote && <p className="note">{said(session.keychainNote)}</p>}
      {failure?.code === 'sign_in_cancelled' && <p className="note">{t('session.signIn.cancelled')}</p>}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button ref={button} type="button" className="primary" onClick={start} disabled={signIn.isPending || signingIn}>
          {signingIn ? t('session.signIn.waiting') : t('session.signIn.button')}
        </button>
        {signingIn && (
          <button type="button" onClick={() => cancel.mutate()}>
            {t('session.signIn.cancel')}
          </button>
        )}
      </div>
      {signingIn && signIn.data && info.data?.shell === 'browser' && (
        <p>
          {rich('session.signIn.noWindow', {
            link: (chunks) => (
              <a href={signIn.data.authorizeUrl} target="_blank" rel="noopener noreferrer">
                {chunks}
              </a>
            ),
          })}
        </p>
      )}
    </section>
  );
}
