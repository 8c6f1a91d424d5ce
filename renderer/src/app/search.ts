import { z } from 'zod';

/**
 * Addresses keep plain query strings (#/receiving?status=Awaiting&fc=12&page=2), not the router's
 * default JSON: every value is a string here and each route's zod schema gives it its type.
 */
export function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search.startsWith('?') ? search.slice(1) : search));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    // Values are strings, numbers and yes/no (each route's zod schema says so): a yes/no is 1 or 0
    // (`lots=1`), a number as JSON writes it; an object would keep its content rather than read back
    // as [object Object].
    params.set(key, typeof value === 'string' ? value : typeof value === 'boolean' ? (value ? '1' : '0') : JSON.stringify(value));
  }
  const text = params.toString().replace(/%2C/g, ',');
  return text ? `?${text}` : '';
}

const YES_NO: Record<string, boolean> = { '1': true, true: true, '0': false, false: false };

/** A number or yes/no part of an address, read from its text ("12", "1"); anything else as it is. */
function fromText(part: z.ZodType): z.ZodType {
  const inner = part instanceof z.ZodOptional ? (part.unwrap() as z.ZodType) : part;
  if (inner instanceof z.ZodBoolean) return z.preprocess((value) => (typeof value === 'string' ? (YES_NO[value] ?? value) : value), part);
  if (!(inner instanceof z.ZodNumber)) return part;
  return z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), part);
}

/**
 * An address's schema made from a channel's strict one: each part read from its text, and a part that
 * does not parse (an old bookmark, a typo) left out on its own instead of breaking the view. So a
 * list's address and its channel's input are one schema.
 */
export function lenient<S extends z.ZodRawShape>(schema: z.ZodObject<S>): z.ZodObject<{ [K in keyof S]: z.ZodCatch<z.ZodOptional<S[K]>> }> {
  const parts = Object.entries(schema.shape) as [string, z.ZodType][];
  const shape = Object.fromEntries(parts.map(([key, part]) => [key, fromText(part).optional().catch(undefined)]));
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof S]: z.ZodCatch<z.ZodOptional<S[K]>> }>;
}
