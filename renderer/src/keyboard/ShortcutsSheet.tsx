import { useT } from '../i18n/useT';
import { Dialog } from '../ui/Dialog';
import { describeKeys } from './keys';
import { useShortcutList } from './useShortcut';

/** Every shortcut registered right now, by group (opened with "?"). */
export function ShortcutsSheet({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const list = useShortcutList();
  const { t } = useT();
  const groups = [...new Set(list.map((s) => s.group))];
  return (
    <Dialog title={t('keyboard.title')} isOpen={isOpen} onOpenChange={onOpenChange} wide>
      <div className="shortcut-groups">
        {groups.map((group) => (
          <section key={group ?? ''} aria-label={group ?? t('keyboard.general')}>
            <h3>{group ?? t('keyboard.general')}</h3>
            <dl className="shortcuts">
              {list
                .filter((s) => s.group === group)
                .map((s) => (
                  <div key={`${s.keys}-${s.description}`}>
                    <dt>
                      <kbd>{describeKeys(s.keys)}</kbd>
                    </dt>
                    <dd>{s.description}</dd>
                  </div>
                ))}
            </dl>
          </section>
        ))}
        <section aria-label={t('keyboard.everywhere')}>
          <h3>{t('keyboard.everywhere')}</h3>
          <dl className="shortcuts">
            <div>
              <dt>
                <kbd>{describeKeys('Escape')}</kbd>
              </dt>
              <dd>{t('keyboard.escape')}</dd>
            </div>
            <div>
              <dt>
                <kbd>{describeKeys('Tab')}</kbd>
              </dt>
              <dd>{t('keyboard.tab', { skip: t('shell.skipToContent') })}</dd>
            </div>
          </dl>
        </section>
      </div>
    </Dialog>
  );
}
