import { describe, expect, it } from 'vitest';
import { createIntl, type IntlShape } from '@formatjs/intl';
import { compiled } from '../../build/i18n-catalogs.js';
import { proposeThresholds, scannerMarks, splitRecording, type CalibrationText } from '../../shared/scan/calibration.js';
import { createScanDetector, type KeyInput } from '../../shared/scan/detector.js';
import { type } from '../support/keyboard-wedge.js';

const english = createIntl({ locale: 'en', messages: compiled('en') });
const german = createIntl({ locale: 'de', messages: compiled('de') });
/** What the clerk reads, from the built catalogs. */
const say = (text: CalibrationText, words: IntlShape = english) => words.formatMessage({ id: text.id }, 'values' in text ? text.values : undefined);

function recordScans(texts: string[], gapMs: number, options: { spread?: number; layout?: 'us' | 'azerty' } = {}): KeyInput[] {
  const events: KeyInput[] = [];
  let start = 1000;
  for (const [i, text] of texts.entries()) {
    const typed = type(text, gapMs, { start, seed: i + 1, spread: options.spread ?? 0.15, ...(options.layout ? { layout: options.layout } : {}) });
    events.push(...typed.events);
    start = typed.end + 1500;
  }
  return events;
}

describe('scanner calibration', () => {
  it('splits a recording at Enter/Tab and at pauses', () => {
    const events = recordScans(['5012\n', 'ABC\t', 'XYZ'], 10);
    expect(
      splitRecording(events).map((s) =>
        s
          .filter((e) => e.key.length === 1)
          .map((e) => e.key)
          .join(''),
      ),
    ).toEqual(['5012', 'ABC', 'XYZ']);
  });

  it('proposes a gap allowance above a fast scanner’s slowest gap, which then detects its scans', () => {
    const events = recordScans(['0109506000134352\n', 'WRO-5012\n', 'PO-8841\n'], 8);
    const result = proposeThresholds(splitRecording(events));
    if (!result.ok) throw new Error(say(result.error));
    expect(result.stats.maxMs).toBeLessThanOrEqual(8 * 1.15 + 0.01);
    expect(result.thresholds.maxGapMs).toBe(40); // floor: slowest gap + 20 ms is under 40 ms
    expect(result.thresholds).toMatchObject({ idleEnds: false, decode: 'auto', minLength: 4 });
    expect(result.notes).toEqual([]);
    // The proposal still takes this scanner's scans and no longer takes quick typing at 60 ms.
    const detector = createScanDetector(result.thresholds);
    const scans = splitRecording(events).flatMap((scan) => scan.map((e) => detector.push(e).scan).filter(Boolean));
    expect(scans.map((s) => s!.text)).toEqual(['0109506000134352', 'WRO-5012', 'PO-8841']);
    expect(
      type('5012\n', 60, { start: 90_000, spread: 0 })
        .events.map((e) => detector.push(e).scan)
        .filter(Boolean),
    ).toEqual([]);
  });

  it('allows a slow scanner and says that typing may then pass for a scan', () => {
    const result = proposeThresholds(splitRecording(recordScans(['5012\n', '5013\n', '5014\n'], 90, { spread: 0.1 })));
    if (!result.ok) throw new Error(say(result.error));
    expect(result.thresholds.maxGapMs).toBeGreaterThanOrEqual(Math.ceil(result.stats.maxMs * 1.5));
    expect(result.notes.map((n) => say(n)).join(' ')).toMatch(/This scanner is slow \(up to \d+ ms between keys\)/);
  });

  it('turns idle endings on for a scanner that sends no suffix', () => {
    const result = proposeThresholds(splitRecording(recordScans(['ABCD1234', 'ABCD1235', 'ABCD1236'], 5)));
    expect(result).toMatchObject({ ok: true, thresholds: { idleEnds: true } });
  });

  it('shows both readings and proposes decoding by physical key when the layout differs', () => {
    const result = proposeThresholds(splitRecording(recordScans(['HA112\n', 'HA113\n', 'HA114\n'], 5, { layout: 'azerty' })));
    if (!result.ok) throw new Error(say(result.error));
    expect(result.thresholds.decode).toBe('code');
    expect(result.readings[0]).toEqual({ byKey: 'HQ&&é', byCode: 'HA112' });
    expect(result.notes.map((n) => say(n)).join(' ')).toMatch(/The keyboard layout differs from the scanner's/);
  });

  it('refuses too few scans and typing speed, saying what to do', () => {
    const tooFew = proposeThresholds(splitRecording(recordScans(['5012\n', '5013\n'], 5)));
    if (tooFew.ok) throw new Error('two scans were taken');
    expect(say(tooFew.error)).toBe('Scan at least 3 times (2 so far).');
    expect(say(tooFew.error, german)).toBe('Scannen Sie mindestens 3-mal (bisher 2).');
    const typing = proposeThresholds(splitRecording(recordScans(['5012\n', '5013\n', '5014\n'], 300, { spread: 0 })));
    if (typing.ok) throw new Error('typing was taken for a scanner');
    expect(say(typing.error)).toMatch(/^A gap of 3\d\d ms between keys is typing speed/);
  });

  describe('a scanner taught a prefix and a suffix', () => {
    it("finds the marks every scan carries, never a code's own leading zeros or letters", () => {
      expect(scannerMarks(['~0036000291452#', '~WRO-5012#', '~PO-8841#'])).toEqual({ prefix: '~', suffix: '#' });
      expect(scannerMarks(['0036000291452', '0036000291453', '0036000291454'])).toEqual({ prefix: '', suffix: '' });
      expect(scannerMarks(['*A1*', '*B2*', '*C3*'])).toEqual({ prefix: '*', suffix: '*' });
      // An AIM identifier is the scanner's own reading of the symbology, not a taught mark.
      expect(scannerMarks([']C1010950', ']C1010951', ']E0400638'])).toEqual({ prefix: '', suffix: '' });
      expect(scannerMarks(['~A', '~B'])).toEqual({ prefix: '', suffix: '' });
    });

    it('proposes them, says so, and the detector then reads the code without them, tells typing from a scan by them, and keeps a stretched scan whole', () => {
      const events = recordScans(['~0109506000134352#\n', '~WRO-5012#\n', '~PO-8841#\n'], 8);
      const result = proposeThresholds(splitRecording(events));
      if (!result.ok) throw new Error(say(result.error));
      expect(result.thresholds).toMatchObject({ prefix: '~', suffix: '#' });
      const note = result.notes.find((n) => n.id === 'scan.calibration.note.marks')!;
      expect(say(note)).toContain('after “~” and before “#”');
      expect(say(note, german)).toContain('nach „~“ und vor „#“');

      const detector = createScanDetector(result.thresholds);
      const scans = (text: string, gap: number, start: number) =>
        type(text, gap, { start, spread: 0 })
          .events.map((e) => detector.push(e, { editable: true }).scan)
          .filter((s) => s !== undefined);
      expect(scans('~5012#\n', 8, 10_000)).toMatchObject([{ text: '5012' }]);
      // A busy PC stretched the gaps past the allowance: the prefix still says it is the scanner's.
      expect(scans('~00360002914#\n', result.thresholds.maxGapMs + 60, 20_000)).toMatchObject([{ text: '00360002914' }]);
      // As fast as a scanner, but without the prefix: a person (or a paste), not a scan.
      expect(scans('5012\n', 8, 40_000)).toEqual([]);
    });
  });
});
