import bwipjs from 'bwip-js';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { boxLabelsZpl, rasterizePdf } from '../../areas/printing/core/box-labels.js';
import { asciiCompressed, thresholdRgba, z64, type Bitmap } from '../../areas/printing/core/zpl-graphic.js';
import { LABEL_SIZES } from '../../areas/printing/common/item-label.js';
import { renderZpl } from '../support/zpl-render.js';

/**
 * The box-label rasterizer on PDFs made here with pdfkit and bwip-js: a 4x6 page fills the label and a
 * letter-size page is fitted to it whole; either way the ZPL, drawn by a ZPL renderer, scans as the
 * barcode the PDF carries. And the two graphic encodings give back the same dots.
 */
async function pdfOf(pages: { size: [number, number]; code: string }[]): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, margin: 18 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const page of pages) {
    const png = await bwipjs.toBuffer({ bcid: 'code128', text: page.code, scale: 3, height: 18, includetext: true });
    doc.addPage({ size: page.size });
    doc.fontSize(14).text(`Box ${page.code}`);
    doc.image(png, { fit: [page.size[0] - 36, 110], align: 'center' });
  }
  doc.end();
  return done;
}

/** Decodes ZPL's ASCII compression back to bytes: the reading side of `asciiCompressed`, for the round trip. */
function asciiExpanded(text: string, bytesPerRow: number, height: number): Uint8Array {
  const out = new Uint8Array(bytesPerRow * height);
  let previous = '';
  let pos = 0;
  for (let y = 0; y < height; y++) {
    let row = '';
    if (text[pos] === ':') {
      row = previous;
      pos++;
    } else {
      let count = 0;
      while (row.length < bytesPerRow * 2) {
        const c = text[pos++]!;
        if (c >= 'G' && c <= 'Y') count += c.charCodeAt(0) - 70;
        else if (c >= 'g' && c <= 'z') count += (c.charCodeAt(0) - 102) * 20;
        else if (c === ',') row = row.padEnd(bytesPerRow * 2, '0');
        else if (c === '!') row = row.padEnd(bytesPerRow * 2, 'F');
        else {
          row += c.repeat(count || 1);
          count = 0;
        }
      }
    }
    previous = row;
    for (let b = 0; b < bytesPerRow; b++) out[y * bytesPerRow + b] = parseInt(row.slice(b * 2, b * 2 + 2), 16);
  }
  return out;
}

describe('box labels from a PDF', () => {
  it('draws a 4x6 page and a letter page onto a 4x6 label whose barcode scans as the PDF’s', async () => {
    const pdf = await pdfOf([
      { size: [288, 432], code: '4810021' },
      { size: [612, 792], code: '4810022' },
    ]);
    const pages = await rasterizePdf(pdf, { size: '4x6', dpi: 203 });
    expect(pages.map((p) => [p.bitmap.width, p.bitmap.height])).toEqual([
      [812, 1218],
      [812, 1218],
    ]);
    const zpl = boxLabelsZpl(
      pages.map((p) => p.bitmap),
      { size: '4x6', dpi: 203, darkness: 5 },
    );
    expect(zpl.match(/\^MD5/g)).toHaveLength(2);
    const labels = await renderZpl(zpl, LABEL_SIZES['4x6'], 203);
    expect(labels.map((l) => l.barcodes)).toEqual([['4810021'], ['4810022']]);
  }, 60_000);

  it('refuses chosen pages when the PDF has another count of pages than the order has boxes', async () => {
    const pdf = await pdfOf([{ size: [288, 432], code: '1' }]);
    await expect(rasterizePdf(pdf, { size: '4x6', dpi: 203 }, { pages: [0], of: 2 })).rejects.toMatchObject({
      said: { id: 'errors.label.pagesMismatch', values: { pages: 1, boxes: 2 } },
    });
  });

  it('writes the same dots in either graphic form', async () => {
    const { inflateSync } = await import('node:zlib');
    const width = 37;
    const height = 9;
    const rgba = new Uint8Array(width * height * 4).fill(255);
    // A few bars, a black row and a repeated row: each of the ASCII form's shortcuts is used.
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) if ((y === 4 && x > 3) || (y !== 4 && x % 7 < 2 && y > 1)) rgba.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    const bitmap: Bitmap = thresholdRgba(rgba, width, height);
    const data = /^:Z64:([^:]+):[0-9A-F]{4}$/.exec(z64(bitmap))![1]!;
    expect(new Uint8Array(inflateSync(Buffer.from(data, 'base64')))).toEqual(bitmap.bits);
    const ascii = asciiCompressed(bitmap);
    expect(ascii).toMatch(/[:,!]/);
    expect(asciiExpanded(ascii, bitmap.bytesPerRow, height)).toEqual(bitmap.bits);
  });
});
