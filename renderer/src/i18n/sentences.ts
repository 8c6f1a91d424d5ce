import type { Said } from '../../../shared/errors';
import type { Words } from './useT';

/**
 * Main's whole sentences (a problem, a reason) said one after another in the language in force, the
 * way they came; the English main also sent where it sent no sentences (a file saved before it kept
 * them). Null when there is neither. No sentence is put together from pieces here: each is one message.
 */
export function sentences(say: Words['said'], said: readonly Said[] | null | undefined, english: string | null): string | null {
  return said && said.length > 0 ? said.map((s) => say(s)).join(' ') : english;
}
