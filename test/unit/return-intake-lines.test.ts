import { describe, expect, it } from 'vitest';
import { ReturnDraft } from '../../shared/schemas/return-draft.js';
import type { CachedItem } from '../../shared/schemas/inventory-cache.js';
import { createIntl } from 'react-intl';
import { readCatalog } from '../../build/i18n-catalogs.js';
import type { Translate } from '../../renderer/src/i18n/useT.js';
import { applyItemScan, plainScanText } from '../../areas/returns/ui/intake/lines.js';

function item(id: number, flags: Partial<CachedItem['flags']> = {}): CachedItem {
  return {
    inventoryId: id,
    sku: `SKU-${id}`,
    name: `Item ${id}`,
    flags: { lot: false, digital: false, bundle: false, case: false, active: true, hazmat: false, ...flags },
    dimensions: null,
    weight: null,
    codes: { inventoryBarcode: null, variantId: null, gtin: null, upc: null, barcodes: [], returnPreference: null },
    levels: [],
    lots: [],
  };
}
// The outcomes read in English, from the catalog itself, as the desk says them by default.
const intl = createIntl({ locale: 'en', messages: readCatalog('en') });
const t = ((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)) as Translate;
const empty = ReturnDraft.parse({ referenceId: 'DD-1' });
const gs1 = (lot: string | null, expiry: string | null) => ({ form: 'element-string' as const, gtin14: '09506000134352', lot, expiry });

describe('an item scan on the return in progress', () => {
  it('adds a line with the item’s facts, quantity 1 and the item’s own return preference', () => {
    const out = applyItemScan(t, empty, item(7), null);
    expect(out).toMatchObject({ verdict: 'accepted', line: 0, needsLot: false });
    if (out.verdict === 'refused') throw new Error('refused');
    expect(out.draft.lines).toEqual([
      expect.objectContaining({
        inventoryId: 7,
        sku: 'SKU-7',
        quantity: 1,
        requestedAction: 'Default',
        lotNumber: null,
        item: { lot: false, digital: false, bundle: false },
      }),
    ]);
  });

  it('the same item again raises its line’s quantity (merged), keeping the action chosen', () => {
    const first = applyItemScan(t, empty, item(7), null);
    if (first.verdict === 'refused') throw new Error('refused');
    const withAction = { ...first.draft, lines: first.draft.lines.map((l) => ({ ...l, requestedAction: 'Restock' as const })) };
    const second = applyItemScan(t, applyOk(applyItemScan(t, withAction, item(8), null)), item(7), null);
    expect(second).toMatchObject({ verdict: 'merged', line: 0 });
    expect(applyOk(second).lines.map((l) => [l.inventoryId, l.quantity, l.requestedAction])).toEqual([
      [7, 2, 'Restock'],
      [8, 1, 'Default'],
    ]);
  });

  it('GS1 lot and expiry fill the line; a lot item without a lot asks for it', () => {
    const withLot = applyOk(applyItemScan(t, empty, item(9, { lot: true }), gs1('LOT-1', '2027-12-31')));
    expect(withLot.lines[0]).toMatchObject({ lotNumber: 'LOT-1', expiry: '2027-12-31' });
    const without = applyItemScan(t, empty, item(9, { lot: true }), null);
    expect(without).toMatchObject({ verdict: 'accepted', needsLot: true, message: expect.stringMatching(/lot-tracked: scan or type its lot number/) });
  });

  it('a GS1 lot on an item that is not lot-tracked is said, not kept; a preference from the service stays on the line', () => {
    const out = applyItemScan(t, empty, item(10), gs1('LOT-9', '2027-12-31'), true, 'Dispose');
    expect(out).toMatchObject({ verdict: 'accepted', message: expect.stringMatching(/carries lot LOT-9, but .* is not lot-tracked: the lot is not kept/) });
    expect(applyOk(out).lines[0]).toMatchObject({ lotNumber: null, expiry: null, requestedAction: 'Default', preference: 'Dispose' });
  });

  it('refuses a second lot of an item already on the return (one line per item, spec 4.8 rule 1)', () => {
    const once = applyOk(applyItemScan(t, empty, item(9, { lot: true }), gs1('LOT-1', null)));
    expect(applyItemScan(t, once, item(9, { lot: true }), gs1('LOT-2', null))).toMatchObject({
      verdict: 'refused',
      message: expect.stringMatching(/already on line 1 with lot LOT-1/),
    });
  });

  it('refuses digital and bundle items at the scan, saying what to do (spec 4.8 rule 2)', () => {
    expect(applyItemScan(t, empty, item(3, { digital: true }), null)).toMatchObject({ verdict: 'refused', message: expect.stringMatching(/digital item/) });
    expect(applyItemScan(t, empty, item(4, { bundle: true }), null)).toMatchObject({
      verdict: 'refused',
      message: expect.stringMatching(/scan the items inside the bundle/),
    });
  });

  it('takes a scanner’s control characters off a tracking number', () => {
    expect(plainScanText(' 1Z999\x1d \x04')).toBe('1Z999');
  });
});

function applyOk(out: ReturnType<typeof applyItemScan>): ReturnDraft {
  if (out.verdict === 'refused') throw new Error(out.message);
  return out.draft;
}
