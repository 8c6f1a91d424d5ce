import { createHmac, randomBytes } from 'node:crypto';
import { problem } from './errors.js';

/**
 * Opaque cursors (spec 4.7): a cursor carries the whole query it continues, so when a client sends
 * one it overrides every other filter. Signed, so a tampered cursor is refused rather than misread.
 */
export class CursorCodec {
  private readonly key = randomBytes(32);

  encode(state: Record<string, unknown>): string {
    const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  decode<T extends Record<string, unknown>>(cursor: string): T {
    const [payload, signature] = cursor.split('.');
    if (!payload || !signature || signature !== this.sign(payload))
      throw problem(400, 'The cursor is not valid. Use a value from first, last, next or prev of an earlier page.');
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as T;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url').slice(0, 22);
  }
}

export interface CursorLinks {
  first: string | null;
  last: string | null;
  next: string | null;
  prev: string | null;
}

/** Offset paging behind opaque cursors: the four links of one page. */
export function cursorLinks(
  codec: CursorCodec,
  query: Record<string, unknown>,
  offset: number,
  size: number,
  total: number,
  render: (token: string) => string = (t) => t,
): CursorLinks {
  const at = (o: number) => render(codec.encode({ ...query, offset: o, size }));
  const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / size) * size;
  return {
    first: total === 0 ? null : at(0),
    last: total === 0 ? null : at(lastOffset),
    next: offset + size < total ? at(offset + size) : null,
    prev: offset > 0 ? at(Math.max(0, offset - size)) : null,
  };
}
