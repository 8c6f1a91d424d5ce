import { useEffect } from 'react';
import { AppErrorException } from '../../../../shared/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorNote } from '../../ui/ErrorNote';
import { showToast } from '../../ui/Toasts';
import { useLotAction, type LotAction, type LotRef } from './queries';

const TEXT: Record<LotAction, { title: (lot: string) => string; says: string; button: string; done: (lot: string) => string }> = {
  exclude: {
    title: (lot) => `Exclude lot ${lot}?`,
    says: 'Orders will not be fulfilled from this lot until the exclusion is deleted. Stock of the lot stays where it is.',
    button: 'Exclude lot',
    done: (lot) => `Lot ${lot} is excluded.`,
  },
  delete: {
    title: (lot) => `Delete the exclusion of lot ${lot}?`,
    says: 'The lot can be used to fulfill orders again. The exclusion is kept as deleted and can be restored.',
    button: 'Delete exclusion',
    done: (lot) => `The exclusion of lot ${lot} is deleted; the lot can be used again.`,
  },
  restore: {
    title: (lot) => `Restore the exclusion of lot ${lot}?`,
    says: 'The deleted exclusion becomes active again: orders will not be fulfilled from this lot.',
    button: 'Restore exclusion',
    done: (lot) => `The exclusion of lot ${lot} is restored; the lot is excluded again.`,
  },
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
      title={text.title(lotNumber)}
      isOpen
      onClose={onClose}
      tone="primary"
      confirmLabel={text.button}
      pendingLabel="Sending…"
      isPending={mutation.isPending}
      canConfirm={!refused}
      dismissLabel={mutation.error ? 'Close' : 'Cancel'}
      onConfirm={() =>
        mutation.mutate(pending, {
          onSuccess: () => {
            showToast({ title: text.done(lotNumber), tone: 'success' });
            onClose();
          },
        })
      }
    >
      <p>
        Item {itemLabel}, lot <strong>{lotNumber}</strong>.
      </p>
      <p>{text.says}</p>
      {mutation.error && <ErrorNote error={mutation.error} prefix="The service refused" />}
    </ConfirmDialog>
  );
}
