import { readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import type { z } from 'zod';

/**
 * Node-only helpers (never imported by the renderer) for small JSON state files: written atomically
 * (temp file, fsync, rename, via write-file-atomic) with mode 0600, read back through a schema.
 */
export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, JSON.stringify(value), { mode: 0o600, fsync: true });
}

export type ReadResult<T> = { kind: 'ok'; value: T } | { kind: 'missing' } | { kind: 'corrupt'; reason: string };

export async function readJson<S extends z.ZodType>(path: string, schema: S): Promise<ReadResult<z.output<S>>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw error;
  }
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    if (!parsed.success) return { kind: 'corrupt', reason: parsed.error.issues[0]?.message ?? 'schema mismatch' };
    return { kind: 'ok', value: parsed.data };
  } catch (error) {
    return { kind: 'corrupt', reason: (error as Error).message };
  }
}
