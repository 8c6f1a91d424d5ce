/**
 * Dates as spreadsheets write them, read into the form's own forms (a day YYYY-MM-DD; a date and
 * time YYYY-MM-DDTHH:mm). Numeric dates with the day and month in either order (03/04/2027) are read
 * in the file's order: found from the file itself (a first part above 12 is a day), else the clerk's.
 */

export type DayOrder = 'dmy' | 'mdy';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function monthOf(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return null;
  const i = MONTHS.findIndex(
    (m) => w.startsWith(m) && (w.length === 3 || 'january february march april may june july august september october november december'.includes(w)),
  );
  return i < 0 ? null : i + 1;
}

const pad = (n: number) => String(n).padStart(2, '0');

function day(y: number, m: number, d: number): string | null {
  const year = y < 100 ? 2000 + y : y;
  if (year < 1900 || year > 2199 || m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return d > last ? null : `${year}-${pad(m)}-${pad(d)}`;
}

const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const NUMERIC = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{2}|\d{4})$/;
const DAY_MONTH_NAME = /^(\d{1,2})[\s-]+([A-Za-z]{3,9}\.?)[\s-,]+(\d{2}|\d{4})$/;
const MONTH_NAME_DAY = /^([A-Za-z]{3,9}\.?)\s+(\d{1,2}),?\s+(\d{4})$/;

/**
 * The day part's order this date shows by itself: 'dmy' when its first part can only be a day, 'mdy'
 * when its second can only be, null when it says nothing (ISO, month names, both parts 12 or less).
 */
export function dayOrderHint(text: string): DayOrder | null {
  const m = NUMERIC.exec(splitTime(text.trim()).date);
  if (!m || m[2] === '.') return null;
  const a = Number(m[1]);
  const b = Number(m[3]);
  if (a > 12 && b <= 12) return 'dmy';
  if (b > 12 && a <= 12) return 'mdy';
  return null;
}

function splitTime(text: string): { date: string; time: string } {
  const iso = /^(\d{4}-\d{1,2}-\d{1,2})[T ](.+)$/.exec(text);
  if (iso) return { date: iso[1]!, time: iso[2]! };
  const m = /^(.*?\d)\s+(\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AaPp][Mm])?)$/.exec(text);
  return m ? { date: m[1]!, time: m[2]! } : { date: text, time: '' };
}

/** A date (any accepted form; a time after it is ignored) as YYYY-MM-DD, or null when it does not read. */
export function readDay(text: string, order: DayOrder): string | null {
  const { date } = splitTime(text.trim());
  let m = ISO.exec(date);
  if (m) return day(Number(m[1]), Number(m[2]), Number(m[3]));
  m = NUMERIC.exec(date);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const y = Number(m[4]);
    // A dotted date is day first wherever it is written.
    return m[2] === '.' || order === 'dmy' ? day(y, b, a) : day(y, a, b);
  }
  m = DAY_MONTH_NAME.exec(date);
  if (m) {
    const month = monthOf(m[2]!);
    return month ? day(Number(m[3]), month, Number(m[1])) : null;
  }
  m = MONTH_NAME_DAY.exec(date);
  if (m) {
    const month = monthOf(m[1]!);
    return month ? day(Number(m[3]), month, Number(m[2])) : null;
  }
  return null;
}

/**
 * A date and time as the form's date-time field keeps it (YYYY-MM-DDTHH:mm), or null. A date alone is
 * the start of that day; a time is 24-hour or with AM/PM; a zone or seconds after it are not read.
 */
export function readDateTime(text: string, order: DayOrder): string | null {
  const trimmed = text.trim();
  const { date, time } = splitTime(trimmed.replace(/(:\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/, '$1'));
  const d = readDay(date, order);
  if (!d) return null;
  if (!time) return `${d}T00:00`;
  const t = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([AaPp][Mm])?$/.exec(time);
  if (!t) return null;
  let h = Number(t[1]);
  const min = Number(t[2]);
  if (t[3]) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (t[3].toLowerCase() === 'pm' ? 12 : 0);
  }
  if (h > 23 || min > 59) return null;
  return `${d}T${pad(h)}:${pad(min)}`;
}
