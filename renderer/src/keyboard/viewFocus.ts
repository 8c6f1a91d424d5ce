/**
 * Where the next key belongs after a change of view, decided once for every view.
 *
 * A change of path opens a settling time: the shell (useViewFocus) starts it, the new view's
 * `ViewHeading` says the view has mounted, and as soon as the view shows its primary control focus
 * moves there and the view's title is announced through the shell's live region. Meanwhile the scan
 * service parks the keys that arrive (they would otherwise land in the old view, or nowhere) and
 * hands them, in order, to the control that took focus when the time settles. A view still on its
 * way (the router's last ask, its code loading on a busy PC) is waited for however slow it is; only
 * a view that will not come (the router went elsewhere) leaves the keys to the view on screen.
 *
 * The primary control, first found wins:
 *  - an element the view marks `data-primary`;
 *  - a list's row restored on the way back (the DataTable marks its body `data-restored`);
 *  - the view's scan field (a search view: its field), unless it is one field of a form;
 *  - a list's current row (arrows and Enter work at once);
 *  - a form's first empty field;
 *  - the view's first action;
 *  - the heading itself.
 * While the view still loads what it shows (`data-loading`), it waits: a row or a field about to
 * appear is where the next key belongs. A control the person puts focus in meanwhile (a click on a
 * filter while the rows are on their way) is their choice: the time settles there and the keys held
 * so far go to it, and no row arriving later takes focus from it.
 */

const headings = new Map<HTMLElement, string>();
const settledListeners = new Set<() => void>();
/**
 * How long a view that has shown its heading may take to show its primary control (its first rows)
 * before focus settles on what it has.
 */
const FOCUS_WINDOW_MS = 2500;
/**
 * A view the clerk asked for and that is still on its way (its code loading on a busy PC) keeps the
 * keys typed meanwhile however long it takes, up to this: they never go to the view the clerk left.
 */
const LONGEST_ARRIVAL_MS = 30_000;
/** How often a late view is looked for once the focus window has passed. */
const ARRIVAL_RECHECK_MS = 100;
/** Whether the view of a path is still the one coming (the router says; none: not known, so no). */
let stillComing: (path: string) => boolean = () => false;
/** The title stays in the live region this long: read once, then out of the way. */
const ANNOUNCE_MS = 1500;

let pending: {
  path: string;
  began: number;
  until: number;
  timer: ReturnType<typeof setTimeout>;
  observer: MutationObserver | null;
  /** Opened by the view's own shortcut (Alt+3), not by Back or a link: a search view opens on its field. */
  byShortcut: boolean;
} | null = null;
let announcer: HTMLElement | null = null;
/** True while this module moves focus itself: only the person's own moves are their choice. */
let movingFocus = false;
let watchingFocus = false;
let announceTimer: ReturnType<typeof setTimeout> | null = null;

/** How many changes of view have begun: a scan that saw this move while it was read belongs to the new view. */
let viewChanges = 0;

/** A view is opening: keys typed now belong to its primary control once it has focus. */
export function isViewSettling(): boolean {
  return pending !== null;
}

/** The count of changes of view begun so far (see viewChanges). */
export function viewChangeCount(): number {
  return viewChanges;
}

/** The path of the view now opening, or null when none is. */
export function settlingPath(): string | null {
  return pending?.path ?? null;
}

/** Called when a settling time ends (focus is where it belongs, or the time ran out). */
export function onViewSettled(listener: () => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

/** The router's word on whether the view of a path is still on its way (the shell sets it once). */
export function setStillComing(check: (path: string) => boolean): void {
  stillComing = check;
}

/** The shell's live region for view titles. */
export function setViewAnnouncer(element: HTMLElement | null): void {
  announcer = element;
}

/** A change of path begins (the router's onBeforeNavigate). */
export function beginViewChange(path: string, { byShortcut }: { byShortcut?: boolean } = {}): void {
  // The router's own notice of a change a shortcut began keeps what the shortcut said.
  const shortcut = byShortcut ?? (pending?.path === path && pending.byShortcut);
  viewChanges++;
  if (pending) {
    clearTimeout(pending.timer);
    pending.observer?.disconnect();
  }
  const observer = typeof MutationObserver === 'function' ? new MutationObserver(() => tryFocus(false)) : null;
  observer?.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-loading', 'tabindex', 'disabled'] });
  const began = performance.now();
  pending = { path, began, until: began + FOCUS_WINDOW_MS, timer: setTimeout(() => tryFocus(true), FOCUS_WINDOW_MS), observer, byShortcut: shortcut };
  if (!watchingFocus) {
    watchingFocus = true;
    document.addEventListener('focusin', focusChosen, true);
  }
  requestAnimationFrame(() => tryFocus(false));
}

/** The heading of the view now opening, once it has mounted. */
function openingHeading(): HTMLElement | null {
  let heading: HTMLElement | null = null;
  for (const [h, path] of headings) if (path === pending?.path && h.isConnected) heading = h;
  return heading;
}

/** Focus moved while a view opens: into one of the new view's controls, by the person, it stays. */
function focusChosen(event: FocusEvent): void {
  if (!pending || movingFocus) return;
  const heading = openingHeading();
  const target = event.target;
  if (!heading || !(target instanceof HTMLElement) || target === heading) return;
  const root = heading.closest<HTMLElement>('section') ?? document.getElementById('content');
  if (!root?.contains(target)) return;
  announce(heading.textContent ?? '');
  settle();
}

function moveFocus(target: HTMLElement): void {
  movingFocus = true;
  try {
    target.focus({ preventScroll: target.tagName === 'TR' });
  } finally {
    movingFocus = false;
  }
}

/** ViewHeading's registration: the view of `path` has mounted (or unmounted). */
export function registerViewHeading(heading: HTMLElement, path: string): () => void {
  headings.set(heading, path);
  // After the rest of this commit's effects: the view's own (a scan field marking itself) run after
  // its heading's.
  queueMicrotask(() => tryFocus(false));
  return () => {
    headings.delete(heading);
  };
}

function settle(): void {
  if (!pending) return;
  clearTimeout(pending.timer);
  pending.observer?.disconnect();
  pending = null;
  for (const listener of [...settledListeners]) listener();
}

function tryFocus(timedOut: boolean): void {
  if (!pending) return;
  const late = timedOut || performance.now() > pending.until;
  let heading = openingHeading();
  if (!heading && late && stillComing(pending.path) && performance.now() < pending.began + LONGEST_ARRIVAL_MS) {
    // Slow, not dropped: the keys wait for it.
    clearTimeout(pending.timer);
    pending.timer = setTimeout(() => tryFocus(true), ARRIVAL_RECHECK_MS);
    return;
  }
  if (!heading && late) {
    // The view asked for never came (a change of view the router dropped, or one slower than the
    // window): the keys belong to the view on screen, not to the page's body.
    for (const [h] of headings) if (h.isConnected) heading = h;
  }
  if (!heading) {
    if (late) settle();
    return;
  }
  const active = document.activeElement;
  // A dialog opened meanwhile (the palette, a chooser) keeps focus; the keys go there.
  if (active instanceof Element && active.closest('[role="dialog"], [role="alertdialog"]')) {
    settle();
    return;
  }
  const root = heading.closest<HTMLElement>('section') ?? document.getElementById('content') ?? document.body;
  const found = primaryControl(root, late, pending.byShortcut);
  if (found === 'wait') return;
  const target = found ?? heading;
  moveFocus(target);
  if (target instanceof HTMLInputElement && target.value !== '') target.select();
  announce(heading.textContent ?? '');
  settle();
  if (found === null && late) followSlowView(root, heading);
}

/** How long a view that outlasted the focus window may still take its primary control. */
const LATE_FOCUS_MS = 10_000;

/**
 * A view slower than the focus window (a busy machine, a slow service) got its heading. Once what it
 * loads arrives, its primary control takes focus, but only while focus is still on that heading:
 * a person who has moved on keeps where they are.
 */
function followSlowView(root: HTMLElement, heading: HTMLElement): void {
  if (typeof MutationObserver !== 'function') return;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  const observer = new MutationObserver(() => {
    if (document.activeElement !== heading || !heading.isConnected) return stop();
    const control = primaryControl(root, false);
    if (control === 'wait' || control === null) return;
    stop();
    control.focus({ preventScroll: control.tagName === 'TR' });
  });
  const timer = setTimeout(stop, LATE_FOCUS_MS);
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-loading', 'tabindex', 'disabled'] });
}

function usable(el: Element | null): el is HTMLElement {
  return el instanceof HTMLElement && !el.matches(':disabled') && el.getClientRects().length > 0;
}

function first(root: HTMLElement, selector: string, accept: (el: HTMLElement) => boolean = () => true): HTMLElement | null {
  for (const el of root.querySelectorAll(selector)) if (usable(el) && accept(el)) return el;
  return null;
}

const FIELDS = 'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([readonly]), textarea:not([readonly]), select';

/**
 * The control a view's next key belongs to (see the module's comment), null for the heading, or
 * 'wait' while what the view shows is still loading (unless `late`) and nothing before it applies.
 */
export function primaryControl(root: HTMLElement, late = true, byShortcut = false): HTMLElement | null | 'wait' {
  const scanField = (): HTMLElement | null => {
    // A scan field of a form (a box's tracking number) is one of its fields: the form's rule decides.
    const box = first(root, '[data-scan-field]', (el) => el.closest('form:not([role="search"])') === null);
    if (!box) return null;
    return box.matches(FIELDS) ? box : first(box, FIELDS);
  };
  const restored = () => first(root, '.data-table tbody[data-restored] tr[tabindex="0"]');
  // Back to a list: the row left. The view's own shortcut: a search view's field, as on a fresh visit.
  const early = first(root, '[data-primary]') ?? (byShortcut ? (scanField() ?? restored()) : (restored() ?? scanField()));
  if (early) return early;
  const row = first(root, '.data-table tbody tr[tabindex="0"]');
  if (row) return row;
  // Still loading, or a list whose rows are not drawn yet (the virtualizer draws them once it has
  // measured the list's box): the row about to appear is where the next key belongs.
  if (!late && (root.querySelector('[data-loading]') || root.querySelector('.data-table'))) return 'wait';
  return first(root, `form:not([role="search"]) :is(${FIELDS})`, (el) => (el as HTMLInputElement).value === '') ?? first(root, 'button, a[href]');
}

/**
 * Where a scan made while a view opened belongs: the control that has focus, when it is one of the
 * view's or of a dialog over it; otherwise (focus fell to the page, or back to the view that closed)
 * the view's primary control.
 */
export function viewAnchor(): Element | null {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected && active.closest('#content, [role="dialog"], [role="alertdialog"]')) return active;
  const root = document.querySelector<HTMLElement>('#content section') ?? document.getElementById('content');
  const control = root ? primaryControl(root) : null;
  return control === 'wait' ? root : (control ?? root);
}

function announce(title: string): void {
  if (!announcer) return;
  if (announceTimer) clearTimeout(announceTimer);
  announcer.textContent = title;
  announceTimer = setTimeout(() => {
    if (announcer) announcer.textContent = '';
  }, ANNOUNCE_MS);
}

/** What a dialog remembers of where it was opened from: the control, and the controls after and before it. */
export interface DialogOrigin {
  opener: HTMLElement | null;
  near: HTMLElement[];
}

const TABBABLE = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"]), tr[tabindex]';

/** Called as a dialog opens (before it takes focus): the control that opened it and its neighbours in the view. */
export function dialogOrigin(): DialogOrigin {
  const active = document.activeElement;
  const opener = active instanceof HTMLElement && active !== document.body ? active : null;
  return { opener, near: opener ? neighbours(opener) : [] };
}

/** The controls after `control` in its view (what follows an action is what comes next), then the ones before it. */
function neighbours(control: HTMLElement): HTMLElement[] {
  const root = control.closest<HTMLElement>('#content section, #content');
  if (!root) return [];
  const all = [...root.querySelectorAll<HTMLElement>(TABBABLE)];
  const at = all.indexOf(control);
  return at < 0 ? [] : [...all.slice(at + 1, at + 6), ...all.slice(Math.max(0, at - 5), at).reverse()];
}

/** The control of the view that last had focus, and (for an action, which may go with what it did) its neighbours then. */
let lastFocus: { control: HTMLElement; near: HTMLElement[] } | null = null;

/**
 * A control that has focus and then goes away (the "Cancel order…" button once the order is
 * cancelled, a record's action redrawn by a refresh) leaves focus on the page, where no key acts.
 * The keeper sees it go and puts focus on the next control that makes sense, as after a dialog: a
 * neighbour of it still on screen, else the view's primary control (waiting, while the view
 * reloads, for it to appear). A view opening, an open dialog, or focus the person put elsewhere
 * meanwhile decide for themselves. Started once by the shell; returns its stop.
 */
export function keepFocusInView(): () => void {
  const noted = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || target.closest('#content') === null) {
      lastFocus = null;
      return;
    }
    // A row's or a field's place is the view's primary control; an action's is next to it.
    const action = target.matches('button, a[href]');
    lastFocus = { control: target, near: action ? neighbours(target) : [] };
  };
  const check = () => {
    if (!lastFocus || lastFocus.control.isConnected) return;
    const active = document.activeElement;
    // A notice is an alertdialog too, but no modal one: it takes no focus, so it stops nothing.
    if ((active && active !== document.body) || isViewSettling() || document.querySelector(':is([role="dialog"], [role="alertdialog"]):not(.toasts *)')) {
      lastFocus = null;
      return;
    }
    const near = lastFocus.near.find((el) => el.isConnected && usable(el));
    const root = document.querySelector<HTMLElement>('#content section') ?? document.getElementById('content');
    const control = near ?? (root ? primaryControl(root, false) : null);
    if (control === 'wait') return;
    lastFocus = null;
    const target = control ?? root?.querySelector<HTMLElement>('h1') ?? null;
    target?.focus({ preventScroll: target.tagName === 'TR' });
  };
  document.addEventListener('focusin', noted, true);
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-loading'] });
  return () => {
    document.removeEventListener('focusin', noted, true);
    observer.disconnect();
    lastFocus = null;
  };
}

/**
 * A dialog has closed. React Aria gives focus back to the control that opened it; when that control
 * is gone or disabled (the action it offered is done: "Cancel order…" after the order is cancelled),
 * focus would fall to the page, where no key acts. Then the next control that makes sense takes it:
 * a neighbour of the opener still on screen, else the view's primary control. A view that opens
 * meanwhile (the dialog led somewhere) decides for itself.
 */
export function returnFocusFromDialog(origin: DialogOrigin): void {
  const settle = () => {
    if (isViewSettling()) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    if (origin.opener && usable(origin.opener) && origin.opener.isConnected) return origin.opener.focus();
    const near = origin.near.find((el) => el.isConnected && usable(el));
    if (near) return near.focus({ preventScroll: near.tagName === 'TR' });
    const root = document.querySelector<HTMLElement>('#content section') ?? document.getElementById('content');
    if (!root) return;
    const control = primaryControl(root);
    const target = control === 'wait' ? null : (control ?? root.querySelector<HTMLElement>('h1'));
    target?.focus({ preventScroll: target.tagName === 'TR' });
  };
  // After React Aria's own restoring (a frame after the dialog unmounts) and the change it led to.
  requestAnimationFrame(() => requestAnimationFrame(settle));
}
