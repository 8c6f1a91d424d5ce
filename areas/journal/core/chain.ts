import { createHash } from 'node:crypto';
import { JournalBreakHow, JournalEntry, type JournalValue } from '../common/entry.js';

/**
 * The journal's hash chain, pure: how an entry is sealed, and what a journal's bytes say when read
 * back (its entries, where the chain is broken and how, a torn last line). No file is touched here.
 *
 * Each entry's hash is SHA-256 over its canonical form with the previous entry's hash inside it
 * (`prev`), so changing an entry changes its hash, and removing one leaves the next pointing at a
 * hash that is no longer there (and a gap in the sequence numbers).
 */

/** The `prev` of the first entry. */
export const GENESIS = '0'.repeat(64);

/** Where the chain ends: the last entry's sequence number and hash (0 and GENESIS for none). */
export interface ChainHead {
  seq: number;
  hash: string;
}
export const EMPTY_HEAD: ChainHead = { seq: 0, hash: GENESIS };

/**
 * The canonical form hashed: JSON with every object's keys sorted (by UTF-16 code units, as
 * `Array.prototype.sort` compares them) and no white space. It is stable because nothing in it
 * depends on how a value was built or which program wrote the line: key order is imposed, not
 * inherited from insertion; ECMAScript fixes `JSON.stringify` of strings (the escapes, lone
 * surrogates escaped), of numbers (the shortest text that reads back as the same double) and of
 * true, false and null; and the journal's values are plain JSON only (common/entry.ts), so there is
 * no undefined, Date or NaN whose text could vary. It is computed over the line as parsed, not over
 * a schema's output, so a field added to a line by hand changes the hash too.
 */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object)
      .filter((k) => object[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(object[k])}`).join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('the journal holds finite numbers only');
  return JSON.stringify(value);
}

/** The hash of a line as parsed: its canonical form without its own `hash`. */
export function hashOf(raw: Record<string, unknown>): string {
  const { hash: _own, ...rest } = raw;
  return createHash('sha256').update(canonical(rest), 'utf8').digest('hex');
}

/** An entry's content before it is sealed: all but its place in the chain. */
export type Unsealed = Omit<JournalEntry, 'seq' | 'prev' | 'hash'>;

/** Seals an entry after `head`: its sequence number, the previous hash and its own. */
export function seal(entry: Unsealed, head: ChainHead): JournalEntry {
  // Through JSON first, so the hash is over exactly what a reader will parse back from the line.
  const raw = JSON.parse(JSON.stringify({ ...entry, seq: head.seq + 1, prev: head.hash })) as Record<string, unknown>;
  return { ...(raw as Omit<JournalEntry, 'hash'>), hash: hashOf(raw) };
}

/** A place the chain is broken: the first entry concerned, and whether it was changed or removed. */
export interface ChainBreak {
  seq: number;
  how: JournalBreakHow;
}

export interface ChainRead {
  /** The entries that could be read, in file order (those after a break too). */
  entries: JournalEntry[];
  /** Where the whole lines end, in bytes: what follows is `torn`. */
  wholeBytes: number;
  /** A last line cut off mid-write (no line end): not part of the journal, to be set aside. */
  torn: Buffer | null;
  /** The last whole entry's place, from which appending goes on. */
  head: ChainHead;
  /** The breaks found in this read, in file order. */
  found: ChainBreak[];
  /** The breaks the journal already recorded (its `journal.break` entries). */
  recorded: ChainBreak[];
}

const NEWLINE = 0x0a;

/**
 * Reads a journal's bytes and checks the chain. `checkpoint` is the last place the journal was known
 * to reach (kept beside it): fewer entries than that, or another hash there, is a removal or a change
 * at the end that the chain alone cannot show.
 */
export function readChain(bytes: Buffer, checkpoint: ChainHead | null = null): ChainRead {
  const end = bytes.lastIndexOf(NEWLINE) + 1;
  const torn = end < bytes.length ? bytes.subarray(end) : null;
  const entries: JournalEntry[] = [];
  const found: ChainBreak[] = [];
  const recorded: ChainBreak[] = [];
  // What the next line should say; null after a line that could not be read (nothing to compare with).
  let expectSeq: number | null = 1;
  let prevHash: string | null = GENESIS;
  let head: ChainHead = EMPTY_HEAD;
  let start = 0;
  while (start < end) {
    const stop = bytes.indexOf(NEWLINE, start);
    const line = bytes.subarray(start, stop).toString('utf8');
    start = stop + 1;
    const parsed = parseLine(line);
    if (!parsed) {
      // Unreadable (not JSON, or not an entry): an entry changed past reading. Its place is the next one expected.
      found.push({ seq: expectSeq ?? head.seq + 1, how: 'changed' });
      expectSeq = expectSeq === null ? null : expectSeq + 1;
      prevHash = null;
      continue;
    }
    const { raw, entry } = parsed;
    if (hashOf(raw) !== entry.hash) found.push({ seq: expectSeq ?? entry.seq, how: 'changed' });
    else if (expectSeq !== null && entry.seq > expectSeq) found.push({ seq: expectSeq, how: 'removed' });
    else if (expectSeq !== null && entry.seq < expectSeq) found.push({ seq: entry.seq, how: 'changed' });
    // In sequence and whole, yet not chained to the entry before: that one was rewritten, hash and all.
    else if (prevHash !== null && entry.prev !== prevHash) found.push({ seq: Math.max(1, entry.seq - 1), how: 'changed' });
    if (entry.what.kind === 'journal.break') {
      const told = recordedBreak(entry.what.details);
      if (told) recorded.push(told);
    }
    entries.push(entry);
    // Go on from this line as written, so one break is told once and what follows is checked against it.
    expectSeq = Math.max(entry.seq + 1, expectSeq ?? 0);
    prevHash = entry.hash;
    head = { seq: expectSeq - 1, hash: entry.hash };
  }
  if (checkpoint && checkpoint.seq > 0) {
    const there = entries.findLast((e) => e.seq === checkpoint.seq);
    if (head.seq < checkpoint.seq) found.push({ seq: head.seq + 1, how: 'removed' });
    else if (there && there.hash !== checkpoint.hash) found.push({ seq: checkpoint.seq, how: 'changed' });
  }
  return { entries, wholeBytes: end, torn, head, found, recorded };
}

/** The breaks found that no `journal.break` entry records yet: to be recorded now. */
export function unrecorded(read: Pick<ChainRead, 'found' | 'recorded'>): ChainBreak[] {
  const told = new Set(read.recorded.map(key));
  const fresh: ChainBreak[] = [];
  for (const b of read.found) {
    if (told.has(key(b))) continue;
    told.add(key(b));
    fresh.push(b);
  }
  return fresh;
}

/** The first break, found now or recorded before; null when the journal is whole. */
export function firstBreak(read: Pick<ChainRead, 'found' | 'recorded'>): ChainBreak | null {
  const all = [...read.found, ...read.recorded];
  return all.reduce<ChainBreak | null>((first, b) => (first === null || b.seq < first.seq ? b : first), null);
}

/** The details of the entry that records a break (read back by `recordedBreak`). */
export function breakDetails(b: ChainBreak): Record<string, JournalValue> {
  return { seq: b.seq, how: b.how };
}

function recordedBreak(details: Record<string, JournalValue>): ChainBreak | null {
  const how = JournalBreakHow.safeParse(details.how);
  return typeof details.seq === 'number' && Number.isInteger(details.seq) && details.seq > 0 && how.success ? { seq: details.seq, how: how.data } : null;
}

function key(b: ChainBreak): string {
  return `${b.seq}:${b.how}`;
}

function parseLine(line: string): { raw: Record<string, unknown>; entry: JournalEntry } | null {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return null;
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const entry = JournalEntry.safeParse(raw);
  return entry.success ? { raw: raw as Record<string, unknown>, entry: entry.data } : null;
}
