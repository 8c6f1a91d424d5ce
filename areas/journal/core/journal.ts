import { randomBytes } from 'node:crypto';
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { said, type Said } from '../../../shared/errors.js';
import { DurableFile, ensurePrivateDir, jsonCodec, syncDir } from '../../../electron/core/data/durable-file.js';
import type { JournalEntry, JournalInput, JournalRecordKind, JournalState } from '../common/entry.js';
import { breakDetails, EMPTY_HEAD, firstBreak, readChain, seal, unrecorded, type ChainBreak, type ChainHead, type Unsealed } from './chain.js';

/**
 * The journal on disk: `<data>/journal/journal.jsonl`, one JSON line per entry, only ever appended to.
 *
 * Durable: the file is kept open (O_APPEND) and an append resolves only after its bytes are written
 * and `fdatasync` returned, so an entry whose append resolved survives kill -9 and a power cut.
 * Appends made while one is on its way go out together in the next write (one fdatasync for all),
 * in the order they were asked for.
 *
 * Read at start: the chain is checked (chain.ts). A last line without its line end was cut off
 * mid-write: it was never appended, so it is no tampering; it is copied to a side file, logged, and
 * cut from the journal, which goes on from the last whole entry. A break (an entry changed or
 * removed) is said (`state`), and recorded once as a `journal.break` entry that starts the chain's
 * next stretch; the old lines are left exactly as found.
 *
 * The checkpoint (`journal.head.ddf`, written atomically after appends): the last sequence number
 * and hash the journal reached. The chain alone cannot show that its last entries were cut off (what
 * is left is a whole, shorter chain); the checkpoint can. It protects against the journal's file
 * being cut short, emptied or deleted by itself, and against its last entry being rewritten. It does
 * not protect against someone who rewrites the file and the checkpoint together (SHA-256 has no key:
 * anyone can recompute a chain), nor against both being deleted; and since it is written after an
 * append rather than with it, the entries of the last moment before a crash are past it until the
 * next append writes it again.
 */

export const JOURNAL_DIR = 'journal';
export const JOURNAL_FILE = 'journal.jsonl';
export const JOURNAL_HEAD_FILE = 'journal.head.ddf';

const StoredHead = z.object({ seq: z.number().int().nonnegative(), hash: z.string().regex(/^[0-9a-f]{64}$/) });

/** What the journal stamps on each entry when it is asked to record it: the time, the service, the desk, the clerk. */
export type JournalStamp = Pick<JournalEntry, 'at' | 'environment' | 'account' | 'clerk' | 'desk'>;

export interface JournalOptions {
  /** The desk's data folder; the journal keeps its files in `journal/` under it. */
  dataDir: string;
  stamp: () => JournalStamp;
  log: (line: string) => void;
}

interface Waiting {
  entry: Unsealed;
  resolve: (entry: JournalEntry) => void;
  reject: (error: unknown) => void;
}

export class Journal {
  private entries: JournalEntry[] = [];
  /** Entry times in ms, beside `entries`; `ascending` while each is no earlier than the one before (then a range is two binary searches). */
  private times: number[] = [];
  private ascending = true;
  /** `<kind>\n<id or reference>` to the positions of its entries in `entries`. */
  private readonly byRecord = new Map<string, number[]>();
  private head: ChainHead = EMPTY_HEAD;
  private size = 0;
  private waiting: Waiting[] = [];
  private writing: Promise<void> | null = null;
  private checkpointing: Promise<void> | null = null;
  private checkpointAgain = false;
  /** Set when a failed write could not be undone: appending after bytes of unknown shape would break the chain. */
  private unwritable: Error | null = null;
  private closed = false;
  private current: JournalState = { ok: true };

  private constructor(
    private readonly options: JournalOptions,
    private readonly file: FileHandle,
    private readonly checkpoint: DurableFile<ChainHead>,
  ) {}

  /** Reads and checks the journal, sets a torn last line aside, and opens it for appending; records a break it finds. */
  static async open(options: JournalOptions): Promise<Journal> {
    const dir = join(options.dataDir, JOURNAL_DIR);
    await ensurePrivateDir(dir);
    const path = join(dir, JOURNAL_FILE);
    const checkpoint = new DurableFile<ChainHead>({
      path: join(dir, JOURNAL_HEAD_FILE),
      kind: 'dockdesk-journal-head',
      version: 1,
      codec: jsonCodec((v) => StoredHead.parse(v)),
    });
    const head = await checkpoint.read();
    for (const p of head.problems) options.log(`journal: the checkpoint file ${p.message}${p.movedTo ? ` It was kept as ${p.movedTo}.` : ''}`);
    const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return Buffer.alloc(0);
      throw error;
    });
    const read = readChain(bytes, head.value);
    if (read.torn) await setTornAside(dir, path, read.torn, read.wholeBytes, options.log);
    const existed = bytes.length > 0;
    const file = await open(path, 'a', 0o600);
    // A new file's name is durable once its folder is synced.
    if (!existed) await syncDir(dir);
    const journal = new Journal(options, file, checkpoint);
    journal.size = read.wholeBytes;
    journal.head = read.head;
    for (const entry of read.entries) journal.index(entry);
    const first = firstBreak(read);
    if (first) {
      journal.current = brokenState(first);
      options.log(`journal: broken at entry ${first.seq} (${first.how})`);
    }
    // Each break found for the first time starts a new stretch of the chain that says so.
    try {
      for (const b of unrecorded(read)) await journal.recordBreak(b);
    } catch (error) {
      await journal.close().catch(() => {});
      throw error;
    }
    // A checkpoint behind the file (its last write was cut off) or missing is brought up to date.
    if (!head.value || head.value.seq !== journal.head.seq || head.value.hash !== journal.head.hash) journal.writeCheckpoint();
    return journal;
  }

  state(): JournalState {
    return this.current;
  }

  /** Appends an entry; resolves once it is on disk (fdatasync), with its sequence number and hashes. */
  record(input: JournalInput): Promise<JournalEntry> {
    if (this.closed) return Promise.reject(new Error('the journal is closed'));
    if (this.unwritable) return Promise.reject(this.unwritable);
    return new Promise<JournalEntry>((resolve, reject) => {
      this.waiting.push({ entry: { ...this.options.stamp(), what: input.what, answer: input.answer }, resolve, reject });
      this.startWriting();
    });
  }

  /** One writer at a time; one asked for while the last batch settles is started as that writer ends. */
  private startWriting(): void {
    if (this.writing) return;
    this.writing = this.writeWaiting().finally(() => {
      this.writing = null;
      if (this.waiting.length > 0) this.startWriting();
    });
  }

  /** A record's entries, newest first: those naming it by id or by reference. */
  forRecord(kind: JournalRecordKind, id: string): JournalEntry[] {
    const at = this.byRecord.get(recordKey(kind, id)) ?? [];
    return at.map((i) => this.entries[i]!).reverse();
  }

  /** The entries after sequence number `seq`, oldest first (those appended since the store last took this desk's). */
  after(seq: number): JournalEntry[] {
    let i = this.entries.length;
    while (i > 0 && this.entries[i - 1]!.seq > seq) i--;
    return this.entries.slice(i);
  }

  /** The entries from `from` (inclusive) to `to` (exclusive), in the journal's order. */
  range(from: Date, to: Date): JournalEntry[] {
    const lo = from.getTime();
    const hi = to.getTime();
    if (!this.ascending) return this.entries.filter((_, i) => this.times[i]! >= lo && this.times[i]! < hi);
    return this.entries.slice(lowerBound(this.times, lo), lowerBound(this.times, hi));
  }

  /** How many entries the journal holds (the segment after a break included). */
  get length(): number {
    return this.entries.length;
  }

  /** Waits for appends under way and the checkpoint, then closes the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    while (this.writing) await this.writing;
    while (this.checkpointing) await this.checkpointing;
    await this.file.close();
  }

  private async recordBreak(b: ChainBreak): Promise<void> {
    await this.record({
      what: { kind: 'journal.break', record: { kind: 'journal', id: String(b.seq), reference: null }, details: breakDetails(b) },
      answer: null,
    });
  }

  /** Writes what waits, one batch at a time, until nothing does. */
  private async writeWaiting(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      if (this.unwritable) {
        for (const w of batch) w.reject(this.unwritable);
        continue;
      }
      let head = this.head;
      const sealed: JournalEntry[] = [];
      for (const w of batch) {
        const entry = seal(w.entry, head);
        sealed.push(entry);
        head = { seq: entry.seq, hash: entry.hash };
      }
      const bytes = Buffer.from(sealed.map((e) => `${JSON.stringify(e)}\n`).join(''), 'utf8');
      try {
        await writeAll(this.file, bytes);
        await this.file.datasync();
      } catch (error) {
        await this.undo(error as Error);
        for (const w of batch) w.reject(error);
        continue;
      }
      this.size += bytes.length;
      this.head = head;
      for (const e of sealed) this.index(e);
      batch.forEach((w, i) => w.resolve(sealed[i]!));
      this.writeCheckpoint();
    }
  }

  /** A write that failed may have left part of its bytes: cut them off, or stop appending if that fails too. */
  private async undo(error: Error): Promise<void> {
    this.options.log(`journal: an append failed: ${error.message}`);
    try {
      await this.file.truncate(this.size);
      await this.file.datasync();
    } catch (cut) {
      this.unwritable = new Error(`the journal cannot be appended to until the desk restarts: ${(cut as Error).message}`);
      this.options.log(`journal: ${this.unwritable.message}`);
    }
  }

  /** Writes the checkpoint with the newest head; writes asked for meanwhile become one more write. */
  private writeCheckpoint(): void {
    if (this.checkpointing) {
      this.checkpointAgain = true;
      return;
    }
    this.checkpointing = (async () => {
      do {
        this.checkpointAgain = false;
        await this.checkpoint.write({ ...this.head });
      } while (this.checkpointAgain);
    })()
      .catch((error: unknown) => this.options.log(`journal: the checkpoint could not be written: ${(error as Error).message}`))
      .finally(() => {
        this.checkpointing = null;
        // Asked for after the loop's last look: written now.
        if (this.checkpointAgain) this.writeCheckpoint();
      });
  }

  private index(entry: JournalEntry): void {
    const position = this.entries.length;
    const time = Date.parse(entry.at);
    if (position > 0 && !(time >= this.times[position - 1]!)) this.ascending = false;
    this.entries.push(entry);
    this.times.push(time);
    const record = entry.what.record;
    if (!record) return;
    const keys = new Set([recordKey(record.kind, record.id), ...(record.reference ? [recordKey(record.kind, record.reference)] : [])]);
    for (const key of keys) {
      const list = this.byRecord.get(key);
      if (list) list.push(position);
      else this.byRecord.set(key, [position]);
    }
  }
}

function recordKey(kind: string, id: string): string {
  return `${kind}\n${id}`;
}

/** The first index whose time is not below `t` (times ascending). */
function lowerBound(times: number[], t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

async function writeAll(file: FileHandle, bytes: Buffer): Promise<void> {
  let at = 0;
  while (at < bytes.length) {
    const { bytesWritten } = await file.write(bytes, at, bytes.length - at);
    at += bytesWritten;
  }
}

/** Keeps a torn last line in a side file (synced), then cuts it from the journal. */
async function setTornAside(dir: string, path: string, torn: Buffer, wholeBytes: number, log: (line: string) => void): Promise<void> {
  const aside = join(dir, `journal.torn-${Date.now()}-${randomBytes(4).toString('hex')}.jsonl`);
  const side = await open(aside, 'wx', 0o600);
  try {
    await writeAll(side, torn);
    await side.sync();
  } finally {
    await side.close();
  }
  await syncDir(dir);
  const file = await open(path, 'r+');
  try {
    await file.truncate(wholeBytes);
    await file.sync();
  } finally {
    await file.close();
  }
  log(`journal: a last line cut off mid-write (${torn.length} bytes) was set aside as ${aside}; the journal goes on from the last whole entry`);
}

function brokenState(b: ChainBreak): JournalState {
  const first: Said = b.how === 'changed' ? said('journal.state.changed', { seq: b.seq }) : said('journal.state.removed', { seq: b.seq });
  return { ok: false, seq: b.seq, how: b.how, said: [first, said('journal.state.goesOn')] };
}
