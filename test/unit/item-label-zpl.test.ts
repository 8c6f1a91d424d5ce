import { describe, expect, it } from 'vitest';
import { labelWords } from '../../electron/core/words.js';
import { englishOf } from '../../electron/core/words.js';
import type { Saying } from '../../shared/errors.js';

const english = labelWords('en');
/** A label problem as thrown: its id and arguments, and the English a log shows. */
const problem = (id: Saying['id'], values?: Saying['values']) => {
  const english = englishOf(values ? { id, values } : { id });
  expect(english).not.toBe(id);
  return expect.objectContaining({ name: 'LabelProblem', said: values ? { id, values } : { id } });
};
import { hasValidCheckDigit, normalizeGtin } from '../../shared/scan/codes.js';
import { GS, parseGs1 } from '../../shared/scan/gs1.js';
import { toScanQuery } from '../../shared/scan/router.js';
import { LABEL_SIZES, LabelProblem, itemLabelZpl, type ItemLabel, type LabelMedia } from '../../areas/printing/common/item-label.js';
import { renderZpl } from '../support/zpl-render.js';
import { makeBadgeCode, parseBadgeCode } from '../../areas/clerks/common/badge.js';

/**
 * Item labels as the printer would print them: the ZPL is rendered by zebrash (zpl-renderer-js) and
 * every barcode on the image read back with ZXing, so what is asserted is what a scanner gets.
 */
const ITEM: ItemLabel = { sku: 'SKU-10442', name: 'Crème de marrons 250 g', gtin: '4006381333931', lot: 'L24-07A', expiry: '2027-01-31', copies: 3 };
const NOW = new Date('2026-11-25T08:00:00Z');

async function print(label: ItemLabel, media: LabelMedia) {
  const zpl = itemLabelZpl(label, media, english);
  const [rendered] = await renderZpl(zpl, LABEL_SIZES[media.size], media.dpi);
  return { zpl, barcodes: rendered!.barcodes };
}

describe('an item label in ZPL', () => {
  it.each([
    { size: '4x6', dpi: 203 },
    { size: '4x3', dpi: 300 },
    { size: '4x6', dpi: 600 },
  ] as const)(
    'carries the SKU and the GS1 element string that scan back as the same item and lot ($size at $dpi dpi)',
    async ({ size, dpi }) => {
      const { zpl, barcodes } = await print(ITEM, { size, dpi, darkness: 0 });
      const gtin14 = normalizeGtin(ITEM.gtin!)!;
      expect(barcodes).toEqual(['SKU-10442', `]C101${gtin14}10L24-07A${GS}17270131`]);
      expect(hasValidCheckDigit(barcodes[1]!.slice(5, 19))).toBe(true);

      // The desk's own scan path reads it as the item's GTIN with its lot and expiry.
      const scanned = toScanQuery({ text: barcodes[1]!.slice(3), raw: barcodes[1]!, symbology: ']C1' }, NOW).gs1;
      expect(scanned).toMatchObject({ ok: true, gtin14, lot: 'L24-07A', expiry: '2027-01-31' });

      const { width, height } = { width: LABEL_SIZES[size].widthIn * dpi, height: LABEL_SIZES[size].heightIn * dpi };
      expect(zpl).toMatch(/^\^XA\n\^CI28\n/);
      expect(zpl).toContain(`^PW${width}\n^LL${height}\n^LH0,0`);
      expect(zpl).toContain('^PQ3,0,1,Y');
      expect(zpl).not.toMatch(/\^JU|\^MM|~SD|\^MD/);
    },
    60_000,
  );

  it('keeps a SKU and a name with ZPL marks in them exactly, and leaves GS1 out for an item without a GTIN', async () => {
    const { zpl, barcodes } = await print({ sku: 'AB>12_x^9', name: 'Bolts ~ M8 ^ zinc_plated', copies: 1 }, { size: '4x6', dpi: 203, darkness: 0 });
    expect(barcodes).toEqual(['AB>12_x^9']);
    // The marks travel as hex in ^FH fields, so none of them starts a command.
    expect(zpl).toContain('^FDBolts _7E M8 _5E zinc_5Fplated^FS');
    expect(zpl.match(/\^FD[^\n]*/g)!.join('')).not.toMatch(/\^FD[^^]*[~]/);
  }, 60_000);

  it('ends the element string with the lot when the expiry is not known, and prints on 2x1 stock without GS1', async () => {
    const noExpiry = await print({ ...ITEM, expiry: null }, { size: '4x3', dpi: 203, darkness: 0 });
    expect(noExpiry.barcodes[1]).toBe(`]C101${normalizeGtin(ITEM.gtin!)}10L24-07A`);
    const parsed = parseGs1(noExpiry.barcodes[1]!.slice(3), { now: NOW });
    expect(parsed).toMatchObject({ ok: true, lot: 'L24-07A' });
    expect(parsed.ok && parsed.expiry).toBeUndefined();

    const small = await print({ sku: 'SKU-7', name: 'Tape', copies: 1 }, { size: '2x1', dpi: 203, darkness: 5 });
    expect(small.barcodes).toEqual(['SKU-7']);
    expect(small.zpl).toContain('^PW406\n^LL203\n');
    expect(small.zpl).toContain('^MD5');
  }, 60_000);

  it('refuses what cannot print right, saying what to change', () => {
    const media: LabelMedia = { size: '4x6', dpi: 203, darkness: 0 };
    expect(() => itemLabelZpl({ ...ITEM, gtin: '4006381333932' }, media, english)).toThrow(
      problem('errors.label.gtinCheckDigit', { gtin: '4006381333932', digit: 1 }),
    );
    expect(() => itemLabelZpl({ ...ITEM, lot: 'L 24' }, media, english)).toThrow(LabelProblem);
    expect(() => itemLabelZpl({ ...ITEM, lot: 'L(24)' }, media, english)).toThrow(problem('errors.label.lot', { lot: 'L(24)' }));
    expect(() => itemLabelZpl({ ...ITEM, copies: 0 }, media, english)).toThrow(problem('errors.label.copies', { max: 999, got: 0 }));
    expect(() => itemLabelZpl(ITEM, { size: '2x1', dpi: 203, darkness: 0 }, english)).toThrow(/errors\.label\.tooNarrow/);
    expect(() => itemLabelZpl(ITEM, { ...media, darkness: 31 }, english)).toThrow(problem('errors.label.darkness'));
  });
});

describe("a clerk's badge on the label printer", () => {
  it("carries the clerk's name, says the code as a badge, and its barcode scans back as that badge", async () => {
    const badge = makeBadgeCode(new Uint8Array([9, 8, 7, 6, 5, 4, 3, 2]));
    const { zpl, barcodes } = await print({ sku: badge, name: 'Ana Ruiz', copies: 1, badge: true }, { size: '4x3', dpi: 203, darkness: 0 });
    expect(barcodes).toEqual([badge]);
    expect(parseBadgeCode(barcodes[0]!)).toBe(badge);
    expect(zpl).toContain(`^FDBadge ${badge}^FS`);
    expect(zpl).toContain('^FDAna Ruiz^FS');
    expect(zpl).not.toContain('SKU');
  }, 60_000);
});
