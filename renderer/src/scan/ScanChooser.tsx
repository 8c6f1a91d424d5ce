import { ListBox, ListBoxItem } from 'react-aria-components';
import type { ResolvedCandidate } from '../../../shared/scan/router';
import { visibleControls } from '../../../shared/scan/router';
import { useT } from '../i18n/useT';
import { Dialog } from '../ui/Dialog';

/** Several records match one scan (a number may be a WRO id and a PO number): the user picks one. */
export function ScanChooser({
  code,
  candidates,
  onChoose,
  onClose,
}: {
  code: string;
  candidates: ResolvedCandidate[];
  onChoose: (c: ResolvedCandidate) => void;
  onClose: () => void;
}) {
  const { t } = useT();
  return (
    <Dialog title={t('scan.chooser.title', { count: candidates.length, code: visibleControls(code) })} isOpen onOpenChange={(open) => !open && onClose()}>
      <p className="dialog-hint">{t('scan.chooser.hint')}</p>
      <ListBox
        aria-label={t('scan.chooser.list')}
        className="chooser-list"
        items={candidates}
        selectionMode="none"
        autoFocus="first"
        onAction={(key) => {
          const chosen = candidates.find((c) => c.href === key);
          if (chosen) onChoose(chosen);
        }}
      >
        {(c) => (
          <ListBoxItem id={c.href} textValue={c.label} className="chooser-item">
            {/* Plain text, not label/description slots: the option's name is then all it shows. */}
            <span>{c.label}</span>
            {c.detail && <span className="chooser-detail">{c.detail}</span>}
          </ListBoxItem>
        )}
      </ListBox>
    </Dialog>
  );
}
