import { Dialog } from '../ui/Dialog';
import { describeKeys } from './keys';
import { useShortcutList } from './useShortcut';

/** Every shortcut registered right now, by group (opened with "?"). */
export function ShortcutsSheet({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const list = useShortcutList();
  const groups = [...new Set(list.map((s) => s.group))];
  return (
    <Dialog title="Keyboard shortcuts" isOpen={isOpen} onOpenChange={onOpenChange} wide>
      <div className="shortcut-groups">
        {groups.map((group) => (
          <section key={group} aria-label={group}>
            <h3>{group}</h3>
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
        <section aria-label="Everywhere">
          <h3>Everywhere</h3>
          <dl className="shortcuts">
            <div>
              <dt>
                <kbd>Esc</kbd>
              </dt>
              <dd>Close a dialog, a menu or a form</dd>
            </div>
            <div>
              <dt>
                <kbd>Tab</kbd>
              </dt>
              <dd>Next control; the first Tab offers “Skip to content”</dd>
            </div>
          </dl>
        </section>
      </div>
    </Dialog>
  );
}
