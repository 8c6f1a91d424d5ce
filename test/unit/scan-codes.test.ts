import { describe, expect, it } from 'vitest';
import { describeGtinProblem, gtinCheckDigit, hasValidCheckDigit, isValidGtin, normalizeGtin } from '../../shared/scan/codes.js';

describe('GTIN helpers', () => {
  it('computes the GS1 mod-10 check digit for every key length', () => {
    expect(gtinCheckDigit('950600013435')).toBe(2); // EAN-13 9506000134352
    expect(gtinCheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gtinCheckDigit('9638507')).toBe(4); // EAN-8 96385074
    expect(gtinCheckDigit('10614141123456789')).toBe(7); // SSCC
    expect(() => gtinCheckDigit('12a')).toThrow(/digits only/);
  });

  it('accepts the GS1 reference keys and refuses them with the last digit changed', () => {
    for (const good of ['24012345678905', '2112233789657', '416000336108', '02345680']) {
      expect(hasValidCheckDigit(good)).toBe(true);
      const bad = good.slice(0, -1) + String((Number(good.slice(-1)) + 1) % 10);
      expect(hasValidCheckDigit(bad)).toBe(false);
    }
  });

  it('normalises EAN-8, UPC-A, EAN-13 and GTIN-14 to 14 digits, anything else to null', () => {
    expect(normalizeGtin('96385074')).toBe('00000096385074');
    expect(normalizeGtin('036000291452')).toBe('00036000291452');
    expect(normalizeGtin('9506000134352')).toBe('09506000134352');
    expect(normalizeGtin('10614141000415')).toBe('10614141000415');
    expect(normalizeGtin(' 9506000134352\n')).toBe('09506000134352');
    expect(normalizeGtin('9506000134353')).toBeNull(); // check digit
    expect(normalizeGtin('95060001343')).toBeNull(); // 11 digits
    expect(normalizeGtin('106141410004150')).toBeNull(); // 15 digits
    expect(normalizeGtin('ABC')).toBeNull();
    expect(normalizeGtin('')).toBeNull();
    expect(isValidGtin('123')).toBe(false);
  });

  it('names what is wrong with a would-be GTIN', () => {
    expect(describeGtinProblem('9506000134353')).toBe('check digit is 3, expected 2');
    expect(describeGtinProblem('12345')).toMatch(/8, 12, 13 or 14 digits, not 5/);
    expect(describeGtinProblem('9506000134352')).toBeNull();
  });
});
