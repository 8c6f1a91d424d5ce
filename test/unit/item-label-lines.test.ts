import { describe, expect, it } from 'vitest';
import { labelWords } from '../../electron/core/words.js';
import { GS } from '../../shared/scan/gs1.js';
import { LABEL_SIZES, MAX_COPIES, copiesFor, gs1ElementString, itemLabelZpl, lineItemLabel } from '../../areas/printing/common/item-label.js';
import { renderZpl } from '../support/zpl-render.js';

/**
 * Item labels for a line of goods (a return line, a box's item, a lot in stock): the item's codes with
 * the line's own lot and expiry, and one label per unit offered at first.
 */
const ITEM = { sku: 'TRA-PROT-000041', name: 'Travel Protein Bar, Small', gtin: '4006381333931' };

describe('the label of a line of goods', () => {
  it('takes the expiry day as written from the service’s date-time, whatever its offset', () => {
    expect(lineItemLabel(ITEM, { lot: 'L24-07A', expiry: '2027-01-31T00:00:00Z' }, 2)).toEqual({ ...ITEM, lot: 'L24-07A', expiry: '2027-01-31', copies: 2 });
    expect(lineItemLabel(ITEM, { lot: 'L1', expiry: '2027-01-31T00:00:00-08:00' }, 1).expiry).toBe('2027-01-31');
    expect(lineItemLabel(ITEM, { lot: 'L1', expiry: '2027-01-31' }, 1).expiry).toBe('2027-01-31');
  });

  it('carries no lot for a blank one, and no expiry for none or one that is not a day', () => {
    expect(lineItemLabel(ITEM, { lot: '  ', expiry: null }, 1)).toMatchObject({ lot: null, expiry: null });
    expect(lineItemLabel(ITEM, { lot: ' L9 ', expiry: '2027-02-30' }, 1)).toMatchObject({ lot: 'L9', expiry: null });
    expect(gs1ElementString(lineItemLabel(ITEM, { lot: null, expiry: '2027-06-30' }, 1))).toBe('(01)04006381333931(17)270630');
  });

  it('offers one label per unit on the line, at least one and at most one job’s worth', () => {
    expect([copiesFor(3), copiesFor(0), copiesFor(-2), copiesFor(2.7), copiesFor(null), copiesFor(undefined), copiesFor(Number.NaN)]).toEqual([
      3, 1, 1, 2, 1, 1, 1,
    ]);
    expect(copiesFor(25_000)).toBe(MAX_COPIES);
  });

  it('prints a line’s lot and expiry in the GS1-128 a scanner reads back', async () => {
    const zpl = itemLabelZpl(
      lineItemLabel(ITEM, { lot: 'B-2207', expiry: '2026-12-31T00:00:00Z' }, 4),
      { size: '4x6', dpi: 203, darkness: 0 },
      labelWords('en'),
    );
    const [label] = await renderZpl(zpl, LABEL_SIZES['4x6'], 203);
    expect(label!.barcodes).toEqual([ITEM.sku, `]C1010400638133393110B-2207${GS}17261231`]);
    expect(zpl).toContain('^PQ4,');
  });
});
