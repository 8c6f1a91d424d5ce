import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenStore } from '../auth/tokens.js';
import type { VirtualClock } from '../clock.js';
import type { RequestLog } from '../request-log.js';
import { problem } from './errors.js';
import { routerPath } from './router.js';
import { rateLimitBody, type Fault, type FaultInjector, type RateLimiter } from './faults.js';
import { decodedPath, hasForeignOrigin, isControlRequest, isJsonBody, isLoopbackHost } from './local-only.js';

/**
 * What every request meets before and after its route: the control API's loopback guard, injected
 * faults, the rate limit, the request log, and the service's error shapes for what no route answers.
 */
export interface RequestHookParts {
  clock: VirtualClock;
  tokens: TokenStore;
  faults: FaultInjector;
  rateLimiter: RateLimiter;
  requestLog: RequestLog;
  log: (line: string) => void;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function registerRequestHooks(app: FastifyInstance, parts: RequestHookParts): void {
  const injected = new WeakMap<FastifyRequest, Fault>();
  app.addHook('onRequest', async (request, reply) => {
    // Fully decoded, so an encoded path meets the same limit and faults as its plain form.
    const path = decodedPath(request.url);
    if (isControlRequest(request)) return guardControl(app, request, reply);
    const api = isApiRequest(request.url, path);
    if (parts.faults.applies(path) && (api || path.startsWith('/connect/') || path.startsWith('/.well-known/'))) {
      const answered = await injectFault(parts, injected, request, reply, path);
      if (answered) return answered;
    }
    if (parts.rateLimiter.enabled && api) {
      const verdict = parts.rateLimiter.check(rateLimitKey(parts.tokens, request), parts.clock.flowingNowMs());
      reply.header('x-remaining-calls', String(verdict.remaining));
      if (verdict.retryAfter !== null) {
        injected.set(request, '429');
        return reply.code(429).header('x-retry-after', String(verdict.retryAfter)).send(rateLimitBody(verdict.retryAfter));
      }
    }
  });
  registerResponseHooks(app, parts, injected);
  registerFallbacks(app, parts.log);
}

/** The control API answers only on loopback, to a loopback Host, from no foreign page, and takes JSON writes only. */
function guardControl(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : -1;
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return sendError(reply, problem(403, 'The control API answers only on loopback.'));
  if (!isLoopbackHost(request.headers.host, port))
    return sendError(
      reply,
      problem(403, `The control API answers only to Host 127.0.0.1:${port} (or localhost, [::1]); this request named ${request.headers.host ?? 'no host'}.`),
    );
  if (hasForeignOrigin(request))
    return sendError(reply, problem(403, `The control API refuses requests from web pages of other origins (Origin: ${request.headers.origin}).`));
  if ((request.method === 'POST' || request.method === 'PUT' || request.method === 'PATCH') && !isJsonBody(request))
    return sendError(
      reply,
      problem(415, 'Control API writes take a JSON body: send Content-Type: application/json (an empty object {} where nothing else is needed).'),
    );
  return undefined;
}

/** The service's own words for an injected 5xx, as a real service words its outage (a desk shows them as they came). */
export const INJECTED_UNAVAILABLE = 'Injected fault: the service is unavailable. Retry later.';

/** Latency, then the fault drawn for this request; the reply when the fault answers instead of the route. */
async function injectFault(parts: RequestHookParts, injected: WeakMap<FastifyRequest, Fault>, request: FastifyRequest, reply: FastifyReply, path: string) {
  const { faults } = parts;
  const latency = faults.nextLatencyMs();
  if (latency > 0) await sleep(latency);
  const fault = faults.decide();
  if (fault) injected.set(request, fault);
  if (fault === 'drop') {
    parts.requestLog.add({
      at: parts.clock.now().toISOString(),
      method: request.method,
      path,
      query: queryOf(request.url),
      status: 0,
      durationMs: 0,
      fault,
      grant: grantOf(parts.tokens, request),
    });
    request.raw.socket.destroy();
    return reply.hijack();
  }
  if (fault === '5xx') return sendError(reply, problem(503, INJECTED_UNAVAILABLE));
  if (fault === '429')
    return reply
      .code(429)
      .headers({ 'x-retry-after': String(faults.retryAfterSeconds), 'x-remaining-calls': '0' })
      .send(rateLimitBody(faults.retryAfterSeconds));
  return null;
}

function registerResponseHooks(app: FastifyInstance, parts: RequestHookParts, injected: WeakMap<FastifyRequest, Fault>): void {
  const logged = (request: FastifyRequest, reply: FastifyReply, fault: Fault) =>
    parts.requestLog.add({
      at: parts.clock.now().toISOString(),
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      query: queryOf(request.url),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
      fault,
      grant: grantOf(parts.tokens, request),
    });
  app.addHook('onSend', async (request, reply, payload) => {
    const fault = injected.get(request);
    if (fault === 'malformed' && typeof payload === 'string') return payload.slice(0, Math.max(1, Math.floor(payload.length / 2)));
    if (fault === 'drop-response') {
      // The request was carried out; its answer never arrives.
      logged(request, reply, fault);
      request.raw.socket.destroy();
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (injected.get(request) === 'drop-response') return; // logged in onSend
    logged(request, reply, injected.get(request) ?? null);
  });
}

/** A request's query string, without its `?`. */
function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

function registerFallbacks(app: FastifyInstance, log: (line: string) => void): void {
  app.setNotFoundHandler((request, reply) => sendError(reply, problem(404, `No such path: ${request.method} ${request.url.split('?')[0]}`)));
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return sendError(reply, problem(400, `The request body is not valid JSON: ${error.message}`));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(reply, problem(415, 'Send the body as application/json.'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return sendError(reply, problem(error.statusCode, error.message));
    log(`internal error: ${error.message}`);
    return sendError(reply, problem(500, 'The emulator failed to handle this request.'));
  });
}

/**
 * Whose window a request counts against: the user and the application of its token (API notes), so
 * every token of one user in one application shares one window; a personal access token counts
 * against its own application. A request without a valid token (answered 401) counts by address.
 */
function rateLimitKey(tokens: TokenStore, request: FastifyRequest): string {
  const grant = bearerGrant(tokens, request);
  return grant ? `user:${grant.userId} app:${grant.clientId}` : `address:${request.ip}`;
}

function bearerGrant(tokens: TokenStore, request: FastifyRequest) {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return token ? tokens.checkAccessToken(token).grant : undefined;
}

/** The request's grant for the log: its id only. */
function grantOf(tokens: TokenStore, request: FastifyRequest): string | null {
  return bearerGrant(tokens, request)?.id ?? null;
}

const API_PATH = /^\/(1\.0|2\.0|20\d\d-\d\d|Experimental)\//;

/**
 * A version-prefixed API request (the part faults and the rate limit apply to), read both as the
 * router reads it and fully decoded: a path parameter holding `%2F..` resolves, decoded, to some other
 * path, yet the router still answers it as an API request, so it must be counted like any other.
 */
function isApiRequest(url: string, decoded: string): boolean {
  const { version, rest } = routerPath(url);
  return API_PATH.test(decoded) || API_PATH.test(`/${version}${rest}`);
}

function sendError(reply: FastifyReply, error: ReturnType<typeof problem>) {
  return reply.code(error.status).headers(error.headers).type(error.contentType).send(error.body);
}
