import { describe, expect, it } from 'vitest';
import { createScanDetector, type KeyInput, type PushContext, type PushResult, type Scan, type ScanDetector } from '../../shared/scan/detector.js';
import { jitter, type } from '../support/keyboard-wedge.js';

interface Run {
  results: PushResult[];
  scans: Scan[];
  /** What a text field would hold: passed and released characters, minus retracted ones. */
  field: string;
}

/** Feeds events as the renderer hook does, and models a focused text field when `editable`. */
function feed(detector: ScanDetector, events: KeyInput[], context: PushContext = {}, field = ''): Run {
  const results: PushResult[] = [];
  const scans: Scan[] = [];
  let snapshot = field;
  const apply = (r: Omit<PushResult, 'action' | 'startsBurst'>) => {
    for (const e of r.release ?? []) field += e.key.length === 1 ? e.key : '';
    if (r.scan) {
      scans.push(r.scan);
      if ((r.retract ?? 0) > 0) field = snapshot;
    }
  };
  for (const e of events) {
    const r = detector.push(e, context);
    results.push(r);
    apply(r);
    if (r.startsBurst) snapshot = field;
    if (r.action === 'pass' && e.key.length === 1 && !e.ctrlKey) field += e.key;
  }
  apply(detector.flush((events[events.length - 1]?.timeStamp ?? 0) + 10_000));
  return { results, scans, field };
}

describe('scan detector', () => {
  // Recorded profiles: each gap within ±10% of the nominal speed, as scanners are regular (a Zebra
  // set to 80-90 ms peaks near 100 ms, the default allowance).
  describe.each([2, 5, 10, 40, 90])('a scanner at %i ms per key', (gap) => {
    it('is a scan, typed nowhere, with every character in order', () => {
      const { events } = type('WRO-5012\n', gap, { seed: gap, spread: 0.1 });
      const run = feed(createScanDetector(), events);
      expect(run.scans.map((s) => s.text)).toEqual(['WRO-5012']);
      expect(run.scans[0]).toMatchObject({ raw: 'WRO-5012', terminator: 'Enter', symbology: null, keyCount: 8 });
      expect(run.field).toBe('');
      expect(run.results.filter((r) => r.action === 'pass').length).toBe(events.filter((e) => e.key === 'Shift').length);
    });
  });

  it('a Space outside a text field passes at once (it presses the focused button), and a space inside a scan stays in it', () => {
    const detector = createScanDetector();
    const space: KeyInput = { key: ' ', code: 'Space', ctrlKey: false, altKey: false, shiftKey: false, timeStamp: 1000 };
    expect(detector.push(space)).toMatchObject({ action: 'pass', startsBurst: false });
    expect(detector.pending).toBe(false);
    const { events } = type('AB 12\n', 5, { start: 2000 });
    expect(feed(detector, events).scans.map((s) => s.text)).toEqual(['AB 12']);
  });

  it.each([120, 160, 250])('a person typing at %i ms per key is not a scan, and every key is typed', (gap) => {
    const { events } = type('5012\n', gap, { spread: 0 });
    const inField = feed(createScanDetector(), events, { editable: true });
    expect(inField.scans).toEqual([]);
    expect(inField.field).toBe('5012');
    expect(inField.results.every((r) => r.action === 'pass')).toBe(true);
  });

  it('a person typing at an uneven 120-250 ms is not a scan, outside a field the held keys come back in order', () => {
    const rand = jitter(3);
    const { events } = type('receiving 5012 Awaiting\n', 0, { gaps: () => 185 + 65 * rand() });
    const run = feed(createScanDetector(), events);
    expect(run.scans).toEqual([]);
    expect(run.field).toBe('receiving 5012 Awaiting');
  });

  it('takes a scan out of a focused text field, keeping what the person typed before it', () => {
    const person = type('ab', 200, { spread: 0 });
    const scanner = type('5012\n', 8, { start: person.end + 700 });
    const run = feed(createScanDetector(), [...person.events, ...scanner.events], { editable: true });
    expect(run.scans.map((s) => s.text)).toEqual(['5012']);
    expect(run.field).toBe('ab');
    // Every key of the burst went into the field as it came (nothing held back); the scan retracts them.
    const enter = run.results[run.results.length - 1]!;
    expect(enter).toMatchObject({ action: 'swallow', retract: 4 });
    expect(run.results.slice(2).map((r) => r.action)).toEqual(['pass', 'pass', 'pass', 'pass', 'swallow']);
    expect(run.results[2]!.startsBurst).toBe(true);
  });

  it('gives held keys back when a fast burst in a field ends without a terminator', () => {
    const fast = type('abcdef', 60, { spread: 0 });
    const run = feed(createScanDetector(), fast.events, { editable: true });
    expect(run.scans).toEqual([]);
    expect(run.field).toBe('abcdef');
  });

  it('reads GS sent as Ctrl+] and RS / EOT as Ctrl+^ / Ctrl+D, holding them so no shortcut fires', () => {
    const data = '[)>\x1e06\x1dP1234\x1d1PABC\x1e\x04';
    const { events } = type(`${data}\n`, 5);
    const run = feed(createScanDetector(), events, { editable: true });
    expect(run.scans.map((s) => s.raw)).toEqual([data]);
    const ctrl = run.results.filter((_, i) => events[i]!.ctrlKey && events[i]!.key !== 'Control');
    expect(ctrl.every((r) => r.action === 'hold')).toBe(true);
  });

  it('starts a scan on a leading GS (FNC1 in first position) and leaves a person’s lone Ctrl+D alone', () => {
    const gs1 = type('\x1d0109506000134352\n', 4);
    expect(feed(createScanDetector(), gs1.events).scans[0]!.text).toBe('\x1d0109506000134352');
    const detector = createScanDetector();
    expect(detector.push({ key: 'd', code: 'KeyD', ctrlKey: true, altKey: false, shiftKey: false, timeStamp: 5 })).toMatchObject({
      action: 'pass',
      startsBurst: false,
    });
    expect(detector.pending).toBe(false);
  });

  it('matches GS on the physical key, whatever character the layout puts there', () => {
    const detector = createScanDetector();
    const keys = type('01095060001343521', 5).events;
    const gs: KeyInput = { key: '$', code: 'BracketRight', ctrlKey: true, altKey: false, shiftKey: false, timeStamp: keys[keys.length - 1]!.timeStamp + 5 };
    const rest = type('10AB\n', 5, { start: gs.timeStamp + 5 }).events;
    expect(feed(detector, [...keys, gs, ...rest]).scans[0]!.text).toBe('01095060001343521\x1d10AB');
  });

  it('strips AIM symbology identifiers from the text and names the symbology', () => {
    const cases: Array<[string, string, string]> = [
      [']C1', '0109506000134352', 'GS1-128'],
      [']E0', '9506000134352', 'EAN-13'],
      [']d2', '0109506000134352\x1d10L1', 'GS1 DataMatrix'],
      [']Q3', '0109506000134352', 'GS1 QR Code'],
      [']E4', '96385074', 'EAN-8'],
    ];
    for (const [aim, data, symbology] of cases) {
      const scan = feed(createScanDetector(), type(`${aim}${data}\n`, 6).events).scans[0]!;
      expect(scan).toMatchObject({ text: data, raw: `${aim}${data}`, aim, symbology });
    }
  });

  it('keeps identical repeated characters', () => {
    const run = feed(createScanDetector(), type('1111000022222\n', 3, { spread: 0 }).events);
    expect(run.scans[0]!.text).toBe('1111000022222');
  });

  it('reads two scans 50 ms apart as two scans', () => {
    const first = type('5012\n', 5);
    const second = type('PO-8841\n', 5, { start: first.end + 50 });
    const run = feed(createScanDetector(), [...first.events, ...second.events]);
    expect(run.scans.map((s) => s.text)).toEqual(['5012', 'PO-8841']);
    expect(run.field).toBe('');
  });

  it('ends a scan with Tab as with Enter', () => {
    expect(feed(createScanDetector(), type('ABC123\t', 5).events).scans[0]).toMatchObject({ text: 'ABC123', terminator: 'Tab' });
  });

  it('a short fast burst is not a scan: Enter passes and the keys come back', () => {
    const run = feed(createScanDetector(), type('ab\n', 30).events);
    expect(run.scans).toEqual([]);
    expect(run.results[run.results.length - 1]!.action).toBe('pass');
    expect(run.field).toBe('ab');
  });

  it('without a terminator is a scan only when idle endings are on', () => {
    const events = type('0109506000134352', 5).events;
    expect(feed(createScanDetector(), events).scans).toEqual([]);
    const run = feed(createScanDetector({ idleEnds: true }), events);
    expect(run.scans).toMatchObject([{ text: '0109506000134352', terminator: null }]);
  });

  it('reports when to flush and flushes only after the gap has passed', () => {
    const detector = createScanDetector({ maxGapMs: 30, idleEnds: true });
    const { events, end } = type('ABCDE', 5);
    for (const e of events) detector.push(e);
    expect(detector.flushDueAt).toBe(end + 30);
    expect(detector.flush(end + 20)).toEqual({});
    expect(detector.flush(end + 31).scan?.text).toBe('ABCDE');
    expect(detector.pending).toBe(false);
  });

  describe('a burst the page took late, in clumps', () => {
    // A busy PC hands a scanner's keys over late: silence on the page's clock ends the burst, then
    // the rest arrive with the timestamps the scanner gave them.
    const { events } = type('00355662000013\n', 8);
    const cut = 5;

    it('outside a field: the keys given back at the silence join the rest by their timestamps, and the scan is whole', () => {
      const detector = createScanDetector();
      for (const e of events.slice(0, cut)) expect(detector.push(e).action).toBe('hold');
      expect(detector.holding).toBe(true);
      // The page's clock says the scanner fell silent: the keys come back as typing.
      const flushed = detector.flush(events[cut - 1]!.timeStamp + 101);
      expect(flushed.release?.map((e) => e.key).join('')).toBe('00355');
      const rest = events.slice(cut).map((e) => detector.push(e));
      expect(rest[0]!.rejoined?.map((e) => e.key).join('')).toBe('00355');
      const scan = rest.find((r) => r.scan)!;
      expect(scan.scan).toMatchObject({ text: '00355662000013', keyCount: 14 });
      // The given-back keys count as typed ones, to take out of wherever they went.
      expect(scan.retract).toBe(cut);
    });

    it('held keys marked as a scanner’s, or two at a machine pace, await the rest; one, a person’s pace, in a field or with idle endings, they do not', () => {
      const held = createScanDetector();
      held.push(events[0]!);
      // One key could be a person's (a tile's digit): given back after the usual wait.
      expect(held.awaitsTerminator).toBe(false);
      held.push(events[1]!);
      // Two at 8 ms: no person keeps that pace; the rest of the scan is stalled behind them.
      expect(held.awaitsTerminator).toBe(true);
      const person = createScanDetector();
      for (const e of type('coffee', 60).events) person.push(e);
      // A fast typist's word (60 ms a key) is a burst, but no machine's: given back after the usual wait.
      expect(person.pending).toBe(true);
      expect(person.awaitsTerminator).toBe(false);
      const marked = createScanDetector();
      for (const e of type(']C1', 60).events) marked.push(e);
      // An AIM identifier is a scanner's, even at a pace a person could keep.
      expect(marked.awaitsTerminator).toBe(true);
      const inField = createScanDetector();
      for (const e of events.slice(0, 8)) inField.push(e, { editable: true });
      // Typed into a field, nothing waits: the keys are there already and come out if the Enter joins.
      expect(inField.awaitsTerminator).toBe(false);
      const idle = createScanDetector({ idleEnds: true });
      for (const e of events.slice(0, 8)) idle.push(e);
      // With idle endings the silence itself ends it as a scan: no Enter to wait for.
      expect(idle.awaitsTerminator).toBe(false);
      const slow = createScanDetector();
      for (const e of type('ABCDEF', 150).events) slow.push(e);
      expect(slow.awaitsTerminator).toBe(false);
    });

    it('in a text field: what was typed before the silence comes out with the rest', () => {
      const run = feed(createScanDetector(), events.slice(0, cut), { editable: true }, 'RMA-');
      expect(run.field).toBe('RMA-00355');
      const detector = createScanDetector();
      for (const e of events.slice(0, cut)) detector.push(e, { editable: true });
      detector.flush(events[cut - 1]!.timeStamp + 101);
      const rest = events.slice(cut).map((e) => detector.push(e, { editable: true }));
      expect(rest.find((r) => r.scan)).toMatchObject({ scan: { text: '00355662000013' }, retract: 14 });
    });

    it('a key whose timestamp is past the gap opens a burst of its own', () => {
      const detector = createScanDetector();
      for (const e of events.slice(0, cut)) detector.push(e);
      detector.flush(events[cut - 1]!.timeStamp + 101);
      const late = { ...events[cut]!, timeStamp: events[cut - 1]!.timeStamp + 150 };
      const r = detector.push(late);
      expect(r.rejoined).toBeUndefined();
      expect(r.startsBurst).toBe(true);
    });

    it('outside a field, once the caller waited the terminator out: an unmarked scanner’s keys end as its scan, never typing, and its Enter handed over later does nothing', () => {
      const detector = createScanDetector();
      const code = events.slice(0, -1);
      const enter = events[events.length - 1]!;
      for (const e of code) detector.push(e);
      const last = code[code.length - 1]!.timeStamp;
      const ended = detector.flush(last + 5_001, { terminatorWaited: true });
      expect(ended.release).toBeUndefined();
      expect(ended.scan).toMatchObject({ text: '00355662000013', terminator: null, keyCount: 14 });
      // The Enter arrives late with the scanner's timestamp: the scan's own, not a key for the control.
      expect(detector.push(enter)).toEqual({ action: 'swallow', startsBurst: false });
      // A person's Enter afterwards is the person's.
      expect(detector.push({ ...enter, timeStamp: enter.timeStamp + 3_000 }).action).toBe('pass');
    });

    it('an unmarked scan that ended at the wait, whose rest comes later still: the whole scan follows it', () => {
      const detector = createScanDetector();
      for (const e of events.slice(0, cut)) detector.push(e);
      expect(detector.flush(events[cut - 1]!.timeStamp + 5_001, { terminatorWaited: true }).scan?.text).toBe('00355');
      const rest = events.slice(cut).map((e) => detector.push(e));
      expect(rest[0]!.resumed).toEqual({ keys: cut, used: true });
      expect(rest.filter((r) => r.scan)).toHaveLength(1);
      expect(rest.at(-1)!.scan).toMatchObject({ text: '00355662000013', terminator: 'Enter', keyCount: 14 });
      expect(rest.every((r) => r.action !== 'pass' && !r.release)).toBe(true);
    });

    it('marked as a scanner’s (an AIM identifier), once the wait ran out: cut, neither typed nor used, and its Enter handed over later completes the scan', () => {
      const marked = type(']E00355662000013\n', 8).events.filter((e) => e.key !== 'Shift');
      const detector = createScanDetector();
      const code = marked.slice(0, -1);
      const enter = marked[marked.length - 1]!;
      for (const e of code) detector.push(e);
      const ended = detector.flush(code[code.length - 1]!.timeStamp + 5_001, { terminatorWaited: true });
      expect(ended.release).toBeUndefined();
      expect(ended.scan).toBeUndefined();
      expect(ended.cut).toMatchObject({ symbology: 'EAN-13', text: '0355662000013', terminator: null });
      expect(detector.pending).toBe(false);
      const late = detector.push(enter);
      expect(late).toMatchObject({
        action: 'swallow',
        resumed: { keys: code.length, used: false },
        scan: { text: '0355662000013', terminator: 'Enter' },
        retract: 0,
      });
      expect(detector.push({ ...enter, timeStamp: enter.timeStamp + 3_000 }).action).toBe('pass');
    });

    it('a scan cut while the rest was on its way: the rest, however late the PC hands it over, makes one whole scan, never two', () => {
      const gs1 = type(']C1010051170507739121S101585\x1d17271231\n', 4).events;
      const detector = createScanDetector();
      // Cut after its seventh character (Shift and Ctrl keydowns come with the keys they shift).
      const chars = gs1.flatMap((e, i) => (e.key === 'Shift' || e.key === 'Control' ? [] : [i]));
      const head = chars[6]! + 1;
      for (const e of gs1.slice(0, head)) detector.push(e);
      expect(detector.awaitsTerminator).toBe(true);
      // The page heard nothing for longer than the wait: the part is reported cut, not used.
      const cut = detector.flush(gs1[head - 1]!.timeStamp + 20_000, { terminatorWaited: true });
      expect(cut.cut?.raw).toBe(']C10100');
      expect(cut.scan).toBeUndefined();
      const rest = gs1
        .slice(head)
        .map((e) => ({ e, r: detector.push(e) }))
        .filter(({ e }) => e.key !== 'Shift' && e.key !== 'Control')
        .map(({ r }) => r);
      expect(rest[0]!.resumed).toEqual({ keys: head - 1, used: false });
      expect(rest.filter((r) => r.scan)).toHaveLength(1);
      expect(rest.at(-1)!.scan).toMatchObject({ symbology: 'GS1-128', text: '010051170507739121S101585\x1d17271231', terminator: 'Enter' });
      // Not one of its keys was typed anywhere on the way.
      expect(rest.every((r) => r.action !== 'pass' && !r.release)).toBe(true);
    });

    it('a cut scan whose rest never comes stays untyped: the next key, past the gap, is a burst of its own', () => {
      const marked = type(']C10035566', 8).events.filter((e) => e.key !== 'Shift');
      const detector = createScanDetector();
      for (const e of marked) detector.push(e);
      expect(detector.flush(marked.at(-1)!.timeStamp + 5_001, { terminatorWaited: true }).cut?.raw).toBe(']C10035566');
      const person = detector.push({ ...events[0]!, timeStamp: marked.at(-1)!.timeStamp + 8_000 });
      expect(person).toMatchObject({ startsBurst: true });
      expect(person.resumed).toBeUndefined();
      expect(person.release).toBeUndefined();
    });

    it('waited out, what is no scanner’s still comes back as typing: one held key, a person’s pace, a field’s keys', () => {
      const one = createScanDetector();
      one.push(events[0]!);
      expect(one.flush(events[0]!.timeStamp + 5_001, { terminatorWaited: true }).release?.map((e) => e.key)).toEqual(['0']);
      const person = createScanDetector();
      const word = type('coffee', 60).events;
      for (const e of word) person.push(e);
      expect(
        person
          .flush(word[word.length - 1]!.timeStamp + 5_001, { terminatorWaited: true })
          .release?.map((e) => e.key)
          .join(''),
      ).toBe('coffee');
      const inField = createScanDetector();
      for (const e of events.slice(0, cut)) inField.push(e, { editable: true });
      expect(inField.flush(events[cut - 1]!.timeStamp + 5_001, { terminatorWaited: true })).toEqual({});
    });

    it('a person at the keyboard (an arrow key) ends the chance of joining', () => {
      const detector = createScanDetector();
      for (const e of events.slice(0, cut)) detector.push(e);
      detector.flush(events[cut - 1]!.timeStamp + 101);
      detector.push({ key: 'ArrowDown', code: 'ArrowDown', ctrlKey: false, altKey: false, shiftKey: false, timeStamp: events[cut - 1]!.timeStamp + 20 });
      expect(detector.push({ ...events[cut]!, timeStamp: events[cut - 1]!.timeStamp + 30 }).rejoined).toBeUndefined();
    });
  });

  it('decodes by physical key when the OS layout is AZERTY and the scanner is US', () => {
    const events = type(']C1HA112\n', 5, { layout: 'azerty' }).events;
    expect(events.some((e) => e.key === 'é' || e.key === '&')).toBe(true);
    expect(feed(createScanDetector(), events).scans[0]).toMatchObject({ text: 'HA112', symbology: 'GS1-128', decodedBy: 'code' });
    expect(feed(createScanDetector({ decode: 'key' }), events).scans[0]!).toMatchObject({ text: '$C&HQ&&é', symbology: null });
    // On a US layout both readings agree and the key reading is kept.
    expect(feed(createScanDetector(), type('QC-157\n', 5).events).scans[0]).toMatchObject({ text: 'QC-157', decodedBy: 'key' });
  });

  it('auto-repeat or a navigation key in the middle is a person: no scan, the held keys come back', () => {
    const { events, end } = type('ABCD', 5);
    const arrow: KeyInput = { key: 'ArrowDown', code: 'ArrowDown', ctrlKey: false, altKey: false, shiftKey: false, timeStamp: end + 5 };
    const run = feed(createScanDetector(), [...events, arrow]);
    expect(run.scans).toEqual([]);
    expect(run.field).toBe('ABCD');
    const repeated = { ...events[events.length - 1]!, repeat: true, timeStamp: end + 30 };
    expect(feed(createScanDetector(), [...events, repeated]).scans).toEqual([]);
  });

  it.each([2, 5, 40, 80])('never holds a key typed into a field, even at %i ms a key: a date or time typed there is typed as is', (gap) => {
    const { events } = type('12/01/2026 09:30', gap, { spread: 0 });
    const run = feed(createScanDetector(), events, { editable: true });
    expect(run.results.every((r) => r.action === 'pass' && !r.release)).toBe(true);
    expect(run.field).toBe('12/01/2026 09:30');
  });

  it('a single-key shortcut outside a field passes at once and the letters after it form no burst with it', () => {
    const detector = createScanDetector();
    const slash: KeyInput = { key: '/', code: 'Slash', ctrlKey: false, altKey: false, shiftKey: false, timeStamp: 1000 };
    expect(detector.push(slash, { shortcut: true })).toMatchObject({ action: 'pass', startsBurst: false });
    expect(detector.pending).toBe(false);
    // Inside a burst the same key is data, held with the rest.
    const { events } = type('AB/12\n', 5, { start: 2000 });
    expect(feed(detector, events).scans.map((s) => s.text)).toEqual(['AB/12']);
  });

  it('refuses thresholds that cannot work', () => {
    expect(() => createScanDetector({ maxGapMs: 0 })).toThrow(/maxGapMs/);
    expect(() => createScanDetector({ minLength: 0 })).toThrow(/minLength/);
  });
});
