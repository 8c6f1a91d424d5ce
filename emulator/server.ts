import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { readJson, writeJsonAtomic } from '../shared/node/json-file.js';
import { registerChannelRoutes, seedChannels } from './api/channel.js';
import { registerReceivingRoutes } from './api/receiving.js';
import { createSigningKey, SigningKeyRecord, type SigningKey } from './auth/keys.js';
import { ClientRegistry, DEMO_USER, DOCKDESK_CLIENT } from './auth/registry.js';
import { registerAuthRoutes } from './auth/routes.js';
import { TokenStore, TokenStoreSnapshot } from './auth/tokens.js';
import { VirtualClock } from './clock.js';
import type { EmulatorContext } from './context.js';
import { registerControlRoutes } from './control.js';
import { DEFAULT_SEED, generateSeed } from './data/seed.js';
import { sendProblem } from './http/problem.js';
import { RequestLog } from './request-log.js';

export interface EmulatorOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  seed?: number;
  inventoryItems?: number;
  receivingOrders?: number;
  clock?: VirtualClock;
  /** Where auth state (grants, signing key) persists across restarts; null keeps everything in memory. */
  dataDir?: string | null;
}

export interface RunningEmulator {
  /** Base URL of both the API host and the authorization host (one origin; paths do not overlap). */
  url: string;
  clock: VirtualClock;
  requestLog: RequestLog;
  context: EmulatorContext;
  app: FastifyInstance;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? new VirtualClock();
  const dataDir = options.dataDir ?? null;
  const authFile = dataDir ? join(dataDir, 'auth-state.json') : null;
  const keyFile = dataDir ? join(dataDir, 'signing-key.json') : null;
  if (dataDir) await mkdir(dataDir, { recursive: true, mode: 0o700 });

  let persistQueue: Promise<void> = Promise.resolve();
  const tokens = new TokenStore(clock, () => {
    if (!authFile) return;
    // Serialised so an older snapshot never lands after a newer one.
    persistQueue = persistQueue.then(() => writeJsonAtomic(authFile, tokens.snapshot())).catch((error: unknown) => {
      process.stderr.write(`emulator: could not save auth state to ${authFile}: ${(error as Error).message}\n`);
    });
  });
  if (authFile) {
    const saved = await readJson(authFile, TokenStoreSnapshot);
    if (saved.kind === 'ok') tokens.restore(saved.value);
    else if (saved.kind === 'corrupt') process.stderr.write(`emulator: ignoring unreadable ${authFile} (${saved.reason}); existing sign-ins must sign in again\n`);
  }

  const signingKey = await loadOrCreateKey(keyFile);
  const seed = generateSeed({
    seed: options.seed ?? DEFAULT_SEED.seed,
    inventoryItems: options.inventoryItems ?? DEFAULT_SEED.inventoryItems,
    receivingOrders: options.receivingOrders ?? DEFAULT_SEED.receivingOrders,
    now: clock.now(),
  });

  let baseUrl = '';
  const context: EmulatorContext = {
    clock,
    tokens,
    clients: new ClientRegistry([DOCKDESK_CLIENT]),
    users: [DEMO_USER],
    signingKey,
    data: seed,
    channels: seedChannels(),
    issuer: () => baseUrl,
  };

  const requestLog = new RequestLog();
  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024, forceCloseConnections: true });
  await app.register(formbody);

  app.addHook('onResponse', async (request, reply) => {
    requestLog.add({
      at: clock.now().toISOString(),
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
    });
  });
  app.setNotFoundHandler((request, reply) => sendProblem(reply, 404, `No such path: ${request.method} ${request.url.split('?')[0]}`));
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return sendProblem(reply, 400, `The request body is not valid JSON: ${error.message}`);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return sendProblem(reply, error.statusCode, error.message);
    process.stderr.write(`emulator: internal error: ${error.message}\n`);
    return sendProblem(reply, 500, 'The emulator failed to handle this request.');
  });

  registerAuthRoutes(app, context);
  registerChannelRoutes(app, context);
  registerReceivingRoutes(app, context);
  registerControlRoutes(app, { clock, requestLog, isLoopback: (ip) => LOOPBACK.has(ip) });

  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('emulator: no TCP address after listen');
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${hostForUrl}:${address.port}`;

  return {
    url: baseUrl,
    clock,
    requestLog,
    context,
    app,
    async close() {
      await app.close();
      await persistQueue;
    },
  };
}

async function loadOrCreateKey(keyFile: string | null): Promise<SigningKey> {
  if (keyFile) {
    const saved = await readJson(keyFile, SigningKeyRecord);
    if (saved.kind === 'ok') return saved.value as SigningKey;
  }
  const key = await createSigningKey(`emu-${Date.now().toString(36)}`);
  if (keyFile) await writeJsonAtomic(keyFile, key);
  return key;
}
