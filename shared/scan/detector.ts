// Keyboard-wedge scanner detection by timing. A scanner "types" a whole code in a burst (2-100 ms
// between keys, depending on the model and its settings) and usually ends it with Enter or Tab; a
// person types slower and unevenly. The detector is fed every keydown and answers, per event, what the
// caller must do with it, so that a scan arriving while a text field has focus ends up in the scan
// router instead of in the field.
//
// Per event the caller gets a PushResult:
//   action 'pass'    let the event do what it normally does (type into the field, run a shortcut);
//   action 'hold'    prevent it: it may belong to a scan; if it turns out to be typing it comes back
//                    later in `release` and the caller types it then;
//   action 'swallow' prevent it: it belongs to a scan (a terminator or a control code).
//   startsBurst      this event may open a scan: remember the focused field's value and selection
//                    BEFORE the event's default action, to put them back if `retract` comes;
//   scan, retract    a scan ended (with this event, or with silence before it): undo the `retract`
//                    passed events of it (restore the field remembered at startsBurst) and route it;
//   release          held events that were typing after all, in order: type them now.
// Apply `release` / `scan` + `retract` first (they close an earlier burst), then this event's action.
//
// Holding policy: keys typed into a control that takes keys itself (a text field, a select with
// type-ahead, a combobox) are never held: they pass at once, so a person's typing is never delayed,
// reordered or replayed. If their burst turns out to be a scan, `retract` tells the caller to put the
// control back as it was at startsBurst (its value restored exactly). Outside such a control every
// printable key is held from the first one (there is nothing to type into, and single-key shortcuts
// must not fire on scanner data), except a key that would open a burst but runs a single-key shortcut
// where focus is (`/` to the search: no scan starts with it) and a Space (it presses the focused
// button, see push). Control codes inside a burst (GS, RS, EOT) are always held.
//
// Control codes: scanners send GS as Ctrl+], RS as Ctrl+^ (Ctrl+Shift+6 on US keyboards, or Ctrl+6)
// and EOT as Ctrl+D. They are matched on `event.code` (the physical key), so the OS keyboard layout
// does not matter. Ctrl+] and Ctrl+^ may open a burst (a GS1 code may start with FNC1-as-GS); Ctrl+D
// only continues one, so a person's Ctrl+D is left alone.
//
// Keyboard layout: a scanner types as if on a US keyboard; under another OS layout `event.key` shows
// the layout's characters (AZERTY: "1" arrives as "&"). `decode: 'code'` reads every key by its
// physical position on a US layout instead; `decode: 'auto'` (the default) reads `event.key` unless the
// US reading of the same keys has more letters and digits, or the key reading has characters a US
// scanner cannot type (non-ASCII, dead keys). 'auto' cannot tell swapped letters (QWERTZ Y/Z) apart:
// the calibration screen shows both readings and proposes 'code' when they differ.

export interface KeyInput {
  key: string;
  code: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey?: boolean;
  /** Auto-repeat of a held key: a person, never a scanner. */
  repeat?: boolean;
  /** Milliseconds, `KeyboardEvent.timeStamp` (same clock as performance.now()). */
  timeStamp: number;
}

export type Decode = 'key' | 'code' | 'auto';
export type Terminator = 'Enter' | 'Tab';

export interface ScanThresholds {
  /** Longest gap between two keys of one scan. Scanners: 2-100 ms; people: rarely under 100 ms. */
  maxGapMs: number;
  /** Fewest characters (AIM prefix and control codes included) that make a scan. */
  minLength: number;
  /** A burst of at least minLength keys followed by more than maxGapMs of silence is a scan even
   *  without Enter/Tab (for scanners set to send no suffix). Off by default: then a scan needs a terminator. */
  idleEnds: boolean;
  decode: Decode;
  /** Keys that end a scan (and are swallowed). */
  terminators: readonly Terminator[];
  /**
   * Marks the scanner was taught to send before and after every code (calibration finds them): a
   * burst that begins with the prefix is a scan even when a busy PC stretched its gaps, one without
   * it is typing; neither mark is part of the code. Empty: none.
   */
  prefix: string;
  suffix: string;
}

export const DEFAULT_THRESHOLDS: ScanThresholds = {
  maxGapMs: 100,
  minLength: 4,
  idleEnds: false,
  decode: 'auto',
  terminators: ['Enter', 'Tab'],
  prefix: '',
  suffix: '',
};

/**
 * The longest gap within a burst that a prefix or an AIM identifier marks as a scanner's: a person
 * does not type "]C1" or the scanner's prefix, so only a machine too busy to hand the keys over
 * in time stretches such a burst.
 */
export const MARKED_GAP_MS = 400;

/**
 * The longest gap between two keys that only a machine keeps up key after key: people type distinct
 * keys 80 ms or more apart, a scanner 2 to 40 ms.
 */
const MACHINE_GAP_MS = 45;

export interface Scan {
  /** The data without the AIM prefix; control codes kept (\x1d GS, \x1e RS, \x04 EOT). */
  text: string;
  /** From the AIM symbology identifier (e.g. "GS1-128"), or null when the scanner sends none. */
  symbology: string | null;
  /** The AIM identifier itself (e.g. "]C1"), or null. */
  aim: string | null;
  /** Everything the scanner sent before the terminator, AIM prefix included. */
  raw: string;
  terminator: Terminator | null;
  decodedBy: 'key' | 'code';
  startedAt: number;
  endedAt: number;
  keyCount: number;
}

export interface PushContext {
  /** Focus is in a control that takes typed keys itself (input, textarea, select, combobox), scan field or not. */
  editable?: boolean;
  /** This key runs a single-key shortcut where focus is (`/`, `?`): it never opens a burst. */
  shortcut?: boolean;
}

export interface PushResult {
  action: 'pass' | 'hold' | 'swallow';
  startsBurst: boolean;
  scan?: Scan;
  retract?: number;
  release?: KeyInput[];
  /**
   * This key's timestamp joins it to the burst that silence on the page's clock had ended (a busy
   * PC handed its keys over late): that burst is open again with these keys, which were given back
   * (in `release`) when it ended; they count in `retract` if it now ends as a scan, and any not yet
   * typed are the scan's, not the field's.
   */
  rejoined?: KeyInput[];
  /**
   * A burst marked as a scanner's that silence cut before its Enter or Tab (see flush's
   * `terminatorWaited`): what came of it so far, for the clerk to be told. It is no scan to use: the
   * rest may still come, and a cut code would open or add another item. Its keys stay held, never typed.
   */
  cut?: Scan;
  /**
   * This key's timestamp joins it to a burst that the wait for its terminator had ended (see flush):
   * that burst goes on, its keys held still, and ends as one scan of them all. `keys` of it were
   * counted already; `used`: it had ended as a scan (unmarked), which the whole one now follows.
   */
  resumed?: { keys: number; used: boolean };
}

export type FlushResult = Omit<PushResult, 'action' | 'startsBurst'>;

export interface ScanDetector {
  push(event: KeyInput, context?: PushContext): PushResult;
  /**
   * Call when nothing came for a while (a timer maxGapMs after the last push): ends a finished burst.
   * `terminatorWaited`: the caller waited as long as a scanner's late keys usually take, so a burst
   * that awaits its terminator (see awaitsTerminator) and is long enough is never given back as
   * typing (a scanner's keys would run a control's shortcuts). Marked as a scanner's (its prefix, an
   * AIM identifier), it is reported `cut` and not used: a busy PC may still hand over the rest, and
   * the part is another code. Unmarked, it ends as the scan it may well be (a person's keys that a
   * remote session bunched look the same). Either way, keys whose timestamps join it later, however
   * late they come, go on with it (`resumed`), and the next key that does not ends it for good; a
   * late terminator alone is the used scan's own and does nothing.
   */
  flush(now: number, options?: { terminatorWaited?: boolean }): FlushResult;
  /** A burst is open: keys that came fast enough to be a scanner's. */
  readonly pending: boolean;
  /** The time by which flush() should be called if no key comes, or null when nothing is open. */
  readonly flushDueAt: number | null;
  /** The open burst holds keys back (they were typed nowhere yet). */
  readonly holding: boolean;
  /**
   * The open burst holds keys back and is a scan but for the rest of it and its Enter or Tab: marked
   * as a scanner's, or two keys or more at a machine's pace, and only a terminator can end it as a
   * scan (idle endings off). Given back too early, its keys would act as typing (a tile's digit, a
   * row's letter) before the late rest showed it was a scan.
   */
  readonly awaitsTerminator: boolean;
  readonly thresholds: ScanThresholds;
  reset(): void;
}

export const GS = '\x1d';
export const RS = '\x1e';
export const EOT = '\x04';
const FS = '\x1c';

/** AIM symbology identifiers (ISO/IEC 15424) to names; the modifier digit matters for GS1 and EAN. */
const AIM_SYMBOLOGIES: Record<string, string> = {
  ']C0': 'Code 128',
  ']C1': 'GS1-128',
  ']E0': 'EAN-13',
  ']E4': 'EAN-8',
  ']e0': 'GS1 DataBar',
  ']d1': 'Data Matrix',
  ']d2': 'GS1 DataMatrix',
  ']Q1': 'QR Code',
  ']Q3': 'GS1 QR Code',
  ']A0': 'Code 39',
  ']I0': 'ITF',
  ']I1': 'ITF',
  ']G0': 'Code 93',
  ']F0': 'Codabar',
  ']L0': 'PDF417',
  ']z0': 'Aztec Code',
  ']z1': 'GS1 Aztec Code',
  ']J0': 'DotCode',
  ']J1': 'GS1 DotCode',
};
const AIM_FAMILIES: Record<string, string> = {
  A: 'Code 39',
  C: 'Code 128',
  E: 'EAN/UPC',
  e: 'GS1 DataBar',
  d: 'Data Matrix',
  Q: 'QR Code',
  I: 'ITF',
  L: 'PDF417',
  z: 'Aztec Code',
  J: 'DotCode',
};

/** The name of an AIM identifier such as "]C1", or null when it is not one. */
export function symbologyOf(aim: string): string | null {
  if (!/^\][A-Za-z][0-9A-Za-z]$/.test(aim)) return null;
  return AIM_SYMBOLOGIES[aim] ?? (AIM_FAMILIES[aim[1]!] ? `${AIM_FAMILIES[aim[1]!]} (${aim})` : `AIM ${aim}`);
}

// ---- Decoding one key ----------------------------------------------------------------------------

/** A US keyboard by physical key: [unshifted, shifted]. */
const US_LAYOUT: Record<string, [string, string]> = (() => {
  const map: Record<string, [string, string]> = {};
  for (let c = 0; c < 26; c++) {
    const letter = String.fromCharCode(97 + c);
    map[`Key${letter.toUpperCase()}`] = [letter, letter.toUpperCase()];
  }
  const shiftedDigits = ')!@#$%^&*(';
  for (let d = 0; d < 10; d++) {
    map[`Digit${d}`] = [String(d), shiftedDigits[d]!];
    map[`Numpad${d}`] = [String(d), String(d)];
  }
  const punctuation: Array<[string, string, string]> = [
    ['Minus', '-', '_'],
    ['Equal', '=', '+'],
    ['BracketLeft', '[', '{'],
    ['BracketRight', ']', '}'],
    ['Backslash', '\\', '|'],
    ['Semicolon', ';', ':'],
    ['Quote', "'", '"'],
    ['Comma', ',', '<'],
    ['Period', '.', '>'],
    ['Slash', '/', '?'],
    ['Backquote', '`', '~'],
    ['Space', ' ', ' '],
    ['IntlBackslash', '\\', '|'],
    ['NumpadDecimal', '.', '.'],
    ['NumpadAdd', '+', '+'],
    ['NumpadSubtract', '-', '-'],
    ['NumpadMultiply', '*', '*'],
    ['NumpadDivide', '/', '/'],
  ];
  for (const [code, plain, shifted] of punctuation) map[code] = [plain, shifted];
  return map;
})();

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'NumLock', 'ScrollLock', 'OS', 'Hyper', 'Super', 'Fn']);

/** What one keydown is to the detector. */
export type KeyReading =
  | { kind: 'modifier' }
  | { kind: 'char'; byKey: string | null; byCode: string | null; control: string | null }
  | { kind: 'terminator'; name: Terminator }
  | { kind: 'other' };

/** A control code sent as Ctrl+key, by physical key. */
function controlCode(e: KeyInput): string | null {
  if (!e.ctrlKey || e.altKey || e.metaKey) return null;
  switch (e.code) {
    case 'BracketRight':
      return GS;
    case 'Digit6':
      return RS; // Ctrl+^ is Ctrl+Shift+6 on a US keyboard; some scanners send Ctrl+6
    case 'KeyD':
      return EOT;
    case 'Backslash':
      return FS;
    default:
      return e.key === '^' ? RS : null;
  }
}

export function readKey(e: KeyInput, terminators: readonly Terminator[]): KeyReading {
  if (MODIFIER_KEYS.has(e.key)) return { kind: 'modifier' };
  const control = controlCode(e);
  if (control) return { kind: 'char', byKey: control, byCode: control, control };
  if ((terminators as readonly string[]).includes(e.key) && !e.ctrlKey && !e.altKey && !e.metaKey) return { kind: 'terminator', name: e.key as Terminator };
  // AltGr arrives as Ctrl+Alt on Windows and types a character: treat it as typing.
  const altGr = e.ctrlKey && e.altKey;
  if ((e.ctrlKey || e.altKey || e.metaKey) && !altGr) return { kind: 'other' };
  const us = US_LAYOUT[e.code];
  const byCode = us ? us[e.shiftKey ? 1 : 0] : null;
  const printable = [...e.key].length === 1;
  if (printable) return { kind: 'char', byKey: e.key, byCode: byCode ?? e.key, control: null };
  if ((e.key === 'Dead' || e.key === 'Unidentified') && byCode) return { kind: 'char', byKey: null, byCode, control: null };
  return { kind: 'other' };
}

function isControl(c: string): boolean {
  return c === GS || c === RS || c === EOT || c === FS;
}

function alphanumerics(s: string): number {
  return (s.match(/[0-9A-Za-z]/g) ?? []).length;
}

/** Chooses the reading of a burst: by `event.key` or by physical key on a US layout. */
export function chooseReading(byKey: Array<string | null>, byCode: Array<string | null>, decode: Decode): { text: string; decodedBy: 'key' | 'code' } {
  const keyText = byKey.map((c) => c ?? '').join('');
  const codeText = byCode.map((c) => c ?? '').join('');
  if (decode === 'code') return { text: codeText, decodedBy: 'code' };
  if (decode === 'key' || keyText === codeText) return { text: keyText, decodedBy: 'key' };
  const keyUnreadable = byKey.some((c) => c === null) || [...keyText].some((c) => c.charCodeAt(0) > 0x7f);
  return keyUnreadable || alphanumerics(codeText) > alphanumerics(keyText) ? { text: codeText, decodedBy: 'code' } : { text: keyText, decodedBy: 'key' };
}

/** Splits the AIM prefix off decoded scanner data. */
export function splitAim(raw: string): { aim: string | null; symbology: string | null; text: string } {
  const aim = raw.slice(0, 3);
  const symbology = raw.length > 3 ? symbologyOf(aim) : null;
  return symbology ? { aim, symbology, text: raw.slice(3) } : { aim: null, symbology: null, text: raw };
}

// ---- The detector ----------------------------------------------------------------------------------

interface Entry {
  input: KeyInput;
  byKey: string | null;
  byCode: string | null;
  held: boolean;
}

/** Whether `event` belongs, by its timestamp, to the burst that silence on the page's clock had ended. */
function joinsRecent(recent: { lastAt: number } | null, event: KeyInput, c: KeyReading, maxGapMs: number): boolean {
  return recent !== null && (c.kind === 'char' || c.kind === 'terminator') && !event.repeat && event.timeStamp - recent.lastAt <= maxGapMs;
}

function readingOf(entries: Entry[], decode: Decode) {
  return chooseReading(
    entries.map((e) => e.byKey),
    entries.map((e) => e.byCode),
    decode,
  );
}

/** The scanner's data without the marks it was taught to send around it. */
function withoutMarks(text: string, { prefix, suffix }: Pick<ScanThresholds, 'prefix' | 'suffix'>): string {
  const start = prefix && text.startsWith(prefix) ? prefix.length : 0;
  const end = suffix && text.length - start >= suffix.length && text.endsWith(suffix) ? text.length - suffix.length : text.length;
  return text.slice(start, end);
}

function scanOf(entries: Entry[], terminator: Terminator | null, endedAt: number, thresholds: ScanThresholds): Scan {
  const { text, decodedBy } = readingOf(entries, thresholds.decode);
  const raw = withoutMarks(text, thresholds);
  return { ...splitAim(raw), raw, terminator, decodedBy, startedAt: entries[0]!.input.timeStamp, endedAt, keyCount: entries.length };
}

/** Whether a burst so far is marked as a scanner's: it begins with the taught prefix, or (without one) an AIM identifier. */
function isMarked(entries: Entry[], thresholds: ScanThresholds): boolean {
  if (entries.length === 0) return false;
  const { text } = readingOf(entries.slice(0, Math.max(3, thresholds.prefix.length)), thresholds.decode);
  if (thresholds.prefix) return text.startsWith(thresholds.prefix);
  return /^\][A-Za-z][0-9A-Za-z]/.test(text);
}

/** The longest gap `entries` allow between keys: wider once they are marked as a scanner's. */
function gapFor(entries: Entry[], thresholds: ScanThresholds): number {
  return isMarked(entries, thresholds) ? Math.max(thresholds.maxGapMs, MARKED_GAP_MS) : thresholds.maxGapMs;
}

function checked(options: Partial<ScanThresholds>): ScanThresholds {
  const thresholds: ScanThresholds = { ...DEFAULT_THRESHOLDS, ...options };
  if (!(thresholds.maxGapMs > 0)) throw new Error('maxGapMs must be a positive number of milliseconds');
  if (!(Number.isInteger(thresholds.minLength) && thresholds.minLength >= 1)) throw new Error('minLength must be a whole number of at least 1');
  if (thresholds.prefix.length > 8 || thresholds.suffix.length > 8) throw new Error('a scanner prefix or suffix has at most 8 characters');
  return thresholds;
}

export function createScanDetector(options: Partial<ScanThresholds> = {}): ScanDetector {
  return new Detector(checked(options));
}

class Detector implements ScanDetector {
  private burst: Entry[] = [];
  private lastAt = 0;
  /**
   * The last burst, when silence counted on the page's clock ended it as typing: the next key may
   * show by its own timestamp that it was part of it (the browser handed it over late).
   */
  private recent: { entries: Entry[]; lastAt: number; ended: 'typing' | 'cut' | 'used' } | null = null;

  constructor(readonly thresholds: ScanThresholds) {}

  get pending() {
    return this.burst.length > 0;
  }

  get flushDueAt() {
    return this.burst.length > 0 ? this.lastAt + gapFor(this.burst, this.thresholds) : null;
  }

  get holding() {
    return this.burst.some((e) => e.held);
  }

  get awaitsTerminator() {
    if (this.thresholds.idleEnds || !this.holding) return false;
    const b = this.burst;
    // Marked as a scanner's (its prefix, an AIM identifier), or at a pace no person keeps from key to
    // key: a fast typist's word waits no longer than before.
    if (isMarked(b, this.thresholds)) return true;
    return b.length >= 2 && b.every((e, i) => i === 0 || e.input.timeStamp - b[i - 1]!.input.timeStamp <= MACHINE_GAP_MS);
  }

  reset() {
    this.burst = [];
    this.recent = null;
  }

  flush(now: number, { terminatorWaited = false }: { terminatorWaited?: boolean } = {}): FlushResult {
    const gap = gapFor(this.burst, this.thresholds);
    if (!(this.burst.length > 0 && now - this.lastAt > gap)) return {};
    const entries = this.burst;
    const lastAt = this.lastAt;
    const scanners = terminatorWaited && this.awaitsTerminator && this.canScan(entries);
    if (scanners) {
      this.burst = [];
      if (isMarked(entries, this.thresholds)) {
        this.recent = { entries, lastAt, ended: 'cut' };
        return { cut: scanOf(entries, null, lastAt, this.thresholds) };
      }
      this.recent = { entries, lastAt, ended: 'used' };
      return this.finish(entries, null, lastAt);
    }
    const ended = this.endBurst(true);
    this.recent = ended.scan ? null : { entries, lastAt, ended: 'typing' };
    return ended;
  }

  /** A scan of `entries`, with how many of them were typed (to take back out). */
  private finish(entries: Entry[], terminator: Terminator | null, endedAt: number): FlushResult {
    return { scan: scanOf(entries, terminator, endedAt, this.thresholds), retract: entries.filter((e) => !e.held).length };
  }

  /** With a taught prefix, a burst without it is a person's, however fast. */
  private canScan(entries: Entry[]): boolean {
    return entries.length >= this.thresholds.minLength && (!this.thresholds.prefix || isMarked(entries, this.thresholds));
  }

  /** Ends the open burst without a terminator: a scan if idle endings are on and it is long enough. */
  private endBurst(allowIdleScan: boolean): FlushResult {
    const entries = this.burst;
    this.burst = [];
    if (entries.length === 0) return {};
    if (allowIdleScan && this.thresholds.idleEnds && this.canScan(entries)) return this.finish(entries, null, this.lastAt);
    const release = entries.filter((e) => e.held).map((e) => e.input);
    return release.length > 0 ? { release } : {};
  }

  /**
   * A key that its timestamp puts within the burst silence had ended: that burst goes on. Keys given
   * back as typing are the scan's again if it ends as one (answered in `rejoined`); those of a burst
   * the wait for its terminator ended were held all along and stay so (`resumed`).
   */
  private reopen(event: KeyInput, c: KeyReading): Pick<PushResult, 'rejoined' | 'resumed'> {
    const recent = this.recent;
    this.recent = null;
    if (this.burst.length > 0 || !recent || !joinsRecent(recent, event, c, gapFor(recent.entries, this.thresholds))) return {};
    this.lastAt = recent.lastAt;
    if (recent.ended !== 'typing') {
      this.burst = recent.entries;
      return { resumed: { keys: recent.entries.length, used: recent.ended === 'used' } };
    }
    this.burst = recent.entries.map((e) => ({ ...e, held: false }));
    return { rejoined: recent.entries.map((e) => e.input) };
  }

  push(event: KeyInput, context: PushContext = {}): PushResult {
    const c = readKey(event, this.thresholds.terminators);
    if (c.kind === 'modifier') return { action: 'pass', startsBurst: false };
    // The late terminator of a burst that ended as a scan without it: that scan's, already used.
    const used = this.recent?.ended === 'used' ? this.recent : null;
    if (c.kind === 'terminator' && used && this.burst.length === 0 && joinsRecent(used, event, c, gapFor(used.entries, this.thresholds))) {
      this.recent = null;
      return { action: 'swallow', startsBurst: false };
    }
    const reopened = this.reopen(event, c);
    // A gap longer than the burst allows closes it before this key is looked at.
    const closed: FlushResult = this.burst.length > 0 && event.timeStamp - this.lastAt > gapFor(this.burst, this.thresholds) ? this.endBurst(true) : {};
    const result = (action: PushResult['action'], startsBurst = false, more: FlushResult = {}): PushResult => ({
      ...closed,
      ...more,
      action,
      startsBurst,
      ...reopened,
    });
    if (event.repeat || c.kind === 'other') {
      // Auto-repeat, arrows, Escape, Ctrl+K...: a person is at the keyboard; whatever was held was typing.
      const release = [...(closed.release ?? []), ...(this.endBurst(false).release ?? [])];
      return result('pass', false, release.length > 0 ? { release } : {});
    }
    if (c.kind === 'terminator') {
      if (!this.canScan(this.burst)) return result('pass', false, this.endBurst(false));
      const entries = this.burst;
      this.burst = [];
      return result('swallow', false, this.finish(entries, c.name, event.timeStamp));
    }
    return this.pushChar(event, c, context, result);
  }

  private pushChar(
    event: KeyInput,
    c: Extract<KeyReading, { kind: 'char' }>,
    context: PushContext,
    result: (action: PushResult['action'], startsBurst?: boolean, more?: FlushResult) => PushResult,
  ): PushResult {
    const burst = this.burst;
    if (burst.length === 0 && c.control !== null && c.control !== GS && c.control !== RS) return result('pass');
    // Space presses a focused button and toggles a checkbox or switch, which only a trusted key
    // does: held and given back later it would do nothing. No scan starts with a space.
    if (burst.length === 0 && c.byKey === ' ' && !context.editable) return result('pass');
    if (burst.length === 0 && context.shortcut && c.control === null) return result('pass');
    const startsBurst = burst.length === 0;
    // Once a printable key of this burst is held, the rest are too: a key passed now would land
    // before the held ones and change what was typed.
    const held = c.control !== null || !context.editable || burst.some((e) => e.held && e.byKey !== null && !isControl(e.byKey));
    burst.push({ input: event, byKey: c.byKey, byCode: c.byCode, held });
    this.lastAt = event.timeStamp;
    const { idleEnds, suffix, decode } = this.thresholds;
    // A scanner that sends no Enter or Tab but a taught suffix: the suffix ends the scan at once.
    if (idleEnds && suffix && readingOf(burst, decode).text.endsWith(suffix) && this.canScan(burst)) {
      this.burst = [];
      return result(held ? 'hold' : 'pass', startsBurst, this.finish(burst, null, event.timeStamp));
    }
    return result(held ? 'hold' : 'pass', startsBurst);
  }
}
