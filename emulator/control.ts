import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { VirtualClock } from './clock.js';
import { sendProblem, sendValidation } from './http/problem.js';
import type { RequestLog } from './request-log.js';

/**
 * The control API under /__emulator/ (architecture page, Emulator): answers only to loopback
 * callers. This first cut has the clock and the request log; the full-emulator issue adds reset,
 * seeding and fault injection here.
 */
export function registerControlRoutes(app: FastifyInstance, deps: { clock: VirtualClock; requestLog: RequestLog; isLoopback: (ip: string) => boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/__emulator/') && !deps.isLoopback(request.socket.remoteAddress ?? '')) {
      return sendProblem(reply, 403, 'The control API answers only on loopback.');
    }
  });

  app.get('/__emulator/requests', async (request) => {
    const since = Number((request.query as { since?: string }).since ?? 0);
    return { items: deps.requestLog.list(Number.isFinite(since) ? since : 0) };
  });

  app.delete('/__emulator/requests', async (_request, reply) => {
    deps.requestLog.clear();
    return reply.code(204).send();
  });

  app.get('/__emulator/clock', async () => ({ now: deps.clock.now().toISOString() }));

  const Advance = z.object({ seconds: z.number().nonnegative().max(10 * 365 * 24 * 3600) }).strict();
  app.post('/__emulator/clock/advance', async (request, reply) => {
    const parsed = Advance.safeParse(request.body);
    if (!parsed.success) return sendValidation(reply, 400, { seconds: ['seconds must be a number from 0 to ten years.'] });
    return { now: deps.clock.advance(parsed.data.seconds * 1000).toISOString() };
  });
}
