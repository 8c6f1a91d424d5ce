import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readJson, writeJsonAtomic } from '../shared/node/json-file.js';
import { billingRoutes } from './api/billing.js';
import { channelRoutes } from './api/channel.js';
import { inventoryRoutes } from './api/inventory.js';
import { lotRoutes } from './api/lots.js';
import { orderRoutes } from './api/orders.js';
import { shipmentRoutes } from './api/shipments.js';
import { referenceRoutes } from './api/reference.js';
import { productRoutes } from './api/products.js';
import { receivingRoutes } from './api/receiving.js';
import { returnRoutes } from './api/returns.js';
import { uroRoutes } from './api/uro.js';
import { webhookRoutes } from './api/webhooks.js';
import { createSigningKey, SigningKeyRecord, type SigningKey } from './auth/keys.js';
import { ClientRegistry, DEMO_USER, DOCKDESK_CLIENT } from './auth/registry.js';
import { registerAuthRoutes } from './auth/routes.js';
import { TokenStore, TokenStoreSnapshot } from './auth/tokens.js';
import type { EmulatorContext, EnvironmentName } from './context.js';
import type { EnvironmentOptions, RunningEnvironment, SeedOptions } from './environment-types.js';
import { registerControlRoutes } from './control.js';
import { DEFAULTS, generateData } from './data/generate.js';
import type { EmulatorData } from './data/model.js';
import { TransitionEngine } from './engine/transitions.js';
import { WebhookDispatcher } from './engine/webhooks.js';
import { CursorCodec } from './http/cursor.js';
import { problem } from './http/errors.js';
import { FaultInjector, RateLimiter, rateLimitBody, type Fault } from './http/faults.js';
import { decodedPath, hasForeignOrigin, isControlRequest, isJsonBody, isLoopbackHost } from './http/local-only.js';
import { registerApiRoutes } from './http/router.js';
import { RequestLog } from './request-log.js';
import { coalescedSaver, writeJsonInSlices } from './state-saver.js';
import { EmulatorStore } from './store.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const PERSIST_DELAY_MS = 300;
const StateFile = z.object({ version: z.literal(1), seed: z.number() }).passthrough();

/**
 * Whose window a request counts against: the user and the application of its token (API notes), so
 * every token of one user in one application shares one window; a personal access token counts
 * against its own application. A request without a valid token (answered 401) counts by address.
 */
function rateLimitKey(tokens: TokenStore, request: FastifyRequest): string {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const grant = token ? tokens.checkAccessToken(token).grant : undefined;
  return grant ? `user:${grant.userId} app:${grant.clientId}` : `address:${request.ip}`;
}

/** A version-prefixed API path (the part faults and the rate limit apply to). */
function isApiPath(path: string): boolean {
  return /^\/(1\.0|2\.0|20\d\d-\d\d|Experimental)\//.test(path);
}

export async function startEnvironment(options: EnvironmentOptions): Promise<RunningEnvironment> {
  const { env, clock, dataDir } = options;
  if (dataDir) await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = (name: string) => (dataDir ? join(dataDir, name) : null);
  const log = (line: string): void => {
    process.stderr.write(`emulator (${env}): ${line}\n`);
  };

  // Persistence: the (small) auth state is written atomically, one write at a time; the data below.
  let writes: Promise<void> = Promise.resolve();
  const persist = (name: string, value: () => unknown) => {
    const path = file(name);
    if (!path) return;
    writes = writes
      .then(() => writeJsonAtomic(path, value()))
      .catch((e: unknown) => {
        log(`could not save ${path}: ${(e as Error).message}`);
      });
  };

  const tokens = new TokenStore(clock, () => persist('auth-state.json', () => tokens.snapshot()));
  const authFile = file('auth-state.json');
  if (authFile) {
    const saved = await readJson(authFile, TokenStoreSnapshot);
    if (saved.kind === 'ok') tokens.restore(saved.value);
    else if (saved.kind === 'corrupt') log(`ignoring unreadable ${authFile} (${saved.reason}); earlier sign-ins must sign in again`);
  }
  const signingKey = await loadOrCreateKey(file('signing-key.json'), env);

  const seedFrom = (o: SeedOptions): EmulatorData =>
    generateData({
      seed: o.seed ?? options.seed ?? DEFAULTS.seed,
      inventoryItems: o.inventoryItems ?? options.inventoryItems ?? DEFAULTS.inventoryItems,
      receivingOrders: o.receivingOrders ?? options.receivingOrders ?? DEFAULTS.receivingOrders,
      now: clock.now(),
    });

  let data: EmulatorData | null = null;
  const stateFile = file('state.json');
  if (stateFile) {
    const saved = await readJson(stateFile, StateFile);
    if (saved.kind === 'ok') data = saved.value as unknown as EmulatorData;
    else if (saved.kind === 'corrupt') log(`ignoring unreadable ${stateFile} (${saved.reason}); starting from the seed`);
  }
  const fresh = data === null;
  // The data is large (200 MB at 100k items): saved in slices and coalesced, never once per change.
  const dataSaver = coalescedSaver(() => (stateFile ? writeJsonInSlices(stateFile, store.data as unknown as Record<string, unknown>) : Promise.resolve()), {
    delayMs: PERSIST_DELAY_MS,
    onError: (e) => log(`could not save ${stateFile}: ${e.message}`),
  });
  const store = new EmulatorStore(data ?? seedFrom({}), () => {
    if (stateFile) dataSaver.schedule();
  });
  const webhooks = new WebhookDispatcher(clock, store);
  const engine = new TransitionEngine(clock, store, webhooks, env);
  if (fresh) engine.advanceSilently();

  let baseUrl = '';
  const context: EmulatorContext = {
    env,
    clock,
    tokens,
    clients: new ClientRegistry([DOCKDESK_CLIENT]),
    users: [DEMO_USER],
    signingKey,
    store,
    engine,
    webhooks,
    cursors: new CursorCodec(),
    issuer: () => baseUrl,
  };

  const requestLog = new RequestLog();
  const faults = new FaultInjector();
  const rateLimiter = new RateLimiter(options.rateLimit);
  const injected = new WeakMap<FastifyRequest, Fault>();

  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024, forceCloseConnections: true });
  const listeningPort = (): number => {
    const address = app.server.address();
    return address && typeof address === 'object' ? address.port : -1;
  };
  await app.register(formbody);
  // API notes, Receiving: create accepts application/json-patch+json too.
  app.addContentTypeParser('application/json-patch+json', { parseAs: 'string' }, app.getDefaultJsonParser('ignore', 'ignore'));

  app.addHook('onRequest', async (request, reply) => {
    // Decoded as the router decodes it, so an encoded path meets the same limit and faults as its plain form.
    const path = decodedPath(request.url);
    if (isControlRequest(request)) {
      if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return sendError(reply, problem(403, 'The control API answers only on loopback.'));
      if (!isLoopbackHost(request.headers.host, listeningPort()))
        return sendError(
          reply,
          problem(
            403,
            `The control API answers only to Host 127.0.0.1:${listeningPort()} (or localhost, [::1]); this request named ${request.headers.host ?? 'no host'}.`,
          ),
        );
      if (hasForeignOrigin(request))
        return sendError(reply, problem(403, `The control API refuses requests from web pages of other origins (Origin: ${request.headers.origin}).`));
      if ((request.method === 'POST' || request.method === 'PUT' || request.method === 'PATCH') && !isJsonBody(request))
        return sendError(
          reply,
          problem(415, 'Control API writes take a JSON body: send Content-Type: application/json (an empty object {} where nothing else is needed).'),
        );
      return;
    }
    if (faults.applies(path) && (isApiPath(path) || path.startsWith('/connect/') || path.startsWith('/.well-known/'))) {
      if (faults.latencyMs > 0) await sleep(faults.latencyMs);
      const fault = faults.decide();
      if (fault) injected.set(request, fault);
      if (fault === 'drop') {
        requestLog.add({ at: clock.now().toISOString(), method: request.method, path, status: 0, durationMs: 0, fault });
        request.raw.socket.destroy();
        return reply.hijack();
      }
      if (fault === '5xx') return sendError(reply, problem(503, 'Injected fault: the service is unavailable. Retry later.'));
      if (fault === '429')
        return reply
          .code(429)
          .headers({ 'x-retry-after': String(faults.retryAfterSeconds), 'x-remaining-calls': '0' })
          .send(rateLimitBody(faults.retryAfterSeconds));
    }
    if (rateLimiter.enabled && isApiPath(path)) {
      const verdict = rateLimiter.check(rateLimitKey(tokens, request), Date.now());
      reply.header('x-remaining-calls', String(verdict.remaining));
      if (verdict.retryAfter !== null) {
        injected.set(request, '429');
        return reply.code(429).header('x-retry-after', String(verdict.retryAfter)).send(rateLimitBody(verdict.retryAfter));
      }
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const fault = injected.get(request);
    if (fault === 'malformed' && typeof payload === 'string') return payload.slice(0, Math.max(1, Math.floor(payload.length / 2)));
    if (fault === 'drop-response') {
      // The request was carried out; its answer never arrives.
      requestLog.add({
        at: clock.now().toISOString(),
        method: request.method,
        path: request.url.split('?')[0] ?? '/',
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 100) / 100,
        fault,
      });
      request.raw.socket.destroy();
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (injected.get(request) === 'drop-response') return; // logged in onSend
    requestLog.add({
      at: clock.now().toISOString(),
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
      fault: injected.get(request) ?? null,
    });
  });

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

  registerAuthRoutes(app, context);
  registerApiRoutes(app, context, [
    ...channelRoutes,
    ...productRoutes,
    ...orderRoutes,
    ...shipmentRoutes,
    ...referenceRoutes,
    ...receivingRoutes,
    ...uroRoutes,
    ...inventoryRoutes,
    ...billingRoutes,
    ...returnRoutes,
    ...lotRoutes,
    ...webhookRoutes,
  ]);

  const running: RunningEnvironment = {
    env,
    url: '',
    clock,
    requestLog,
    context,
    faults,
    rateLimiter,
    app,
    reset(o = {}) {
      store.replace(seedFrom(o));
      engine.advanceSilently();
      webhooks.clear();
      rateLimiter.reset();
      if (o.auth) tokens.clear();
    },
    async flush() {
      await dataSaver.flush();
      await writes;
    },
    async close() {
      webhooks.stop();
      await app.close();
      await running.flush();
    },
  };
  registerControlRoutes(app, running);

  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('emulator: no TCP address after listen');
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${hostForUrl}:${address.port}`;
  running.url = baseUrl;
  webhooks.start();
  // Time moves on its own too: due steps run at least once a second, and at once when the clock jumps.
  const ticker = setInterval(() => engine.advance(), 1000);
  ticker.unref();
  const unsubscribe = clock.onAdvance(() => engine.advance());
  const close = running.close.bind(running);
  running.close = async () => {
    clearInterval(ticker);
    unsubscribe();
    await close();
  };
  return running;
}

function sendError(reply: import('fastify').FastifyReply, error: ReturnType<typeof problem>) {
  return reply.code(error.status).headers(error.headers).type(error.contentType).send(error.body);
}

async function loadOrCreateKey(keyFile: string | null, env: EnvironmentName): Promise<SigningKey> {
  if (keyFile) {
    const saved = await readJson(keyFile, SigningKeyRecord);
    if (saved.kind === 'ok') return saved.value;
  }
  const key = await createSigningKey(`${env}-${Date.now().toString(36)}`);
  if (keyFile) await writeJsonAtomic(keyFile, key);
  return key;
}
