import { readFileSync } from 'node:fs';
import { openapiSchemaToJsonSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The service's published OpenAPI 3.0 documents (test/fixtures/openapi/*.structure.json: facts only),
 * compiled for validation with ajv. OpenAPI 3.0 is not JSON Schema, so each schema is first read the
 * way the OpenAPI 3.0 specification reads it:
 * - `nullable: true` becomes a `null` type (done by @openapi-contrib/openapi-schema-to-json-schema);
 * - a Reference Object cannot be extended: keywords beside `$ref` are ignored (OAS 3.0.3, 4.7.25);
 * - `allOf` of object schemas is flattened into one object. The documents close every object
 *   (`additionalProperties: false`) including the parts of an `allOf`, which read literally would
 *   accept no value at all; merging the parts keeps the closed world the publisher meant;
 * - `oneOf` is read as `anyOf`: the documents list overlapping alternatives (identical string
 *   schemas, a shipment and its superset), so an exclusive reading would refuse every value;
 * - the integer formats (int32, int64) are OpenAPI data types: their ranges are checked; double and
 *   float are any JSON number (JSON has no infinities to exclude); the informational string formats
 *   (postal-code, tel, currency) are not checked.
 */
export const PUBLISHED_VERSIONS = ['2025-07', '2026-01', '1.0'] as const;
export type PublishedVersion = (typeof PUBLISHED_VERSIONS)[number];
export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = Uppercase<(typeof HTTP_METHODS)[number]>;

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
}
interface ResponseObject {
  headers?: Record<string, { schema?: Json }>;
  content?: Record<string, MediaType>;
}
export interface OperationObject {
  parameters?: { name: string; in: string; required?: boolean; schema?: Json }[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
}
interface Document {
  paths: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], OperationObject>>>;
  components: { schemas: Record<string, Json> };
}

export interface PublishedOperation {
  version: PublishedVersion;
  method: HttpMethod;
  /** The path key as published, e.g. `/2026-01/order/{orderId}`. */
  template: string;
  operation: OperationObject;
}

/** `GET /2026-01/order/{orderId}`: how an operation is named in reports and lists. */
export const operationKey = (o: { method: string; template: string }): string => `${o.method.toUpperCase()} ${o.template}`;

const fixture = (version: PublishedVersion): Document =>
  JSON.parse(readFileSync(new URL(`../../fixtures/openapi/${version}.structure.json`, import.meta.url), 'utf8')) as Document;

const rootId = (version: PublishedVersion) => `urn:published:${version}`;

function isObjectSchema(s: Json): boolean {
  return s.type === 'object' || typeof s.properties === 'object';
}

/** Applies the OpenAPI 3.0 reading described above to one schema, recursively. */
function normalize(node: unknown, components: Record<string, Json>, version: PublishedVersion): unknown {
  if (Array.isArray(node)) return node.map((n) => normalize(n, components, version));
  if (!node || typeof node !== 'object') return node;
  const s = node as Json;
  if (typeof s.$ref === 'string') return { $ref: absoluteRef(s.$ref, version) };
  let out: Json = { ...s };
  if (Array.isArray(out.allOf)) out = flattenAllOf(out, components);
  if ('oneOf' in out) {
    out.anyOf = out.oneOf;
    delete out.oneOf;
  }
  if (!isObjectSchema(out)) delete out.additionalProperties;
  if (out.format === 'double' || out.format === 'float') delete out.format;
  for (const key of ['properties']) {
    const props = out[key] as Record<string, unknown> | undefined;
    if (props) out[key] = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, normalize(v, components, version)]));
  }
  for (const key of ['items', 'anyOf', 'allOf', 'not']) if (key in out) out[key] = normalize(out[key], components, version);
  if (out.additionalProperties && typeof out.additionalProperties === 'object')
    out.additionalProperties = normalize(out.additionalProperties, components, version);
  return out;
}

function absoluteRef(ref: string, version: PublishedVersion): string {
  if (!ref.startsWith('#/components/schemas/')) throw new Error(`Unexpected $ref ${ref} in the ${version} document`);
  return `${rootId(version)}${ref}`;
}

function flattenAllOf(s: Json, components: Record<string, Json>): Json {
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  const residual: unknown[] = [];
  for (const member of s.allOf as Json[]) {
    const target = typeof member.$ref === 'string' ? components[member.$ref.split('/').pop()!] : member;
    if (!target) throw new Error(`allOf member ${String(member.$ref)} is not in the document`);
    const flat = Array.isArray(target.allOf) ? flattenAllOf(target, components) : target;
    if (isObjectSchema(flat)) {
      Object.assign(properties, flat.properties as object | undefined);
      for (const r of (flat.required as string[] | undefined) ?? []) required.add(r);
    } else residual.push(member);
  }
  Object.assign(properties, s.properties as object | undefined);
  for (const r of (s.required as string[] | undefined) ?? []) required.add(r);
  const out: Json = { ...s, type: 'object', properties };
  delete out.allOf;
  if (required.size) out.required = [...required];
  if (residual.length) out.allOf = residual;
  if (Object.keys(properties).length === 0 && residual.length) delete out.type;
  return out;
}

function toJsonSchema(schema: unknown, components: Record<string, Json>, version: PublishedVersion): Json {
  const converted = openapiSchemaToJsonSchema(normalize(schema, components, version) as object) as Json;
  delete converted.$schema;
  return converted;
}

const RANGES: Record<string, [number, number]> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

function newAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  for (const [name, [min, max]] of Object.entries(RANGES))
    ajv.addFormat(name, { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= min && n <= max });
  for (const name of ['postal-code', 'tel', 'currency', '']) ajv.addFormat(name, true);
  return ajv;
}

export interface Violation {
  where: string;
  message: string;
}

/** One published document, ready to validate requests and responses against. */
export class PublishedDocument {
  readonly operations: PublishedOperation[];
  private readonly ajv = newAjv();
  private readonly components: Record<string, Json>;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly version: PublishedVersion) {
    const doc = fixture(version);
    this.components = doc.components.schemas;
    const schemas = Object.fromEntries(Object.entries(this.components).map(([name, s]) => [name, toJsonSchema(s, this.components, version)]));
    this.ajv.addSchema({ $id: rootId(version), components: { schemas } });
    this.operations = Object.entries(doc.paths).flatMap(([template, item]) =>
      HTTP_METHODS.flatMap((m) => (item[m] ? [{ version, method: m.toUpperCase() as HttpMethod, template, operation: item[m] }] : [])),
    );
  }

  find(method: string, template: string): PublishedOperation | undefined {
    return this.operations.find((o) => o.method === method.toUpperCase() && o.template === template);
  }

  /** The JSON schema (converted) of a response or request body, or undefined when none is published. */
  bodySchema(op: PublishedOperation, where: string): Json | undefined {
    const content = where === 'request' ? op.operation.requestBody?.content : op.operation.responses[where]?.content;
    const media = content?.['application/json'] ?? content?.['application/json-patch+json'] ?? content?.['application/*+json'];
    return media?.schema ? toJsonSchema(media.schema, this.components, this.version) : undefined;
  }

  /** Validates a JSON value against an operation's request body (`'request'`) or a response status. */
  validate(op: PublishedOperation, where: string, value: unknown): Violation[] {
    const key = `${operationKey(op)} ${where}`;
    let fn = this.compiled.get(key);
    if (!fn) {
      const schema = this.bodySchema(op, where);
      if (!schema) return [];
      fn = this.ajv.compile(schema);
      this.compiled.set(key, fn);
    }
    return fn(value) ? [] : describe(fn.errors ?? []);
  }

  /** The named component, converted, for generators and for tests that need one shape. */
  component(name: string): Json {
    const s = this.components[name];
    if (!s) throw new Error(`No component ${name} in ${this.version}`);
    return toJsonSchema(s, this.components, this.version);
  }

  /** Every converted component, keyed as the `$ref`s in converted schemas name them. */
  allComponents(): Record<string, Json> {
    return Object.fromEntries(Object.keys(this.components).map((n) => [n, this.component(n)]));
  }
}

function describe(errors: ErrorObject[]): Violation[] {
  // anyOf failures repeat every branch's complaint; the first few name the problem.
  return errors.slice(0, 8).map((e) => ({
    where: e.instancePath || '(body)',
    message: `${e.message ?? 'invalid'}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`,
  }));
}

const documents = new Map<PublishedVersion, PublishedDocument>();
export function publishedDocument(version: PublishedVersion): PublishedDocument {
  let doc = documents.get(version);
  if (!doc) documents.set(version, (doc = new PublishedDocument(version)));
  return doc;
}
