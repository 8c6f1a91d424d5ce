import { useMutation } from '@tanstack/react-query';
import { call, errorMessage } from '../bridge/dockdesk';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { createStore, useStore } from '../ui/store';
import { useSession } from './useSession';

/**
 * Signing out, from wherever it is started (the Settings button, the palette): always through one
 * confirmation, since it ends the session on this desk and signing in again takes the browser or a token.
 */
const asking = createStore(false);

/** Opens the confirmation; nothing is sent until the clerk confirms. */
export function askSignOut(): void {
  asking.set(true);
}

/** The confirmation, mounted once in the shell. */
export function SignOutConfirm() {
  const isOpen = useStore(asking);
  const session = useSession();
  const signOut = useMutation({ mutationFn: () => call('auth.signOut', {}), onSuccess: () => asking.set(false) });
  const close = () => {
    asking.set(false);
    signOut.reset();
  };
  const where = session.data?.environment.name;
  return (
    <ConfirmDialog
      title={where ? `Sign out of ${where}?` : 'Sign out?'}
      isOpen={isOpen && session.data?.status === 'signed-in'}
      onClose={close}
      confirmLabel="Sign out"
      pendingLabel="Signing out…"
      dismissLabel="Stay signed in"
      isPending={signOut.isPending}
      onConfirm={() => signOut.mutate()}
    >
      <p>The desk stops working with the service until you sign in again. Drafts and the outbox stay on this computer.</p>
      {signOut.error && <p className="field-error">Not signed out: {errorMessage(signOut.error)}</p>}
    </ConfirmDialog>
  );
}
