// Scanner calibration: from a few recorded scans (their keydown events), propose the detector's
// thresholds. The gap allowance is the slowest gap seen plus a margin (half again, at least 20 ms;
// never under 40 ms, since a busy machine delays key events by tens of ms), so a scanner's own jitter
// fits while typing (120 ms and more between keys) stays out as far as the scanner allows.

import { chooseReading, DEFAULT_THRESHOLDS, readKey, type KeyInput, type ScanThresholds, type Terminator } from './detector.js';
import { visibleControls } from './router.js';

export const MIN_CALIBRATION_SCANS = 3;
/** Gaps past this are a person typing, not a scanner: calibration refuses them. */
export const TYPING_GAP_MS = 250;
const FLOOR_GAP_MS = 40;

export interface GapStats {
  meanMs: number;
  p95Ms: number;
  maxMs: number;
}

export interface Calibration {
  ok: true;
  thresholds: ScanThresholds;
  stats: GapStats & { scans: number; shortest: number; longest: number; terminators: Array<Terminator | null> };
  /** Each scan read by `event.key` and by physical key on a US layout: they differ when the OS layout is not the scanner's. */
  readings: Array<{ byKey: string; byCode: string }>;
  notes: CalibrationText[];
}

/** What calibration says, as message ids of the catalogs (scan.json) with their values: said in the clerk's language. */
export type CalibrationText =
  | { id: 'scan.calibration.tooFew'; values: { min: number; count: number } }
  | { id: 'scan.calibration.noKeys' }
  | { id: 'scan.calibration.typing'; values: { ms: number } }
  | { id: 'scan.calibration.note.slow'; values: { ms: number } }
  | { id: 'scan.calibration.note.noTerminator' }
  | { id: 'scan.calibration.note.someNoTerminator' }
  | { id: 'scan.calibration.note.layout' }
  | { id: 'scan.calibration.note.marks'; values: MarksWords };

/** A scanner's marks as the catalogs' messages take them: each shown (control codes named), or 'none'. */
export type MarksWords = { prefix: string; suffix: string; both: 'yes' | 'no' };

export function marksWords({ prefix, suffix }: { prefix: string; suffix: string }): MarksWords {
  return { prefix: prefix ? visibleControls(prefix) : 'none', suffix: suffix ? visibleControls(suffix) : 'none', both: prefix && suffix ? 'yes' : 'no' };
}

export type CalibrationResult = Calibration | { ok: false; error: CalibrationText };

/** Splits a recording of keydowns into scans: at each Enter or Tab, and at pauses over `pauseMs`. */
export function splitRecording(events: KeyInput[], pauseMs = 400): KeyInput[][] {
  const scans: KeyInput[][] = [];
  let current: KeyInput[] = [];
  let last = -Infinity;
  for (const e of events) {
    const k = readKey(e, DEFAULT_THRESHOLDS.terminators);
    if (k.kind === 'modifier') continue;
    if (current.length > 0 && e.timeStamp - last > pauseMs) {
      scans.push(current);
      current = [];
    }
    current.push(e);
    last = e.timeStamp;
    if (k.kind === 'terminator') {
      scans.push(current);
      current = [];
    }
  }
  if (current.length > 0) scans.push(current);
  return scans.filter((s) => s.some((e) => readKey(e, DEFAULT_THRESHOLDS.terminators).kind === 'char'));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Proposes thresholds from recorded scans (each the keydowns of one scan, its terminator included if any). */
export function proposeThresholds(scans: KeyInput[][], current: ScanThresholds = DEFAULT_THRESHOLDS): CalibrationResult {
  if (scans.length < MIN_CALIBRATION_SCANS)
    return { ok: false, error: { id: 'scan.calibration.tooFew', values: { min: MIN_CALIBRATION_SCANS, count: scans.length } } };
  const gaps: number[] = [];
  const lengths: number[] = [];
  const terminators: Array<Terminator | null> = [];
  const readings: Calibration['readings'] = [];
  for (const scan of scans) {
    const keys = scan.map((e) => ({ e, k: readKey(e, current.terminators) })).filter(({ k }) => k.kind !== 'modifier');
    for (let i = 1; i < keys.length; i++) gaps.push(keys[i]!.e.timeStamp - keys[i - 1]!.e.timeStamp);
    const chars = keys.flatMap(({ k }) => (k.kind === 'char' ? [k] : []));
    const last = keys[keys.length - 1]?.k;
    terminators.push(last?.kind === 'terminator' ? last.name : null);
    lengths.push(chars.length);
    readings.push({
      byKey: chooseReading(
        chars.map((c) => c.byKey),
        chars.map((c) => c.byCode),
        'key',
      ).text,
      byCode: chooseReading(
        chars.map((c) => c.byKey),
        chars.map((c) => c.byCode),
        'code',
      ).text,
    });
  }
  if (gaps.length === 0) return { ok: false, error: { id: 'scan.calibration.noKeys' } };
  const sorted = [...gaps].sort((a, b) => a - b);
  const maxMs = sorted[sorted.length - 1]!;
  const stats = {
    meanMs: Math.round((gaps.reduce((a, b) => a + b, 0) / gaps.length) * 10) / 10,
    p95Ms: percentile(sorted, 95),
    maxMs,
    scans: scans.length,
    shortest: Math.min(...lengths),
    longest: Math.max(...lengths),
    terminators,
  };
  if (maxMs > TYPING_GAP_MS) {
    return { ok: false, error: { id: 'scan.calibration.typing', values: { ms: Math.round(maxMs) } } };
  }
  const notes: CalibrationText[] = [];
  const maxGapMs = Math.max(FLOOR_GAP_MS, Math.ceil(Math.max(maxMs * 1.5, maxMs + 20)));
  if (maxGapMs > DEFAULT_THRESHOLDS.maxGapMs) notes.push({ id: 'scan.calibration.note.slow', values: { ms: Math.round(maxMs) } });
  const withTerminator = terminators.filter((t) => t !== null).length;
  const idleEnds = withTerminator < terminators.length;
  if (withTerminator === 0) notes.push({ id: 'scan.calibration.note.noTerminator' });
  else if (idleEnds) notes.push({ id: 'scan.calibration.note.someNoTerminator' });
  const differs = readings.some((r) => r.byKey !== r.byCode);
  if (differs) notes.push({ id: 'scan.calibration.note.layout' });
  const marks = scannerMarks(readings.map((r) => (differs ? r.byCode : r.byKey)));
  if (marks.prefix || marks.suffix) notes.push({ id: 'scan.calibration.note.marks', values: marksWords(marks) });
  const minLength = Math.max(2, Math.min(DEFAULT_THRESHOLDS.minLength, stats.shortest - marks.prefix.length - marks.suffix.length));
  return {
    ok: true,
    thresholds: { ...current, maxGapMs, minLength, idleEnds, decode: differs ? 'code' : current.decode, ...marks },
    stats,
    readings,
    notes,
  };
}

/** A character a scanner is taught to send around codes: punctuation or a control code, never a letter or digit (data), nor `]` (an AIM identifier's). */
// eslint-disable-next-line no-control-regex -- control codes are what scanners are most often taught to send
const MARK = /^[\x00-\x1f!-/:-@[\\^-`{-~]$/;
const MAX_MARK = 8;

/**
 * The prefix and suffix every recorded scan carries: the characters all of them begin (and end)
 * with that are marks, not data. A code's own leading zeros or letters are never taken for one.
 */
export function scannerMarks(texts: string[]): { prefix: string; suffix: string } {
  if (texts.length < MIN_CALIBRATION_SCANS) return { prefix: '', suffix: '' };
  const common = (pick: (t: string, i: number) => string | undefined) => {
    let out = '';
    for (let i = 0; i < MAX_MARK; i++) {
      const c = pick(texts[0]!, i);
      if (c === undefined || !MARK.test(c) || !texts.every((t) => pick(t, i) === c)) break;
      out += c;
    }
    return out;
  };
  const prefix = common((t, i) => t[i]);
  const suffix = [...common((t, i) => t[t.length - 1 - i])].reverse().join('');
  // A mark as long as a whole scan is no mark: the scans were of nothing but punctuation.
  return texts.some((t) => t.length <= prefix.length + suffix.length) ? { prefix: '', suffix: '' } : { prefix, suffix };
}
