import { labelDots, type LabelMedia, type LabelText } from './item-label.js';

/** What a test print's barcode holds, so a scan of it can be told from an item's. */
export const TEST_PRINT_CODE = 'DOCKDESK-TEST';

/**
 * The test print of a label printer: a frame 1 mm inside the label's edges (a frame that is cut off
 * or floats says the size or resolution is wrong), the printer's name and settings, and a barcode to
 * try the scanner on. Like item labels, nothing in it stays on the printer.
 */
export function testLabelZpl(printerName: string, media: LabelMedia, text: LabelText): string {
  const dots = labelDots(media);
  const dpmm = media.dpi / 25.4;
  const inset = Math.round(dpmm);
  const margin = Math.round(3 * dpmm);
  const height = Math.round(Math.min(4 * dpmm, dots.height / 7));
  const line = Math.round(height * 1.25);
  const module = Math.max(1, Math.round(0.25 * dpmm));
  const safe = (s: string) => s.replace(/[\^~_]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const lines = ['^XA', '^CI28', `^PW${dots.width}`, `^LL${dots.height}`, '^LH0,0', '^PON', '^FWN'];
  if (media.darkness !== 0) lines.push(`^MD${media.darkness}`);
  lines.push(`^FO${inset},${inset}^GB${dots.width - 2 * inset},${dots.height - 2 * inset},${Math.max(2, Math.round(dpmm / 2))}^FS`);
  const words = [
    text('printlabel.test.title', { printer: printerName }),
    text('printlabel.test.media', { size: media.size, dpi: media.dpi, darkness: `${media.darkness > 0 ? '+' : ''}${media.darkness}` }),
  ];
  words.forEach((w, i) => lines.push(`^FO${margin},${margin + i * line}^A0N,${height},${height}^FB${dots.width - 2 * margin},1,0,L,0^FH_^FD${safe(w)}^FS`));
  const barTop = margin + words.length * line + Math.round(dpmm);
  const barHeight = Math.max(Math.round(5 * dpmm), Math.min(Math.round(15 * dpmm), dots.height - barTop - margin));
  lines.push(`^BY${module}`, `^FO${margin + 10 * module},${barTop}^BCN,${barHeight},N,N,N,A^FD${TEST_PRINT_CODE}^FS`, '^PQ1,0,1,Y', '^XZ');
  return lines.join('\n');
}
