import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { JournalEntry, JournalInput } from '../../areas/journal/common/entry.js';
import {
  canonical,
  EMPTY_HEAD,
  firstBreak,
  GENESIS,
  hashOf,
  readChain,
  seal,
  unrecorded,
  type ChainHead,
  type Unsealed,
} from '../../areas/journal/core/chain.js';
import { Journal, JOURNAL_DIR, JOURNAL_FILE, JOURNAL_HEAD_FILE } from '../../areas/journal/core/journal.js';
import { answerRefused, isRefusal, journalService } from '../../areas/journal/core/service.js';
import { AppErrorException } from '../../shared/errors.js';

/**
 * The journal's hash chain (pure) and its file: a changed, removed or cut-off entry is found and
 * placed; a torn last line is set aside, not taken for tampering; reads by record and by time.
 */

const stamp = (n: number): Unsealed => ({
  at: new Date(Date.UTC(2026, 10, 29, 8, 0, n)).toISOString(),
  environment: 'local',
  clerk: null,
  desk: { id: 'desk-1', name: 'Dock 1' },
  what: { kind: 'return.created', record: { kind: 'return', id: String(1000 + n), reference: `RMA-${n}` }, details: { lines: 2, units: n } },
  answer: { status: 'done', id: String(1000 + n), said: null },
});

function chain(count: number): { entries: JournalEntry[]; head: ChainHead } {
  let head = EMPTY_HEAD;
  const entries: JournalEntry[] = [];
  for (let n = 1; n <= count; n++) {
    const e = seal(stamp(n), head);
    entries.push(e);
    head = { seq: e.seq, hash: e.hash };
  }
  return { entries, head };
}

const bytesOf = (lines: string[]) => Buffer.from(lines.map((l) => `${l}\n`).join(''), 'utf8');
const linesOf = (entries: JournalEntry[]) => entries.map((e) => JSON.stringify(e));

describe('canonical form', () => {
  it('does not depend on key order, and leaves no white space', () => {
    expect(canonical({ b: 1, a: [true, null, 'x'], c: { z: 0, y: -1.5 } })).toBe('{"a":[true,null,"x"],"b":1,"c":{"y":-1.5,"z":0}}');
    expect(canonical({ a: 1, b: 2 })).toBe(canonical({ b: 2, a: 1 }));
  });

  it('reads back to itself for any JSON value (what a line holds)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const once = canonical(value);
        expect(canonical(JSON.parse(once))).toBe(once);
      }),
    );
  });

  it('refuses numbers JSON cannot carry', () => {
    expect(() => canonical({ n: Number.NaN })).toThrow(/finite/);
  });
});

describe('the chain', () => {
  it('seals each entry with the hash before it, and reads back whole', () => {
    const { entries, head } = chain(5);
    expect(entries[0]!.prev).toBe(GENESIS);
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.prev).toBe(entries[i - 1]!.hash);
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    const read = readChain(bytesOf(linesOf(entries)), head);
    expect(read.found).toEqual([]);
    expect(read.torn).toBeNull();
    expect(read.head).toEqual(head);
    expect(read.entries).toEqual(entries);
  });

  it('hashes the line as written: white space does not count, an added field does', () => {
    const { entries } = chain(1);
    const raw = JSON.parse(JSON.stringify(entries[0])) as Record<string, unknown>;
    expect(hashOf(raw)).toBe(entries[0]!.hash);
    expect(readChain(bytesOf([JSON.stringify(entries[0]).replace('{', '{ ')])).found).toEqual([]);
    expect(hashOf({ ...raw, note: 'added' })).not.toBe(entries[0]!.hash);
  });

  it('an edited entry is found as changed at its sequence number, and the rest still checks', () => {
    const { entries, head } = chain(6);
    const lines = linesOf(entries);
    lines[2] = lines[2]!.replace('"units":3', '"units":30');
    const read = readChain(bytesOf(lines), head);
    expect(read.found).toEqual([{ seq: 3, how: 'changed' }]);
    expect(read.head).toEqual(head);
  });

  it('an entry rewritten with its hash recomputed is found by the next entry pointing elsewhere', () => {
    const { entries, head } = chain(4);
    const changed = seal({ ...stamp(2), what: { ...stamp(2).what, details: { units: 99 } } }, { seq: 1, hash: entries[0]!.hash });
    const lines = linesOf(entries);
    lines[1] = JSON.stringify(changed);
    expect(readChain(bytesOf(lines), head).found).toEqual([{ seq: 2, how: 'changed' }]);
  });

  it('a removed entry is found as removed at the first missing number', () => {
    const { entries, head } = chain(6);
    const lines = linesOf(entries);
    lines.splice(3, 1);
    expect(readChain(bytesOf(lines), head).found).toEqual([{ seq: 4, how: 'removed' }]);
    const first = linesOf(entries).slice(1);
    expect(readChain(bytesOf(first), head).found).toEqual([{ seq: 1, how: 'removed' }]);
  });

  it('a line that is no entry at all is found as changed', () => {
    const { entries } = chain(3);
    const lines = linesOf(entries);
    lines[1] = 'not json';
    expect(readChain(bytesOf(lines)).found).toEqual([{ seq: 2, how: 'changed' }]);
  });

  it('the last entries cut off are found only with the checkpoint', () => {
    const { entries, head } = chain(5);
    const shorter = bytesOf(linesOf(entries.slice(0, 3)));
    expect(readChain(shorter).found).toEqual([]);
    expect(readChain(shorter, head).found).toEqual([{ seq: 4, how: 'removed' }]);
    expect(readChain(Buffer.alloc(0), head).found).toEqual([{ seq: 1, how: 'removed' }]);
  });

  it('the last entry rewritten whole (hash recomputed) is found by the checkpoint', () => {
    const { entries, head } = chain(3);
    const lines = linesOf(entries);
    lines[2] = JSON.stringify(seal({ ...stamp(3), what: { ...stamp(3).what, details: { units: 0 } } }, { seq: 2, hash: entries[1]!.hash }));
    expect(readChain(bytesOf(lines)).found).toEqual([]);
    expect(readChain(bytesOf(lines), head).found).toEqual([{ seq: 3, how: 'changed' }]);
  });

  it('a torn last line is set apart, not counted as a break', () => {
    const { entries, head } = chain(3);
    const whole = bytesOf(linesOf(entries));
    const torn = Buffer.concat([whole, Buffer.from(JSON.stringify(seal(stamp(4), head)).slice(0, 40))]);
    const read = readChain(torn, head);
    expect(read.found).toEqual([]);
    expect(read.wholeBytes).toBe(whole.length);
    expect(read.torn?.toString()).toHaveLength(40);
    expect(read.head).toEqual(head);
  });

  it('a break already recorded is not recorded again, and stays the first break', () => {
    const { entries } = chain(5);
    const lines = linesOf(entries);
    lines.splice(1, 1);
    const read = readChain(bytesOf(lines));
    expect(unrecorded(read)).toEqual([{ seq: 2, how: 'removed' }]);
    const recordedBreak = seal(
      {
        ...stamp(9),
        what: { kind: 'journal.break', record: { kind: 'journal', id: '2', reference: null }, details: { seq: 2, how: 'removed' } },
        answer: null,
      },
      read.head,
    );
    const again = readChain(bytesOf([...lines, JSON.stringify(recordedBreak)]));
    expect(again.found).toEqual([{ seq: 2, how: 'removed' }]);
    expect(unrecorded(again)).toEqual([]);
    expect(firstBreak(again)).toEqual({ seq: 2, how: 'removed' });
  });
});

describe('the journal file', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });
  let now = Date.UTC(2026, 10, 29, 8, 0, 0);
  const options = (dataDir: string, logs: string[] = []) => ({
    dataDir,
    log: (line: string) => logs.push(line),
    stamp: () => ({ at: new Date((now += 1000)).toISOString(), environment: 'local', clerk: null, desk: { id: 'd1', name: 'Dock 1' } }),
  });
  const input = (n: number, kind: 'return' | 'receiving' = 'return'): JournalInput => ({
    what: { kind: kind === 'return' ? 'return.created' : 'receiving.created', record: { kind, id: String(n), reference: `REF-${n}` }, details: {} },
    answer: { status: 'done', id: String(n), said: null },
  });
  async function folder(): Promise<string> {
    const d = await mkdtemp(join(tmpdir(), 'dockdesk-journal-'));
    dirs.push(d);
    return d;
  }
  const file = (d: string) => join(d, JOURNAL_DIR, JOURNAL_FILE);

  it('appends one line per entry, in order, concurrent appends included, and reads them back after a restart', async () => {
    const d = await folder();
    const j = await Journal.open(options(d));
    const written = await Promise.all([1, 2, 3, 4, 5].map((n) => j.record(input(n))));
    expect(written.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    await j.close();
    const lines = (await readFile(file(d), 'utf8')).trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as JournalEntry).seq)).toEqual([1, 2, 3, 4, 5]);
    const again = await Journal.open(options(d));
    expect(again.state()).toEqual({ ok: true });
    expect((await again.record(input(6))).prev).toBe(written[4]!.hash);
    await again.close();
  });

  it('answers a record by id or reference, newest first, and a range of time', async () => {
    const d = await folder();
    const j = await Journal.open(options(d));
    const first = now;
    await j.record(input(1));
    await j.record(input(2, 'receiving'));
    await j.record({ ...input(1), what: { ...input(1).what, kind: 'return.changed' } });
    expect(j.forRecord('return', '1').map((e) => e.what.kind)).toEqual(['return.changed', 'return.created']);
    expect(j.forRecord('return', 'REF-1')).toHaveLength(2);
    expect(j.forRecord('receiving', '1')).toEqual([]);
    expect(j.range(new Date(first + 1000), new Date(first + 3000)).map((e) => e.seq)).toEqual([1, 2]);
    await j.close();
  });

  it('answers a range when the clock went back meanwhile, and keeps appends asked for during a write in order', async () => {
    const d = await folder();
    const times = [10, 20, 5, 30].map((s) => new Date(Date.UTC(2026, 10, 29, 9, 0, s)).toISOString());
    let i = 0;
    const j = await Journal.open({
      dataDir: d,
      log: () => {},
      stamp: () => ({ at: times[i++]!, environment: 'local', clerk: null, desk: { id: 'd1', name: 'Dock 1' } }),
    });
    const first = j.record(input(1));
    // Asked for while the first is being written: they go out together in the next write, in order.
    const rest = [j.record(input(2)), j.record(input(3)), j.record(input(4))];
    expect((await Promise.all([first, ...rest])).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    const at = (s: number) => new Date(Date.UTC(2026, 10, 29, 9, 0, s));
    expect(j.range(at(0), at(21)).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(j.range(at(6), at(31)).map((e) => e.seq)).toEqual([1, 2, 4]);
    await j.close();
    expect(readChain(await readFile(file(d))).found).toEqual([]);
  });

  it('sets a torn last line aside, logs it, and goes on from the last whole entry', async () => {
    const d = await folder();
    const j = await Journal.open(options(d));
    await j.record(input(1));
    await j.record(input(2));
    await j.close();
    await writeFile(file(d), '{"seq":3,"at":"2026-', { flag: 'a' });
    const logs: string[] = [];
    const again = await Journal.open(options(d, logs));
    expect(again.state()).toEqual({ ok: true });
    expect(logs.join('\n')).toMatch(/cut off mid-write \(20 bytes\) was set aside/);
    expect((await again.record(input(3))).seq).toBe(3);
    await again.close();
    const aside = (await readdir(join(d, JOURNAL_DIR))).filter((f) => f.startsWith('journal.torn-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(d, JOURNAL_DIR, aside[0]!), 'utf8')).toBe('{"seq":3,"at":"2026-');
    expect(readChain(await readFile(file(d))).found).toEqual([]);
  });

  it('a changed entry is said, recorded once as a break, and the old lines are left as they were', async () => {
    const d = await folder();
    const j = await Journal.open(options(d));
    for (let n = 1; n <= 4; n++) await j.record(input(n));
    await j.close();
    const text = (await readFile(file(d), 'utf8')).replace('"REF-2"', '"REF-X"');
    await writeFile(file(d), text);
    const again = await Journal.open(options(d));
    expect(again.state()).toEqual({
      ok: false,
      seq: 2,
      how: 'changed',
      said: [{ id: 'journal.state.changed', values: { seq: 2 } }, { id: 'journal.state.goesOn' }],
    });
    const next = await again.record(input(5));
    await again.close();
    const after = await readFile(file(d), 'utf8');
    expect(after.startsWith(text)).toBe(true);
    const entries = readChain(Buffer.from(after)).entries;
    expect(entries.slice(4).map((e) => [e.seq, e.what.kind, e.what.details])).toEqual([
      [5, 'journal.break', { seq: 2, how: 'changed' }],
      [6, 'return.created', {}],
    ]);
    expect(next.seq).toBe(6);
    // A third start finds the same break, already recorded: said again, not recorded again.
    const third = await Journal.open(options(d));
    expect(third.state()).toMatchObject({ ok: false, seq: 2, how: 'changed' });
    expect(third.length).toBe(6);
    await third.close();
  });

  it('the last entries removed are found through the checkpoint, and said as removed', async () => {
    const d = await folder();
    const j = await Journal.open(options(d));
    for (let n = 1; n <= 4; n++) await j.record(input(n));
    await j.close();
    const lines = (await readFile(file(d), 'utf8')).split('\n');
    await writeFile(file(d), `${lines.slice(0, 2).join('\n')}\n`);
    const again = await Journal.open(options(d));
    expect(again.state()).toMatchObject({ ok: false, seq: 3, how: 'removed' });
    await again.close();
    // Recorded as a break entry: the checkpoint moves on, and the break is still said.
    const third = await Journal.open(options(d));
    expect(third.state()).toMatchObject({ ok: false, seq: 3, how: 'removed' });
    await third.close();
    expect((await readdir(join(d, JOURNAL_DIR))).sort()).toContain(JOURNAL_HEAD_FILE);
  });
});

describe('the journal service', () => {
  it('never fails the work it records: a journal that cannot append answers null and the log says what was lost', async () => {
    const d = await mkdtemp(join(tmpdir(), 'dockdesk-journal-'));
    try {
      const logs: string[] = [];
      const j = await Journal.open({
        dataDir: d,
        log: () => {},
        stamp: () => ({ at: new Date(0).toISOString(), environment: 'local', clerk: null, desk: { id: 'd', name: 'D' } }),
      });
      await j.close();
      const service = journalService(
        () => j,
        (line) => logs.push(line),
        () => ({ id: 'd', name: 'D' }),
        { environmentId: () => 'local', journal: null },
      );
      expect(await service.record({ what: { kind: 'return.created', record: null, details: {} }, answer: null })).toBeNull();
      expect(logs).toEqual(['journal: return.created was not recorded: the journal is closed']);
    } finally {
      await rm(d, { recursive: true, force: true });
    }
  });

  it('tells a refusal from silence, and keeps the refusal in the desk’s words and the service’s', () => {
    const refused = new AppErrorException({
      code: 'validation',
      message: 'x',
      said: { id: 'errors.api.validation' },
      serviceMessage: 'Lot is excluded',
      retryable: false,
    });
    expect(isRefusal(refused)).toBe(true);
    expect(isRefusal(new AppErrorException({ code: 'network', message: 'x', retryable: true }))).toBe(false);
    expect(isRefusal(new Error('x'))).toBe(false);
    expect(answerRefused(refused)).toEqual({
      status: 'refused',
      id: null,
      said: [{ id: 'errors.api.validation' }, { id: 'errors.serviceSaid', values: { message: 'Lot is excluded' } }],
    });
  });
});
