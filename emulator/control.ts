import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DEMO_USER } from './auth/registry.js';
import { Receipt } from './engine/receipts.js';
import { DATA_COLLECTIONS, type DataCollection } from './control-types.js';
import type { RunningEnvironment } from './environment-types.js';
import { FaultConfig, PUBLISHED_PER_MINUTE } from './http/faults.js';
import { zodDictionary } from './http/errors.js';

/**
 * The control API under /__emulator/ (answers only on loopback; the guard is in environment.ts):
 * reset and seed, the virtual clock, fault injection, the rate limit, the request log, webhook
 * deliveries, personal access tokens, and the stored data for tests that check or arrange what the
 * service holds behind the desk's back. `GET /__emulator/` lists it. Tests reach it through one typed
 * client, control-client.ts, so the emulator can run in another thread or process.
 */
const Reset = z
  .object({
    seed: z.number().int().min(0).optional(),
    inventoryItems: z.number().int().min(1).max(100_000).optional(),
    receivingOrders: z.number().int().min(0).max(100_000).optional(),
    auth: z.boolean().optional(),
  })
  .strict();
const Advance = z
  .object({
    seconds: z
      .number()
      .nonnegative()
      .max(10 * 365 * 24 * 3600),
  })
  .strict();
const RateLimit = z.object({ enabled: z.boolean(), perMinute: z.number().int().min(1).max(100_000).optional() }).strict();
const Pat = z.object({ name: z.string().min(1).max(100) }).strict();
const PrinterCondition = z
  .object({ paperOut: z.boolean(), ribbonOut: z.boolean(), headOpen: z.boolean(), paused: z.boolean(), unreachable: z.boolean() })
  .partial()
  .strict();
/** A stored record a test arranges: the emulator's own shape, found by its id. */
const Records = z
  .object({
    items: z
      .array(z.object({ id: z.number().int() }).passthrough())
      .min(1)
      .max(10_000),
  })
  .strict();
const ARRANGEABLE = ['channels', 'receivingOrders', 'orders', 'returns'] as const satisfies readonly DataCollection[];
type Arrangeable = (typeof ARRANGEABLE)[number];
/** Inventory records are replaced in place only (an item changed behind the desk's back); they are keyed by inventory_id. */
const REPLACEABLE = [...ARRANGEABLE, 'inventory'] as const satisfies readonly DataCollection[];
type Replaceable = (typeof REPLACEABLE)[number];
const keyOf = (collection: Replaceable): 'id' | 'inventory_id' => (collection === 'inventory' ? 'inventory_id' : 'id');

export const CONTROL_ENDPOINTS = [
  'GET    /__emulator/                      this list',
  'POST   /__emulator/reset                 {seed?, inventoryItems?, receivingOrders?, auth?} regenerate data (auth: also forget sign-ins)',
  'POST   /__emulator/flush                 {} write the state to the data folder now',
  'GET    /__emulator/clock                 the virtual time',
  'POST   /__emulator/clock/advance         {seconds} move time forward; due states move at once',
  'GET    /__emulator/faults                current fault injection',
  'PUT    /__emulator/faults                {latencyMs, latencyMaxMs, errorRate, rateLimitRate, retryAfterSeconds, dropRate, malformedRate, dropResponseRate, includeAuth, seed}',
  'DELETE /__emulator/faults                no more faults',
  'GET    /__emulator/rate-limit            the limit per user and application (on, 150 a minute, by default), windows kept',
  'PUT    /__emulator/rate-limit            {enabled, perMinute?}',
  'GET    /__emulator/requests?since=N      request log (method, path, query, status, duration, fault)',
  'DELETE /__emulator/requests              clear the log',
  'GET    /__emulator/webhook-deliveries    every delivery with its attempts',
  'GET    /__emulator/pats                  personal access tokens (no values)',
  'POST   /__emulator/pats                  {name} create one; the token is shown only here',
  'DELETE /__emulator/pats/{id}             revoke one',
  'GET    /__emulator/data                  {seed, nextId, generation} of the stored data (generation: seedings so far)',
  `GET    /__emulator/data/{collection}     the stored records of one of: ${DATA_COLLECTIONS.join(', ')}`,
  `POST   /__emulator/data/{collection}     {items} add stored records (ids unused so far) to one of: ${ARRANGEABLE.join(', ')}`,
  `PUT    /__emulator/data/{collection}/{id}  a stored record in place of the one with this id (${REPLACEABLE.join(', ')}; inventory by inventory_id)`,
  'POST   /__emulator/receiving/{id}/receive  {boxes: [{boxId, received?, lines?: [{inventoryId, lotNumber?, received, stowed?, receivedLotNumber?, receivedExpiry?}]}], close?} the warehouse counts boxes (short, over, another lot or expiry, a box never came)',
  'GET    /__emulator/label-printer         {host, port, condition, kept} of the emulated label printer (raw ZPL; answers ~HS); kept: jobs, bytes, limits',
  'PUT    /__emulator/label-printer         {paperOut?, ribbonOut?, headOpen?, paused?, unreachable?} what is wrong with it; held labels print once nothing is',
  'GET    /__emulator/label-printer/jobs    the jobs kept, the last 100 within 16 MiB (id, receivedAt, bytes, zpl, state printed or held)',
  'DELETE /__emulator/label-printer/jobs    forget the jobs',
];

const notFound = (reply: FastifyReply, detail: string) => reply.code(404).send({ type: 'about:blank', title: 'Not Found', status: 404, detail });
const invalid = (reply: FastifyReply, error: z.ZodError) => reply.code(400).send(zodDictionary(error));

export function registerControlRoutes(app: FastifyInstance, env: RunningEnvironment): void {
  app.get('/__emulator/', async () => ({ environment: env.env, endpoints: CONTROL_ENDPOINTS }));
  registerSeedRoutes(app, env);
  registerClockRoutes(app, env);
  registerFaultRoutes(app, env);
  registerLogRoutes(app, env);
  registerPatRoutes(app, env);
  registerDataRoutes(app, env);
  registerLabelPrinterRoutes(app, env);
  registerReceivingRoutes(app, env);
}

function registerReceivingRoutes(app: FastifyInstance, env: RunningEnvironment): void {
  app.post('/__emulator/receiving/:id/receive', async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    const wro = env.context.store.wro(id);
    if (!wro) return notFound(reply, `No receiving order ${(request.params as { id: string }).id}.`);
    const parsed = Receipt.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error);
    const refused = env.context.engine.receiveByHand(wro, parsed.data, env.clock.nowMs());
    if (refused) return reply.code(409).send({ type: 'about:blank', title: 'Conflict', status: 409, detail: refused });
    return wro;
  });
}

function registerSeedRoutes(app: FastifyInstance, env: RunningEnvironment): void {
  app.post('/__emulator/reset', async (request, reply) => {
    const parsed = Reset.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    env.reset(parsed.data);
    const data = env.context.store.data;
    return { seed: data.seed, inventoryItems: data.inventory.length, receivingOrders: data.receivingOrders.length };
  });
  app.post('/__emulator/flush', async (_request, reply) => {
    await env.flush();
    return reply.code(204).send();
  });
}

function registerClockRoutes(app: FastifyInstance, env: RunningEnvironment): void {
  app.get('/__emulator/clock', async () => ({ now: env.clock.now().toISOString() }));
  app.post('/__emulator/clock/advance', async (request, reply) => {
    const parsed = Advance.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error);
    return { now: env.clock.advance(parsed.data.seconds * 1000).toISOString() };
  });
}

function registerFaultRoutes(app: FastifyInstance, env: RunningEnvironment): void {
  app.get('/__emulator/faults', async () => env.faults.get());
  app.put('/__emulator/faults', async (request, reply) => {
    const parsed = FaultConfig.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    return env.faults.set(parsed.data);
  });
  app.delete('/__emulator/faults', async (_request, reply) => {
    env.faults.clear();
    return reply.code(204).send();
  });

  app.get('/__emulator/rate-limit', async () => ({
    enabled: env.rateLimiter.enabled,
    perMinute: env.rateLimiter.perMinute,
    windowsKept: env.rateLimiter.windowsKept(env.clock.flowingNowMs()),
  }));
  app.put('/__emulator/rate-limit', async (request, reply) => {
    const parsed = RateLimit.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error);
    env.rateLimiter.enabled = parsed.data.enabled;
    env.rateLimiter.perMinute = parsed.data.perMinute ?? PUBLISHED_PER_MINUTE;
    env.rateLimiter.reset();
    return { enabled: env.rateLimiter.enabled, perMinute: env.rateLimiter.perMinute };
  });
}

function registerLogRoutes(app: FastifyInstance, env: RunningEnvironment): void {
  app.get('/__emulator/requests', async (request) => {
    const since = Number((request.query as { since?: string }).since ?? 0);
    return { items: env.requestLog.list(Number.isFinite(since) ? since : 0) };
  });
  app.delete('/__emulator/requests', async (_request, reply) => {
    env.requestLog.clear();
    return reply.code(204).send();
  });
  app.get('/__emulator/webhook-deliveries', async () => ({ items: env.context.webhooks.log() }));
}

function registerPatRoutes(app: FastifyInstance, env: RunningEnvironment): void {
  app.get('/__emulator/pats', async () => ({ items: env.context.tokens.listPats() }));
  app.post('/__emulator/pats', async (request, reply) => {
    const parsed = Pat.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error);
    // Spec 5.1: a PAT grants the write channel's scopes (all API scopes but offline_access and openid).
    const channel = env.context.store.data.channels.find((c) => c.scopes.some((s) => s.endsWith('_write')));
    const created = env.context.tokens.createPat(DEMO_USER.id, parsed.data.name, channel?.scopes ?? []);
    return reply.code(201).send({ id: created.id, name: parsed.data.name, token: created.token });
  });
  app.delete('/__emulator/pats/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!env.context.tokens.revokePat(id)) return notFound(reply, `No active personal access token ${id}.`);
    return reply.code(204).send();
  });
}

function registerDataRoutes(app: FastifyInstance, env: RunningEnvironment): void {
  const store = () => env.context.store;
  app.get('/__emulator/data', async () => ({ seed: store().data.seed, nextId: store().data.nextId, generation: store().generation }));
  app.get('/__emulator/data/:collection', async (request, reply) => {
    const { collection } = request.params as { collection: string };
    if (!DATA_COLLECTIONS.includes(collection as DataCollection))
      return notFound(reply, `No collection ${collection}; the emulator stores ${DATA_COLLECTIONS.join(', ')}.`);
    return { items: store().data[collection as DataCollection] };
  });
  app.post('/__emulator/data/:collection', async (request, reply) => {
    const collection = arrangeable((request.params as { collection: string }).collection);
    if (!collection) return notFound(reply, `Records can be added to ${ARRANGEABLE.join(', ')} only.`);
    const parsed = Records.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error);
    const records = store().data[collection] as { id: number }[];
    const taken = parsed.data.items.find((r) => records.some((s) => s.id === r.id));
    if (taken) return reply.code(409).send({ type: 'about:blank', title: 'Conflict', status: 409, detail: `${collection} already holds id ${taken.id}.` });
    records.push(...parsed.data.items);
    store().reindex();
    store().changed();
    return reply.code(201).send({ added: parsed.data.items.length });
  });
  app.put('/__emulator/data/:collection/:id', async (request, reply) => {
    const params = request.params as { collection: string; id: string };
    const collection = (REPLACEABLE as readonly string[]).includes(params.collection) ? (params.collection as Replaceable) : null;
    if (!collection) return notFound(reply, `Records can be replaced in ${REPLACEABLE.join(', ')} only.`);
    const key = keyOf(collection);
    const record = z
      .object({ [key]: z.number().int() })
      .passthrough()
      .safeParse(request.body);
    if (!record.success || record.data[key] !== Number(params.id))
      return reply.code(400).send({ type: 'about:blank', title: 'Bad Request', status: 400, detail: `Send the whole record, with ${key} ${params.id}.` });
    const records = store().data[collection] as Record<string, unknown>[];
    const at = records.findIndex((r) => r[key] === Number(params.id));
    if (at < 0) return notFound(reply, `No ${collection} record ${params.id}.`);
    records[at] = record.data;
    store().reindex();
    store().changed();
    return records[at];
  });
}

function arrangeable(collection: string): Arrangeable | null {
  return (ARRANGEABLE as readonly string[]).includes(collection) ? (collection as Arrangeable) : null;
}

function registerLabelPrinterRoutes(app: FastifyInstance, env: RunningEnvironment): void {
  const printer = (reply: FastifyReply) => {
    if (env.labelPrinter) return env.labelPrinter;
    // The reply is sent here; the route returns it as it is.
    void notFound(reply, 'This emulator runs no label printer: start it with --label-printer-port <n> (0 for any free port).');
    return null;
  };
  app.get('/__emulator/label-printer', async (_request, reply) => {
    const p = printer(reply);
    return p ? { host: p.host, port: p.port, condition: p.condition(), kept: p.kept() } : reply;
  });
  app.put('/__emulator/label-printer', async (request, reply) => {
    const p = printer(reply);
    if (!p) return reply;
    const parsed = PrinterCondition.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    return { host: p.host, port: p.port, condition: p.setCondition(parsed.data), kept: p.kept() };
  });
  app.get('/__emulator/label-printer/jobs', async (_request, reply) => {
    const p = printer(reply);
    return p ? { items: p.jobs() } : reply;
  });
  app.delete('/__emulator/label-printer/jobs', async (_request, reply) => {
    const p = printer(reply);
    if (!p) return reply;
    p.clearJobs();
    return reply.code(204).send();
  });
}
