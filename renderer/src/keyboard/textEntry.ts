/** Input types that take no typed text: keys on them are a button's, a box's or a slider's. */
const NOT_TEXT = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'hidden', 'image']);

/**
 * Whether typed characters go into `target` as text (a text field, a text area, an editable box).
 * The shortcuts and the scan service ask the same question: a key is typing there, not a command.
 */
export function isTextEntry(target: EventTarget | null): target is HTMLElement {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !NOT_TEXT.has(target.type);
}
