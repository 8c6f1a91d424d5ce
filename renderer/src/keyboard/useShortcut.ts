import { useEffect, useMemo, useRef } from 'react';
import { useStore } from '../ui/store';
import { listShortcuts, registerShortcut, shortcutEntries, type Shortcut } from './shortcuts';

/** Registers a shortcut while the component is mounted; the handler may change between renders. */
export function useShortcut(shortcut: Shortcut, enabled = true): void {
  const latest = useRef(shortcut);
  useEffect(() => {
    latest.current = shortcut;
  });
  const { keys, description, group, inFields } = shortcut;
  const hasWhen = shortcut.when !== undefined;
  const hasScope = shortcut.scope !== undefined;
  useEffect(() => {
    if (!enabled) return;
    return registerShortcut({
      keys,
      description,
      handler: (e) => latest.current.handler(e),
      ...(hasWhen ? { when: () => latest.current.when?.() ?? true } : {}),
      ...(hasScope ? { scope: () => latest.current.scope?.() ?? null } : {}),
      ...(group ? { group } : {}),
      ...(inFields ? { inFields } : {}),
    });
  }, [keys, description, group, inFields, hasWhen, hasScope, enabled]);
}

/** Every registered shortcut, kept current (the shortcuts sheet). */
export function useShortcutList() {
  const entries = useStore(shortcutEntries);
  return useMemo(() => listShortcuts(entries), [entries]);
}
