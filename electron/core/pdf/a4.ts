import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { MainWords } from '../words.js';

/**
 * The desk's A4 documents (the end-of-shift report, a return's claim pack), decided once: the paper,
 * its margin, the font, how times are said, and a document whose bytes arrive when it ends. Written
 * by pdfkit in the core from what the desk holds, so each is made offline.
 */

/** DejaVu Sans, embedded (only the glyphs used), so a clerk's name or note in any Latin, Greek or Cyrillic letters prints as typed. */
export const FONT = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
export const FONT_BOLD = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** A4 in points, with a 2 cm margin: the paper a desk's office printer holds. */
export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 56.7;
/** The width text has between the margins. */
export const TEXT_WIDTH = A4[0] - 2 * MARGIN;

/** The desk's one date-and-time form (renderer/src/format.ts), in the zone the desk shows, the zone named. */
export function documentTime(words: MainWords, timeZone: string | undefined): (iso: string) => string {
  let format: Intl.DateTimeFormat;
  const parts: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  try {
    format = new Intl.DateTimeFormat(words.locale, { ...parts, timeZone });
  } catch {
    // A zone this runtime does not know: UTC, named so.
    format = new Intl.DateTimeFormat(words.locale, { ...parts, timeZone: 'UTC' });
  }
  return (iso) => format.format(new Date(iso));
}

/** A new A4 document in the words' language, titled; `done` resolves with its bytes once `doc.end()` is called. */
export function a4Document(words: MainWords, title: string): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: A4, margin: MARGIN, info: { Title: title, Producer: 'Dockdesk' }, lang: words.locale });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(FONT);
  return { doc, done };
}
