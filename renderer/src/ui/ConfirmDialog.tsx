import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../i18n/useT';
import { Dialog } from './Dialog';

/**
 * Asks before a change is sent: a title that is the question, what will happen, the action and a way
 * out. Built on the desk's Dialog (React Aria: focus trapped and restored, Escape and an outside click
 * dismiss it); what it says is the dialog's description, so a screen reader reads it with the title.
 * The caller owns the request: `onConfirm` sends it, `isPending` disables the action while it runs,
 * and the caller closes the dialog (via `isOpen`) when it is done. Errors the caller wants shown inside
 * go into `children`.
 *
 * It opens with focus on the way out: a stray Enter (the end of a scan, a key meant for the view
 * behind) backs out instead of confirming; confirming takes Tab or Shift+Tab, then Enter. Escape
 * always backs out without change.
 */
export function ConfirmDialog({
  title,
  isOpen,
  onClose,
  children,
  confirmLabel,
  pendingLabel,
  onConfirm,
  isPending = false,
  canConfirm = true,
  tone = 'danger',
  dismissLabel,
}: {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  /** What will happen if the user confirms. */
  children: ReactNode;
  confirmLabel: string;
  /** The action's label while the request runs; the confirm label when not given. */
  pendingLabel?: string;
  onConfirm: () => void;
  isPending?: boolean;
  /** False hides the action, e.g. after a refusal that sending again would only repeat. */
  canConfirm?: boolean;
  /** `danger` for what cannot be undone, `primary` for a change that can be reversed. */
  tone?: 'danger' | 'primary';
  /** The way out; "Cancel" when not given. */
  dismissLabel?: string;
}) {
  const { t } = useT();
  const describedBy = useId();
  const dismiss = useRef<HTMLButtonElement>(null);
  // The action disabled while it runs, or gone after a refusal, drops focus to the page: bring it
  // back to the way out, so Escape and Enter still reach the dialog.
  useEffect(() => {
    if (isOpen && (document.activeElement === null || document.activeElement === document.body)) dismiss.current?.focus();
  }, [isOpen, isPending, canConfirm]);
  return (
    <Dialog title={title} isOpen={isOpen} onOpenChange={(open) => !open && onClose()} describedBy={describedBy}>
      <div id={describedBy}>{children}</div>
      <div className="button-row">
        {canConfirm && (
          <button type="button" className={tone} disabled={isPending} onClick={onConfirm}>
            {isPending && pendingLabel ? pendingLabel : confirmLabel}
          </button>
        )}
        <button type="button" className="safe-choice" ref={dismiss} autoFocus onClick={onClose}>
          {dismissLabel ?? t('ui.confirm.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
