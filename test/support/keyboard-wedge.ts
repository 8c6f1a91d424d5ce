// Keydown sequences as a keyboard-wedge scanner (or a person) sends them, for the scan unit tests.
import type { KeyInput } from '../../shared/scan/detector.js';

// Keydowns as a US-layout keyboard wedge sends them: Shift pressed before capitals and symbols,
// control codes as Ctrl+key, "\n" as Enter, "\t" as Tab.
const SHIFTED: Record<string, string> = {
  '!': 'Digit1',
  '@': 'Digit2',
  '#': 'Digit3',
  $: 'Digit4',
  '%': 'Digit5',
  '^': 'Digit6',
  '&': 'Digit7',
  '*': 'Digit8',
  '(': 'Digit9',
  ')': 'Digit0',
  _: 'Minus',
  '+': 'Equal',
  '{': 'BracketLeft',
  '}': 'BracketRight',
  ':': 'Semicolon',
  '"': 'Quote',
  '<': 'Comma',
  '>': 'Period',
  '?': 'Slash',
  '~': 'Backquote',
  '|': 'Backslash',
};
const PLAIN: Record<string, string> = {
  '-': 'Minus',
  '=': 'Equal',
  '[': 'BracketLeft',
  ']': 'BracketRight',
  ';': 'Semicolon',
  "'": 'Quote',
  ',': 'Comma',
  '.': 'Period',
  '/': 'Slash',
  '`': 'Backquote',
  '\\': 'Backslash',
  ' ': 'Space',
};

function usKey(ch: string): Omit<KeyInput, 'timeStamp'> {
  const base = { ctrlKey: false, altKey: false, shiftKey: false };
  if (ch === '\n') return { ...base, key: 'Enter', code: 'Enter' };
  if (ch === '\t') return { ...base, key: 'Tab', code: 'Tab' };
  if (ch === '\x1d') return { ...base, key: ']', code: 'BracketRight', ctrlKey: true };
  if (ch === '\x1e') return { ...base, key: '^', code: 'Digit6', ctrlKey: true, shiftKey: true };
  if (ch === '\x04') return { ...base, key: 'd', code: 'KeyD', ctrlKey: true };
  if (/[a-z]/.test(ch)) return { ...base, key: ch, code: `Key${ch.toUpperCase()}` };
  if (/[A-Z]/.test(ch)) return { ...base, key: ch, code: `Key${ch}`, shiftKey: true };
  if (/[0-9]/.test(ch)) return { ...base, key: ch, code: `Digit${ch}` };
  if (SHIFTED[ch]) return { ...base, key: ch, code: SHIFTED[ch], shiftKey: true };
  if (PLAIN[ch]) return { ...base, key: ch, code: PLAIN[ch] };
  throw new Error(`no US key for ${JSON.stringify(ch)}`);
}

// French AZERTY under the OS: the scanner presses the US keys, the OS shows AZERTY characters.
const AZERTY_BY_CODE: Record<string, [string, string]> = {
  Digit1: ['&', '1'],
  Digit2: ['é', '2'],
  Digit3: ['"', '3'],
  Digit4: ["'", '4'],
  Digit5: ['(', '5'],
  Digit6: ['-', '6'],
  Digit7: ['è', '7'],
  Digit8: ['_', '8'],
  Digit9: ['ç', '9'],
  Digit0: ['à', '0'],
  BracketRight: ['$', '£'],
  KeyQ: ['a', 'A'],
  KeyA: ['q', 'Q'],
  KeyW: ['z', 'Z'],
  KeyZ: ['w', 'W'],
  Semicolon: ['m', 'M'],
  KeyM: [',', '?'],
  Minus: [')', '°'],
};
function azerty(e: Omit<KeyInput, 'timeStamp'>): Omit<KeyInput, 'timeStamp'> {
  const fr = AZERTY_BY_CODE[e.code];
  if (!fr || e.ctrlKey) return e;
  return { ...e, key: fr[e.shiftKey ? 1 : 0] };
}

/** A deterministic jitter source, so a "recorded" profile is the same on every run. */
export function jitter(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
}

export interface Typed {
  events: KeyInput[];
  end: number;
}

/** Keydowns for `text` at `gapMs` per key (±`spread` of it), starting at `start`; Shift keydowns included. */
export function type(
  text: string,
  gapMs: number,
  options: { start?: number; spread?: number; seed?: number; layout?: 'us' | 'azerty'; gaps?: () => number } = {},
): Typed {
  const rand = jitter(options.seed ?? 7);
  const events: KeyInput[] = [];
  let t = options.start ?? 1000;
  for (const [i, ch] of [...text].entries()) {
    if (i > 0) t += options.gaps ? options.gaps() : gapMs * (1 + (options.spread ?? 0.2) * rand());
    let key = usKey(ch);
    if (options.layout === 'azerty') key = azerty(key);
    if (key.shiftKey) events.push({ key: 'Shift', code: 'ShiftLeft', ctrlKey: false, altKey: false, shiftKey: true, timeStamp: t - 0.5 });
    if (key.ctrlKey) events.push({ key: 'Control', code: 'ControlLeft', ctrlKey: true, altKey: false, shiftKey: false, timeStamp: t - 0.5 });
    events.push({ ...key, timeStamp: t });
  }
  return { events, end: t };
}
