import type { CDPSession, Page } from '@playwright/test';

/**
 * A keyboard-wedge scanner for the e2e tests: real key events through Chromium's input pipeline
 * (keydown, the typed text, keyup), one per character, GS as Ctrl+] and a final Enter, as a USB
 * scanner in US layout sends them.
 *
 * Timing: each event carries its own timestamp, `msPerKey` apart, as a USB device's events carry the
 * operating system's timestamps (the page reads them as `KeyboardEvent.timeStamp`). The events of one
 * scan are sent in one go rather than one `await` at a time: on a loaded two-core machine the test
 * driver itself stalls for 100 ms and more, which splits a scan that a real scanner (whose reports
 * the OS buffers) never splits. Playwright's `keyboard.type` with `delay` measures the driver, not
 * the app, so it is kept for a person's typing only.
 */

const SHIFT = 8;
const CTRL = 2;
const GS = '\x1d';

const SHIFTED_DIGITS = ')!@#$%^&*(';
const PUNCTUATION: Record<string, [code: string, vk: number, shifted: boolean]> = {
  '-': ['Minus', 189, false],
  _: ['Minus', 189, true],
  '=': ['Equal', 187, false],
  '+': ['Equal', 187, true],
  '[': ['BracketLeft', 219, false],
  '{': ['BracketLeft', 219, true],
  ']': ['BracketRight', 221, false],
  '}': ['BracketRight', 221, true],
  '\\': ['Backslash', 220, false],
  '|': ['Backslash', 220, true],
  ';': ['Semicolon', 186, false],
  ':': ['Semicolon', 186, true],
  "'": ['Quote', 222, false],
  '"': ['Quote', 222, true],
  ',': ['Comma', 188, false],
  '<': ['Comma', 188, true],
  '.': ['Period', 190, false],
  '>': ['Period', 190, true],
  '/': ['Slash', 191, false],
  '?': ['Slash', 191, true],
  '`': ['Backquote', 192, false],
  '~': ['Backquote', 192, true],
  ' ': ['Space', 32, false],
};

interface KeyStroke {
  key: string;
  code: string;
  vk: number;
  modifiers: number;
  /** The text the key types; none for a control code. */
  text?: string;
}

/** The physical key a US-layout scanner presses for one character. */
export function strokeFor(ch: string): KeyStroke {
  if (ch === GS) return { key: ']', code: 'BracketRight', vk: 221, modifiers: CTRL };
  if (/^[a-z]$/.test(ch)) return { key: ch, code: `Key${ch.toUpperCase()}`, vk: ch.toUpperCase().charCodeAt(0), modifiers: 0, text: ch };
  if (/^[A-Z]$/.test(ch)) return { key: ch, code: `Key${ch}`, vk: ch.charCodeAt(0), modifiers: SHIFT, text: ch };
  if (/^[0-9]$/.test(ch)) return { key: ch, code: `Digit${ch}`, vk: ch.charCodeAt(0), modifiers: 0, text: ch };
  const shiftedDigit = SHIFTED_DIGITS.indexOf(ch);
  if (shiftedDigit >= 0) return { key: ch, code: `Digit${shiftedDigit}`, vk: 48 + shiftedDigit, modifiers: SHIFT, text: ch };
  const p = PUNCTUATION[ch];
  if (p) return { key: ch, code: p[0], vk: p[1], modifiers: p[2] ? SHIFT : 0, text: ch };
  throw new Error(`The test scanner cannot type ${JSON.stringify(ch)} on a US layout.`);
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();
/** The last timestamp used per page, so that consecutive scans never overlap in time. */
const clocks = new WeakMap<Page, number>();

/** The page's DevTools session, one per page: key events sent through it carry the timestamps a test gives. */
export function session(page: Page): Promise<CDPSession> {
  let s = sessions.get(page);
  if (!s) {
    s = page.context().newCDPSession(page);
    sessions.set(page, s);
  }
  return s;
}

export interface ScanOptions {
  /** Milliseconds between two keys of the scan (scanners: 2 to 100). */
  msPerKey?: number;
  /** The suffix the scanner sends; null for none. */
  terminator?: 'Enter' | 'Tab' | null;
}

/**
 * Types `code` as one scanner burst into whatever has focus, and resolves once Chromium has handled
 * every key. GS (`\x1d`) in `code` is sent as Ctrl+].
 */
export async function scanCode(page: Page, code: string, { msPerKey = 5, terminator = 'Enter' }: ScanOptions = {}): Promise<void> {
  const cdp = await session(page);
  const step = msPerKey / 1000;
  // Seconds since the epoch, as CDP takes them; never before the previous scan's last key.
  let at = Math.max(Date.now() / 1000, (clocks.get(page) ?? 0) + step);
  const sends: Array<Promise<unknown>> = [];
  const press = (s: KeyStroke) => {
    const base = { key: s.key, code: s.code, windowsVirtualKeyCode: s.vk, nativeVirtualKeyCode: s.vk, modifiers: s.modifiers };
    sends.push(
      cdp.send('Input.dispatchKeyEvent', {
        type: s.text ? 'keyDown' : 'rawKeyDown',
        ...base,
        ...(s.text ? { text: s.text, unmodifiedText: s.text } : {}),
        timestamp: at,
      }),
    );
    sends.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base, timestamp: at + step / 2 }));
    at += step;
  };
  for (const ch of code) press(strokeFor(ch));
  if (terminator === 'Enter') press({ key: 'Enter', code: 'Enter', vk: 13, modifiers: 0, text: '\r' });
  if (terminator === 'Tab') press({ key: 'Tab', code: 'Tab', vk: 9, modifiers: 0 });
  clocks.set(page, at);
  await Promise.all(sends);
}

/**
 * A silence in the key stream, as a person or a scanner leaves one (the gap before a scan, a pause
 * in typing): the desk reads key timing, so this is the one fixed wait the e2e tests make.
 */
export function keyPause(page: Page, ms: number): Promise<void> {
  return page.waitForTimeout(ms);
}
