/** The element id a form field of `path` gets (`boxes[0].scan` → `f-boxes-0-scan`). */
export const fieldId = (path: string) => `f-${path.replace(/[^a-z0-9]+/gi, '-')}`;

/** Moves focus to a field of the form once it is drawn (a line just added renders on the next frame). */
export const focusField = (path: string) => requestAnimationFrame(() => document.getElementById(fieldId(path))?.focus());

/** After a refused submit, the keyboard goes to the first field to fix, or to the reason when no field is named. */
export function focusFirstError() {
  requestAnimationFrame(() => (document.querySelector<HTMLElement>('.wro-form [aria-invalid="true"]') ?? document.getElementById('wro-submit-error'))?.focus());
}
