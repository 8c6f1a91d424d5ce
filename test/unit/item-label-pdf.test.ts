import { describe, expect, it } from 'vitest';
import { labelWords } from '../../electron/core/words.js';

const english = labelWords('en');
import { itemLabelPdf, testLabelPdf } from '../../areas/printing/core/label-pdf.js';
import { LabelProblem, type ItemLabel } from '../../areas/printing/common/item-label.js';
import { TEST_PRINT_CODE } from '../../areas/printing/common/test-label.js';
import { hasValidCheckDigit, normalizeGtin } from '../../shared/scan/codes.js';
import { GS } from '../../shared/scan/gs1.js';
import { toScanQuery } from '../../shared/scan/router.js';
import { renderPdf } from '../support/pdf-render.js';

/**
 * Item labels as PDF for system printers, read back as a printer's driver would draw them: pdf.js at
 * the printer's resolution, every barcode read with ZXing. The page is the label, exactly, and the
 * label says and encodes what the ZPL label does.
 */
const ITEM: ItemLabel = { sku: 'SKU-10442', name: 'Crème de marrons 250 g', gtin: '4006381333931', lot: 'L24-07A', expiry: '2027-01-31', copies: 3 };
const NOW = new Date('2026-11-25T08:00:00Z');
const points = (mm: number) => (mm * 72) / 25.4;

describe('an item label as PDF', () => {
  it.each([
    { widthMm: 101.6, heightMm: 152.4, dpi: 203 },
    { widthMm: 101.6, heightMm: 76.2, dpi: 300 },
    { widthMm: 100, heightMm: 150, dpi: 300 },
  ])(
    'is one page of exactly $widthMm × $heightMm mm whose barcodes scan back as the item and lot ($dpi dpi)',
    async ({ widthMm, heightMm, dpi }) => {
      const [page, ...more] = await renderPdf(await itemLabelPdf(ITEM, { widthMm, heightMm }, english), dpi);
      expect(more).toHaveLength(0);
      expect(page!.widthPt).toBeCloseTo(points(widthMm), 3);
      expect(page!.heightPt).toBeCloseTo(points(heightMm), 3);
      expect(page!.text).toEqual(['Crème de marrons 250 g', 'SKU SKU-10442', '(01)04006381333931(10)L24-07A(17)270131']);

      // Code 128 of the SKU, then GS1-128: FNC1 first ("]C1"), the GTIN-14 with a valid check digit,
      // and FNC1 (GS) after the lot, which has no fixed length, before the expiry.
      const gtin14 = normalizeGtin(ITEM.gtin!)!;
      expect(page!.barcodes).toEqual(['SKU-10442', `]C101${gtin14}10L24-07A${GS}17270131`]);
      expect(hasValidCheckDigit(page!.barcodes[1]!.slice(5, 19))).toBe(true);
      const scanned = toScanQuery({ text: page!.barcodes[1]!.slice(3), raw: page!.barcodes[1]!, symbology: ']C1' }, NOW).gs1;
      expect(scanned).toMatchObject({ ok: true, gtin14, lot: 'L24-07A', expiry: '2027-01-31' });
    },
    60_000,
  );

  it('carries one page per copy when asked (the browser’s print dialog), and no GS1 for an item without a GTIN', async () => {
    const pages = await renderPdf(await itemLabelPdf({ sku: 'AB>12_x^9', name: 'Bolts ~ M8', copies: 3 }, { widthMm: 50.8, heightMm: 25.4 }, english, 3));
    expect(pages.map((p) => p.barcodes)).toEqual([['AB>12_x^9'], ['AB>12_x^9'], ['AB>12_x^9']]);
    expect(pages[0]!.text).toEqual(['Bolts ~ M8', 'SKU AB>12_x^9']);
  }, 60_000);

  it('prints a name as the service holds it, in Polish, German, Greek or Russian letters', async () => {
    const name = 'Łódź żółć — Straße Größe — Ελαιόλαδο — Гречка';
    const [page] = await renderPdf(await itemLabelPdf({ sku: 'PL-0001', name, copies: 1 }, { widthMm: 101.6, heightMm: 152.4 }, english), 203);
    // The name wraps onto the label's name lines; read in order, it is the name.
    expect(page!.text.at(-1)).toBe('SKU PL-0001');
    expect(page!.text.slice(0, -1).join(' ')).toBe(name);
    expect(page!.barcodes).toEqual(['PL-0001']);
  }, 60_000);

  it('refuses what cannot print right, in the ZPL label’s words', async () => {
    await expect(itemLabelPdf({ ...ITEM, gtin: '4006381333932' }, { widthMm: 101.6, heightMm: 152.4 }, english)).rejects.toThrow(
      /errors\.label\.gtinCheckDigit/,
    );
    await expect(itemLabelPdf({ ...ITEM, copies: 0 }, { widthMm: 101.6, heightMm: 152.4 }, english)).rejects.toThrow(/errors\.label\.copies/);
    await expect(itemLabelPdf(ITEM, { widthMm: 30, heightMm: 20 }, english)).rejects.toThrow(LabelProblem);
    await expect(itemLabelPdf(ITEM, { widthMm: 30, heightMm: 20 }, english)).rejects.toThrow(/errors\.label\.tooNarrowMm/);
    await expect(itemLabelPdf(ITEM, { widthMm: 101.6, heightMm: 20 }, english)).rejects.toThrow(/errors\.label\.tooShortMm/);
  });

  it('makes a test print the label’s size with the printer named and the test barcode', async () => {
    const [page] = await renderPdf(await testLabelPdf({ name: 'Bench 1 Dymo', deviceName: 'DYMO_450' }, { widthMm: 76, heightMm: 51 }, english), 300);
    expect(page!.widthPt).toBeCloseTo(points(76), 3);
    expect(page!.heightPt).toBeCloseTo(points(51), 3);
    expect(page!.text).toEqual(['Test print: Bench 1 Dymo', '76 × 51 mm label', 'system printer DYMO_450']);
    expect(page!.barcodes).toEqual([TEST_PRINT_CODE]);
  }, 60_000);
});
