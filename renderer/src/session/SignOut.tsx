import { useMutation } from '@tanstack/react-query';
import { call, errorMessage } from '../bridge/dockdesk';
import { useT } from '../i18n/useT';
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
  const { t } = useT();
  return (
    <ConfirmDialog
      title={where ? t('session.signOut.titleWhere', { environment: where }) : t('session.signOut.title')}
      isOpen={isOpen && session.data?.status === 'signed-in'}
      onClose={close}
      confirmLabel={t('session.signOut.confirm')}
      pendingLabel={t('session.signOut.pending')}
      dismissLabel={t('session.signOut.stay')}
      isPending={signOut.isPending}
      onConfirm={() => signOut.mutate()}
    >
      <p>{t('session.signOut.text')}</p>
      {signOut.error && <p className="field-error">{t('session.signOut.failed', { error: errorMessage(signOut.error) })}</p>}
    </ConfirmDialog>
  );
}
