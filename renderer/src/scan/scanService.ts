import {
  createScanDetector,
  type FlushResult,
  type KeyInput,
  type PushResult,
  type Scan,
  type ScanDetector,
  type ScanThresholds,
} from '../../../shared/scan/detector';
import { pickShortcut, pickShortcutAt } from '../keyboard/shortcuts';
import { isTextEntry } from '../keyboard/textEntry';
import { isViewSettling, onViewSettled, viewAnchor, viewChangeCount } from '../keyboard/viewFocus';

/**
 * The renderer's side of the scan detector: the keyboard module's interceptor (the only keydown
 * listener) hands every key here first. This module carries out what the detector answers: keys
 * typed into a control that takes keys (a text field, a select, a combobox) go there at once and,
 * if their burst was a scan, are taken back out (the control's value restored exactly); keys typed
 * elsewhere are held until the detector knows, then given back (typed) if they were a person's.
 * Each scan goes to the scan field that has focus, or else to the scan router.
 *
 * While a view opens (keyboard/viewFocus.ts) keys have no home yet: they are held or parked here
 * and handed, in order, to the control the new view puts focus on; a scan made meanwhile waits with
 * them and goes where that focus is (the new view's scan field, else the scan router).
 */

/** What a scan field's handler says about a scan; it picks the cue. */
export type ScanVerdict = 'accepted' | 'merged' | 'refused';
/** A verdict with the reason the clerk is told (a refusal says why). */
export interface ScanAnswer {
  verdict: ScanVerdict;
  reason: string;
}
/**
 * A field may answer later (a look-up first): the cue then waits for its verdict. 'route' hands the
 * scan to the scan router as if no field had focus (the palette: it closes and the record opens).
 */
export type ScanFieldHandler = (scan: Scan, typed: TypedIn) => ScanVerdict | ScanAnswer | 'route' | void | Promise<ScanVerdict | ScanAnswer | void>;

/**
 * The field's text as a plain field would hold it with `text` typed at the caret: what the clerk had
 * typed before the burst stays around it (a person who types "RMA-" and then "4711" fast keeps
 * "RMA-4711"). Where the field was empty or wholly selected, it is `text` itself.
 */
export type TypedIn = (text: string) => string;

/**
 * What an identifier field (a PO, a lot) makes of a scan typed into it: the text it keeps in place of
 * what the scanner typed (a GS1 label's lot), or nothing to keep what was typed. It may fill the other
 * fields the scan names (the lot's expiry) itself.
 */
export type ValueFieldHandler = (scan: Scan) => string | void;

/**
 * A control whose keys go into parts that are no text field (a date field's segments): it says how to
 * put it back as it is now. `snapshot` is called as a burst's first key goes into it, and the function
 * it returns puts that value back should the burst be a scan.
 */
export type Restorable = () => () => void;

type FieldSnapshot =
  | { element: HTMLInputElement | HTMLTextAreaElement; value: string; selectionStart: number | null; selectionEnd: number | null }
  | { element: HTMLSelectElement; selectedIndex: number }
  | { element: HTMLElement; restore: () => void };

export const SCAN_FIELD_ATTRIBUTE = 'data-scan-field';
export const VALUE_FIELD_ATTRIBUTE = 'data-scan-value';
const RESTORABLE_ATTRIBUTE = 'data-scan-restorable';
/**
 * A part of a view (return intake, a box of the receiving form) whose scan field takes the scans made
 * anywhere in it outside a field that expects a code: a quantity, an action, a button of a line.
 */
export const SCAN_SCOPE_ATTRIBUTE = 'data-scan-scope';
/** The value of SCAN_FIELD_ATTRIBUTE on the scan field that takes its scope's scans. */
const SCOPE_FIELD = 'scope';
/**
 * How long keys held back wait for the rest of their burst, counted from the last one's arrival. A
 * busy PC hands a scanner's keys over late and in clumps (their timestamps say they belong
 * together); giving the first clump back as typing would send a tile's digit or a row's letter off
 * on its own. Only a person's last key pressed on a control that is no field waits this long.
 */
const HELD_WAIT_MS = 500;
/**
 * How long held keys that are a scanner's (marked, or at a machine's pace: the detector's
 * `awaitsTerminator`) wait for the rest and the Enter. No person's keys wait this long; a busy PC
 * may hand the rest of a scan over this late. When it runs out the keys are never given back as
 * typing (they would run a tile's or a row's shortcut): a burst marked as a scanner's is said to be
 * cut and not used (its part would open or add another item), an unmarked one ends as a scan. Its
 * rest handed over later still (the timestamps say so) goes on with it: the whole scan follows.
 */
const TERMINATOR_WAIT_MS = 5000;
/** While the page says input is waiting, look again this soon rather than end a burst. */
const INPUT_PENDING_RECHECK_MS = 10;
/**
 * Silence counts only while the page could hear keys. A timer that runs this much later than it was
 * set for says the page was busy meanwhile (a record drawing on a slow PC): keys on their way then
 * were not handed over yet, so that stretch is not counted. While it waits, the timer looks every
 * LISTEN_TICK_MS, so a busy stretch is noticed wherever it falls and measured to within that.
 */
const DEAF_AFTER_MS = 50;
const LISTEN_TICK_MS = 100;

/**
 * A control that takes keys itself: a text field, a select (type-ahead), a combobox or listbox, a
 * menu. Its keys are never held back: a person's typing there must arrive as typed, at once.
 */
function takesKeys(target: EventTarget | null): boolean {
  if (isTextEntry(target) || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof Element &&
    // A select's trigger button (aria-haspopup) takes letters as type-ahead.
    target.closest('[role="combobox"], [role="listbox"], [role="menu"], [role="spinbutton"], [role="slider"], [aria-haspopup]:not([aria-haspopup="false"])') !==
      null
  );
}

/**
 * A text field that keeps what is scanned into it, as typed: every text field but a find (a search
 * field, whose scan goes to the router) or a scan field (whose handler takes it), and not a combobox
 * (it takes a scan out as a select does). A person typing fast and a scanner look the same, and where
 * a code belongs the scan is its value: the field keeps it, and its Enter or Tab does what a typed one does.
 */
function keepsScans(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) || !isTextEntry(target)) return false;
  if (target instanceof HTMLInputElement && target.type === 'search') return false;
  return target.closest(`[${SCAN_FIELD_ATTRIBUTE}], [role="combobox"]`) === null;
}

/**
 * A field for a number (a quantity, a count): what a scan typed into it could be only when it is a
 * whole number the field takes (at most its `max`, else seven digits). Digits typed there are
 * typing; a code is the view's scan.
 */
function isNumberField(target: EventTarget | null): target is HTMLInputElement {
  return target instanceof HTMLInputElement && (target.type === 'number' || target.inputMode === 'numeric' || target.inputMode === 'decimal');
}

function fitsNumberField(field: HTMLInputElement, text: string): boolean {
  if (!/^\d+$/.test(text)) return false;
  const max = Number(field.max);
  return field.max !== '' && Number.isFinite(max) ? Number(text) <= max : text.length <= 7;
}

/**
 * A printable key that runs a single-key shortcut where focus is (`/` to the search, `?`) and that no
 * code starts with. A letter or digit may be a shortcut too (Today's tiles take 1 to 9), but a scan
 * may begin with it: it is held like any key, and given back (the shortcut runs) once it is not a scan.
 */
function isSingleKeyShortcut(event: KeyboardEvent): boolean {
  return [...event.key].length === 1 && !/^[\p{L}\p{N}]$/u.test(event.key) && !event.ctrlKey && !event.altKey && !event.metaKey && pickShortcut(event) !== null;
}

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph']);

/** Keys parked while a view opens; shortcuts with a modifier (Alt+1, Ctrl+K) still run at once. */
function parkable(event: KeyboardEvent): boolean {
  return !event.ctrlKey && !event.altKey && !event.metaKey && !MODIFIERS.has(event.key);
}

/** A key given back, as an event to dispatch where focus is now. */
function keydownOf(input: KeyInput): KeyboardEvent {
  return new KeyboardEvent('keydown', {
    key: input.key,
    code: input.code,
    ctrlKey: input.ctrlKey,
    altKey: input.altKey,
    shiftKey: input.shiftKey,
    metaKey: input.metaKey ?? false,
    bubbles: true,
    cancelable: true,
  });
}

function toKeyInput(event: KeyboardEvent): KeyInput {
  return {
    key: event.key,
    code: event.code,
    ctrlKey: event.ctrlKey,
    altKey: event.altKey,
    shiftKey: event.shiftKey,
    metaKey: event.metaKey,
    repeat: event.repeat,
    timeStamp: event.timeStamp,
  };
}

/** Sets a field's value the way typing does, so React's onChange sees it. */
function setFieldValue(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

export interface ScanServiceEvents {
  /** A scan outside any scan field: route it. */
  onRoutedScan(scan: Scan): void;
  /**
   * A scan taken by a scan field, with the field's verdict and, when it gave one, its reason; a field
   * whose handler failed refuses it with the failure's own message (`failure`), which the listener words.
   */
  onFieldScan(scan: Scan, verdict: ScanVerdict, reason?: string, failure?: string): void;
  /**
   * A scanner's burst that stopped before its Enter or Tab for longer than a busy PC usually takes:
   * not used (see ScanDetector.flush). The clerk is told; should the rest still come, the whole scan
   * follows as any scan does.
   */
  onCutScan(scan: Scan): void;
  /** The rest of the last cut burst came (late, its timestamps say): the whole scan follows. */
  onCutResumed(): void;
}

export class ScanService {
  private detector: ScanDetector = createScanDetector();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /**
   * Every field a key of the open burst went into, as it was before the first of them (in order):
   * a burst that ends as a scan leaves each one as it found it, wherever focus moved meanwhile.
   */
  private touched: FieldSnapshot[] = [];
  /** Where focus was as the burst began, and how many changes of view had begun by then. */
  private burstStart: { focus: Element | null; viewChanges: number } = { focus: null, viewChanges: 0 };
  /**
   * When the newest key reached the page (performance.now()), for the wait of held keys; moved on by
   * the time the page was too busy to hear keys since (see DEAF_AFTER_MS).
   */
  private lastArrival = 0;
  /** When the burst's timer was set to run. */
  private timerDueAt = 0;
  private readonly fields = new Map<HTMLElement, ScanFieldHandler>();
  private readonly valueFields = new Map<HTMLElement, ValueFieldHandler>();
  private readonly restorables = new Map<HTMLElement, Restorable>();
  private recorder: { element: HTMLElement; onKey: (input: KeyInput) => void } | null = null;
  private listeners: ScanServiceEvents | null = null;
  /**
   * What came while a view was opening, in order: keys for its primary control, and scans, which
   * go where focus lands (the new view's scan field, else the scan router).
   */
  private parked: Array<{ key: KeyInput } | { scan: Scan }> = [];
  /** Every key (modifiers alone aside) pressed in this window so far, the scanner's included. */
  private keysSeen = 0;
  /** The keys of those that made scans. */
  private scanKeysSeen = 0;
  /** Those waiting for the burst being read to end (see whenBurstEnds). */
  private burstWaiters: Array<() => void> = [];

  /**
   * Codes that are no record's and belong to no view (a clerk's badge): taken by their owner wherever
   * they are scanned, before any field or the scan router sees them.
   */
  private claims: Array<{ test: (text: string) => boolean; take: (scan: Scan) => void }> = [];
  /** Told of every key the window hears (a scan's included): the desk's idle time counts from the last. */
  private activity = new Set<() => void>();

  constructor() {
    onViewSettled(() => this.drain());
  }

  /**
   * Takes every scan whose text passes `test` to `take`, from any view or field; what its keys typed
   * into a field is taken back out. `test` must pass only codes no view or lookup takes.
   */
  claim(test: (text: string) => boolean, take: (scan: Scan) => void): () => void {
    const entry = { test, take };
    this.claims.push(entry);
    return () => {
      this.claims = this.claims.filter((c) => c !== entry);
    };
  }

  /** Calls `listener` on every key the window hears, as it arrives. */
  onActivity(listener: () => void): () => void {
    this.activity.add(listener);
    return () => this.activity.delete(listener);
  }

  /** Hands a claimed scan to its owner; false when no claim takes it. */
  private takeClaimed(scan: Scan): boolean {
    const claim = this.claims.find((c) => c.test(scan.text));
    if (!claim) return false;
    claim.take(scan);
    return true;
  }

  /** Hands the parked keys and scans on in order; a key that opens another view parks the rest again. */
  private drain() {
    while (this.parked.length > 0 && !isViewSettling()) {
      const next = this.parked.shift()!;
      if ('scan' in next) this.deliver(next.scan, viewAnchor());
      else this.replay([next.key]);
    }
  }

  /**
   * Keys the clerk pressed that were no scan's, so far: a later count says the clerk did something
   * since (a scan's own keys do not count, nor those of a scan still being read once it ends).
   */
  get clerkKeys(): number {
    return this.keysSeen - this.scanKeysSeen;
  }

  /**
   * Resolves once no burst is being read: the keys that came so far are known to be a scan's (then
   * handed on) or the clerk's. A lookup answering meanwhile waits for it, so a later scan still being
   * read is not taken for the clerk moving on.
   */
  whenBurstEnds(): Promise<void> {
    if (!this.detector.pending) return Promise.resolve();
    return new Promise((resolve) => this.burstWaiters.push(resolve));
  }

  private burstMayHaveEnded() {
    if (this.detector.pending || this.burstWaiters.length === 0) return;
    for (const resolve of this.burstWaiters.splice(0)) resolve();
  }

  configure(thresholds: Partial<ScanThresholds>): void {
    this.detector = createScanDetector(thresholds);
    this.clearTimer();
    this.burstMayHaveEnded();
  }

  get thresholds(): ScanThresholds {
    return this.detector.thresholds;
  }

  connect(listeners: ScanServiceEvents | null): void {
    this.listeners = listeners;
  }

  /**
   * Marks `element` (an input, or a box holding one) as a scan field: scans made while focus is in it
   * go to `handler`; with `scope`, also those made in the part of the view marked SCAN_SCOPE_ATTRIBUTE
   * around it, outside any field that expects a code.
   */
  addField(element: HTMLElement, handler: ScanFieldHandler, { scope = false }: { scope?: boolean } = {}): () => void {
    element.setAttribute(SCAN_FIELD_ATTRIBUTE, scope ? SCOPE_FIELD : '');
    this.fields.set(element, handler);
    return () => {
      if (this.fields.get(element) === handler) this.fields.delete(element);
      element.removeAttribute(SCAN_FIELD_ATTRIBUTE);
    };
  }

  /** Marks `element` (an input) as an identifier field: a scan typed into it stays, as `handler` reads it. */
  addValueField(element: HTMLElement, handler: ValueFieldHandler): () => void {
    element.setAttribute(VALUE_FIELD_ATTRIBUTE, '');
    this.valueFields.set(element, handler);
    return () => {
      if (this.valueFields.get(element) === handler) this.valueFields.delete(element);
      element.removeAttribute(VALUE_FIELD_ATTRIBUTE);
    };
  }

  /**
   * Marks `element` (a date field's group) as a control whose keys the scan service can take back:
   * a scan typed into its segments is put back out with `snapshot`'s restore and goes to the view's
   * scan handling, as from a quantity box.
   */
  addRestorable(element: HTMLElement, snapshot: Restorable): () => void {
    element.setAttribute(RESTORABLE_ATTRIBUTE, '');
    this.restorables.set(element, snapshot);
    return () => {
      if (this.restorables.get(element) === snapshot) this.restorables.delete(element);
      element.removeAttribute(RESTORABLE_ATTRIBUTE);
    };
  }

  /** Hands a scan to the scan router, as a scan made outside any field. */
  route(scan: Scan): void {
    if (this.takeClaimed(scan)) return;
    this.listeners?.onRoutedScan(scan);
  }

  /** Calibration: while focus is on `element`, every key goes to `onKey` raw and nothing is detected or typed. */
  record(element: HTMLElement, onKey: (input: KeyInput) => void): () => void {
    this.recorder = { element, onKey };
    return () => {
      if (this.recorder?.element === element) this.recorder = null;
    };
  }

  /** The keyboard module's interceptor: true = the key is consumed (held or part of a scan). */
  readonly intercept = (event: KeyboardEvent): boolean => {
    // Keys given back after a hold are replayed as untrusted events: let them through.
    if (!event.isTrusted) return false;
    for (const listener of this.activity) listener();
    if (!MODIFIERS.has(event.key)) this.keysSeen++;
    this.lastArrival = performance.now();
    if (this.recorder && this.recorder.element.contains(event.target as Node)) {
      if (event.key === 'Escape' || (event.key === 'Tab' && event.shiftKey)) return false;
      this.recorder.onKey(toKeyInput(event));
      return !['Shift', 'Control', 'Alt', 'Meta', 'CapsLock'].includes(event.key);
    }
    // Focus is still on the old view (or nowhere): nothing here is where these keys belong.
    const settling = isViewSettling();
    const editable = !settling && takesKeys(event.target);
    // pickShortcut knows which keys a field lets through (`/` in an empty field goes to the find).
    const shortcut = !settling && isSingleKeyShortcut(event);
    const result = this.detector.push(toKeyInput(event), { editable, shortcut });
    // A scan's terminator handed over after the wait had ended the scan: the scanner's key, not the clerk's.
    if (result.action === 'swallow' && !result.scan) this.scanKeysSeen++;
    // A burst the wait had ended goes on: its keys count again when it ends.
    if (result.resumed) {
      this.scanKeysSeen -= result.resumed.keys;
      if (!result.resumed.used) this.listeners?.onCutResumed();
    }
    // Keys given back when silence ended their burst and still waiting for a view: they are the
    // burst's again, not typing.
    if (result.rejoined) {
      const back = new Set(result.rejoined);
      this.parked = this.parked.filter((p) => !('key' in p && back.has(p.key)));
    }
    // What this key ended (an earlier burst, or the scan it closes) is carried out first.
    const kept = this.settle(result);
    if (result.startsBurst) {
      this.touched = [];
      this.burstStart = { focus: document.activeElement, viewChanges: viewChangeCount() };
    }
    // A key of a burst that goes into its field now: the field as it was before it is remembered.
    if (result.action === 'pass' && this.detector.pending && !settling) this.touch(event.target);
    this.schedule();
    this.burstMayHaveEnded();
    if (result.action === 'pass' && settling && parkable(event)) {
      this.parked.push({ key: toKeyInput(event) });
      return true;
    }
    // The Enter or Tab that ended a scan kept in its field does what it does after typing.
    if (kept && result.action === 'swallow' && result.scan?.terminator != null) return false;
    return result.action !== 'pass';
  };

  /** Remembers `target` as it is now, the first time a key of the open burst goes into it. */
  private touch(target: EventTarget | null) {
    // A date segment's keys change its whole field: the field is what is put back.
    const restorable = target instanceof Element ? target.closest<HTMLElement>(`[${RESTORABLE_ATTRIBUTE}]`) : null;
    const snapshot = restorable ? this.restorables.get(restorable) : undefined;
    if (restorable && snapshot) {
      if (!this.touched.some((t) => t.element === restorable)) this.touched.push({ element: restorable, restore: snapshot() });
      return;
    }
    if (this.touched.some((t) => t.element === target)) return;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
      this.touched.push({ element: target, value: target.value, selectionStart: target.selectionStart, selectionEnd: target.selectionEnd });
    } else if (target instanceof HTMLSelectElement) {
      this.touched.push({ element: target, selectedIndex: target.selectedIndex });
    }
  }

  /**
   * Waits for the silence that ends a burst. The detector reads the keys' own timestamps; this timer
   * only decides that no more keys are coming. A key the browser hands over late still joins its
   * burst by its timestamp (the detector opens it again), so typing into a field ends after the
   * scanner's longest gap; keys held back wait longer (HELD_WAIT_MS), and nothing ends while the page
   * says input is waiting or in time it was too busy to hear keys (DEAF_AFTER_MS).
   */
  private schedule() {
    this.clearTimer();
    if (this.detector.flushDueAt === null) return;
    this.setTimer(this.detector.thresholds.maxGapMs + 1);
  }

  private setTimer(ms: number) {
    this.timerDueAt = performance.now() + ms;
    this.timer = setTimeout(() => this.onTimer(), ms);
  }

  private onTimer() {
    this.timer = null;
    const now = performance.now();
    // A hidden window's timers run late by design, and no keys come to it.
    const busyFor = now - this.timerDueAt;
    if (busyFor > DEAF_AFTER_MS && document.visibilityState === 'visible') this.lastArrival = Math.min(now, this.lastArrival + busyFor);
    const silence = now - this.lastArrival;
    const wait = (ms: number) => this.setTimer(Math.min(ms, LISTEN_TICK_MS));
    if (silence < HELD_WAIT_MS * 4 && inputPending()) return wait(INPUT_PENDING_RECHECK_MS);
    const awaitsTerminator = this.detector.awaitsTerminator;
    const holdFor = awaitsTerminator ? TERMINATOR_WAIT_MS : this.detector.holding ? HELD_WAIT_MS : 0;
    if (silence < holdFor) return wait(holdFor - silence + 1);
    // Real silence since the last key arrived ends the burst, even when that key's timestamp is
    // later than the page's clock (the detector compares timestamps).
    this.settle(this.detector.flush(Math.max(now, (this.detector.flushDueAt ?? now) + 1), { terminatorWaited: awaitsTerminator }));
    this.burstMayHaveEnded();
  }

  private clearTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Carries out the end of a burst: give back a person's keys, or take a scan out and deliver it,
   * whole, to one consumer. A scan typed into one field that takes it as typed (a text field that
   * keeps codes, a number field whose number it could be), with focus still there and no view
   * opened meanwhile, stays there (true). Otherwise every field its keys went into is put back as
   * it was, and the scan goes to the consumer of where the burst began, or, when a view opened
   * meanwhile, of where that view puts focus.
   */
  private settle(result: FlushResult | PushResult): boolean {
    if (result.release?.length) this.replay(result.release);
    if (result.cut) {
      this.scanKeysSeen += result.cut.keyCount;
      this.listeners?.onCutScan(result.cut);
    }
    const scan = result.scan;
    if (!scan) return false;
    this.scanKeysSeen += scan.keyCount + (scan.terminator ? 1 : 0);
    if (this.claims.some((c) => c.test(scan.text))) {
      // Wherever it was typed, it is no field's value: the fields are left as the clerk had them.
      this.restoreTouched();
      this.touched = [];
      this.takeClaimed(scan);
      return false;
    }
    const viewOpened = viewChangeCount() !== this.burstStart.viewChanges || isViewSettling();
    const start = this.burstStart.focus;
    const inOneField = this.touched.length > 0 && this.touched.every((t) => t.element === start);
    if (!viewOpened && start && document.activeElement === start && inOneField && this.keepsAsTyped(start, scan)) return true;
    this.restoreTouched();
    if (isViewSettling()) this.parked.push({ scan });
    else this.deliver(scan, viewOpened || !start?.isConnected ? viewAnchor() : start);
    return false;
  }

  /** Whether `field`, where the whole scan was typed, keeps it as typing (and puts in its own reading). */
  private keepsAsTyped(field: Element, scan: Scan): boolean {
    if (isNumberField(field)) return fitsNumberField(field, scan.text);
    if (!keepsScans(field)) return false;
    this.keepInField(scan, field);
    return true;
  }

  /**
   * A scan into a field that keeps it: its keys are in the field already. An identifier field's
   * handler may put its own reading there instead (a GS1 label's lot); otherwise only an AIM prefix
   * the scanner typed comes out, so the field holds the code itself.
   */
  private keepInField(scan: Scan, field: HTMLInputElement | HTMLTextAreaElement) {
    const box = field.closest(`[${VALUE_FIELD_ATTRIBUTE}]`);
    const handler = box instanceof HTMLElement ? this.valueFields.get(box) : undefined;
    // eslint-disable-next-line no-control-regex
    const visible = (text: string) => text.replace(/[\x00-\x1f\x7f]/g, '');
    const value = handler ? handler(scan) : scan.aim !== null ? visible(scan.text) : undefined;
    if (typeof value !== 'string') return;
    this.restoreTouched();
    document.execCommand('insertText', false, value);
    this.listeners?.onFieldScan(scan, 'accepted');
  }

  /** Puts every field the burst's keys went into back as it was, the last touched first. */
  private restoreTouched() {
    for (const s of [...this.touched].reverse()) {
      if (!s.element.isConnected) continue;
      if ('restore' in s) {
        s.restore();
        continue;
      }
      if (s.element instanceof HTMLSelectElement) {
        if ('selectedIndex' in s && s.element.selectedIndex !== s.selectedIndex) {
          s.element.selectedIndex = s.selectedIndex;
          s.element.dispatchEvent(new Event('change', { bubbles: true }));
        }
        continue;
      }
      if (!('value' in s)) continue;
      setFieldValue(s.element, s.value);
      try {
        s.element.setSelectionRange(s.selectionStart, s.selectionEnd);
      } catch {
        // A number field has no selection to put back.
      }
    }
  }

  /**
   * Types held characters into the control that has focus now, or replays other keys there for
   * shortcuts. Focus is read again before each key: a key given back may move it (`/` to the search),
   * and the next one belongs where it went. While a view opens they wait for its primary control.
   */
  private replay(inputs: KeyInput[]) {
    if (inputs.length === 0) return;
    if (isViewSettling()) {
      this.parked.push(...inputs.map((key) => ({ key })));
      return;
    }
    for (const input of inputs) {
      const element = document.activeElement instanceof HTMLElement ? document.activeElement : document.body;
      const printable = [...input.key].length === 1 && !input.ctrlKey && !input.metaKey;
      if (!printable || !isTextEntry(element)) {
        element.dispatchEvent(keydownOf(input));
        continue;
      }
      // A key that runs a shortcut where focus is (`/` in an empty search) does so, as when it was
      // pressed; any other is typed. Only the desk's shortcuts are asked: a field's own key handling
      // (a list's Space, which chooses its highlighted line) never sees text given back.
      if (pickShortcutAt(element, { ...input, metaKey: input.metaKey ?? false })) {
        element.dispatchEvent(keydownOf(input));
        continue;
      }
      // Typed as the burst's: should a late key show the burst was a scan after all, it comes out.
      this.touch(element);
      // execCommand is the one way to type into a field that keeps undo and fires input events.
      document.execCommand('insertText', false, input.key);
    }
  }

  /** The text around the burst in the field it started in (its value and selection then), when that field is `field`'s. */
  private typedIn(field: Element): TypedIn {
    const s = this.touched[0];
    if (!s || !('value' in s) || !field.contains(s.element)) return (text) => text;
    const before = s.value.slice(0, s.selectionStart ?? s.value.length);
    const after = s.value.slice(s.selectionEnd ?? s.value.length);
    return (text) => before + text + after;
  }

  /**
   * The scan field that takes a scan made at `anchor`: the scan field it is in, else the scan field
   * of the part of the view it is in (SCAN_SCOPE_ATTRIBUTE: a quantity or an action of a line goes
   * to its intake's or its box's scan field), else none (the scan router takes it).
   */
  private fieldFor(anchor: Element | null): { element: HTMLElement; handler: ScanFieldHandler } | null {
    const own = anchor?.closest(`[${SCAN_FIELD_ATTRIBUTE}]`);
    const scope = own ? null : anchor?.closest(`[${SCAN_SCOPE_ATTRIBUTE}]`);
    const element = own ?? scope?.querySelector(`[${SCAN_FIELD_ATTRIBUTE}="${SCOPE_FIELD}"]`) ?? null;
    const handler = element instanceof HTMLElement ? this.fields.get(element) : undefined;
    return handler && element instanceof HTMLElement ? { element, handler } : null;
  }

  private deliver(scan: Scan, anchor: Element | null = document.activeElement) {
    if (this.takeClaimed(scan)) return;
    const field = this.fieldFor(anchor);
    if (!field) {
      this.listeners?.onRoutedScan(scan);
      return;
    }
    // What the clerk typed around the burst counts only in the field the keys went into.
    const typed = this.typedIn(field.element);
    this.touched = [];
    const tell = (answer: ScanVerdict | ScanAnswer | void) =>
      typeof answer === 'object' ? this.listeners?.onFieldScan(scan, answer.verdict, answer.reason) : this.listeners?.onFieldScan(scan, answer ?? 'accepted');
    const answer = field.handler(scan, typed);
    if (answer === 'route') this.listeners?.onRoutedScan(scan);
    else if (answer instanceof Promise)
      // Both outcomes are handled: a failed field handler is a refused scan.
      void answer.then(tell, (error: unknown) =>
        this.listeners?.onFieldScan(scan, 'refused', undefined, error instanceof Error ? error.message : String(error)),
      );
    else tell(answer);
  }
}

/** Whether the page has input waiting (Chromium's isInputPending; elsewhere unknown, so no). */
function inputPending(): boolean {
  const scheduling = (navigator as Navigator & { scheduling?: { isInputPending?: (o?: { includeContinuous?: boolean }) => boolean } }).scheduling;
  try {
    return scheduling?.isInputPending?.({ includeContinuous: false }) ?? false;
  } catch {
    return false;
  }
}

/** The one scan service of the window. */
export const scanService = new ScanService();
