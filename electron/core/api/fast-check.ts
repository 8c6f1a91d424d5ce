import type { z } from 'zod';

/** Whether a value fits a schema's input, without building the output (see `compileCheck`). */
export type Check = (value: unknown) => boolean;

/**
 * A check that answers what `schema.safeParse(value).success` answers, for the hot path of large
 * bodies (the inventory sync reads some 340 MB of JSON at 100,000 items, and zod building a stripped
 * copy of every record cost about as much as JSON.parse itself). Objects, arrays, optional, nullable,
 * plain strings, booleans and numbers (with `.int()`) become plain JavaScript tests; any other part
 * of the schema (a string format, an enum, a union, a refinement) is checked by zod itself, for that
 * value only. A transform is not run: the caller reads the value as parsed, so the schema's
 * transforms are allowed only on the top object's own fields (a page's `items: null` read as empty),
 * where the caller applies them itself; anywhere deeper the whole body goes to zod (null here).
 *
 * What it does not give is the reason: on `false` the caller asks zod, which names the field.
 */
export function compileCheck(schema: z.ZodType): Check | null {
  try {
    return compile(schema, 0);
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

class Unsupported extends Error {}

/** The parts of zod's definitions this reads (zod 4's `_zod.def`). */
interface Def {
  type: string;
  checks?: { _zod: { def: { check?: string; format?: string } } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: unknown;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Depth 0 is the body, 1 its fields: the only place a transform may be (read by the caller). */
function compile(schema: z.ZodType, depth: number): Check {
  const def = defOf(schema);
  const checks = def.checks ?? [];
  const byZod: Check = (value) => schema.safeParse(value).success;
  switch (def.type) {
    case 'string':
      return Object.keys(def).length === 1 || (Object.keys(def).length === 2 && checks.length === 0) ? (v) => typeof v === 'string' : byZod;
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'number': {
      if (checks.length === 0) return (v) => typeof v === 'number' && Number.isFinite(v);
      const only = checks.length === 1 ? checks[0]!._zod.def : null;
      return only?.check === 'number_format' && only.format === 'safeint' ? (v) => Number.isSafeInteger(v) : byZod;
    }
    case 'optional': {
      const inner = compile(def.innerType!, depth);
      return (v) => v === undefined || inner(v);
    }
    case 'nullable': {
      const inner = compile(def.innerType!, depth);
      return (v) => v === null || inner(v);
    }
    case 'array': {
      if (checks.length > 0) return byZod;
      const element = compile(def.element!, depth + 1);
      return (v) => Array.isArray(v) && v.every((e) => element(e));
    }
    case 'object':
      return objectCheck(def, checks.length, depth, byZod);
    case 'pipe':
      if (depth > 1 || defOf(def.out!).type !== 'transform') throw new Unsupported();
      return compile(def.in!, depth);
    case 'transform':
      throw new Unsupported();
    default:
      return byZod;
  }
}

function objectCheck(def: Def, checkCount: number, depth: number, byZod: Check): Check {
  // A catchall (strict, passthrough, or a schema for the other keys) and refinements are zod's.
  if (def.catchall !== undefined || checkCount > 0) return byZod;
  const fields = Object.entries(def.shape!).map(([key, field]) => [key, compile(field, depth + 1)] as const);
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const record = v as Record<string, unknown>;
    for (const [key, check] of fields) if (!check(record[key])) return false;
    return true;
  };
}
