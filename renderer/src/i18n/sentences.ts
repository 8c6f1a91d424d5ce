import type { Said } from '../../../shared/errors';
import type { Words } from './useT';

/**
 * Main's whole sentences (a problem, a reason) said one after another in the language in force, the
 * way they came; the English main also sent where it sent no sentences (a file saved before it kept
 * them) or one this renderer has no words for (a newer main). Null when there is neither. No
 * sentence is put together from pieces here: each is one message.
 */
export function sentences(say: Words['said'], said: readonly Said[] | null | undefined, english: string | null): string | null {
  if (!said || said.length === 0) return english;
  const texts = said.map((s) => say(s));
  // react-intl answers an id it does not know with the id itself.
  if (english !== null && texts.some((text, i) => text === said[i]!.id)) return english;
  return texts.join(' ');
}
