/**
 * Key combinations as people write them ("Alt+ArrowLeft", "?", "Escape", "Alt+1"), parsed once and
 * matched against KeyboardEvents. Pure: no listeners here.
 */
export interface KeyCombo {
  alt: boolean;
  ctrl: boolean;
  meta: boolean;
  shift: boolean;
  /** `event.key`, lower-cased for letters. */
  key: string;
}

const MODIFIERS = new Set(['alt', 'ctrl', 'meta', 'shift']);

export function parseKeys(keys: string): KeyCombo {
  const parts = keys.split('+');
  // "Ctrl++" names the plus key: an empty last part after a trailing "+".
  const key = keys.endsWith('++') ? '+' : parts.pop()!;
  const mods = new Set(parts.filter(Boolean).map((p) => p.toLowerCase()));
  // A shortcut's keys are written in the code: these are the programmer's mistakes, never the clerk's to read.
  // eslint-disable-next-line dockdesk/no-literal-ui-text -- a programmer's mistake, thrown at registration
  for (const m of mods) if (!MODIFIERS.has(m)) throw new Error(`Unknown modifier "${m}" in "${keys}".`);
  // eslint-disable-next-line dockdesk/no-literal-ui-text -- a programmer's mistake, thrown at registration
  if (!key) throw new Error(`No key in "${keys}".`);
  return { alt: mods.has('alt'), ctrl: mods.has('ctrl'), meta: mods.has('meta'), shift: mods.has('shift'), key: key.length === 1 ? key.toLowerCase() : key };
}

/** The parts of a KeyboardEvent a combination is matched on. */
export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export function matches(combo: KeyCombo, event: KeyPress): boolean {
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key !== combo.key || event.altKey !== combo.alt || event.ctrlKey !== combo.ctrl || event.metaKey !== combo.meta) return false;
  // A printed character ("?", "/") already says whether Shift was down; only named keys check it.
  return event.key.length === 1 && !/[a-z0-9]/i.test(event.key) ? true : event.shiftKey === combo.shift;
}

/**
 * Combinations a barcode scanner in keyboard-wedge mode sends for control characters (GS as Ctrl+],
 * RS as Ctrl+^ or Ctrl+6, EOT as Ctrl+D, FS, US, ESC, LF, CR, HT and NUL as Ctrl+letter or symbol).
 * No shortcut may use them: a scan would trigger it.
 */
const SCANNER_CONTROL_KEYS = new Set([']', '^', '6', 'd', '\\', '_', '-', '[', 'j', 'm', 'i', '@', '2', 'h']);

export function isScannerControlCombo(combo: KeyCombo): boolean {
  return combo.ctrl && !combo.alt && !combo.meta && SCANNER_CONTROL_KEYS.has(combo.key);
}

/** Parses keys for a shortcut, refusing what a scanner could trigger. */
export function bindableKeys(keys: string): KeyCombo {
  const combo = parseKeys(keys);
  // eslint-disable-next-line dockdesk/no-literal-ui-text -- a programmer's mistake, thrown at registration
  if (isScannerControlCombo(combo)) throw new Error(`${keys} is a control code a barcode scanner sends; it cannot be a shortcut.`);
  return combo;
}

/**
 * "Alt+ArrowLeft" → "Alt+←" for the shortcuts sheet, in one spelling however a shortcut was written:
 * modifiers as Ctrl, Alt, Shift, Meta, and a letter as its capital, as on the key ("alt+d" → "Alt+D").
 */
export function describeKeys(keys: string): string {
  const names: Record<string, string> = {
    alt: 'Alt',
    ctrl: 'Ctrl',
    shift: 'Shift',
    meta: 'Meta',
    ArrowLeft: '←',
    ArrowRight: '→',
    ArrowUp: '↑',
    ArrowDown: '↓',
    Escape: 'Esc',
    PageUp: 'Page Up',
    PageDown: 'Page Down',
  };
  return keys
    .split('+')
    .map((p) => names[p] ?? names[p.toLowerCase()] ?? (p.length === 1 ? p.toUpperCase() : p))
    .join('+');
}
