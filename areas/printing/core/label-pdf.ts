import { createRequire } from 'node:module';
import bwipjs from 'bwip-js';
import PDFDocument from 'pdfkit';
import { said } from '../../../shared/errors.js';
import { LabelProblem, itemLabelContent, type ItemLabel, type LabelText } from '../common/item-label.js';
import { TEST_PRINT_CODE } from '../common/test-label.js';

/**
 * The labels' typeface, embedded (only the glyphs used): DejaVu Sans, whose Latin, Greek and Cyrillic
 * print an item's name as the service holds it ("Łódź", "Straße"). The PDF's own Helvetica is not
 * embedded and knows only Western European letters.
 */
const LABEL_FONT = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');

/**
 * Labels as PDF for system printers: each page exactly the label (the profile's width and height),
 * no margins, laid out as the ZPL labels are (shared/printing), with the barcodes drawn as vector
 * bars from bwip-js's encoder (its module pattern), so the printer's driver draws each bar at its own
 * resolution rather than scaling a picture of one. pdfkit writes the file, as the emulator's box
 * labels are written.
 */

export interface LabelPage {
  widthMm: number;
  heightMm: number;
}

const PT_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * PT_PER_MM;

function pdfDocument(page: LabelPage, title: string): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: [pt(page.widthMm), pt(page.heightMm)], margin: 0, autoFirstPage: false, info: { Title: title, Producer: 'Dockdesk' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** A barcode's bars and spaces in modules, as its encoder makes them: Code 128, or GS1-128 (FNC1 first, after a lot when more follows). */
function modulesOf(kind: 'code128' | 'gs1-128', text: string): number[] {
  const [symbol] = bwipjs.raw({ bcid: kind, text });
  if (!symbol || !('sbs' in symbol)) throw new LabelProblem(said('errors.label.notDrawable', { data: text }), kind === 'code128' ? 'Code 128' : 'GS1-128');
  return symbol.sbs;
}

function drawBars(doc: PDFKit.PDFDocument, sbs: number[], x: number, y: number, module: number, height: number): void {
  let at = x;
  sbs.forEach((width, i) => {
    if (i % 2 === 0) doc.rect(at, y, width * module, height);
    at += width * module;
  });
  doc.fill('#000000');
}

interface Barcode {
  sbs: number[];
  modules: number;
  /** The line below it in text (GS1's element string); null: none. */
  readable: string | null;
}

/**
 * Sizes in points, as the ZPL item label's (areas/printing/common/item-label.ts): a 2 mm margin, text about
 * 4 mm tall (less on small stock), bars 5 to 25 mm tall. Modules are as wide as the label allows from
 * 0.25 mm (the GS1 minimum) to 0.5 mm: the driver rounds each bar to its dots, and wider modules keep
 * that rounding a smaller share of each bar.
 */
function itemLayout(page: LabelPage, barcodes: Barcode[], data: string[]) {
  const margin = pt(2);
  const gap = pt(1.5);
  const width = pt(page.widthMm) - 2 * margin;
  const height = pt(page.heightMm);
  const textHeight = Math.min(pt(4), height / 9);
  const line = textHeight * 1.2;
  const nameLines = page.heightMm >= 50.8 ? 2 : 1;
  const widest = Math.max(...barcodes.map((b) => b.modules + 20));
  const module = Math.min(pt(0.5), width / widest);
  if (module < pt(0.25)) {
    const at = barcodes.findIndex((b) => b.modules + 20 === widest);
    throw new LabelProblem(
      said('errors.label.tooNarrowMm', {
        data: data[at] ?? '',
        needed: Math.round(widest * 0.25),
        width: page.widthMm,
        available: Math.round(page.widthMm - 4),
      }),
    );
  }
  const readable = barcodes.filter((b) => b.readable).length;
  const free = height - 2 * margin - (nameLines + 1 + readable) * line - barcodes.length * gap;
  const barHeight = Math.min(free / barcodes.length, pt(25));
  if (barHeight < pt(5)) throw new LabelProblem(said('errors.label.tooShortMm', { width: page.widthMm, height: page.heightMm, count: barcodes.length }));
  return { margin, gap, width, textHeight, line, nameLines, module, barHeight };
}

/**
 * An item label as a PDF: what the ZPL label carries (name, "SKU …", the SKU as Code 128, and GS1-128
 * with its element string below where the item has a GTIN), on `pages` identical pages. The system
 * prints copies of one page; the browser's dialog cannot be told a number of copies, so its PDF
 * carries one page per copy.
 */
export async function itemLabelPdf(label: ItemLabel, page: LabelPage, text: LabelText, pages = 1): Promise<Buffer> {
  const content = itemLabelContent(label, text);
  const data = [content.sku, ...(content.gs1 ? [content.gs1] : [])];
  const barcodes: Barcode[] = [{ sbs: modulesOf('code128', content.sku), modules: 0, readable: null }];
  if (content.gs1) barcodes.push({ sbs: modulesOf('gs1-128', content.gs1), modules: 0, readable: content.gs1 });
  for (const b of barcodes) b.modules = b.sbs.reduce((sum, w) => sum + w, 0);
  const { margin, gap, width, textHeight, line, nameLines, module, barHeight } = itemLayout(page, barcodes, data);
  const { doc, done } = pdfDocument(page, text('printlabel.pdf.itemTitle', { sku: content.sku }));
  for (let n = 0; n < pages; n++) {
    doc.addPage();
    doc.font(LABEL_FONT).fontSize(textHeight).fillColor('#000000');
    // A name longer than its lines is cut (with an ellipsis) rather than printed over the SKU.
    doc.text(content.name, margin, margin, { width, height: nameLines * line, ellipsis: true, lineGap: line - textHeight * 1.15 });
    let y = margin + nameLines * line;
    doc.text(content.skuLine, margin, y, { width, height: line, ellipsis: true, lineBreak: false });
    y += line + gap;
    for (const b of barcodes) {
      drawBars(doc, b.sbs, margin + 10 * module, y, module, barHeight);
      y += barHeight;
      if (b.readable) {
        doc.fillColor('#000000').text(b.readable, margin, y + textHeight * 0.1, { width, align: 'center', lineBreak: false });
        y += line;
      }
      y += gap;
    }
  }
  doc.end();
  return done;
}

/**
 * A system printer's test print: a frame 1 mm inside the label's edges (cut off or floating, the size
 * is wrong or the driver scales), the printer's name and the size it was told, and a barcode to try
 * the scanner on.
 */
export async function testLabelPdf(printer: { name: string; deviceName: string | null }, page: LabelPage, say: LabelText): Promise<Buffer> {
  const title = say('printlabel.test.title', { printer: printer.name });
  const { doc, done } = pdfDocument(page, title);
  const inset = pt(1);
  const margin = pt(3);
  const width = pt(page.widthMm) - 2 * margin;
  const height = pt(page.heightMm);
  const text = Math.min(pt(4), height / 7);
  const line = text * 1.25;
  doc.addPage();
  doc
    .lineWidth(pt(0.5))
    .rect(inset, inset, pt(page.widthMm) - 2 * inset, height - 2 * inset)
    .stroke('#000000');
  doc.font(LABEL_FONT).fontSize(text).fillColor('#000000');
  const words = [
    title,
    say('printlabel.test.page', { width: page.widthMm, height: page.heightMm }),
    printer.deviceName ? say('printlabel.test.systemPrinter', { device: printer.deviceName }) : say('printlabel.test.systemPrinterDefault'),
  ];
  words.forEach((w, i) => doc.text(w, margin, margin + i * line, { width, height: line, ellipsis: true, lineBreak: false }));
  const sbs = modulesOf('code128', TEST_PRINT_CODE);
  const modules = sbs.reduce((sum, w) => sum + w, 0);
  const module = Math.max(pt(0.25), Math.min(pt(0.5), width / (modules + 20)));
  const barTop = margin + words.length * line + pt(1);
  const barHeight = Math.max(pt(5), Math.min(pt(15), height - barTop - margin));
  drawBars(doc, sbs, margin + 10 * module, barTop, module, barHeight);
  doc.end();
  return done;
}

/** Pictures of labels (the service's box labels drawn at the label's size) as one PDF, a page each, filling it. */
export async function picturesPdf(pngs: Buffer[], page: LabelPage, title: string): Promise<Buffer> {
  const { doc, done } = pdfDocument(page, title);
  for (const png of pngs) {
    doc.addPage();
    doc.image(png, 0, 0, { width: pt(page.widthMm), height: pt(page.heightMm) });
  }
  doc.end();
  return done;
}
