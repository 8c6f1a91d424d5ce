import { said, type MessageId, type SayArgs, type Saying } from '../../../shared/errors.js';
import { expiryDay } from '../../../shared/time/expiry.js';
import { gtinCheckDigit, normalizeGtin } from '../../../shared/scan/codes.js';

/**
 * Item labels the desk makes itself (SKU, GTIN, lot, expiry), as ZPL for Zebra-class printers: the
 * label model, its layout for a label size and resolution, and the writer. Pure, so the core prints
 * it and tests render and scan it. The format carries everything it needs (^PW, ^LL, ^LH, ^CI28) and
 * nothing that stays on the printer after the job (no ^JUS, ^MM, ~SD): a shared printer keeps the
 * settings its other users rely on.
 */

/**
 * The words printed on a label, in the desk's label language (one per desk, English by default):
 * main passes its catalog's formatter for that language (electron/core/words.ts, `labelWords`).
 */
export type LabelText = <K extends MessageId>(id: K, ...args: SayArgs<K>) => string;

/** The languages labels can be printed in: those with every label word. */
export const LABEL_LANGUAGES = ['en', 'es', 'de', 'pl'] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];

export const DPI_CHOICES = [203, 300, 600] as const;
export type Dpi = (typeof DPI_CHOICES)[number];

/** Label stock the desk knows, in inches as the media is sold. */
export const LABEL_SIZES = {
  '4x6': { widthIn: 4, heightIn: 6 },
  '4x3': { widthIn: 4, heightIn: 3 },
  '2x1': { widthIn: 2, heightIn: 1 },
} as const;
export type LabelSize = keyof typeof LABEL_SIZES;

export interface LabelMedia {
  size: LabelSize;
  dpi: Dpi;
  /** ^MD: darkness relative to the printer's own setting, -30 to 30; 0 leaves the printer's. */
  darkness: number;
}

export interface ItemLabel {
  sku: string;
  name: string;
  /** GTIN-8/12/13/14 with its check digit; absent when the item has none (then no GS1 barcode). */
  gtin?: string | null;
  lot?: string | null;
  /** YYYY-MM-DD. */
  expiry?: string | null;
  copies: number;
  /** A clerk's badge (the clerks area): `sku` is the badge code and `name` the clerk's, said as a badge, not a SKU. */
  badge?: boolean;
}

export const MAX_COPIES = 999;

/**
 * Copies offered at first for a line of goods (a return line, a box's item): one per unit it holds,
 * so each unit can be labelled, within what one job prints; one where the count is not a count.
 */
export function copiesFor(quantity: number | null | undefined): number {
  if (quantity === null || quantity === undefined || !Number.isFinite(quantity)) return 1;
  return Math.min(MAX_COPIES, Math.max(1, Math.trunc(quantity)));
}

/**
 * The label of a line of goods: the item's own codes (SKU, name, GTIN, as the item cache has them)
 * with the line's lot and expiry. The expiry is the day as written, also from a date-time the service
 * stores at the start of that day (shared/time/expiry.ts), so the label says the day the line says; a
 * blank lot is no lot.
 */
export function lineItemLabel(
  item: { sku: string; name: string; gtin: string | null },
  line: { lot: string | null; expiry: string | null },
  copies: number,
): ItemLabel {
  const lot = line.lot?.trim() ? line.lot.trim() : null;
  return { sku: item.sku, name: item.name, gtin: item.gtin, lot, expiry: expiryDay(line.expiry), copies };
}

/**
 * A label that cannot be printed as asked, said so the clerk knows what to change: a message id with
 * its arguments (said in the clerk's language where shown), and a technical line where there is one.
 */
export class LabelProblem extends Error {
  override readonly name = 'LabelProblem';
  constructor(
    readonly said: Saying,
    readonly detail?: string,
  ) {
    super(detail ? `${said.id}: ${detail}` : said.id);
  }
}

/** The dots a label size has at a resolution, as the printer counts them. */
export function labelDots(media: Pick<LabelMedia, 'size' | 'dpi'>): { width: number; height: number } {
  const { widthIn, heightIn } = LABEL_SIZES[media.size];
  return { width: Math.round(widthIn * media.dpi), height: Math.round(heightIn * media.dpi) };
}

/**
 * What AI 10 may hold here: GS1 character set 82 (General Specifications figure 7.11-1) without the
 * brackets and `>`, which the printer's GS1 mode reads as its own marks.
 */
const LOT_CHARACTERS = /^[-!"%&'*+,./0-9:;<=?A-Z_a-z]{1,20}$/;

/** The GS1 element string of an item label, in bracketed form: "(01)…(10)…(17)…"; null without a GTIN. */
export function gs1ElementString(label: Pick<ItemLabel, 'gtin' | 'lot' | 'expiry'>): string | null {
  if (!label.gtin) return null;
  const gtin14 = normalizeGtin(label.gtin);
  if (!gtin14) {
    const digits = label.gtin.trim();
    throw new LabelProblem(
      /^\d+$/.test(digits) && digits.length > 1
        ? said('errors.label.gtinCheckDigit', { gtin: label.gtin, digit: gtinCheckDigit(digits.slice(0, -1)) })
        : said('errors.label.gtin', { gtin: label.gtin }),
    );
  }
  let text = `(01)${gtin14}`;
  if (label.lot) {
    if (!LOT_CHARACTERS.test(label.lot)) throw new LabelProblem(said('errors.label.lot', { lot: label.lot }));
    text += `(10)${label.lot}`;
  }
  if (label.expiry) text += `(17)${yymmdd(label.expiry)}`;
  return text;
}

function yymmdd(date: string): string {
  const m = /^(\d{2})(\d{2})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new LabelProblem(said('errors.label.expiry', { date }));
  return `${m[2]}${m[3]}${m[4]}`;
}

/**
 * ^BC data for GS1-128 in mode D (UCC/EAN): the printer starts with FNC1 itself, drops the brackets
 * from the bars and keeps them in the line below; `>8` is FNC1, needed after the lot when more
 * follows because a lot has no fixed length.
 */
function gs1BarcodeData(elementString: string): string {
  return elementString.replace(/\((10)\)([^(]*)(?=\()/, '($1)$2>8');
}

/** Code 128 modules a data string needs at most (start, check, stop, subset changes counted generously). */
function code128Modules(data: string, fnc1s = 0): number {
  let symbols = 3 + fnc1s;
  for (const run of data.match(/\d{4,}|[^\d]+|\d{1,3}/g) ?? []) symbols += (/^\d{4,}$/.test(run) ? Math.ceil(run.length / 2) : run.length) + 1;
  return symbols * 11 + 2;
}

/** Field data for ^FH_: the characters ZPL gives a meaning (^, ~, _) and controls written as hex. */
export function fieldText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\^~_\x00-\x1f]/g, (c) => `_${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`);
}

interface Layout {
  margin: number;
  /** Between the text and each barcode. */
  gap: number;
  textHeight: number;
  /** The name takes two lines on labels 2 inches tall or more, one on smaller stock. */
  nameLines: number;
  module: number;
  barHeight: number;
}

/**
 * Sizes for a label: a quiet margin of 2 mm, text about 4 mm tall (less on small stock), bars of
 * 0.25 mm or more (the GS1 minimum for GS1-128 outside retail points of sale), and the height
 * that is left shared by the barcodes, from 5 mm (still an easy scan) to 25 mm.
 */
function layout(media: LabelMedia, barcodes: { data: string; modules: number; humanReadable: boolean }[]): Layout {
  const dots = labelDots(media);
  const dpmm = media.dpi / 25.4;
  const margin = Math.round(2 * dpmm);
  const gap = Math.round(1.5 * dpmm);
  const textHeight = Math.round(Math.min(4 * dpmm, dots.height / 9));
  const nameLines = LABEL_SIZES[media.size].heightIn >= 2 ? 2 : 1;
  const module = Math.max(1, Math.round(0.25 * dpmm));
  const width = dots.width - 2 * margin;
  for (const b of barcodes) {
    // A quiet zone of ten modules each side, as Code 128 asks.
    const needed = (b.modules + 20) * module;
    if (needed > width)
      throw new LabelProblem(
        said('errors.label.tooNarrow', { data: b.data, needed: Math.round(needed / dpmm), size: media.size, available: Math.round(width / dpmm) }),
      );
  }
  const line = Math.round(textHeight * 1.2);
  const readableLines = barcodes.filter((b) => b.humanReadable).length;
  const free = dots.height - 2 * margin - (nameLines + 1 + readableLines) * line - barcodes.length * gap;
  const barHeight = Math.floor(Math.min(free / barcodes.length, 25 * dpmm));
  if (barHeight < 5 * dpmm) throw new LabelProblem(said('errors.label.tooShort', { size: media.size, count: barcodes.length }));
  return { margin, gap, textHeight, nameLines, module, barHeight };
}

/**
 * What an item label carries, whatever prints it (ZPL on a label printer, a PDF on a system printer):
 * the name, "SKU …" in text, the SKU as Code 128, and the GS1 element string (bracketed) as GS1-128
 * with its text below, where the item has a GTIN.
 */
export interface ItemLabelContent {
  name: string;
  skuLine: string;
  sku: string;
  gs1: string | null;
}

/** The label's content, checked: copies, a SKU, and a GS1 element string that can be encoded. */
export function itemLabelContent(label: ItemLabel, text: LabelText): ItemLabelContent {
  if (!Number.isInteger(label.copies) || label.copies < 1 || label.copies > MAX_COPIES)
    throw new LabelProblem(said('errors.label.copies', { max: MAX_COPIES, got: label.copies }));
  if (!label.sku.trim()) throw new LabelProblem(said('errors.label.noSku'));
  return {
    name: label.name,
    skuLine: label.badge ? text('printlabel.badge', { code: label.sku }) : text('printlabel.sku', { sku: label.sku }),
    sku: label.sku,
    gs1: gs1ElementString(label),
  };
}

/** One ZPL format (^XA…^XZ) that prints `label.copies` identical labels. */
export function itemLabelZpl(label: ItemLabel, media: LabelMedia, text: LabelText): string {
  const { gs1, skuLine } = itemLabelContent(label, text);
  if (!Number.isInteger(media.darkness) || media.darkness < -30 || media.darkness > 30) throw new LabelProblem(said('errors.label.darkness'));
  const barcodes = [{ data: label.sku, modules: code128Modules(label.sku), humanReadable: false }];
  if (gs1) barcodes.push({ data: gs1, modules: code128Modules(gs1.replace(/[()]/g, ''), 2), humanReadable: true });
  const { margin, gap, textHeight, nameLines, module, barHeight } = layout(media, barcodes);
  const dots = labelDots(media);
  const width = dots.width - 2 * margin;
  const line = Math.round(textHeight * 1.2);
  const lines: string[] = ['^XA', '^CI28', `^PW${dots.width}`, `^LL${dots.height}`, '^LH0,0', '^PON', '^FWN'];
  if (media.darkness !== 0) lines.push(`^MD${media.darkness}`);
  let y = margin;
  // A name longer than its lines is cut by the field block rather than printed over the SKU.
  lines.push(`^FO${margin},${y}^A0N,${textHeight},${textHeight}^FB${width},${nameLines},0,L,0^FH_^FD${fieldText(label.name)}^FS`);
  y += nameLines * line;
  lines.push(`^FO${margin},${y}^A0N,${textHeight},${textHeight}^FB${width},1,0,L,0^FH_^FD${fieldText(skuLine)}^FS`);
  y += line + gap;
  // Mode A (automatic subsets) takes the SKU's characters as they are, `>` included.
  lines.push(`^BY${module}`, `^FO${margin + 10 * module},${y}^BCN,${barHeight},N,N,N,A^FH_^FD${fieldText(label.sku)}^FS`);
  y += barHeight + gap;
  if (gs1) {
    lines.push(`^FO${margin + 10 * module},${y}^BCN,${barHeight},Y,N,N,D^FD${gs1BarcodeData(gs1)}^FS`);
  }
  lines.push(`^PQ${label.copies},0,1,Y`, '^XZ');
  return lines.join('\n');
}
