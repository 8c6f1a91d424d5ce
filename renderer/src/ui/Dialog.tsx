import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useT } from '../i18n/useT';
import { dialogOrigin, returnFocusFromDialog } from '../keyboard/viewFocus';

/**
 * The desk's dialog (React Aria: focus trapped and restored, Escape and an outside click close it,
 * the page behind made inert). Controlled: the caller owns `isOpen`. Closed, focus goes back to the
 * control that opened it, or the next one that makes sense when that control is gone.
 *
 * Open, it holds focus from its first frame. React Aria moves focus in only after the page's CSS
 * transitions end when it believes a screen reader opened it (a click with no pointer, as the
 * palette's "On this view" lines give): meanwhile the page behind is inert, focus is on the page's
 * body, and an Escape or a key typed then would reach nothing.
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
  const dialog = useRef<HTMLElement>(null);
  // After the dialog's own children (a button marked autoFocus has taken focus by now): only when
  // nothing inside has it does the dialog itself take it.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (isOpen && element && !element.contains(document.activeElement)) element.focus({ preventScroll: true });
  }, [isOpen]);
  return (
    <ModalOverlay className="modal-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Modal className={wide ? 'modal wide' : 'modal'}>
        <AriaDialog ref={dialog} className="dialog" aria-describedby={describedBy}>
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
