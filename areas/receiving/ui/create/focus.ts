/** The element id a form field of `path` gets (`boxes[0].scan` → `f-boxes-0-scan`). */
export const fieldId = (path: string) => `f-${path.replace(/[^a-z0-9]+/gi, '-')}`;

/** The form says it is still drawing boxes (drawnBoxes.ts) with this attribute. */
export const DRAWING_ATTRIBUTE = 'data-drawing';

// A large form draws its boxes over a second or two: a field asked for waits for its box this long.
const WAIT_MS = 15_000;
const RETRY_MS = 16;

/**
 * Calls `find` once the render under way is done, and again every few milliseconds until it answers
 * an element, which gets focus (or until the wait ends). Timers rather than animation frames, which
 * stop while the window is hidden (drawnBoxes.ts).
 */
function focusWhenDrawn(find: () => HTMLElement | null, until = performance.now() + WAIT_MS) {
  setTimeout(() => {
    const target = find();
    if (target) target.focus();
    else if (performance.now() < until) focusWhenDrawn(find, until);
  }, RETRY_MS);
}

/** Moves focus to a field of the form once it is drawn (a line just added renders on the next frame). */
export const focusField = (path: string) => focusWhenDrawn(() => document.getElementById(fieldId(path)));

/**
 * After a refused submit, the keyboard goes to the first field to fix, or to the reason when no field
 * is named; once every box is drawn, so a field to fix in the last box is not passed over.
 */
export function focusFirstError() {
  focusWhenDrawn(() => {
    const form = document.querySelector('.wro-form');
    if (!form || form.hasAttribute(DRAWING_ATTRIBUTE)) return null;
    return form.querySelector<HTMLElement>('[aria-invalid="true"]') ?? document.getElementById('wro-submit-error');
  });
}
