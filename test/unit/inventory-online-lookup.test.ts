import { describe, expect, it } from 'vitest';
import { barcodeForms } from '../../areas/inventory/core/online-lookup.js';
import { inventoryChannels } from '../../areas/inventory/common/ipc.js';

describe('the online fallback of an inventory lookup', () => {
  it('asks the service for a GTIN in every length it may have been stored in', () => {
    // A UPC-A scanned as GTIN-14 (AI 01): the service may hold it as GTIN-14, EAN-13 or UPC-A.
    expect(barcodeForms('00036000291452')).toEqual(['00036000291452', '0036000291452', '036000291452']);
    // An EAN-13 as typed: its GTIN-14 form too, but no UPC-A (it does not start with 0).
    expect(barcodeForms('4006381333931')).toEqual(['4006381333931', '04006381333931']);
    // An EAN-8 padded to GTIN-14 comes back to 8 digits.
    expect(barcodeForms('00000096385074')).toEqual(['00000096385074', '0000096385074', '000096385074', '96385074']);
  });

  it('asks for anything else exactly as given (a SKU, a barcode with a wrong check digit)', () => {
    expect(barcodeForms('MUG-BARCODE-77')).toEqual(['MUG-BARCODE-77']);
    expect(barcodeForms('4006381333932')).toEqual(['4006381333932']);
  });

  it('is asked for by the caller: a lookup without `online` answers from the cache alone', () => {
    const input = inventoryChannels['inventory.lookup'].input;
    expect(input.parse({ code: 'X' })).toEqual({ code: 'X', online: 'never' });
    expect(input.parse({ code: 'X', online: 'fallback' })).toEqual({ code: 'X', online: 'fallback' });
    expect(input.safeParse({ code: 'X', online: 'always' }).success).toBe(false);
  });
});
