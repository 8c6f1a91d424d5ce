import { readdirSync } from 'node:fs';
import { startEmulator, type RunningEmulator } from '../../../emulator/server.js';
import { operationKey, publishedDocument, type HttpMethod, type PublishedOperation, type PublishedVersion, type Violation } from './published.js';

/**
 * The conformance harness: each case sends one realistic request to a fresh emulator (in-process,
 * port 0) and the answer is checked against the published document of the case's version: the
 * status must be the expected one and a published one, the documented headers must be there (and
 * `Next-Page` an href of the same operation), the body must be valid under the published schema, and
 * cursor links (`first`, `last`, `next`, `prev`) must be URLs (path and query) of the same operation.
 * Header and cursor links are followed once, so a client that follows them as given is proven to work.
 *
 * Cases live in cases/<area>.ts, each exporting `cases: ConformanceCase[]`.
 */
export interface CaseRequest {
  /** Path and optional query string, e.g. `/2026-01/order/12` (query may also go in `query`). */
  path: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ConformanceCase {
  version: PublishedVersion;
  method: HttpMethod;
  /** The published path key, e.g. '/2026-01/order/{orderId}'. */
  template: string;
  name?: string;
  request(ctx: CaseContext): CaseRequest | Promise<CaseRequest>;
  expectStatus: number;
  /** Send no service_channel_id header (to exercise its absence); by default writes carry it. */
  withoutChannel?: boolean;
  /** Send no bearer token (401 cases). */
  withoutToken?: boolean;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or null for an empty or non-JSON body. */
  body: unknown;
  text: string;
  bytes: Buffer;
}

export interface CallOptions {
  query?: CaseRequest['query'];
  body?: unknown;
  headers?: Record<string, string>;
  /** Default: on every write (the channel header the spec asks for). */
  channel?: boolean;
  token?: boolean;
}

export interface CaseContext {
  emu: RunningEmulator;
  /** The write channel (the one with _write scopes), sent as service_channel_id. */
  channelId: number;
  /** An authenticated call against the emulator (personal access token with every API scope). */
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  /** Like `call`, but throws unless the status is 2xx; answers the parsed body. */
  ok<T = unknown>(method: string, path: string, options?: CallOptions): Promise<T>;
  /** Ids from the seeded data, found through the API itself. */
  ids: SeededIds;
  /** Memoizes one setup step per run (e.g. "a WRO awaiting arrival") across cases. */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
  /** An RFC 3339 instant `days` ahead of the emulator's clock. */
  future(days?: number): string;
}

export interface SeededIds {
  fulfillmentCenterId: number;
  /** A plain stocked item: not a lot item, not a bundle, not digital. */
  inventoryId: number;
  sku: string;
  /** An item with lots, and one of its lot numbers. */
  lotInventoryId: number;
  lotNumber: string;
  /** A receiving order of the seed (any status). */
  wroId: number;
  /** A return of the seed. */
  returnId: number;
}

export async function startConformance(): Promise<CaseContext & { close(): Promise<void> }> {
  // Every published operation in a few seconds: the rate limit (tested on its own) is off here.
  const emu = await startEmulator({ rateLimit: { enabled: false } });
  await emu.control.now(); // the cases' clock readings (nowMs) extrapolate from it
  const pat = await fetch(`${emu.url}/__emulator/pats`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'conformance' }),
  });
  const token = ((await pat.json()) as { token: string }).token;
  const channels = (await (await fetch(`${emu.url}/2026-01/channel`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    items: { id: number; scopes: string[] }[];
  };
  const channelId = channels.items.find((c) => c.scopes.some((s) => s.endsWith('_write')))!.id;

  const call = async (method: string, path: string, options: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token !== false) headers.authorization = `Bearer ${token}`;
    if (options.channel ?? method !== 'GET') headers.service_channel_id = String(channelId);
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    const url = new URL(path, emu.url);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
    const res = await fetch(url, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString('utf8');
    let body: unknown = null;
    if (/json/.test(res.headers.get('content-type') ?? '') && text) body = JSON.parse(text);
    return { status: res.status, headers: res.headers, body, text, bytes };
  };
  const ok = async <T>(method: string, path: string, options?: CallOptions): Promise<T> => {
    const a = await call(method, path, options);
    if (a.status < 200 || a.status > 299) throw new Error(`${method} ${path} answered ${a.status}: ${a.text.slice(0, 400)}`);
    return a.body as T;
  };
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    if (!memo.has(key)) memo.set(key, make());
    return memo.get(key) as Promise<T>;
  };

  const inventory = await ok<{ items: { inventory_id: number; sku: string; is_lot: boolean; variant: { is_bundle: boolean; is_digital: boolean } }[] }>(
    'GET',
    '/2026-01/inventory',
    { query: { PageSize: 200 } },
  );
  const plain = inventory.items.find((i) => !i.is_lot && !i.variant.is_bundle && !i.variant.is_digital)!;
  const lots = await ok<{ items: { inventory_id: number; lots: { lot_number: string }[] }[] }>('GET', '/2026-01/inventory-level/lots', {
    query: { PageSize: 200 },
  });
  const lotItem = lots.items.find((i) => i.lots.length > 0)!;
  const fcs = await ok<{ id: number }[]>('GET', '/2026-01/fulfillment-center');
  const wros = await ok<{ id: number }[]>('GET', '/2026-01/receiving', { query: { Limit: 1 } });
  const returns = await ok<{ items: { id: number }[] }>('GET', '/2026-01/return', { query: { Limit: 1 } });
  const ids: SeededIds = {
    fulfillmentCenterId: fcs[0]!.id,
    inventoryId: plain.inventory_id,
    sku: plain.sku,
    lotInventoryId: lotItem.inventory_id,
    lotNumber: lotItem.lots[0]!.lot_number,
    wroId: wros[0]!.id,
    returnId: returns.items[0]!.id,
  };
  return {
    emu,
    channelId,
    call,
    ok,
    ids,
    once,
    future: (days = 7) => new Date(emu.control.nowMs() + days * 86_400_000).toISOString(),
    close: () => emu.close(),
  };
}

/** Loads every cases/<area>.ts (so each engineer adds files, never edits a shared list). */
export async function loadCases(): Promise<ConformanceCase[]> {
  const dir = new URL('./cases/', import.meta.url);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const modules = await Promise.all(files.map((f) => import(new URL(f, dir).href) as Promise<{ cases?: ConformanceCase[] }>));
  return modules.flatMap((m, i) => {
    if (!Array.isArray(m.cases)) throw new Error(`cases/${files[i]} must export \`cases: ConformanceCase[]\``);
    return m.cases;
  });
}

export const caseTitle = (c: ConformanceCase): string => `${c.method} ${c.template} → ${c.expectStatus}${c.name ? ` (${c.name})` : ''}`;

const PAGING_LINKS = ['first', 'last', 'next', 'prev'] as const;

/**
 * Runs one case and answers every violation found (empty: the answer conforms). Also checks the
 * request body against the published request schema, so cases model what a real client may send.
 */
export async function runCase(ctx: CaseContext, c: ConformanceCase): Promise<Violation[]> {
  const doc = publishedDocument(c.version);
  const op = doc.find(c.method, c.template);
  if (!op) return [{ where: 'case', message: `${operationKey(c)} is not published in ${c.version}` }];
  const req = await c.request(ctx);
  const concrete = req.path.split('?')[0]!;
  if (!templateMatches(c.template, concrete)) return [{ where: 'case', message: `path ${concrete} does not fit ${c.template}` }];
  const violations: Violation[] = [];
  if (req.body !== undefined && c.expectStatus < 300)
    violations.push(...doc.validate(op, 'request', req.body).map((v) => ({ where: `request ${v.where}`, message: v.message })));

  const answer = await ctx.call(c.method, req.path, {
    ...(req.query ? { query: req.query } : {}),
    ...(req.body !== undefined ? { body: req.body } : {}),
    ...(req.headers ? { headers: req.headers } : {}),
    ...(c.withoutChannel ? { channel: false } : {}),
    ...(c.withoutToken ? { token: false } : {}),
  });
  if (answer.status !== c.expectStatus) {
    return [{ where: 'status', message: `expected ${c.expectStatus}, got ${answer.status}: ${answer.text.slice(0, 300)}` }];
  }
  violations.push(...checkAnswer(op, String(answer.status), concrete, answer, ctx.emu.url));

  // Follow the links as given, once: they must lead to a conforming page of the same operation
  // (a query operation, like history:query, is sent again with the same body to the link).
  if (answer.status === 200) {
    const links = [answer.headers.get('next-page'), ...cursorLinks(answer.body)].filter((l): l is string => typeof l === 'string');
    for (const link of links.slice(0, 2)) {
      const next = await ctx.call(c.method, link, req.body !== undefined ? { body: req.body } : {});
      if (next.status !== 200) violations.push({ where: `follow ${link}`, message: `answered ${next.status}: ${next.text.slice(0, 200)}` });
      else violations.push(...checkAnswer(op, '200', concrete, next, ctx.emu.url).map((v) => ({ where: `follow ${link}: ${v.where}`, message: v.message })));
    }
  }
  return violations;
}

function checkAnswer(op: PublishedOperation, status: string, concretePath: string, answer: Answer, origin: string): Violation[] {
  const violations: Violation[] = [];
  const response = op.operation.responses[status];
  if (!response)
    return [
      {
        where: 'status',
        message: `${status} is not a published response of ${operationKey(op)} (published: ${Object.keys(op.operation.responses).join(', ')})`,
      },
    ];

  const mediaTypes = Object.keys(response.content ?? {});
  const contentType = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (mediaTypes.length > 0 && answer.bytes.length > 0 && !mediaTypes.some((m) => m === contentType || (m.endsWith('/json') && contentType.endsWith('json')))) {
    violations.push({ where: 'content-type', message: `${contentType || '(none)'} is not one of ${mediaTypes.join(', ')}` });
  }

  for (const name of Object.keys(response.headers ?? {})) {
    const value = answer.headers.get(name);
    if (name.toLowerCase() === 'next-page') {
      const pageNumber = Number(answer.headers.get('page-number'));
      const totalPages = Number(answer.headers.get('total-pages'));
      if (value === null && pageNumber < totalPages) violations.push({ where: `header ${name}`, message: `missing on page ${pageNumber} of ${totalPages}` });
      if (value !== null) violations.push(...linkViolations(`header ${name}`, value, concretePath, origin));
    } else if (value === null) violations.push({ where: `header ${name}`, message: 'documented but missing' });
  }

  if (mediaTypes.some((m) => m.includes('json'))) {
    const body = answer.text ? safeParse(answer.text) : undefined;
    if (body === undefined && response.content?.['application/json']?.schema) violations.push({ where: 'body', message: 'not JSON' });
    else
      violations.push(
        ...publishedDocument(op.version)
          .validate(op, status, body)
          .map((v) => ({ where: `body ${v.where}`, message: v.message })),
      );
    for (const [i, link] of cursorLinks(body, true).entries())
      if (link !== null) violations.push(...linkViolations(`body ${PAGING_LINKS[i]}`, link, concretePath, origin));
  }
  return violations;
}

/**
 * A paging link must be a URL of the same operation (path and query, or an absolute URL on the
 * service's own origin), not a bare token or number.
 */
function linkViolations(where: string, link: string, concretePath: string, origin: string): Violation[] {
  let url: URL;
  try {
    url = new URL(link, 'http://emulator.invalid');
  } catch {
    return [{ where, message: `${JSON.stringify(link)} is not a URL` }];
  }
  if (!link.includes('/')) return [{ where, message: `${JSON.stringify(link)} is a bare value, not a URL (path and query)` }];
  if (/^[a-z][a-z0-9+.-]*:/i.test(link) && url.origin !== new URL(origin).origin) return [{ where, message: `${link} leads to another origin than ${origin}` }];
  if (decodeURI(url.pathname) !== concretePath) return [{ where, message: `${link} leads to ${url.pathname}, not to ${concretePath}` }];
  return [];
}

function cursorLinks(body: unknown, keepNulls = false): (string | null)[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const b = body as Record<string, unknown>;
  if (!PAGING_LINKS.some((k) => k in b)) return [];
  return PAGING_LINKS.map((k) => (typeof b[k] === 'string' ? b[k] : null)).filter((l) => keepNulls || l !== null);
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function templateMatches(template: string, path: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/:]+');
  return new RegExp(`^${pattern}$`).test(path);
}
