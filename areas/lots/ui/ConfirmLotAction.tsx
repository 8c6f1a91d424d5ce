import { useEffect } from 'react';
import { AppErrorException } from '../../../shared/errors';
import { ConfirmDialog } from '../../../renderer/src/ui/ConfirmDialog';
import { useT, type PlainMessageId } from '../../../renderer/src/i18n/useT';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { showToast } from '../../../renderer/src/ui/Toasts';
import { useLotAction, type LotAction, type LotRef } from './queries';

/** The dialog's sentence and button for each change; its title and the toast name the lot (`lots.confirm.title`, `lots.confirm.done`). */
const TEXT: Record<LotAction, { says: PlainMessageId; button: PlainMessageId }> = {
  exclude: { says: 'lots.confirm.exclude.says', button: 'lots.confirm.exclude.button' },
  delete: { says: 'lots.confirm.delete.says', button: 'lots.confirm.delete.button' },
  restore: { says: 'lots.confirm.restore.says', button: 'lots.confirm.restore.button' },
};

/**
 * The confirmation of one lot exclusion change. The change is sent only from here; a refusal (409:
 * already excluded; 404: no such lot or no exclusion to delete or restore) stays in the dialog in
 * main's words, and the list is read again either way.
 */
export function ConfirmLotAction({
  pending,
  itemLabel,
  onClose,
}: {
  pending: { action: LotAction; lot: LotRef } | null;
  itemLabel: string;
  onClose: () => void;
}) {
  const mutation = useLotAction();
  const { t, rich } = useT();
  const { reset } = mutation;
  const key = pending ? `${pending.action}:${pending.lot.lotNumber}` : null;
  useEffect(() => reset(), [key, reset]);
  if (!pending) return null;
  const text = TEXT[pending.action];
  const { lotNumber } = pending.lot;
  // A refusal (409, 404) would only be refused again; a failure to reach the service may be retried.
  const refused = mutation.error instanceof AppErrorException && !mutation.error.appError.retryable;
  return (
    <ConfirmDialog
      title={t('lots.confirm.title', { action: pending.action, lot: lotNumber })}
      isOpen
      onClose={onClose}
      tone="primary"
      confirmLabel={t(text.button)}
      pendingLabel={t('lots.confirm.sending')}
      isPending={mutation.isPending}
      canConfirm={!refused}
      dismissLabel={mutation.error ? t('lots.confirm.close') : t('lots.confirm.cancel')}
      onConfirm={() =>
        mutation.mutate(pending, {
          onSuccess: () => {
            showToast({ title: t('lots.confirm.done', { action: pending.action, lot: lotNumber }), tone: 'success' });
            onClose();
          },
        })
      }
    >
      <p>{rich('lots.confirm.which', { item: itemLabel, lot: lotNumber, b: (chunks) => <strong>{chunks}</strong> })}</p>
      <p>{t(text.says)}</p>
      {mutation.error && <ErrorNote error={mutation.error} prefix={t('lots.confirm.refused')} />}
    </ConfirmDialog>
  );
}
