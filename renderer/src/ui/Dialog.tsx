import { useEffect, useState, type ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useT } from '../i18n/useT';
import { dialogOrigin, returnFocusFromDialog } from '../keyboard/viewFocus';

/**
 * The desk's dialog (React Aria: focus trapped and restored, Escape and an outside click close it,
 * the page behind made inert). Controlled: the caller owns `isOpen`. Closed, focus goes back to the
 * control that opened it, or the next one that makes sense when that control is gone.
 */
export function Dialog({
  title,
  isOpen,
  onOpenChange,
  children,
  wide,
  describedBy,
}: {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  wide?: boolean;
  /** The id of what the dialog says, read out after its title when it opens. */
  describedBy?: string;
}) {
  const { t } = useT();
  return (
    <ModalOverlay className="modal-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Modal className={wide ? 'modal wide' : 'modal'}>
        <AriaDialog className="dialog" aria-describedby={describedBy}>
          {({ close }) => (
            <>
              <ReturnFocus />
              <header className="dialog-header">
                <Heading slot="title">{title}</Heading>
                <button type="button" className="quiet" onClick={close} aria-label={t('ui.dialog.closeNamed', { title })}>
                  {t('ui.dialog.close')}
                </button>
              </header>
              {children}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

/** Remembers, as the dialog first renders (focus still on the opener), where focus goes back when it closes. */
function ReturnFocus() {
  const [origin] = useState(dialogOrigin);
  useEffect(() => () => returnFocusFromDialog(origin), [origin]);
  return null;
}
