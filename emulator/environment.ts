import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
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
import { variantRoutes } from './api/variants.js';
import { receivingRoutes } from './api/receiving.js';
import { returnRoutes } from './api/returns.js';
import { uroRoutes } from './api/uro.js';
import { webhookRoutes } from './api/webhooks.js';
import { createSigningKey, SigningKeyRecord, type SigningKey } from './auth/keys.js';
import { ClientRegistry, DEMO_USER, DOCKDESK_CLIENT } from './auth/registry.js';
import { registerAuthRoutes } from './auth/routes.js';
import { TokenStore, TokenStoreSnapshot } from './auth/tokens.js';
import type { EmulatorContext, EnvironmentName } from './context.js';
import { registerControlRoutes } from './control.js';
import { registerMediaRoutes } from './media.js';
import { DEFAULTS, generateData } from './data/generate.js';
import type { EmulatorData } from './data/model.js';
import { TransitionEngine } from './engine/transitions.js';
import { WebhookDispatcher } from './engine/webhooks.js';
import type { EnvironmentOptions, RunningEnvironment, SeedOptions } from './environment-types.js';
import { CursorCodec } from './http/cursor.js';
import { FaultInjector, RateLimiter } from './http/faults.js';
import { registerRequestHooks } from './http/hooks.js';
import { registerApiRoutes } from './http/router.js';
import { RequestLog } from './request-log.js';
import { coalescedSaver, writeJsonInSlices, type CoalescedSaver } from './state-saver.js';
import { EmulatorStore } from './store.js';

const PERSIST_DELAY_MS = 300;
const StateFile = z.object({ version: z.literal(1), seed: z.number() }).passthrough();

/** One environment's folder: where each file lives (null in memory), and the small files written one at a time. */
interface Folder {
  file(name: string): string | null;
  /** Writes a small file atomically, after the writes before it; a failure is logged, never thrown. */
  persist(name: string, value: () => unknown): void;
  /** Resolves when every write asked for so far is done. */
  settled(): Promise<void>;
  log(line: string): void;
}

async function openFolder(env: EnvironmentName, dataDir: string | null): Promise<Folder> {
  if (dataDir) await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const log = (line: string): void => {
    process.stderr.write(`emulator (${env}): ${line}\n`);
  };
  let writes: Promise<void> = Promise.resolve();
  const file = (name: string) => (dataDir ? join(dataDir, name) : null);
  return {
    file,
    log,
    persist(name, value) {
      const path = file(name);
      if (!path) return;
      writes = writes
        .then(() => writeJsonAtomic(path, value()))
        .catch((e: unknown) => {
          log(`could not save ${path}: ${(e as Error).message}`);
        });
    },
    settled: () => writes,
  };
}

/** Sign-ins saved in the folder, if readable (an unreadable file costs earlier sign-ins, not the start). */
async function openTokens(folder: Folder, clock: EnvironmentOptions['clock']): Promise<TokenStore> {
  const tokens = new TokenStore(clock, () => folder.persist('auth-state.json', () => tokens.snapshot()));
  const authFile = folder.file('auth-state.json');
  if (authFile) {
    const saved = await readJson(authFile, TokenStoreSnapshot);
    if (saved.kind === 'ok') tokens.restore(saved.value);
    else if (saved.kind === 'corrupt') folder.log(`ignoring unreadable ${authFile} (${saved.reason}); earlier sign-ins must sign in again`);
  }
  return tokens;
}

/** The data saved in the folder, or null to seed afresh. */
async function savedData(folder: Folder): Promise<EmulatorData | null> {
  const stateFile = folder.file('state.json');
  if (!stateFile) return null;
  const saved = await readJson(stateFile, StateFile);
  if (saved.kind === 'ok') return saved.value as unknown as EmulatorData;
  if (saved.kind === 'corrupt') folder.log(`ignoring unreadable ${stateFile} (${saved.reason}); starting from the seed`);
  return null;
}

/** The live data, saved back to the folder: large (200 MB at 100k items), so in slices and coalesced, never once per change. */
function openStore(folder: Folder, data: EmulatorData): { store: EmulatorStore; saver: CoalescedSaver } {
  const stateFile = folder.file('state.json');
  const saver = coalescedSaver(() => (stateFile ? writeJsonInSlices(stateFile, store.data as unknown as Record<string, unknown>) : Promise.resolve()), {
    delayMs: PERSIST_DELAY_MS,
    onError: (e) => folder.log(`could not save ${stateFile}: ${e.message}`),
  });
  const store = new EmulatorStore(data, () => {
    if (stateFile) saver.schedule();
  });
  return { store, saver };
}

export async function startEnvironment(options: EnvironmentOptions): Promise<RunningEnvironment> {
  const { env, clock } = options;
  const folder = await openFolder(env, options.dataDir);
  const tokens = await openTokens(folder, clock);
  const signingKey = await loadOrCreateKey(folder.file('signing-key.json'), env);
  const seedFrom = (o: SeedOptions): EmulatorData =>
    generateData({
      seed: o.seed ?? options.seed ?? DEFAULTS.seed,
      inventoryItems: o.inventoryItems ?? options.inventoryItems ?? DEFAULTS.inventoryItems,
      receivingOrders: o.receivingOrders ?? options.receivingOrders ?? DEFAULTS.receivingOrders,
      now: clock.now(),
    });
  const saved = await savedData(folder);
  const { store, saver } = openStore(folder, saved ?? seedFrom({}));
  const webhooks = new WebhookDispatcher(clock, store);
  const engine = new TransitionEngine(clock, store, webhooks, env);
  if (saved === null) engine.advanceSilently();

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
  const app = await createServer({ clock, tokens, faults, rateLimiter, requestLog, log: folder.log.bind(folder) }, context);

  const running: RunningEnvironment = {
    env,
    url: '',
    clock,
    requestLog,
    context,
    faults,
    rateLimiter,
    app,
    labelPrinter: options.labelPrinter ?? null,
    reset(o = {}) {
      store.replace(seedFrom(o));
      engine.advanceSilently();
      webhooks.clear();
      rateLimiter.reset();
      if (o.auth) tokens.clear();
    },
    async flush() {
      await saver.flush();
      await folder.settled();
    },
    close: async () => {
      webhooks.stop();
      await app.close();
      await running.flush();
    },
  };
  registerControlRoutes(app, running);
  baseUrl = await listen(app, options);
  running.url = baseUrl;
  keepTime(running, engine);
  return running;
}

/** The HTTP server with every hook and route but the control API's (which needs the running environment). */
async function createServer(parts: Parameters<typeof registerRequestHooks>[1], context: EmulatorContext): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024, forceCloseConnections: true });
  await app.register(formbody);
  // API notes, Receiving: create accepts application/json-patch+json too.
  app.addContentTypeParser('application/json-patch+json', { parseAs: 'string' }, app.getDefaultJsonParser('ignore', 'ignore'));
  registerRequestHooks(app, parts);
  registerAuthRoutes(app, context);
  registerMediaRoutes(app, context);
  registerApiRoutes(app, context, [
    ...channelRoutes,
    ...productRoutes,
    ...variantRoutes,
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
  return app;
}

async function listen(app: FastifyInstance, options: EnvironmentOptions): Promise<string> {
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('emulator: no TCP address after listen');
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${hostForUrl}:${address.port}`;
}

/** Time moves on its own too: due steps run at least once a second, and at once when the clock jumps. */
function keepTime(running: RunningEnvironment, engine: TransitionEngine): void {
  running.context.webhooks.start();
  const ticker = setInterval(() => engine.advance(), 1000);
  ticker.unref();
  const unsubscribe = running.clock.onAdvance(() => engine.advance());
  const close = running.close.bind(running);
  running.close = async () => {
    clearInterval(ticker);
    unsubscribe();
    await close();
  };
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
