import { useState, type ClipboardEvent, type ReactNode } from 'react';
import { useT } from '../i18n/useT';

/**
 * A text field's length limit, said before it cuts: as the clerk nears it, how many characters are
 * left; once reached, that the field takes no more; a paste longer than the room left, how much of
 * it was kept. The field keeps its `maxLength` (the service's limit, and the draft's), so nothing
 * is sent that the service would refuse, and nothing is cut without a word.
 */
export interface TextLimit {
  /** Spread on the input: its maxLength and the paste watch (nothing for a field without a limit). */
  input: { maxLength?: number; onPaste?: (e: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void };
  /** The note's id while it shows, for the field's aria-describedby. */
  describedBy: string | undefined;
  /** The note under the field, or null while the field is far from its limit. */
  note: ReactNode;
}

/** How near the limit the count shows: the last tenth, and at least the last ten characters. */
function nearFrom(max: number): number {
  return max - Math.max(10, Math.ceil(max / 10));
}

/** `max` null: a field without a limit (the hook is called all the same, as hooks are). */
export function useTextLimit(id: string, value: string, max: number | null): TextLimit {
  const { t } = useT();
  // What the last paste brought, while the value is what that paste left.
  const [cut, setCut] = useState<{ pasted: number; kept: number; value: string } | null>(null);
  const noteId = `${id}-limit`;
  if (max === null) return { input: {}, describedBy: undefined, note: null };
  const onPaste = (e: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const pasted = e.clipboardData.getData('text').length;
    const field = e.currentTarget;
    const selected = (field.selectionEnd ?? 0) - (field.selectionStart ?? 0);
    const room = max - (field.value.length - selected);
    // After the browser has put in what fits: the value to tell it by.
    if (pasted > room) setTimeout(() => setCut({ pasted, kept: Math.max(0, room), value: field.value }));
    else setCut(null);
  };
  // As maxLength counts: UTF-16 code units.
  const length = value.length;
  let words: string | null = null;
  if (cut && cut.value === value) words = t('ui.limit.pasted', { pasted: cut.pasted, kept: cut.kept, max });
  else if (length >= max) words = t('ui.limit.reached', { max });
  else if (length >= nearFrom(max)) words = t('ui.limit.left', { left: max - length });
  const reached = length >= max;
  return {
    input: { maxLength: max, onPaste },
    describedBy: words ? noteId : undefined,
    note: words ? (
      // Said once it matters (reached, or a paste cut): the count as it nears is read with the field.
      <small id={noteId} className={reached ? 'field-limit reached' : 'field-limit'} role={reached ? 'status' : undefined}>
        {words}
      </small>
    ) : null,
  };
}
