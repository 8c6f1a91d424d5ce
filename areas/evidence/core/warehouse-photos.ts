import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { appError } from '../../../electron/core/words.js';
import { DateTime } from '../../../shared/schemas/common.js';
import { sha256 } from './photo-files.js';

/** A warehouse photo larger than this is not an inspection photo: refused rather than held in memory. */
const MAX_BYTES = 15 * 1024 * 1024;
const TIMEOUT_MS = 20_000;

const Kept = z.object({ url: z.string(), contentType: z.string(), bytes: z.number().int().positive(), checksum: z.string(), fetchedAt: DateTime });
type Kept = z.infer<typeof Kept>;

/** The image types a page may show as a data: URL (the CSP's img-src), told by their first bytes, not by a header. */
function imageTypeOf(bytes: Buffer): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

export interface WarehousePhoto {
  bytes: Buffer;
  contentType: string;
  fetchedAt: string;
}

/**
 * The warehouse's inspection photos a processed return links. A photo at a URL never changes, so
 * each is read once (a request the clerk's opening of the return asks for) and kept on this desk;
 * after that it shows, and goes into claim packs, offline. It is read without the desk's token: the
 * link is the service's to a file host, and a bearer token goes to the API alone.
 */
export class WarehousePhotos {
  private readonly dir: string;
  private readonly inflight = new Map<string, Promise<WarehousePhoto>>();

  constructor(
    dataDir: string,
    private readonly now: () => Date,
  ) {
    this.dir = join(dataDir, 'evidence', 'warehouse');
  }

  /** The photo as kept, or null when this desk has not read it yet. */
  async held(url: string): Promise<WarehousePhoto | null> {
    const key = sha256(Buffer.from(url));
    try {
      const meta = Kept.parse(JSON.parse(await readFile(join(this.dir, `${key}.json`), 'utf8')));
      const bytes = await readFile(join(this.dir, `${key}.img`));
      if (meta.url !== url || sha256(bytes) !== meta.checksum) return null; // changed or half-kept: read again
      return { bytes, contentType: meta.contentType, fetchedAt: meta.fetchedAt };
    } catch {
      return null;
    }
  }

  /** The photo, from this desk when kept, else read once from its link (concurrent asks share the read). */
  async get(url: string): Promise<WarehousePhoto> {
    const held = await this.held(url);
    if (held) return held;
    let reading = this.inflight.get(url);
    if (!reading) {
      // Not stopped by one page leaving: another may be waiting on the same read, and a kept photo is kept for good.
      reading = this.read(url).finally(() => this.inflight.delete(url));
      this.inflight.set(url, reading);
    }
    return reading;
  }

  private async read(url: string): Promise<WarehousePhoto> {
    const host = new URL(url).host;
    let answer: Awaited<ReturnType<typeof request>>;
    try {
      answer = await request(url, {
        method: 'GET',
        headers: { accept: 'image/*' },
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw appError('network', 'errors.evidence.warehouseUnreachable', { host, reason: (error as Error).message });
    }
    if (answer.statusCode !== 200) {
      await answer.body.dump();
      throw appError(answer.statusCode === 404 ? 'not_found' : 'server', 'errors.evidence.warehouseStatus', { host, status: answer.statusCode });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_BYTES) {
        answer.body.destroy();
        throw appError('bad_response', 'errors.evidence.warehouseTooLarge', { host, megabytes: MAX_BYTES / 1024 / 1024 });
      }
      chunks.push(chunk as Buffer);
    }
    const bytes = Buffer.concat(chunks);
    const contentType = imageTypeOf(bytes);
    if (!contentType) throw appError('bad_response', 'errors.evidence.warehouseNotImage', { host });
    const fetchedAt = this.now().toISOString();
    const key = sha256(Buffer.from(url));
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // The image before its description: a description is only ever written for a whole image.
    await writeFileAtomic(join(this.dir, `${key}.img`), bytes, { fsync: true, mode: 0o600 });
    const kept: Kept = { url, contentType, bytes: bytes.length, checksum: sha256(bytes), fetchedAt };
    await writeFileAtomic(join(this.dir, `${key}.json`), JSON.stringify(kept), { fsync: true, mode: 0o600 });
    return { bytes, contentType, fetchedAt };
  }
}
