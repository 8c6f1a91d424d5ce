import { useId, useState } from 'react';
import { useT } from '../i18n/useT';
import { useShortcut } from '../keyboard/useShortcut';
import { Dialog } from './Dialog';
import { escapeDismissesNotice } from './Toasts';

/**
 * Escape in a form that keeps a draft closes the form, as the shortcut sheet says, and asks first what
 * becomes of the draft: keep it (the safe choice, focused: nothing typed or scanned is lost, and `says`
 * tells where it opens again) or discard it. Escape or × on the question backs out to the form. A form
 * with no draft yet closes at once. Escape stays with an error notice while one takes it
 * (`escapeDismissesNotice`), and with a control that uses it itself (an open list, a dialog: React
 * Aria's, which handle it before any shortcut). Listed in the sheet under the form's `group`.
 */
export function CloseFormKey({
  group,
  says,
  hasDraft,
  onKeep,
  onDiscard,
}: {
  group: string;
  /** What keeping and discarding do with this form's draft, in the area's words. */
  says: string;
  hasDraft: boolean;
  /** Closes the form; the draft stays. */
  onKeep: () => void;
  /** Throws the draft away and closes the form. */
  onDiscard: () => void;
}) {
  const { t } = useT();
  const [asking, setAsking] = useState(false);
  const describedBy = useId();
  useShortcut({
    keys: 'Escape',
    description: t('ui.closeForm.key'),
    group,
    inFields: true,
    when: () => !escapeDismissesNotice(),
    handler: () => (hasDraft ? setAsking(true) : onKeep()),
  });
  const then = (action: () => void) => () => {
    setAsking(false);
    action();
  };
  return (
    <Dialog title={t('ui.closeForm.title')} isOpen={asking} onOpenChange={setAsking} describedBy={describedBy}>
      <p id={describedBy}>{says}</p>
      <div className="button-row">
        <button type="button" className="danger" onClick={then(onDiscard)}>
          {t('ui.closeForm.discard')}
        </button>
        <button type="button" className="safe-choice" autoFocus onClick={then(onKeep)}>
          {t('ui.closeForm.keep')}
        </button>
      </div>
    </Dialog>
  );
}
