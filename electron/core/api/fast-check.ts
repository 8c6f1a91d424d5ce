import { Ajv2020 } from 'ajv/dist/2020.js';
import { z } from 'zod';

/** Whether a value fits a schema's input, without building the output (see `compileCheck`). */
export type Check = (value: unknown) => boolean;

/**
 * A check that answers what `schema.safeParse(value).success` answers, for the hot path of large
 * bodies (the inventory sync reads some 340 MB of JSON at 100,000 items, and zod building a stripped
 * copy of every record cost about as much as JSON.parse itself). It is the schema's input as JSON
 * Schema (zod's `toJSONSchema`) compiled by ajv: checked alone it measured faster than zod's own
 * `validate`, compiled or not, and than a hand-written walk of zod's private definitions, which the
 * sync's bench could not tell from it (docs/performance.md).
 *
 * Only a value JSON.parse gives is asked (no undefined inside arrays, no NaN, no Date). A wrong
 * "no" costs a zod parse (the caller asks zod for the reason, and zod may say yes after all); a
 * wrong "yes" would let a bad body through, so what the JSON Schema cannot say makes this null
 * (zod checks that body) rather than a check that says less:
 * - a pipe into another schema, a preprocess, a string format without the pattern zod writes for it;
 * - a string's length (JSON Schema counts code points, zod UTF-16 units);
 * - a transform, default or catch below the top object's own fields: a body that fits is read as
 *   parsed, so the caller applies the top fields' transforms itself (a page's `items: null` read as
 *   empty) and nothing deeper may change the value.
 * A refinement (`.refine`, `.check`) has no JSON Schema form and zod leaves it out without a word:
 * a schema checked here must have none (the sync's page schemas have none; the unit test feeds
 * bodies the JSON Schema accepts to zod).
 *
 * What it does not give is the reason: on `false` the caller asks zod, which names the field.
 */
export function compileCheck(schema: z.ZodType): Check | null {
  const json = jsonSchemaOf(schema);
  if (!json) return null;
  try {
    const validate = validator().compile(json);
    return (value) => validate(value);
  } catch {
    // A keyword ajv does not know in strict mode, a format without a pattern, a pattern it cannot compile.
    return null;
  }
}

/**
 * One ajv per thread, as strict as it goes: unknown keywords and formats refused, no coercion, no
 * defaults written, first error only, regular expressions without the `u` flag as zod runs them.
 * The schemas are zod's own output, so checking them against the meta-schema (some 90 ms a thread)
 * is left out.
 */
let ajv: Ajv2020 | undefined;
function validator(): Ajv2020 {
  ajv ??= new Ajv2020({
    strict: true,
    allowUnionTypes: true,
    allErrors: false,
    coerceTypes: false,
    useDefaults: false,
    unicodeRegExp: false,
    messages: false,
    validateSchema: false,
  });
  return ajv;
}

/** Parts that change the value rather than only check it. */
const changesValue = (s: unknown) =>
  s instanceof z.ZodPipe || s instanceof z.ZodTransform || s instanceof z.ZodDefault || s instanceof z.ZodPrefault || s instanceof z.ZodCatch;

/** The schema's input as JSON Schema, or null where that would say less than zod (see `compileCheck`). */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> | null {
  // The top object's own fields may end in a transform, which the caller applies: their input side is checked.
  if (schema instanceof z.ZodObject) {
    const inputs: Record<string, z.ZodType> = {};
    for (const [key, field] of Object.entries(schema.shape)) {
      if (field instanceof z.ZodPipe && field.out instanceof z.ZodTransform && !changesValue(field.in)) inputs[key] = field.in as z.ZodType;
    }
    if (Object.keys(inputs).length > 0) schema = schema.extend(inputs);
  }
  let saysLess = false;
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'throw',
      override: ({ zodSchema, jsonSchema }) => {
        if (changesValue(zodSchema)) saysLess = true;
        if ('minLength' in jsonSchema || 'maxLength' in jsonSchema) saysLess = true;
        // zod writes a format's rule as a pattern; the format name alone is left to ajv, which knows none (strict: refused).
        if (jsonSchema.format !== undefined && jsonSchema.pattern !== undefined) delete jsonSchema.format;
      },
    });
  } catch {
    // A part with no JSON Schema form (a Date, a bigint, a custom type, a bare transform).
    return null;
  }
  return saysLess ? null : json;
}
