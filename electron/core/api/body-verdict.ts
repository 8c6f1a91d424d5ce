import type { z } from 'zod';
import type { Check } from './fast-check.js';
import { parseJsonBytes } from './json-bytes.js';

/**
 * What became of a response body read as text by someone other than the client (`ApiClient.callDecoded`;
 * the inventory sync reads its pages in a worker thread). Plain data, so it crosses a thread:
 * - `not-json`: the body is not JSON (cut off mid-way, say); the client treats the answer as lost and asks again;
 * - `unexpected`: JSON that does not fit the schema; the client reports the first broken field, as for its own checks.
 */
export type BodyVerdict<T> = { ok: true; value: T } | { ok: false; reason: 'not-json' } | { ok: false; reason: 'unexpected'; path: string; message: string };

/** The first issue of a failed schema check, as the path and message the client's errors name. */
export function schemaIssue(error: z.ZodError): { path: string; message: string } {
  const issue = error.issues[0];
  return { path: issue?.path.length ? issue.path.join('.') : '(body)', message: issue?.message ?? 'invalid' };
}

/**
 * JSON.parse and the schema check of one body (its text, or its UTF-8 bytes: json-bytes.ts parses a
 * large body without making it one string): what the client does with a body it reads itself.
 * With `fits` (fast-check.ts `compileCheck` of the same schema), a body that fits is answered as
 * parsed, its input shape (unknown fields kept, transforms not run), and zod only names the field of
 * one that does not. `onOutline`: see `parseJsonBytes` (bytes only; a hint, unchecked).
 */
export function readBody<S extends z.ZodType>(
  schema: S,
  text: string | Uint8Array,
  fits?: Check | null,
  onOutline?: (outline: Readonly<Record<string, unknown>>) => void,
): BodyVerdict<z.output<S>> {
  let body: unknown = null;
  if (text.length > 0) {
    try {
      body = typeof text === 'string' ? JSON.parse(text) : parseJsonBytes(text, onOutline);
    } catch {
      return { ok: false, reason: 'not-json' };
    }
  }
  if (fits?.(body)) return { ok: true, value: body as z.output<S> };
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: 'unexpected', ...schemaIssue(parsed.error) };
}
