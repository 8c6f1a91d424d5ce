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

/**
 * One field list for a response shape the emulator sends and the client reads, so the two readings
 * cannot drift apart. `sent` is what the emulator sends: every field present. `read` is what a
 * client accepts from the service: `publishedObject` (any field may be absent, null where published
 * nullable). A field is a zod type, the same both ways, or one of the builders below.
 */
const TWO_WAYS = Symbol('twoWays');
export interface TwoWays<S extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly [TWO_WAYS]: true;
  readonly sent: S;
  readonly read: R;
}
type Field = z.ZodType | TwoWays;
type SentOf<F> = F extends TwoWays<infer S, z.ZodType> ? S : F;
type ReadOf<F> = F extends TwoWays<z.ZodType, infer R> ? R : F;

const twoWays = <S extends z.ZodType, R extends z.ZodType>(sent: S, read: R): TwoWays<S, R> => ({ [TWO_WAYS]: true, sent, read });
const sentOf = (f: Field): z.ZodType => (TWO_WAYS in f ? f.sent : f);
const readOf = (f: Field): z.ZodType => (TWO_WAYS in f ? f.read : f);

/** Published nullable, but the emulator always has a value (a name, a reference). */
export const orNull = <T extends z.ZodType>(type: T) => twoWays(type, type.nullable());

/** Present or absent in what the emulator sends too (a shipment's tracking before its label). */
export const maybe = <F extends Field>(field: F) => twoWays(sentOf(field).optional() as z.ZodOptional<SentOf<F>>, readOf(field) as ReadOf<F>);

/** An array; published arrays may be null, the emulator's never are. */
export const list = <F extends Field>(item: F) =>
  twoWays(z.array(sentOf(item)) as z.ZodArray<SentOf<F>>, z.array(readOf(item)).nullable() as z.ZodNullable<z.ZodArray<ReadOf<F>>>);

/** Where the emulator's type is narrower than the published one (an enum the documents type as a string). */
export const narrower = <S extends z.ZodType, R extends z.ZodType>(sent: S, read: R) => twoWays(sent, read);

/** A nested object of the shape, read two ways like the shape itself. */
export function shape<F extends Record<string, Field>>(fields: F) {
  const sent = z.object(Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, sentOf(f)]))) as z.ZodObject<{ [K in keyof F]: SentOf<F[K]> }>;
  const read = publishedObject(null, Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, readOf(f)]))) as z.ZodObject<{
    [K in keyof F]: z.ZodOptional<ReadOf<F[K]>>;
  }>;
  return twoWays(sent, read);
}
