/**
 * The Inventory field's state, pure: what the field holds (searched as names and SKUs), the code that
 * is looked up exactly (what was typed, or a scan's text with its GS separators), and the code that
 * named no item (said under the field until the clerk types again).
 */
export interface FieldState {
  typed: string;
  code: string;
  notFound: string | null;
}

export type FieldEvent =
  /** The clerk typed, or Back/forward put another text in the address. */
  | { type: 'typed'; value: string }
  /** A code was looked up (Enter, or a scan answered): `shown` is what the field holds now. */
  | { type: 'lookedUp'; shown: string; code: string; matches: number };

export const initialField = (text: string): FieldState => ({ typed: text, code: text, notFound: null });

export function fieldReducer(state: FieldState, event: FieldEvent): FieldState {
  switch (event.type) {
    case 'typed':
      return state.typed === event.value && state.code === event.value && state.notFound === null ? state : initialField(event.value);
    case 'lookedUp':
      return { typed: event.shown, code: event.code, notFound: event.matches === 0 ? event.code.trim() : null };
  }
}
