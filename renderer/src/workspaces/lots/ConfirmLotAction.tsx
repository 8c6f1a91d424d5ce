import { useEffect } from 'react';
import { AppErrorException } from '../../../../shared/errors';
import { Dialog } from '../../ui/Dialog';
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
    <Dialog title={text.title(lotNumber)} isOpen onOpenChange={(open) => !open && onClose()}>
      <p>
        Item {itemLabel}, lot <strong>{lotNumber}</strong>.
      </p>
      <p>{text.says}</p>
      {mutation.error && <ErrorNote error={mutation.error} prefix="The service refused" />}
      <div className="button-row">
        {!refused && (
          <button
            type="button"
            className="primary"
            disabled={mutation.isPending}
            onClick={() =>
              mutation.mutate(pending, {
                onSuccess: () => {
                  showToast({ title: text.done(lotNumber), tone: 'success' });
                  onClose();
                },
              })
            }
          >
            {mutation.isPending ? 'Sending…' : text.button}
          </button>
        )}
        <button type="button" onClick={onClose}>
          {mutation.error ? 'Close' : 'Cancel'}
        </button>
      </div>
    </Dialog>
  );
}
