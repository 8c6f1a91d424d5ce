import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import type { SessionState } from '../../../shared/schemas/session';
import { call, errorMessage } from '../bridge/dockdesk';
import { useAppInfo, useSignInFailure } from './useSession';

/**
 * Signed out: one button. In Electron main opens the system browser; in the browser shell the page
 * opens a popup at once (inside the click, so it is not blocked) and points it at the authorize URL.
 */
export function SignInPanel({ session }: { session: SessionState }) {
  const info = useAppInfo();
  const [failure, setFailure] = useSignInFailure();
  const popup = useRef<Window | null>(null);
  const signIn = useMutation({
    mutationFn: () => call('auth.signIn', {}),
    onSuccess: ({ authorizeUrl }) => {
      if (popup.current && !popup.current.closed) popup.current.location.href = authorizeUrl;
    },
    onError: () => popup.current?.close(),
  });
  const cancel = useMutation({ mutationFn: () => call('auth.cancelSignIn', {}) });

  const start = () => {
    setFailure(null);
    if (info.data?.shell === 'browser') popup.current = window.open('about:blank', 'dockdesk-sign-in', 'popup,width=520,height=760');
    signIn.mutate();
  };

  const signingIn = session.status === 'signing-in';
  const problem = signIn.error ? errorMessage(signIn.error) : failure && failure.code !== 'sign_in_cancelled' ? failure.message : session.reason;
  return (
    <section className="sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in to {session.environment.name}</h1>
      <p>
        Dockdesk opens the service's sign-in page in your browser. Approve there, then come back here.
        {session.environment.kind === 'local' ? ' The local emulator accepts demo@dockdesk.test with the password dockdesk-demo.' : ''}
      </p>
      <p className="muted">You can also sign in with a personal access token in Settings.</p>
      {session.keychainNote && <p className="note">{session.keychainNote}</p>}
      {failure?.code === 'sign_in_cancelled' && <p className="note">Sign-in cancelled.</p>}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" onClick={start} disabled={signIn.isPending || signingIn}>
          {signingIn ? 'Waiting for the browser…' : 'Sign in'}
        </button>
        {signingIn && (
          <button type="button" onClick={() => cancel.mutate()}>
            Cancel
          </button>
        )}
      </div>
      {signingIn && signIn.data && info.data?.shell === 'browser' && (
        <p>
          No sign-in window? <a href={signIn.data.authorizeUrl} target="_blank" rel="noopener noreferrer">Open the sign-in page</a>.
        </p>
      )}
    </section>
  );
}
