import { said, type Saying } from '../../../shared/errors.js';
import type { NetworkPrinterProfile, PrintingSettings } from './ipc.js';
import { LABEL_SIZES, LabelProblem, fieldText, labelDots, type LabelMedia } from './item-label.js';

/**
 * A short text label (a heading and a few lines, such as the end-of-shift summary) as ZPL, fitted to
 * the printer's label: no barcode, nothing that stays on the printer (as item labels). Pure, so the
 * core prints it and tests read it back.
 */
export interface TextLabel {
  title: string;
  /** In the order they matter: a label with room for fewer drops the last ones and says so with "…". */
  lines: string[];
}

/** What a text label came to on a label size: its ZPL and how many of its lines it holds. */
export interface FittedTextLabel {
  zpl: string;
  linesPrinted: number;
}

/**
 * The widest a character of the printer's font 0 (a condensed sans) comes to, as a share of its
 * height, reckoned generously: a line with more characters than the label holds at this width is cut
 * and ends in "…", since a printer overprints the overflow of a one-line field block on that line.
 */
const CHARACTER_WIDTH = 0.5;

/** Text no smaller than this (about 2 mm, a size read at arm's length) is what a label may shrink to before it drops lines. */
const SMALLEST_MM = 2;

/**
 * A text label on the printer's stock: the same 2 mm margin and 4 mm text as item labels, the lines
 * below the title a little smaller and shrunk towards 2 mm on small stock; lines that still do not
 * fit are dropped from the end, the last kept line saying "…". Each line is one line: a line longer
 * than the label is wide is cut, ending in "…", rather than printed over itself.
 */
export function textLabelZpl(label: TextLabel, media: LabelMedia): FittedTextLabel {
  if (!Number.isInteger(media.darkness) || media.darkness < -30 || media.darkness > 30) throw new LabelProblem(said('errors.label.darkness'));
  const dots = labelDots(media);
  const dpmm = media.dpi / 25.4;
  const margin = Math.round(2 * dpmm);
  const width = dots.width - 2 * margin;
  const titleHeight = Math.round(Math.min(4 * dpmm, dots.height / 9));
  const titleLine = Math.round(titleHeight * 1.25);
  const room = dots.height - 2 * margin - titleLine;
  const smallest = Math.round(SMALLEST_MM * dpmm);
  let height = Math.max(smallest, Math.round(titleHeight * 0.85));
  // Shrink the body's text until every line fits, or it reaches the smallest.
  while (height > smallest && label.lines.length * Math.round(height * 1.2) > room) height -= 1;
  const line = Math.round(height * 1.2);
  const capacity = Math.max(0, Math.floor(room / line));
  const shown = label.lines.length <= capacity ? label.lines : [...label.lines.slice(0, Math.max(0, capacity - 1)), '…'];
  const cut = (text: string, size: number) => {
    const chars = [...text];
    const room = Math.max(1, Math.floor(width / (size * CHARACTER_WIDTH)));
    return chars.length <= room ? text : `${chars.slice(0, room - 1).join('')}…`;
  };
  const zpl = ['^XA', '^CI28', `^PW${dots.width}`, `^LL${dots.height}`, '^LH0,0', '^PON', '^FWN'];
  if (media.darkness !== 0) zpl.push(`^MD${media.darkness}`);
  zpl.push(`^FO${margin},${margin}^A0N,${titleHeight},${titleHeight}^FB${width},1,0,L,0^FH_^FD${fieldText(cut(label.title, titleHeight))}^FS`);
  let y = margin + titleLine;
  for (const text of shown) {
    zpl.push(`^FO${margin},${y}^A0N,${height},${height}^FB${width},1,0,L,0^FH_^FD${fieldText(cut(text, height))}^FS`);
    y += line;
  }
  zpl.push('^PQ1,0,1,Y', '^XZ');
  const linesPrinted = label.lines.length <= capacity ? label.lines.length : Math.max(0, capacity - 1);
  return { zpl: zpl.join('\n'), linesPrinted };
}

/** The printer a text label goes to, or why there is none, in the clerk's words. */
export type TextLabelPrinter = { printer: NetworkPrinterProfile; reason: null } | { printer: null; reason: Saying };

/**
 * Which of the desk's label printers takes a text label: of its item-label and box-label printers,
 * the network label printer (a text label is ZPL) with the larger label, which has room for the most
 * lines; the item-label printer when both are the same size. One decision, read by the page (to say
 * which printer) and by main (to print on it).
 */
export function textLabelPrinter(settings: PrintingSettings): TextLabelPrinter {
  const roles = [settings.itemLabelPrinter, settings.boxLabelPrinter].flatMap((id) => settings.profiles.filter((p) => p.id === id));
  if (roles.length === 0) return { printer: null, reason: said('errors.printing.noLabelPrinter') };
  const network = roles.filter((p): p is NetworkPrinterProfile => p.kind === 'network-label');
  if (network.length === 0) return { printer: null, reason: said('errors.printing.noNetworkLabelPrinter', { printer: roles[0]!.name }) };
  const area = (p: NetworkPrinterProfile) => LABEL_SIZES[p.size].widthIn * LABEL_SIZES[p.size].heightIn;
  const printer = network.reduce((best, p) => (area(p) > area(best) ? p : best));
  return { printer, reason: null };
}
