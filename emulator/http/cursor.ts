import { createHmac, randomBytes } from 'node:crypto';
import { problem } from './errors.js';

/** A cursor token as the emulator writes it: base64url payload, a dot, base64url signature. */
const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Opaque cursors (spec 4.7): a cursor carries the whole query it continues, so when a client sends
 * one it overrides every other filter. Signed, so a tampered cursor is refused rather than misread.
 *
 * The spec calls the values "opaque tokens taken from first, last, next or prev", while the published
 * documents give those fields as links. Both come back from real clients, so the cursor parameter
 * takes either: the bare token, or the whole link (path and query, or an absolute URL) that carries
 * it. A link followed as it is works too, since it is this operation with its cursor parameter.
 */
export class CursorCodec {
  private readonly key = randomBytes(32);

  encode(state: Record<string, unknown>): string {
    const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  decode<T extends Record<string, unknown>>(cursor: string): T {
    const token = this.tokenOf(cursor);
    if (token === null)
      throw problem(400, 'The cursor is not valid. Use a value from first, last, next or prev of an earlier page: the token, or the whole link it came in.');
    const [payload] = token.split('.');
    return JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as T;
  }

  /** The signed token in what a client sent back (a token, or a link carrying one); null when there is none. */
  private tokenOf(cursor: string): string | null {
    if (TOKEN.test(cursor)) return this.isSigned(cursor) ? cursor : null;
    if (!URL.canParse(cursor, 'http://link.invalid')) return null;
    for (const value of new URL(cursor, 'http://link.invalid').searchParams.values()) {
      if (TOKEN.test(value) && this.isSigned(value)) return value;
    }
    return null;
  }

  private isSigned(token: string): boolean {
    const [payload, signature] = token.split('.');
    return payload !== undefined && signature !== undefined && signature === this.sign(payload);
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
