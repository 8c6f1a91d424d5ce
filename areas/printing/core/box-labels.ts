import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { said } from '../../../shared/errors.js';
import { LabelProblem, labelDots, type LabelMedia } from '../common/item-label.js';
import { picturesPdf, type LabelPage } from './label-pdf.js';
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
type PdfPage = Awaited<ReturnType<Awaited<ReturnType<PdfJs['getDocument']>['promise']>['getPage']>>;
type RenderParameters = Parameters<PdfPage['render']>[0];

/** pdf.js's render parameters for a Skia canvas, which stands in for the browser's canvas its types name. */
export function skiaRender(canvas: Canvas, context: ReturnType<Canvas['getContext']>, viewport: RenderParameters['viewport']): RenderParameters {
  // tsc needs the cast (Skia's canvas is no HTMLCanvasElement); the lint's type program reads the
  // canvas package's types as any and calls it unnecessary.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  return { canvas, canvasContext: context, viewport } as unknown as RenderParameters;
}
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

type PdfDoc = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

async function openPdf(pdf: Uint8Array): Promise<PdfDoc> {
  const { getDocument } = await loadPdfJs();
  try {
    // pdf.js takes ownership of the buffer it is given: a copy keeps the caller's intact.
    return await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: standardFonts(), isEvalSupported: false, verbosity: 0 }).promise;
  } catch (error) {
    throw new LabelProblem(said('errors.label.unreadablePdf'), (error as Error).message);
  }
}

/** The label in dots at a resolution: what the pages are drawn onto. */
interface Target {
  width: number;
  height: number;
  dpi: number;
}

/** The PDF's pages (all, or those chosen), each drawn onto a white label-sized canvas and handed to `take`. */
async function drawPages<T>(pdf: Uint8Array, target: Target, choice: PageChoice | undefined, take: (canvas: Canvas) => T | Promise<T>) {
  const doc = await openPdf(pdf);
  try {
    if (choice && choice.of !== doc.numPages) throw new LabelProblem(said('errors.label.pagesMismatch', { pages: doc.numPages, boxes: choice.of }));
    const wanted = choice?.pages ?? Array.from({ length: doc.numPages }, (_, i) => i);
    const out: { index: number; value: T }[] = [];
    // One canvas for every page, painted white before each.
    const canvas: Canvas = createCanvas(target.width, target.height);
    const context = canvas.getContext('2d');
    for (const index of wanted) {
      const page = await doc.getPage(index + 1);
      const natural = page.getViewport({ scale: target.dpi / 72 });
      const fit = Math.min(target.width / natural.width, target.height / natural.height);
      const viewport = page.getViewport({ scale: (target.dpi / 72) * fit });
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, target.width, target.height);
      context.translate(Math.floor((target.width - viewport.width) / 2), Math.floor((target.height - viewport.height) / 2));
      await page.render(skiaRender(canvas, context, viewport)).promise;
      out.push({ index, value: await take(canvas) });
      page.cleanup();
      // Main's other work (IPC, the queue's sockets) gets a turn between pages.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

/** The PDF's pages (all, or those chosen) as label-sized bitmaps at the printer's resolution. */
export async function rasterizePdf(pdf: Uint8Array, media: Pick<LabelMedia, 'size' | 'dpi'>, choice?: PageChoice): Promise<RasterPage[]> {
  const dots = labelDots(media);
  // The canvas's own RGBA pixels (opaque, so unaffected by premultiplying): a tenth of getImageData's time.
  const pages = await drawPages(pdf, { ...dots, dpi: media.dpi }, choice, (canvas) => thresholdRgba(canvas.data(), dots.width, dots.height));
  return pages.map(({ index, value }) => ({ index, bitmap: value }));
}

/** Each page's size in points. */
async function pageSizes(pdf: Uint8Array): Promise<{ width: number; height: number }[]> {
  const doc = await openPdf(pdf);
  try {
    const sizes = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const { width, height } = (await doc.getPage(i)).getViewport({ scale: 1 });
      sizes.push({ width, height });
    }
    return sizes;
  } finally {
    await doc.destroy();
  }
}

/** A system printer's driver draws the pictures of box labels at its own resolution: 300 dpi leaves it enough to draw bars from. */
const SYSTEM_PICTURE_DPI = 300;

/**
 * The service's box labels for a system printer: its PDF as it is (vector, the service's own) when
 * every box is printed and each page is the label's size; otherwise the pages asked for, drawn at the
 * label's size (fitted whole, centred, as for a label printer) into a PDF of label-sized pages.
 */
export async function boxLabelsPdf(pdf: Uint8Array, page: LabelPage, choice: PageChoice | undefined, title: string): Promise<{ pdf: Buffer; pages: number }> {
  const sizes = await pageSizes(pdf);
  const label = { width: (page.widthMm * 72) / 25.4, height: (page.heightMm * 72) / 25.4 };
  const fits = sizes.every((s) => Math.abs(s.width - label.width) <= 1 && Math.abs(s.height - label.height) <= 1);
  if (!choice && fits) return { pdf: Buffer.from(pdf), pages: sizes.length };
  const target = {
    width: Math.round((page.widthMm / 25.4) * SYSTEM_PICTURE_DPI),
    height: Math.round((page.heightMm / 25.4) * SYSTEM_PICTURE_DPI),
    dpi: SYSTEM_PICTURE_DPI,
  };
  const pngs = await drawPages(pdf, target, choice, (canvas) => canvas.encode('png'));
  return {
    pdf: await picturesPdf(
      pngs.map((p) => p.value),
      page,
      title,
    ),
    pages: pngs.length,
  };
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
