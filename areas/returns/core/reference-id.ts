import { randomBytes } from 'node:crypto';

/** Crockford base32: no I, L, O, U, so a reference read aloud or retyped from a label survives. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new return reference id: `DD-<yyyymmdd>-<10 random base32 characters>` (21 characters, within
 * the service's 1-50). 50 random bits per day make a collision between desks practically impossible,
 * and the date (the desk's, UTC) lets a person place it. Spec 4.8 rule 4: unique and, once sent, never changed.
 */
export function newReturnReferenceId(now: Date): string {
  const bytes = randomBytes(10);
  let random = '';
  for (const b of bytes) random += ALPHABET[b & 31];
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `DD-${day}-${random}`;
}
