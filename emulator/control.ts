import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEMO_USER } from './auth/registry.js';
import type { RunningEnvironment } from './environment-types.js';
import { FaultConfig, PUBLISHED_PER_MINUTE } from './http/faults.js';
import { zodDictionary } from './http/errors.js';

/**
 * The control API under /__emulator/ (answers only on loopback; the guard is in environment.ts):
 * reset and seed, the virtual clock, fault injection, the rate limit, the request log, webhook
 * deliveries, and personal access tokens. `GET /__emulator/` lists it.
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

export const CONTROL_ENDPOINTS = [
  'GET    /__emulator/                      this list',
  'POST   /__emulator/reset                 {seed?, inventoryItems?, receivingOrders?, auth?} regenerate data (auth: also forget sign-ins)',
  'GET    /__emulator/clock                 the virtual time',
  'POST   /__emulator/clock/advance         {seconds} move time forward; due states move at once',
  'GET    /__emulator/faults                current fault injection',
  'PUT    /__emulator/faults                {latencyMs, errorRate, rateLimitRate, retryAfterSeconds, dropRate, malformedRate, dropResponseRate, includeAuth, seed}',
  'DELETE /__emulator/faults                no more faults',
  'GET    /__emulator/rate-limit            the limit per user and application (on, 150 a minute, by default)',
  'PUT    /__emulator/rate-limit            {enabled, perMinute?}',
  'GET    /__emulator/requests?since=N      request log (method, path, status, duration, fault)',
  'DELETE /__emulator/requests              clear the log',
  'GET    /__emulator/webhook-deliveries    every delivery with its attempts',
  'GET    /__emulator/pats                  personal access tokens (no values)',
  'POST   /__emulator/pats                  {name} create one; the token is shown only here',
  'DELETE /__emulator/pats/{id}             revoke one',
];

export function registerControlRoutes(app: FastifyInstance, env: RunningEnvironment): void {
  const invalid = (reply: import('fastify').FastifyReply, error: z.ZodError) => reply.code(400).send(zodDictionary(error));

  app.get('/__emulator/', async () => ({ environment: env.env, endpoints: CONTROL_ENDPOINTS }));

  app.post('/__emulator/reset', async (request, reply) => {
    const parsed = Reset.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    env.reset(parsed.data);
    const data = env.context.store.data;
    return { seed: data.seed, inventoryItems: data.inventory.length, receivingOrders: data.receivingOrders.length };
  });

  app.get('/__emulator/clock', async () => ({ now: env.clock.now().toISOString() }));
  app.post('/__emulator/clock/advance', async (request, reply) => {
    const parsed = Advance.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error);
    return { now: env.clock.advance(parsed.data.seconds * 1000).toISOString() };
  });

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

  app.get('/__emulator/rate-limit', async () => ({ enabled: env.rateLimiter.enabled, perMinute: env.rateLimiter.perMinute }));
  app.put('/__emulator/rate-limit', async (request, reply) => {
    const parsed = RateLimit.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error);
    env.rateLimiter.enabled = parsed.data.enabled;
    env.rateLimiter.perMinute = parsed.data.perMinute ?? PUBLISHED_PER_MINUTE;
    env.rateLimiter.reset();
    return { enabled: env.rateLimiter.enabled, perMinute: env.rateLimiter.perMinute };
  });

  app.get('/__emulator/requests', async (request) => {
    const since = Number((request.query as { since?: string }).since ?? 0);
    return { items: env.requestLog.list(Number.isFinite(since) ? since : 0) };
  });
  app.delete('/__emulator/requests', async (_request, reply) => {
    env.requestLog.clear();
    return reply.code(204).send();
  });

  app.get('/__emulator/webhook-deliveries', async () => ({ items: env.context.webhooks.log() }));

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
    if (!env.context.tokens.revokePat(id))
      return reply.code(404).send({ type: 'about:blank', title: 'Not Found', status: 404, detail: `No active personal access token ${id}.` });
    return reply.code(204).send();
  });
}
