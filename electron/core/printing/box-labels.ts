import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { countOf } from '../../../shared/counts.js';
import { LabelProblem, labelDots, type LabelMedia } from '../../../shared/printing/item-label.js';
import { graphicField, thresholdRgba, type Bitmap, type GraphicForm } from './zpl-graphic.js';

/**
 * The service's box labels PDF as ZPL: each page drawn at the printer's resolution by pdf.js (Mozilla's
 * PDF renderer, Apache-2.0) on @napi-rs/canvas (Skia, prebuilt per platform, no system libraries), so
 * it runs in Electron's main and in plain Node alike; then thresholded to one bit per dot and sent as
 * one graphic per label.
 *
 * The service sends one page per box. A page the size of the label fills it; any other page (a
 * letter-size sheet, say) is scaled to fit the label whole, centred, its proportions kept: cropping
 * could cut the barcode, and stretching would change its bars' widths unevenly.
 */

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;
/** pdf.js is large and only box labels need it: loaded at the first one, once. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

/** The smallest PDF pdf.js reads (it rebuilds the missing cross-reference table): one blank page. */
const BLANK_PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

let warming: Promise<void> | null = null;
/**
 * Loads pdf.js and its worker code by drawing a blank page, once: a second or more the first box
 * labels would otherwise wait for. Errors are left for the first real print to tell.
 */
export function warmRasterizer(): Promise<void> {
  warming ??= rasterizePdf(new TextEncoder().encode(BLANK_PDF), { size: '2x1', dpi: 203 }).then(
    () => {},
    () => {},
  );
  return warming;
}

/** The 14 standard PDF fonts (pdfkit's Helvetica, for one) are not embedded; pdf.js ships their stand-ins. */
function standardFonts(): string {
  const require = createRequire(import.meta.url);
  return `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
}

export interface RasterPage {
  /** 0-based, in the PDF's order: one page per box, in the order the service lists the boxes. */
  index: number;
  bitmap: Bitmap;
}

/** Some of a PDF's pages (0-based), chosen among `of` pages: a PDF with another count is not the one the choice was made on. */
export interface PageChoice {
  pages: number[];
  of: number;
}

/** The PDF's pages (all, or those chosen) as label-sized bitmaps at the printer's resolution. */
export async function rasterizePdf(pdf: Uint8Array, media: Pick<LabelMedia, 'size' | 'dpi'>, choice?: PageChoice): Promise<RasterPage[]> {
  const { getDocument } = await loadPdfJs();
  // pdf.js takes ownership of the buffer it is given: a copy keeps the caller's intact.
  let doc: Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
  try {
    doc = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: standardFonts(), isEvalSupported: false, verbosity: 0 }).promise;
  } catch (error) {
    throw new LabelProblem(`The service's box labels could not be read as a PDF (${(error as Error).message}): show them as a PDF instead, and tell support.`);
  }
  try {
    if (choice && choice.of !== doc.numPages)
      throw new LabelProblem(
        `The service's labels PDF has ${countOf(doc.numPages, 'page')} for ${countOf(choice.of, 'box')}, so a box's label cannot be told apart: print all the labels instead.`,
      );
    const wanted = choice?.pages ?? Array.from({ length: doc.numPages }, (_, i) => i);
    const dots = labelDots(media);
    const out: RasterPage[] = [];
    // One canvas for every page, painted white before each.
    const canvas = createCanvas(dots.width, dots.height);
    const context = canvas.getContext('2d');
    for (const index of wanted) {
      const page = await doc.getPage(index + 1);
      const natural = page.getViewport({ scale: media.dpi / 72 });
      const fit = Math.min(dots.width / natural.width, dots.height / natural.height);
      const viewport = page.getViewport({ scale: (media.dpi / 72) * fit });
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, dots.width, dots.height);
      context.translate(Math.floor((dots.width - viewport.width) / 2), Math.floor((dots.height - viewport.height) / 2));
      // Skia's canvas stands in for the browser's, which pdf.js's types name.
      await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
      // The canvas's own RGBA pixels (opaque, so unaffected by premultiplying): a tenth of getImageData's time.
      out.push({ index, bitmap: thresholdRgba(canvas.data(), dots.width, dots.height) });
      page.cleanup();
      // Main's other work (IPC, the queue's sockets) gets a turn between pages.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

/**
 * One ZPL format per label, each the label's graphic at the top left, set up as the item labels are
 * (^CI28, ^PW, ^LL, ^LH, darkness only when the profile changes it) and with nothing that stays on the
 * printer after the job.
 */
export function boxLabelsZpl(bitmaps: Bitmap[], media: LabelMedia, form?: GraphicForm): string {
  const dots = labelDots(media);
  return bitmaps
    .map((bitmap) =>
      [
        '^XA',
        '^CI28',
        `^PW${dots.width}`,
        `^LL${dots.height}`,
        '^LH0,0',
        '^PON',
        ...(media.darkness !== 0 ? [`^MD${media.darkness}`] : []),
        `^FO0,0${graphicField(bitmap, form)}^FS`,
        '^PQ1,0,1,Y',
        '^XZ',
      ].join('\n'),
    )
    .join('\n');
}
