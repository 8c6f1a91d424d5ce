import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { skiaRender } from '../../areas/printing/core/box-labels.js';
import { readBarcodes } from './zpl-render.js';

/**
 * A PDF as a printer's driver would draw it, for tests: pdf.js (the renderer the desk itself uses for
 * the service's labels) on @napi-rs/canvas at a printer's resolution, each page's size in points,
 * its text, and every barcode on it read back with ZXing.
 */
export interface RenderedPage {
  widthPt: number;
  heightPt: number;
  text: string[];
  /** The page's text as lines (pdf.js's own line ends): a word pdf.js gives in pieces reads whole. */
  lines: string[];
  barcodes: string[];
  /** How many raster images the page paints (photos, a logo). */
  images: number;
  /** The page as drawn (RGBA, row by row), for a test that looks for a picture on it. */
  pixels: { width: number; height: number; data: Uint8Array };
}

export async function renderPdf(pdf: Uint8Array, dpi = 203): Promise<RenderedPage[]> {
  const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
  const doc = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: fonts, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: RenderedPage[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const natural = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: dpi / 72 });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render(skiaRender(canvas, context, viewport)).promise;
      const content = await page.getTextContent();
      const operators = await page.getOperatorList();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).filter((t) => t.trim() !== '');
      const lines = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .split('\n')
        .filter((t) => t.trim() !== '');
      pages.push({
        widthPt: natural.width,
        heightPt: natural.height,
        text,
        lines,
        barcodes: readBarcodes({ width: canvas.width, height: canvas.height, data: canvas.data() }),
        images: operators.fnArray.filter((op) => op === OPS.paintImageXObject).length,
        pixels: { width: canvas.width, height: canvas.height, data: new Uint8Array(canvas.data()) },
      });
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
