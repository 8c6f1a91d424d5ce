/**
 * Quantities as spreadsheets write them, read by the file's decimal mark: a German file's "12,0" and
 * "1.200" are twelve and one thousand two hundred, an English file's "12.00" and "1,200" the same.
 * Zeros after the mark are a whole number still; any other digit there is a fraction, which a line
 * cannot take. Thousands are grouped by the other mark, a space or an apostrophe ("1 200", "1'200").
 */

export type DecimalMark = ',' | '.';

/** What a quantity's text reads as: a whole number, a fraction (refused by the caller), or nothing. */
export type QuantityRead = { whole: number } | { fraction: string } | null;

const GROUPING = " \u00a0\u202f'";
const escape = (s: string) => s.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');

const patterns = new Map<DecimalMark, RegExp>(
  (['.', ','] as const).map((mark) => {
    const group = `[${escape((mark === ',' ? '.' : ',') + GROUPING)}]`;
    return [mark, new RegExp(`^(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:${escape(mark)}(\\d*))?$`)] as const;
  }),
);

/** A quantity's text read with the file's decimal mark. */
export function readQuantityText(text: string, decimal: DecimalMark): QuantityRead {
  const m = patterns.get(decimal)!.exec(text.trim());
  if (!m) return null;
  const whole = Number(m[1]!.replace(/\D/g, ''));
  const after = m[2] ?? '';
  if (/[1-9]/.test(after)) return { fraction: `${whole}.${after.replace(/0+$/, '')}` };
  return { whole };
}

/**
 * The decimal mark this number shows by itself: a mark followed by one, two or four and more digits
 * is the decimal ("12,0", "12.50"); a grouped number with a decimal after it says both ("1.200,5").
 * Three digits after one mark ("1.200") read either way: null.
 */
export function decimalHint(text: string): DecimalMark | null {
  const t = text.trim();
  const m = /^\d+(?:([.,])\d{3})*([.,])(\d+)$/.exec(t);
  if (!m) return null;
  const [, group, last, digits] = m;
  if (group && group !== last) return last as DecimalMark;
  if (group) return null; // "1.200.300": grouping only
  return digits!.length === 3 ? null : (last as DecimalMark);
}
