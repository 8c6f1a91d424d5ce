// GS1 data from a scan: element strings (FNC1 sent as GS, with or without an AIM symbology prefix),
// the bracketed human-readable form "(01)...(17)...", GS1 Digital Link URIs, and plain EAN-8 / UPC-A /
// EAN-13 / GTIN-14. Table-driven (gs1-table.ts). Written here rather than taken from npm: the
// packages we tried (bark-js, gs1-barcode-parser-mod, gs1js, @point-of-sale/barcode-parser) accept
// wrong check digits, and none reads every form above (notes in ../shared/reference/ux-data-anchors.md
// section 2.1); none is installed.

import { describeGtinProblem, gtinCheckDigit, hasValidCheckDigit, normalizeGtin } from './codes.js';
import { AI_TABLE, DIGITAL_LINK_ALIASES, DIGITAL_LINK_PRIMARY_KEYS, MEASURE_AIS, PREDEFINED_LENGTH_PREFIXES } from './gs1-table.js';

export const GS = '\x1d';

export type Gs1Form = 'element-string' | 'bracketed' | 'digital-link' | 'gtin';

export interface Gs1Data {
  ok: true;
  form: Gs1Form;
  /** Every AI read, value as encoded (dates stay YYMMDD). */
  ais: Record<string, string>;
  /** AI 01 (or a plain GTIN) as 14 digits. */
  gtin14?: string;
  /** AI 17 as YYYY-MM-DD (day 00 = the month's last day). */
  expiry?: string;
  /** AI 10. */
  lot?: string;
  /** AI 21. */
  serial?: string;
  /** AI 00. */
  sscc?: string;
  /** Every YYMMDD date AI (11, 12, 13, 15, 16, 17) as YYYY-MM-DD. */
  dates: Record<string, string>;
}

export type Gs1Result = Gs1Data | { ok: false; error: string };

export interface ParseGs1Options {
  /** "Today" for the century rule of YYMMDD dates; defaults to the current date. */
  now?: Date;
}

// ---- The table, read once -------------------------------------------------------------------------

type Cset = 'N' | 'X' | 'Y' | 'Z';
type Check = 'csum' | 'yymmd0' | 'yymmdd' | 'hhmm' | 'yymmddhh';
interface Component {
  cset: Cset;
  min: number;
  max: number;
  optional: boolean;
  check?: Check;
}
interface AiSpec {
  ai: string;
  components: Component[];
  min: number;
  max: number;
  predefined: boolean;
}

const CSET_PATTERN: Record<Cset, RegExp> = {
  N: /^[0-9]*$/,
  // CSET 82 (GS1 General Specifications figure 7.11-1).
  X: /^[-!"%&'()*+,./0-9:;<=>?A-Z_a-z]*$/,
  // CSET 39 (figure 7.11-2).
  Y: /^[-#/0-9A-Z]*$/,
  // CSET 64, the file-safe base64 alphabet with "=" padding (figure 7.11-3).
  Z: /^[-0-9A-Z_a-z=]*$/,
};
const CSET_NAME: Record<Cset, string> = { N: 'digits', X: 'GS1 character set 82', Y: 'GS1 character set 39', Z: 'GS1 character set 64' };

function readSpec(ai: string, spec: string): AiSpec {
  const components = spec.split(' ').map((part): Component => {
    const m = /^(\[)?([NXYZ])(\d*)(?:\.\.(\d+))?(?::(\w+))?(\])?$/.exec(part);
    if (!m) throw new Error(`GS1 table: bad spec "${spec}" for AI ${ai}`);
    const [, open, cset, fixedOrMin, max, check] = m;
    const isRange = max !== undefined;
    return {
      cset: cset as Cset,
      min: isRange ? Number(fixedOrMin || 1) : Number(fixedOrMin),
      max: isRange ? Number(max) : Number(fixedOrMin),
      optional: open === '[',
      ...(check ? { check: check as Check } : {}),
    };
  });
  const min = components.reduce((n, c) => n + (c.optional ? 0 : c.min), 0);
  const max = components.reduce((n, c) => n + c.max, 0);
  return { ai, components, min, max, predefined: PREDEFINED_LENGTH_PREFIXES.has(ai.slice(0, 2)) };
}

const SPECS: ReadonlyMap<string, AiSpec> = (() => {
  const specs = new Map<string, AiSpec>();
  for (const [ais, spec] of [...AI_TABLE, ...MEASURE_AIS]) {
    const [from, to = from] = ais.split('-') as [string, string?];
    for (let n = Number(from); n <= Number(to); n++) {
      const ai = String(n).padStart(from.length, '0');
      specs.set(ai, readSpec(ai, spec));
    }
  }
  return specs;
})();

/** The AI at the start of `data` (AIs are 2 to 4 digits and no AI is a prefix of another), or null. */
function aiAt(data: string, at: number): AiSpec | null {
  for (const length of [2, 3, 4]) {
    const spec = SPECS.get(data.slice(at, at + length));
    if (spec) return spec;
  }
  return null;
}

export function isKnownAi(ai: string): boolean {
  return SPECS.has(ai);
}

// ---- Values ---------------------------------------------------------------------------------------

/** The full year for a two-digit YY: within -49..+50 years of `now` (GS1 General Specifications 7.12). */
export function gs1Year(yy: number, now: Date): number {
  const current = now.getUTCFullYear();
  const century = current - (current % 100);
  const diff = yy - (current % 100);
  if (diff >= 51) return century - 100 + yy;
  if (diff <= -50) return century + 100 + yy;
  return century + yy;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** YYMMDD as YYYY-MM-DD, or an error. Day 00 is the month's last day where `dayZero` allows it. */
function readDate(yymmdd: string, dayZero: boolean, now: Date): { date: string } | { error: string } {
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  let dd = Number(yymmdd.slice(4, 6));
  if (mm < 1 || mm > 12) return { error: `${yymmdd} is not a date: month ${yymmdd.slice(2, 4)}` };
  const year = gs1Year(yy, now);
  const last = daysIn(year, mm);
  if (dd === 0 && dayZero) dd = last;
  if (dd < 1 || dd > last) return { error: `${yymmdd} is not a date: ${year}-${yymmdd.slice(2, 4)} has no day ${yymmdd.slice(4, 6)}` };
  return { date: `${year}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}` };
}

function checkComponent(c: Component, value: string, now: Date): string | null {
  if (!CSET_PATTERN[c.cset].test(value)) return `"${value}" has characters outside ${CSET_NAME[c.cset]}`;
  switch (c.check) {
    case 'csum':
      if (!hasValidCheckDigit(value)) return `check digit of ${value} is ${value.slice(-1)}, expected ${gtinCheckDigit(value.slice(0, -1))}`;
      return null;
    case 'yymmd0':
    case 'yymmdd': {
      const r = readDate(value, c.check === 'yymmd0', now);
      return 'error' in r ? r.error : null;
    }
    case 'yymmddhh': {
      const r = readDate(value.slice(0, 6), false, now);
      if ('error' in r) return r.error;
      return Number(value.slice(6, 8)) > 23 ? `${value.slice(6, 8)} is not an hour` : null;
    }
    case 'hhmm':
      return Number(value.slice(0, 2)) > 23 || Number(value.slice(2, 4)) > 59 ? `${value} is not a time (HHMM)` : null;
    default:
      return null;
  }
}

/** Checks one AI's whole value against its components (the fixed ones first, the last takes the rest). */
function checkValue(spec: AiSpec, value: string, now: Date): string | null {
  const name = `AI (${spec.ai})`;
  if (value.length < spec.min || value.length > spec.max) {
    const want = spec.min === spec.max ? `${spec.min}` : `${spec.min} to ${spec.max}`;
    return `${name} must have ${want} characters, got ${value.length} ("${value}")`;
  }
  let at = 0;
  for (const [i, c] of spec.components.entries()) {
    const isLast = i === spec.components.length - 1;
    const length = isLast ? value.length - at : c.max;
    if (length === 0 && c.optional) break;
    if (length < c.min || length > c.max)
      return `${name} must have ${spec.min === spec.max ? spec.min : `${spec.min} to ${spec.max}`} characters, got ${value.length} ("${value}")`;
    const problem = checkComponent(c, value.slice(at, at + length), now);
    if (problem) return `${name}: ${problem}`;
    at += length;
  }
  return null;
}

// ---- Forms ----------------------------------------------------------------------------------------

type Pairs = Array<[ai: string, value: string]>;

/** AIM symbology identifiers whose data is GS1 element strings (FNC1 in first position). */
const GS1_AIM = new Set([']C1', ']e0', ']d2', ']Q3', ']J1', ']z1']);
/** AIM identifiers of EAN/UPC: the data is the bare GTIN. */
const EAN_AIM = new Set([']E0', ']E4']);

function readElementString(data: string): Pairs | { error: string } {
  const pairs: Pairs = [];
  let at = 0;
  while (at < data.length) {
    if (data[at] === GS) {
      at++; // a separator after a predefined-length AI, or a doubled one: harmless
      continue;
    }
    const spec = aiAt(data, at);
    if (!spec) return { error: `no GS1 Application Identifier at position ${at + 1} ("${data.slice(at, at + 4)}…")` };
    at += spec.ai.length;
    let value: string;
    if (spec.predefined) {
      value = data.slice(at, at + spec.max);
      if (value.includes(GS)) value = value.slice(0, value.indexOf(GS));
      if (value.length < spec.max) return { error: `AI (${spec.ai}) must have ${spec.max} characters, got ${value.length} ("${value}")` };
    } else {
      const end = data.indexOf(GS, at);
      value = data.slice(at, end === -1 ? undefined : end);
      if (value.length > spec.max) {
        const want = spec.min === spec.max ? `must have ${spec.max}` : `has at most ${spec.max}`;
        return { error: `AI (${spec.ai}) ${want} characters, got ${value.length} ("${value}"): is a GS separator missing after it?` };
      }
    }
    pairs.push([spec.ai, value]);
    at += value.length;
  }
  if (pairs.length === 0) return { error: 'no data after the GS1 prefix' };
  return pairs;
}

function readBracketed(text: string): Pairs | { error: string } {
  const pairs: Pairs = [];
  // "(AI)" opens each element; a value runs until the next "(digits)" that names a known AI.
  const re = /\((\d{2,4})\)/g;
  const marks: Array<{ ai: string; start: number; end: number }> = [];
  for (let m = re.exec(text); m; m = re.exec(text)) if (isKnownAi(m[1]!) || m.index === 0) marks.push({ ai: m[1]!, start: m.index, end: re.lastIndex });
  if (marks[0]?.start !== 0) return { error: 'the bracketed form starts with "(AI)"' };
  for (const [i, mark] of marks.entries()) {
    if (!isKnownAi(mark.ai)) return { error: `(${mark.ai}) is not a GS1 Application Identifier` };
    pairs.push([mark.ai, text.slice(mark.end, marks[i + 1]?.start ?? text.length)]);
  }
  return pairs;
}

function readDigitalLink(text: string): Pairs | { error: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: 'not a valid URL' };
  }
  const decode = (s: string): string | null => {
    try {
      return decodeURIComponent(s);
    } catch {
      return null;
    }
  };
  const toAi = (key: string): string | null => (/^\d{2,4}$/.test(key) ? key : (DIGITAL_LINK_ALIASES[key] ?? null));
  const segments = url.pathname.split('/').filter((s) => s !== '');
  // The AI pairs are the tail of the path (any host, any path prefix before them): find the first
  // primary key from which the rest of the path is AI/value pairs.
  let start = -1;
  for (let i = 0; i < segments.length && start === -1; i++) {
    const key = toAi(segments[i]!);
    if (!key || !DIGITAL_LINK_PRIMARY_KEYS.has(key) || (segments.length - i) % 2 !== 0) continue;
    let allAis = true;
    for (let j = i; j < segments.length; j += 2) if (!toAi(segments[j]!) || !isKnownAi(toAi(segments[j]!)!)) allAis = false;
    if (allAis) start = i;
  }
  if (start === -1) return { error: 'the link has no GS1 primary key (such as /01/<GTIN>) in its path' };
  const pairs: Pairs = [];
  for (let j = start; j < segments.length; j += 2) {
    const value = decode(segments[j + 1]!);
    if (value === null) return { error: `the value after /${segments[j]}/ is not valid percent-encoding` };
    pairs.push([toAi(segments[j]!)!, value]);
  }
  for (const [key, value] of url.searchParams) {
    const ai = toAi(key);
    if (ai && isKnownAi(ai)) pairs.push([ai, value]); // other parameters are allowed and not ours
  }
  // A Digital Link may carry a GTIN-8/12/13: the element-string form is always 14 digits.
  return pairs.map(([ai, v]): [string, string] => (ai === '01' && /^(\d{8}|\d{12}|\d{13})$/.test(v) ? [ai, v.padStart(14, '0')] : [ai, v]));
}

// ---- Entry point ------------------------------------------------------------------------------------

/**
 * Reads GS1 data from scanned or typed text. AIM prefixes (`]C1`, `]d2`, `]Q3`, `]e0`, `]E0`, ...) and a
 * leading GS (FNC1 in first position) are accepted; trailing CR/LF is ignored.
 */
export function parseGs1(input: string, options: ParseGs1Options = {}): Gs1Result {
  const now = options.now ?? new Date();
  let text = input.replace(/[\r\n]+$/, '');
  let aim: string | null = null;
  if (/^\][A-Za-z][0-9A-Za-z]/.test(text)) {
    aim = text.slice(0, 3);
    text = text.slice(3);
  }
  if (text === '') return { ok: false, error: 'nothing to read' };

  let form: Gs1Form;
  let pairs: Pairs | { error: string };
  if (/^https?:\/\//i.test(text)) {
    form = 'digital-link';
    pairs = readDigitalLink(text);
  } else if (text.startsWith('(')) {
    form = 'bracketed';
    pairs = readBracketed(text);
  } else if ((aim === null || EAN_AIM.has(aim)) && /^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(text)) {
    const problem = describeGtinProblem(text);
    if (problem) return { ok: false, error: `${text} is not a valid GTIN: ${problem}` };
    form = 'gtin';
    pairs = [['01', normalizeGtin(text)!]];
  } else if (aim === null || GS1_AIM.has(aim) || text.startsWith(GS)) {
    form = 'element-string';
    pairs = readElementString(text.startsWith(GS) ? text.slice(1) : text);
  } else {
    return { ok: false, error: `a ${aim} scan carries no GS1 data` };
  }
  if ('error' in pairs) return { ok: false, error: pairs.error };
  return collect(form, pairs, now);
}

function collect(form: Gs1Form, pairs: Pairs, now: Date): Gs1Result {
  const ais: Record<string, string> = {};
  for (const [ai, value] of pairs) {
    const spec = SPECS.get(ai);
    if (!spec) return { ok: false, error: `(${ai}) is not a GS1 Application Identifier` };
    const problem = checkValue(spec, value, now);
    if (problem) return { ok: false, error: problem };
    if (ai in ais && ais[ai] !== value) return { ok: false, error: `AI (${ai}) appears twice with different values` };
    ais[ai] = value;
  }
  const dates: Record<string, string> = {};
  for (const ai of ['11', '12', '13', '15', '16', '17']) {
    const v = ais[ai];
    if (v !== undefined) {
      const r = readDate(v, true, now);
      if ('date' in r) dates[ai] = r.date;
    }
  }
  return {
    ok: true,
    form,
    ais,
    dates,
    ...(ais['01'] !== undefined ? { gtin14: ais['01'] } : {}),
    ...(dates['17'] !== undefined ? { expiry: dates['17'] } : {}),
    ...(ais['10'] !== undefined ? { lot: ais['10'] } : {}),
    ...(ais['21'] !== undefined ? { serial: ais['21'] } : {}),
    ...(ais['00'] !== undefined ? { sscc: ais['00'] } : {}),
  };
}

/**
 * A lot label's lot and expiry, from a scan typed into a lot field: GS1 data (a GTIN, a GS separator
 * or a GS1 symbology) with AI 10. A plain code is no lot label, even when its digits would read as
 * AIs ("1012345" is the lot 1012345, not AI 10 with 12345).
 */
export function readLotLabel(scan: { text: string; symbology: string | null }, options: ParseGs1Options = {}): { lot: string; expiry?: string } | null {
  const gs1 = parseGs1(scan.text, options);
  if (!gs1.ok || gs1.lot === undefined) return null;
  if (gs1.gtin14 === undefined && !scan.text.includes(GS) && !(scan.symbology ?? '').startsWith('GS1')) return null;
  return { lot: gs1.lot, ...(gs1.expiry !== undefined ? { expiry: gs1.expiry } : {}) };
}
