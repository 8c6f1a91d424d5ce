import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

/**
 * The desk's dialog (React Aria: focus trapped and restored, Escape and an outside click close it,
 * the page behind made inert). Controlled: the caller owns `isOpen`.
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
  return (
    <ModalOverlay className="modal-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Modal className={wide ? 'modal wide' : 'modal'}>
        <AriaDialog className="dialog" aria-describedby={describedBy}>
          {({ close }) => (
            <>
              <header className="dialog-header">
                <Heading slot="title">{title}</Heading>
                <button type="button" className="quiet" onClick={close} aria-label={`Close ${title}`}>
                  Close
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
