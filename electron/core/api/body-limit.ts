import type { Dispatcher } from 'undici';
import { appError } from '../words.js';

/**
 * The most Dockdesk reads of any answer body, by kind of answer. The service's largest answer is a
 * page of at most a few hundred records (well under a megabyte); a body past these limits is not an
 * answer Dockdesk can use, and reading it whole would grow the process without bound.
 */
export const BODY_LIMITS = {
  /** API answers: generous for the largest list pages. */
  apiBytes: 16 * 1024 * 1024,
  /** Discovery, keys, token endpoint and "Test connection": small JSON documents. */
  authBytes: 512 * 1024,
} as const;

type Body = Dispatcher.ResponseData['body'];

/**
 * Reads a response body as UTF-8 text, at most `maxBytes`. Past the limit the body is destroyed (its
 * connection is closed rather than left half-read in the pool) and the caller gets a clear error.
 * On any failure while reading, the body is destroyed too, so no connection stays checked out.
 */
export async function readBodyText(body: Body, maxBytes: number, endpoint: string): Promise<string> {
  return (await readBodyBytes(body, maxBytes, endpoint)).toString('utf8');
}

/**
 * The same limit for binary answers (box-label PDFs, attachments). `into` gives the buffer the bytes
 * are gathered in, once their size is known (by default a new one).
 */
export async function readBodyBytes(body: Body, maxBytes: number, endpoint: string, into?: (size: number) => Buffer): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > maxBytes) {
        throw appError(
          'bad_response',
          'errors.api.tooLarge',
          { size: formatBytes(maxBytes) },
          { retryable: false, detail: `${endpoint}: answer over ${maxBytes} bytes` },
        );
      }
      chunks.push(buffer);
    }
  } catch (error) {
    body.destroy();
    throw error;
  }
  if (!into) return Buffer.concat(chunks, size);
  const out = into(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Throws away a body nobody needs, without reading more than the limit of it. */
export async function discardBody(body: Body): Promise<void> {
  await body.dump({ limit: BODY_LIMITS.authBytes }).catch(() => body.destroy());
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}
