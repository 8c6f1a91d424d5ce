import { describe, expect, it } from 'vitest';
import { splitAim } from '../../shared/scan/detector.js';
import { planScan, typedCodeKinds, type ScanCodeKind } from '../../shared/scan/plan.js';
import { toScanQuery } from '../../shared/scan/router.js';

const GS = '\x1d';

/** A scan as the detector hands it on: the AIM prefix split off and named. */
function scanned(raw: string) {
  const { symbology, text } = splitAim(raw);
  return toScanQuery({ text, raw, symbology }, new Date('2026-11-23T12:00:00Z'));
}
const kinds = (raw: string) => [...planScan(scanned(raw)).kinds].sort();
const sorted = (k: ScanCodeKind[]) => [...k].sort();

describe('the scan plan: which lookups a code is worth', () => {
  it('GS1 data with a GTIN, in a form only GS1 takes, is asked of the item cache alone', () => {
    for (const raw of [
      `]C10109506000134352${'10'}LOT1${GS}17261231`, // GS1-128 with GS
      `]d2010950600013435210L7${GS}17261231`, // GS1 DataMatrix
      `]C1010950600013435217261231`, // a GS1 symbology, digits only
      `${GS}0109506000134352${GS}21X`, // FNC1 as a leading GS, no AIM prefix
      '(01)09506000134352(17)261231(10)LOT1', // bracketed
      'https://id.example.com/01/09506000134352/10/LOT1', // Digital Link
    ]) {
      const plan = planScan(scanned(raw));
      expect([...plan.kinds], raw).toEqual(['item-code']);
      expect(plan.endsAtLocalMatch, raw).toBe(true);
      expect(plan.why, raw).toBe('GS1 data with a GTIN names a trade item');
    }
  });

  it('digits that merely read as AIs, with no GS1 mark, may be a tracking number: every lookup that fits is asked', () => {
    // 0109506000134352 17261231 reads as GTIN + expiry, and is also 24 digits a carrier could print.
    expect(kinds('010950600013435217261231')).toEqual(
      sorted(['item-code', 'purchase-order', 'box-tracking', 'return-reference', 'carrier-tracking', 'receipt-barcode']),
    );
  });

  it('a plain barcode or SKU asks everything but a record id; a match in the item cache ends it there', () => {
    for (const code of ['4006381333931', '09506000134352', 'TRA-PROT-000041']) {
      const plan = planScan(scanned(code));
      expect([...plan.kinds].sort(), code).toEqual(
        sorted(['item-code', 'purchase-order', 'box-tracking', 'return-reference', 'carrier-tracking', 'receipt-barcode']),
      );
      expect(plan.endsAtLocalMatch, code).toBe(true);
    }
  });

  it('digits that can be a record id (a WRO, a box, a return, an inventory id) ask every lookup, and an item match does not end them', () => {
    const wro = planScan(scanned('5012'));
    expect([...wro.kinds].sort()).toEqual(sorted(['item-code', 'record-id', 'purchase-order', 'box-tracking', 'return-reference']));
    expect(wro.endsAtLocalMatch).toBe(false);
    // An EAN-8 is also 8 digits: a record id as much as a barcode.
    expect(planScan(scanned('96385074')).endsAtLocalMatch).toBe(false);
    expect(planScan(scanned('96385074')).kinds.has('carrier-tracking')).toBe(true);
    // Past 2^31-1 no id of the service's integers: a barcode, a tracking number, a reference.
    expect(planScan(scanned('2147483648')).kinds.has('record-id')).toBe(false);
    expect(planScan(scanned('0')).kinds.has('record-id')).toBe(false);
  });

  it('a carrier tracking number or receipt barcode (8 characters and more) asks every lookup that could hold it', () => {
    for (const code of ['1Z123456789', 'URO00009100', '9400123456789']) {
      expect(kinds(code), code).toEqual(sorted(['item-code', 'purchase-order', 'box-tracking', 'return-reference', 'carrier-tracking', 'receipt-barcode']));
    }
  });

  it('a short code is no carrier number or receipt barcode; one longer than 50 is no return reference', () => {
    expect(kinds('RMA-20001')).toContain('return-reference');
    expect(kinds('PO-1234')).toEqual(sorted(['item-code', 'purchase-order', 'box-tracking', 'return-reference']));
    const long = 'X'.repeat(51);
    expect(kinds(long)).toEqual(sorted(['item-code', 'purchase-order', 'box-tracking', 'carrier-tracking', 'receipt-barcode']));
    expect(kinds('Y'.repeat(101))).toEqual(['item-code']);
  });

  it('control characters (GS1 data without a GTIN, a stray EOT) are in nothing the service stores but the item lookup reads GS1', () => {
    expect(kinds(`00106141412345678908${GS}`)).toEqual(['item-code']);
    expect(kinds('ABC\x04DEF')).toEqual(['item-code']);
  });

  it('nothing scanned asks nothing', () => {
    expect(kinds('   ')).toEqual([]);
  });

  it('a typed code follows the same rules, with no symbology to say GS1', () => {
    expect([...typedCodeKinds('(01)09506000134352')]).toEqual(['item-code']);
    expect(typedCodeKinds('5012').has('record-id')).toBe(true);
    expect(typedCodeKinds('1Z123456789').has('carrier-tracking')).toBe(true);
  });
});
