import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * The one durable-file mechanism for local state that must survive crashes and bad disks: the
 * inventory cache, return drafts, the outbox (issues 10, 11, 12). A file holds one value.
 *
 *   const file = new DurableFile({ path, kind: 'inventory-cache', version: 1, codec });
 *   const r = await file.read();   // never throws for a bad file
 *   if (r.problems.length) surface(r.problems);   // each bad file is reported by one read only
 *   r.value;                        // null: nothing usable, start empty / resync
 *   await file.write(value);        // atomic; the replaced generation becomes `<path>.prev`
 *
 * On disk: `<path>` (current), `<path>.prev` (the generation before), `<path>.tmp-<pid>-<hex>` while
 * writing, `<path>.rejected` / `<path>.prev.rejected` (a bad file moved aside, kept for support).
 * Files are 0600 in a 0700 folder (POSIX; Windows relies on the per-user profile folder's ACL).
 *
 * Layout: a 64-byte header, the kind (UTF-8), the payload.
 *   0  8  magic 89 'D' 'D' 'F' 0D 0A 1A 0A (as PNG's: catches text-mode copies and foreign files)
 *   8  2  container version (u16 LE), this module's layout
 *  10  2  kind length (u16 LE)
 *  12  4  payload format version (u32 LE), the caller's `version`
 *  16  8  payload length (u64 LE)
 *  24  8  written at, ms since the epoch (f64 LE)
 *  32 32  SHA-256 over header bytes 0..32, the kind and the payload
 * SHA-256 because any flipped bit anywhere must be caught, and with the CPU's SHA extensions it hashes
 * about 1.5 GB/s here (38 ms for 59 MB; CRC-32 took 14 ms but is not worth a weaker check).
 *
 * Why not write-file-atomic alone: the rotation to `.prev` has to happen between the temp file's
 * fsync and its rename, and the directory must be fsynced after the rename so the rename itself
 * survives a power cut; write-file-atomic does neither.
 */

export type DurableProblemKind =
  /** Not one of our files, a flipped bit, or bytes past the end. */
  | 'corrupt'
  /** Shorter than its header says: a write cut off by a crash or a full disk. */
  | 'truncated'
  /** Intact, but an older payload format that cannot be migrated. */
  | 'old-format'
  /** Written by a newer app (after a downgrade). */
  | 'newer-format'
  /** Intact, but another kind of file (for example a draft where the cache was expected). */
  | 'wrong-kind'
  /** Intact, but the codec refused the payload. */
  | 'invalid'
  /** The file system refused to read it. */
  | 'unreadable';

export interface DurableProblem {
  generation: 'current' | 'previous';
  kind: DurableProblemKind;
  /** One sentence for a person (no payload content). */
  message: string;
  /** Where the bad file was moved, or null when it could not be moved. */
  movedTo: string | null;
}

export interface DurableReadResult<T> {
  /** The value, or null when no generation was usable (first run, or all rejected): start empty and resync. */
  value: T | null;
  from: 'current' | 'previous' | 'none';
  /** When the value was written (from the header). */
  writtenAt: Date | null;
  /** Bad files this read found and moved aside; a later read does not report them again. */
  problems: DurableProblem[];
}

export interface DurableCodec<T> {
  encode(value: T): Uint8Array;
  /** Throws on a payload it cannot accept; the read reports it as `invalid`. */
  decode(bytes: Buffer): T;
}

export interface DurableFileOptions<T> {
  path: string;
  /** Short tag kept in the header, checked on read (ASCII, at most 64 characters). */
  kind: string;
  /** The payload format version the codec writes and reads. */
  version: number;
  codec: DurableCodec<T>;
  /** Turns an intact older payload into the current value; return null when it cannot (then: old-format). */
  migrate?: (fromVersion: number, payload: Buffer) => T | null;
}

const MAGIC = Buffer.from([0x89, 0x44, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]);
const CONTAINER_VERSION = 1;
const HEADER = 64;
const HASHED_HEADER = 32;

/** What one generation on disk turned out to be. */
type Inspection<T> = { ok: true; value: T; writtenAt: Date } | { ok: false; kind: DurableProblemKind; message: string } | { ok: false; kind: 'missing' };

export class DurableFile<T> {
  readonly path: string;
  readonly prevPath: string;
  private readonly kindBytes: Buffer;
  /** One operation at a time: a read never sees a half-done rotation, writes land in call order. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Whether the current file is known good (read or written by us), so a write may rotate it to `.prev`. */
  private currentKnownGood = false;
  private sweptTemps = false;

  constructor(private readonly options: DurableFileOptions<T>) {
    if (!/^[\x20-\x7e]{1,64}$/.test(options.kind)) throw new Error('DurableFile kind must be 1 to 64 printable ASCII characters.');
    if (!Number.isInteger(options.version) || options.version < 1 || options.version > 0xffffffff)
      throw new Error('DurableFile version must be a positive 32-bit integer.');
    this.path = options.path;
    this.prevPath = `${options.path}.prev`;
    this.kindBytes = Buffer.from(options.kind, 'ascii');
  }

  /** Reads the newest usable generation. Never throws for anything found on disk. */
  read(): Promise<DurableReadResult<T>> {
    return this.enqueue(() => this.readNow());
  }

  /**
   * Writes atomically: temp file, fsync, current -> `.prev`, temp -> current, fsync the folder.
   * `encoded` is the codec's encoding of `value` when the caller already made it (say, in a worker
   * thread, so a large value is not encoded on the caller's thread).
   */
  write(value: T, encoded?: Uint8Array): Promise<{ problems: DurableProblem[] }> {
    return this.enqueue(() => this.writeNow(value, encoded));
  }

  /** Removes every generation (for example when an account's data is forgotten). */
  remove(): Promise<void> {
    return this.enqueue(async () => {
      for (const p of [this.path, this.prevPath, `${this.path}.rejected`, `${this.prevPath}.rejected`]) await unlinkIfPresent(p);
      this.currentKnownGood = false;
    });
  }

  private enqueue<R>(op: () => Promise<R>): Promise<R> {
    const run = this.queue.then(op, op);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async readNow(): Promise<DurableReadResult<T>> {
    await this.sweepTemps();
    const problems: DurableProblem[] = [];
    for (const generation of ['current', 'previous'] as const) {
      const path = generation === 'current' ? this.path : this.prevPath;
      const found = await this.inspect(path, true);
      if (found.ok) {
        if (generation === 'current') this.currentKnownGood = true;
        return { value: found.value, from: generation, writtenAt: found.writtenAt, problems };
      }
      if (found.kind === 'missing') continue;
      problems.push({ generation, kind: found.kind, message: found.message, movedTo: await moveAside(path) });
    }
    return { value: null, from: 'none', writtenAt: null, problems };
  }

  private async writeNow(value: T, encoded: Uint8Array | undefined): Promise<{ problems: DurableProblem[] }> {
    const payload = encoded ?? this.options.codec.encode(value);
    const header = Buffer.alloc(HEADER);
    MAGIC.copy(header, 0);
    header.writeUInt16LE(CONTAINER_VERSION, 8);
    header.writeUInt16LE(this.kindBytes.length, 10);
    header.writeUInt32LE(this.options.version, 12);
    header.writeBigUInt64LE(BigInt(payload.byteLength), 16);
    header.writeDoubleLE(Date.now(), 24);
    (await checksumInSlices(header, this.kindBytes, payload)).copy(header, HASHED_HEADER);

    const dir = dirname(this.path);
    await ensurePrivateDir(dir);
    await this.sweepTemps();
    const temp = `${this.path}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
    const problems: DurableProblem[] = [];
    try {
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writev([header, this.kindBytes, payload]);
        await handle.sync();
      } finally {
        await handle.close();
      }
      // Keep the replaced generation only if it is good: a bad current must not push out a good `.prev`.
      if (!this.currentKnownGood) {
        const current = await this.inspect(this.path, false);
        if (!current.ok && current.kind !== 'missing') {
          problems.push({ generation: 'current', kind: current.kind, message: current.message, movedTo: await moveAside(this.path) });
        }
      }
      await rename(this.path, this.prevPath).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await rename(temp, this.path);
      this.currentKnownGood = true;
    } catch (error) {
      await unlinkIfPresent(temp);
      throw error;
    }
    await syncDir(dir);
    return { problems };
  }

  /** Checks one generation; `decode` false stops after the checksum (enough to decide a rotation). */
  private async inspect(path: string, decode: boolean): Promise<Inspection<T>> {
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return { ok: false, kind: 'missing' };
      return { ok: false, kind: 'unreadable', message: `could not be read (${code ?? 'error'}).` };
    }
    const name = basename(path);
    const magicSeen = bytes.subarray(0, MAGIC.length);
    if (!magicSeen.equals(MAGIC.subarray(0, magicSeen.length)))
      return { ok: false, kind: 'corrupt', message: `${name} is not a Dockdesk data file (its header is damaged).` };
    if (bytes.length < HEADER) return { ok: false, kind: 'truncated', message: `${name} is cut off inside its header (${bytes.length} bytes).` };
    const container = bytes.readUInt16LE(8);
    const kindLength = bytes.readUInt16LE(10);
    const version = bytes.readUInt32LE(12);
    const payloadLength = bytes.readBigUInt64LE(16);
    const expected = BigInt(HEADER + kindLength) + payloadLength;
    if (BigInt(bytes.length) < expected) return { ok: false, kind: 'truncated', message: `${name} is cut off (${bytes.length} of ${expected} bytes).` };
    if (BigInt(bytes.length) > expected)
      return { ok: false, kind: 'corrupt', message: `${name} has ${BigInt(bytes.length) - expected} bytes more than its header says.` };
    const kind = bytes.subarray(HEADER, HEADER + kindLength);
    const payload = bytes.subarray(HEADER + kindLength);
    if (!checksum(bytes.subarray(0, HASHED_HEADER), kind, payload).equals(bytes.subarray(HASHED_HEADER, HEADER))) {
      return { ok: false, kind: 'corrupt', message: `${name} failed its checksum (damaged on disk).` };
    }
    // Past the checksum every field is as written, so version and kind are meaningful.
    if (container > CONTAINER_VERSION) return { ok: false, kind: 'newer-format', message: `${name} was written by a newer Dockdesk (layout ${container}).` };
    if (!kind.equals(this.kindBytes))
      return { ok: false, kind: 'wrong-kind', message: `${name} holds "${kind.toString('latin1')}", not "${this.options.kind}".` };
    if (version > this.options.version)
      return {
        ok: false,
        kind: 'newer-format',
        message: `${name} was written by a newer Dockdesk (format ${version}, this one reads ${this.options.version}).`,
      };
    const writtenAt = new Date(bytes.readDoubleLE(24));
    if (!decode) return { ok: true, value: undefined as T, writtenAt };
    try {
      if (version < this.options.version) {
        const migrated = this.options.migrate?.(version, payload) ?? null;
        if (migrated === null)
          return { ok: false, kind: 'old-format', message: `${name} has an older format (${version}; this version reads ${this.options.version}).` };
        return { ok: true, value: migrated, writtenAt };
      }
      return { ok: true, value: this.options.codec.decode(payload), writtenAt };
    } catch (error) {
      // The error's name only: its message may quote payload text, which does not belong in logs.
      return { ok: false, kind: 'invalid', message: `${name} could not be decoded (${(error as Error).name}).` };
    }
  }

  /** Removes temp files a crashed write left behind (the app is single-instance per data folder). */
  private async sweepTemps(): Promise<void> {
    if (this.sweptTemps) return;
    this.sweptTemps = true;
    const prefix = `${basename(this.path)}.tmp-`;
    const own = `${prefix}${process.pid}-`;
    let names: string[];
    try {
      names = await readdir(dirname(this.path));
    } catch {
      return;
    }
    for (const n of names) if (n.startsWith(prefix) && !n.startsWith(own)) await unlinkIfPresent(join(dirname(this.path), n));
  }
}

function checksum(hashedHeader: Buffer, kind: Buffer, payload: Uint8Array): Buffer {
  return createHash('sha256').update(hashedHeader.subarray(0, HASHED_HEADER)).update(kind).update(payload).digest();
}

/**
 * Hashing 60 MB takes some 40 ms on a quiet machine; on a busy one a megabyte took up to 8 ms. A
 * write hashes 256 KB at a time (well under a frame even then), letting the event loop run between.
 */
const HASH_SLICE = 256 * 1024;

async function checksumInSlices(hashedHeader: Buffer, kind: Buffer, payload: Uint8Array): Promise<Buffer> {
  const hash = createHash('sha256').update(hashedHeader.subarray(0, HASHED_HEADER)).update(kind);
  for (let at = 0; at < payload.byteLength; at += HASH_SLICE) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    hash.update(payload.subarray(at, at + HASH_SLICE));
  }
  return hash.digest();
}

/** Creates the folder 0700, and narrows an existing one that is wider (POSIX only). */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return;
  const s = await stat(dir);
  if ((s.mode & 0o077) !== 0) await chmod(dir, s.mode & 0o700);
}

/** Makes a rename durable: fsync on the folder (POSIX; Windows cannot open a folder for fsync). */
export async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch (error) {
    // Some file systems (network mounts) refuse fsync on a folder; the rename is then as durable as they allow.
    if (!['EINVAL', 'ENOTSUP', 'EISDIR', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await handle.close();
  }
}

async function moveAside(path: string): Promise<string | null> {
  const target = `${path}.rejected`;
  try {
    await rename(path, target);
    return target;
  } catch {
    return null;
  }
}

async function unlinkIfPresent(path: string): Promise<void> {
  await unlink(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** A codec for small JSON values (drafts, outbox), checked by a schema on the way in. */
export function jsonCodec<T>(parse: (value: unknown) => T): DurableCodec<T> {
  return {
    encode: (value) => Buffer.from(JSON.stringify(value), 'utf8'),
    decode: (bytes) => parse(JSON.parse(bytes.toString('utf8'))),
  };
}
