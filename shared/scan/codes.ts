// GS1 keys with a mod-10 check digit (GTIN, SSCC, GLN, GSIN, ...) and GTIN normalisation.
// One place for the check-digit rule (GS1 General Specifications 7.9.1): from the rightmost data
// digit leftwards the weights are 3, 1, 3, 1, ...; the check digit brings the sum to a multiple of 10.

/** Check digit for `body`, the key's digits WITHOUT its check digit. Throws on non-digits. */
export function gtinCheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new Error(`a GS1 check digit needs digits only, got "${body}"`);
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(body[i]) * weight;
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit of `key` (all digits, at least 2) is the right GS1 mod-10 check digit. */
export function hasValidCheckDigit(key: string): boolean {
  return /^\d{2,}$/.test(key) && gtinCheckDigit(key.slice(0, -1)) === Number(key[key.length - 1]);
}

/** The lengths a GTIN comes in: GTIN-8 (EAN-8), GTIN-12 (UPC-A), GTIN-13 (EAN-13), GTIN-14. */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** True for 8, 12, 13 or 14 digits ending in the right check digit. */
export function isValidGtin(code: string): boolean {
  return /^\d+$/.test(code) && (GTIN_LENGTHS as readonly number[]).includes(code.length) && hasValidCheckDigit(code);
}

/**
 * The 14-digit GTIN-14 form of an EAN-8, UPC-A, EAN-13 or GTIN-14 (left zero padding, as GS1 keys are
 * compared), or null when `code` is not one of them with a valid check digit. Surrounding whitespace
 * is ignored. UPC-E (zero-suppressed, 8 digits) is not expanded: an 8-digit code is read as EAN-8.
 */
export function normalizeGtin(code: string): string | null {
  const digits = code.trim();
  return isValidGtin(digits) ? digits.padStart(14, '0') : null;
}

/** What is wrong with a would-be GTIN, for messages ("check digit is 3, expected 2"); null if valid. */
export function describeGtinProblem(code: string): string | null {
  if (!/^\d+$/.test(code)) return 'a GTIN has digits only';
  if (!(GTIN_LENGTHS as readonly number[]).includes(code.length)) return `a GTIN has 8, 12, 13 or 14 digits, not ${code.length}`;
  const expected = gtinCheckDigit(code.slice(0, -1));
  return expected === Number(code[code.length - 1]) ? null : `check digit is ${code[code.length - 1]}, expected ${expected}`;
}
