import { z } from 'zod';
import { REQUIRED_BY_DESK, type DeskShape } from './required-by-desk.js';

type Needed<T extends z.ZodType> = T extends z.ZodNullable<infer U extends z.ZodType> ? U : T;
type Fields<N> = N extends DeskShape ? (typeof REQUIRED_BY_DESK)[N]['fields'][number] : never;
type PublishedShape<S extends Record<string, z.ZodType>, K> = { [P in keyof S]: P extends K ? Needed<S[P]> : z.ZodOptional<S[P]> };

/**
 * An object as the published documents give it: each field written with its published type and
 * nullability; every field may be absent (the documents require none) except the fields the desk
 * needs (required-by-desk.ts), which must be present and, even where published nullable, not null.
 * Unknown fields are dropped, so a newer service does not break the desk.
 */
export function publishedObject<S extends Record<string, z.ZodType>, N extends DeskShape | null>(
  needs: N,
  shape: S,
): z.ZodObject<PublishedShape<S, Fields<N>>> {
  const required = new Set<string>(needs ? REQUIRED_BY_DESK[needs].fields : []);
  for (const key of required) if (!(key in shape)) throw new Error(`required-by-desk names ${key}, which ${String(needs)} does not have`);
  const out: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(shape)) {
    out[key] = required.has(key) ? (schema instanceof z.ZodNullable ? (schema.unwrap() as z.ZodType) : schema) : schema.optional();
  }
  return z.object(out) as never;
}

/**
 * Cursor paging links (first, last, next, prev): URLs with path and query, or null. The client
 * follows them as given, on the service's own origin only.
 */
export const CursorLink = z.string().nullable();
export const cursorLinks = { first: CursorLink.optional(), last: CursorLink.optional(), next: CursorLink.optional(), prev: CursorLink.optional() };

/** `{items, first, last, next, prev}`: items may be null or absent as published; read as empty. */
export const cursorPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z
      .array(item)
      .nullish()
      .transform((v) => v ?? []),
    ...cursorLinks,
  });
