import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { authorizeRequest, type Grant } from './guard.js';
import { HttpError, problem } from './errors.js';
import { markDeprecation, VERSIONS, type ApiVersion } from './versions.js';

/**
 * The API router. Paths are written as in the spec, with `{param}` placeholders and the colon verbs
 * of 2025-07 (`/receiving/{id}:cancel`), and listed with the versions that carry them. A path that
 * exists but not under the requested version answers 404, as the removed paths of 2025-07 must.
 */
export type Version = ApiVersion | 'Experimental';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  version: Version;
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
  grant: Grant;
  channelId: number | null;
  request: FastifyRequest;
}

export interface ApiResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Set for non-JSON bodies (PDF, images). */
  contentType?: string;
}

export interface RouteDef {
  method: Method;
  path: string;
  versions: readonly Version[];
  scope: string;
  /** service_channel_id: 'required' refuses a call without it (spec 4.8, 4.2 batch). */
  channel?: 'required' | 'optional';
  handle(req: ApiRequest, ctx: EmulatorContext): Promise<ApiResponse> | ApiResponse;
}

/**
 * One operation under its spellings: section 9 renamed many 2.0 paths in 2025-07
 * (`/order/{id}/cancel` became `/order/{id}:cancel`); both answer, each under its own versions.
 */
export function spelledAs(spellings: { path: string; versions: readonly Version[] }[], def: Omit<RouteDef, 'path' | 'versions'>): RouteDef[] {
  return spellings.map(({ path, versions }) => ({ ...def, path, versions }));
}

interface Compiled extends RouteDef {
  regex: RegExp;
  names: string[];
}

function compile(def: RouteDef): Compiled {
  const names: string[] = [];
  const pattern = def.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/:]+)';
  });
  return { ...def, regex: new RegExp(`^${pattern}$`), names };
}

export function registerApiRoutes(app: FastifyInstance, ctx: EmulatorContext, defs: RouteDef[]): void {
  const routes = defs.map(compile);
  const knownVersions = new Set<string>([...VERSIONS, 'Experimental']);

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { url, version, rest } = routerPath(request.url);
    try {
      if (!knownVersions.has(version)) throw problem(404, `No such path: ${request.method} ${url}`);
      // Every answer of a deprecated version says so, refusals included (401, 403, a missing service_channel_id).
      if (version !== 'Experimental') markDeprecation(reply, version);
      const candidates = routes.filter((r) => r.regex.test(rest));
      const forVersion = candidates.filter((r) => r.versions.includes(version));
      if (forVersion.length === 0) {
        throw problem(
          404,
          candidates.length > 0 ? `${request.method} ${rest} does not exist in version ${version}.` : `No such path: ${request.method} ${url}`,
        );
      }
      const route = forVersion.find((r) => r.method === request.method);
      if (!route)
        throw new HttpError(
          405,
          { type: 'about:blank', title: 'Method Not Allowed', status: 405, detail: `${request.method} is not allowed on ${rest}.` },
          'application/problem+json',
          { allow: forVersion.map((r) => r.method).join(', ') },
        );

      const grant = authorizeRequest(ctx, request, route.scope);
      const channelId = readChannel(ctx, request, route.channel);
      const match = route.regex.exec(rest)!;
      const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
      ctx.engine.advance();
      const result = await route.handle({ version, params, query: request.query as ApiRequest['query'], body: request.body, grant, channelId, request }, ctx);
      reply.code(result.status ?? 200).headers(result.headers ?? {});
      if (result.contentType) return reply.type(result.contentType).send(result.body);
      if (result.body === undefined) return reply.send();
      return reply.type('application/json').send(result.body);
    } catch (error) {
      if (error instanceof HttpError) return reply.code(error.status).headers(error.headers).type(error.contentType).send(error.body);
      throw error;
    }
  };
  app.route({ method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', handler });
}

/**
 * A request URL as the router reads it: the first segment, as sent, is the version; the rest is
 * decoded with `decodeURI`, so an encoded slash (`%2F`) stays inside a path parameter. The request
 * hooks read paths through this too, so a request the router answers meets the same limit and faults.
 */
export function routerPath(requestUrl: string): { url: string; version: Version; rest: string } {
  const url = requestUrl.split('?')[0] ?? '/';
  const slash = url.indexOf('/', 1);
  const version = (slash > 0 ? url.slice(1, slash) : url.slice(1)) as Version;
  let rest = '/';
  if (slash > 0) {
    try {
      rest = decodeURI(url.slice(slash));
    } catch {
      rest = url.slice(slash);
    }
  }
  return { url, version, rest };
}

/** service_channel_id (spec 4, 5): a decimal channel id; when given it must be a channel with write scopes. */
function readChannel(ctx: EmulatorContext, request: FastifyRequest, mode: RouteDef['channel']): number | null {
  const raw = request.headers.service_channel_id;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') {
    if (mode === 'required') throw problem(400, 'The service_channel_id header is required: use the id of the channel with _write scopes.');
    return null;
  }
  if (!/^\d+$/.test(value)) throw problem(400, 'service_channel_id must be a decimal channel id.');
  const channel = ctx.store.data.channels.find((c) => c.id === Number(value));
  if (!channel) throw problem(400, `service_channel_id ${value} is not a channel of this account.`);
  if (!channel.scopes.some((s) => s.endsWith('_write'))) throw problem(403, `Channel ${value} has no _write scopes; writes need the channel that has them.`);
  return channel.id;
}
