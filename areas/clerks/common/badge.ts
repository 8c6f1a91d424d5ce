/**
 * A clerk's badge code: what the desk prints on a clerk's badge and what a scan of it reads. Pure, so
 * the scan plan, the core and the page read one format.
 *
 * `DDCLERK-` then eight characters of Crockford's base 32 (digits and capitals without I, L, O, U) and
 * a check character over them (Luhn mod 32), e.g. `DDCLERK-7K3M9Q2X-H`. No code the scan router looks up takes this
 * shape by accident: product barcodes and GTINs are digits, GS1 data starts with digits, a bracket or
 * a Digital Link address, and a return reference or tracking number that began with this prefix would
 * also have to carry the right check character (one in 32 of the rest). The hyphens keep the prefix
 * apart from a SKU that merely starts with the same letters.
 */

export const BADGE_PREFIX = 'DDCLERK-';
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BODY_LENGTH = 8;
const SHAPE = new RegExp(`^${BADGE_PREFIX}([${ALPHABET}]{${BODY_LENGTH}})-([${ALPHABET}])$`);

/**
 * The check character of a body: Luhn mod N over the alphabet (N = 32), which tells every single
 * character misread and nearly every pair of neighbours swapped.
 */
function checkCharacter(body: string): string {
  const n = ALPHABET.length;
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    const addend = factor * ALPHABET.indexOf(body[i]!);
    sum += Math.floor(addend / n) + (addend % n);
    factor = factor === 2 ? 1 : 2;
  }
  return ALPHABET[(n - (sum % n)) % n]!;
}

/**
 * A new badge code from random bytes (at least 8; the core passes `randomBytes(8)`): each byte picks
 * one body character (its low five bits), so the codes of a desk's clerks are spread evenly.
 */
export function makeBadgeCode(random: Uint8Array): string {
  if (random.length < BODY_LENGTH) throw new Error(`a badge code needs ${BODY_LENGTH} random bytes`);
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) body += ALPHABET[random[i]! & 31];
  return `${BADGE_PREFIX}${body}-${checkCharacter(body)}`;
}

/**
 * The badge code a scanned or typed text is, or null when it is none. Case and the white space around
 * it are forgiven (a scanner with Caps Lock on, a trailing Enter's CR); a wrong check character is no
 * badge, so a misread never takes a turn for another clerk.
 */
export function parseBadgeCode(text: string): string | null {
  const upper = text.trim().toUpperCase();
  const match = SHAPE.exec(upper);
  if (!match) return null;
  return checkCharacter(match[1]!) === match[2] ? upper : null;
}

/** Whether a scan's text is a clerk's badge (the scan plan and the scan service ask). */
export function isBadgeCode(text: string): boolean {
  return parseBadgeCode(text) !== null;
}
