import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { appError } from '../../../electron/core/words.js';
import type { PhotoType } from '../common/ipc.js';

/** A photo's bytes start as its type says (JPEG's SOI marker, PNG's signature), or it is not kept. */
export function sniffPhoto(bytes: Buffer): PhotoType | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const EXTENSION: Record<PhotoType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * The desk's photos on disk, each named by its SHA-256 (content-addressed: the same photo twice is
 * one file, and a name that no longer matches its bytes shows the file was changed). Written
 * atomically and synced before the journal names it, so an entry never points at half a file.
 */
export class PhotoFiles {
  constructor(private readonly dir: string) {}

  private path(checksum: string, type: PhotoType): string {
    return join(this.dir, `${checksum}.${EXTENSION[type]}`);
  }

  async keep(bytes: Buffer, type: PhotoType): Promise<string> {
    const checksum = sha256(bytes);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.path(checksum, type), bytes, { fsync: true, mode: 0o600 });
    return checksum;
  }

  /** The photo's bytes, refused with a clear word when the file is gone or no longer matches its checksum. */
  async read(checksum: string, type: PhotoType): Promise<Buffer> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.path(checksum, type));
    } catch {
      throw appError('not_found', 'errors.evidence.photoMissing', { checksum: checksum.slice(0, 12) });
    }
    if (sha256(bytes) !== checksum) throw appError('conflict', 'errors.evidence.photoChanged', { checksum: checksum.slice(0, 12) });
    return bytes;
  }
}
