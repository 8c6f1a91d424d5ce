import type { Said } from '../../../shared/errors';
import type { Words } from './useT';

/**
 * Main's whole sentences (a problem, a reason) said one after another in the language in force, the
 * way they came; null when there are none. Main and the page ship together, so every id has words
 * here. No sentence is put together from pieces: each is one message.
 */
export function sentences(say: Words['said'], said: readonly Said[] | null | undefined): string | null {
  if (!said || said.length === 0) return null;
  return said.map((s) => say(s)).join(' ');
}
