import { createStore } from '../ui/store';
import { bindableKeys, matches, type KeyCombo, type KeyPress } from './keys';
import { isTextEntry } from './textEntry';
import { beginViewChange, settlingPath } from './viewFocus';

/**
 * The one place Dockdesk listens for keys. Every keydown first goes to the key interceptor (the scan
 * detector plugs in there, so a scanner's burst never reaches a shortcut or a field), then, if nobody
 * consumed it, to the shortcut registry. Components never add keydown listeners of their own: they
 * register shortcuts, optionally scoped to an element (a table's arrow keys work only inside it).
 */
export interface Shortcut {
  /** "Alt+ArrowLeft", "?", "Escape", "Alt+1". */
  keys: string;
  /** Shown in the shortcuts sheet (`?`). */
  description: string;
  handler: (event: KeyboardEvent) => void;
  /** Runs only when this answers true (for example: a form is open). */
  when?: () => boolean;
  /** Only while focus is inside this element; scoped shortcuts win over global ones. */
  scope?: () => Element | null;
  /** Heading in the shortcuts sheet; without one, the sheet's "General". */
  group?: string;
  /** Also fires while typing in a text field (Escape does; "?" must not). */
  inFields?: boolean;
}

interface Entry extends Shortcut {
  combo: KeyCombo;
  order: number;
}

export type KeyInterceptor = (event: KeyboardEvent) => boolean;

/** The registered shortcuts, in the order added. */
export const shortcutEntries = createStore<readonly Entry[]>([]);
let order = 0;
let interceptor: KeyInterceptor | null = null;

/**
 * Adds a shortcut and answers the function that removes it. The newest registration of the same
 * keys wins (a form's Escape over the app's), so nested views can take over a key while mounted.
 */
export function registerShortcut(shortcut: Shortcut): () => void {
  const combo = bindableKeys(shortcut.keys);
  const entry: Entry = { ...shortcut, combo, order: order++ };
  shortcutEntries.set((all) => [...all, entry]);
  return () => shortcutEntries.set((all) => all.filter((e) => e !== entry));
}

/** The scan detector's hook: sees every keydown first; answering true consumes it. One at a time. */
export function setKeyInterceptor(fn: KeyInterceptor | null): void {
  interceptor = fn;
}

/** What the shortcuts sheet lists: one line per distinct keys and description; `group` null is the sheet's "General". */
export function listShortcuts(entries: readonly Entry[] = shortcutEntries.get()): { group: string | null; keys: string; description: string }[] {
  const seen = new Set<string>();
  const out: { group: string | null; keys: string; description: string }[] = [];
  for (const e of entries) {
    const id = `${e.keys}\u0000${e.description}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ group: e.group ?? null, keys: e.keys, description: e.description });
  }
  return out;
}

/**
 * Keys that go to the view's find even from a text field, when the field is empty or all its text is
 * selected: there the key cannot be meant as the field's first character, and a code never starts with it.
 */
const FIND_KEYS = new Set(['/']);

/** A text field with nothing in it, or with all of its text selected (what `/` selects). */
function emptyOrAllSelected(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return false;
  if (target.value === '') return true;
  try {
    return target.selectionStart === 0 && target.selectionEnd === target.value.length;
  } catch {
    return false; // a field type without a selection (number, email)
  }
}

/** The best shortcut for this event: scoped ones containing the target first, then the newest. */
export function pickShortcut(event: KeyboardEvent): Entry | null {
  return pickShortcutAt(event.target, event);
}

/** The shortcut a key pressed with focus on `at` runs, if any (a key given back is asked before it is typed). */
export function pickShortcutAt(at: EventTarget | null, event: KeyPress): Entry | null {
  const target = at instanceof Node ? at : null;
  // A select takes letters as type-ahead: typing too.
  const typing =
    (isTextEntry(at) || at instanceof HTMLSelectElement) &&
    !(FIND_KEYS.has(event.key) && !event.ctrlKey && !event.altKey && !event.metaKey && emptyOrAllSelected(at));
  let best: Entry | null = null;
  let bestScoped = false;
  for (const e of shortcutEntries.get()) {
    if (!matches(e.combo, event)) continue;
    if (typing && !e.inFields) continue;
    let scoped = false;
    if (e.scope) {
      const scope = e.scope();
      if (!scope || !target || !scope.contains(target)) continue;
      scoped = true;
    }
    if (e.when && !e.when()) continue;
    if (!best || (scoped && !bestScoped) || (scoped === bestScoped && e.order > best.order)) {
      best = e;
      bestScoped = scoped;
    }
  }
  return best;
}

function onKeyDownCapture(event: KeyboardEvent) {
  if (interceptor?.(event)) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}

/** The path of the address (hash history): what a change of view changes. */
function currentPath(): string {
  return window.location.hash.replace(/^#/, '').split('?')[0] ?? '';
}

function onKeyDown(event: KeyboardEvent) {
  // A component of the primitive kit (a menu, a dialog) already handled it.
  if (event.defaultPrevented) return;
  const shortcut = pickShortcut(event);
  if (!shortcut) return;
  event.preventDefault();
  const before = currentPath();
  shortcut.handler(event);
  // A shortcut that changed the view: the keys after it belong to the new view from this moment,
  // not from whenever the router gets round to saying so (the router's own notice follows).
  const after = currentPath();
  if (after !== before && settlingPath() !== after) beginViewChange(after);
}

/**
 * Starts listening on the window; answers the function that stops. Interception runs in the capture
 * phase (before any field sees the key), shortcuts in the bubble phase (after dialogs and menus of the
 * primitive kit had their say, so their Escape closes them and not the view behind).
 */
export function installKeyboard(target: Window = window): () => void {
  target.addEventListener('keydown', onKeyDownCapture, true);
  target.addEventListener('keydown', onKeyDown);
  return () => {
    target.removeEventListener('keydown', onKeyDownCapture, true);
    target.removeEventListener('keydown', onKeyDown);
  };
}
