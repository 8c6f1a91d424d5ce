import type { FastifyInstance } from 'fastify';
import type { Channel } from '../../shared/schemas/channel.js';
import type { EmulatorContext } from '../context.js';
import { authorize } from '../http/guard.js';
import { markDeprecation, type ApiVersion } from '../http/versions.js';
import { ALL_SCOPES } from '../auth/registry.js';

/** The account's channels (spec 2.1): the PAT-style channel with write scopes, and a read-only one. */
export function seedChannels(): Channel[] {
  const apiScopes = ALL_SCOPES.filter((s) => s !== 'offline_access' && s !== 'openid');
  return [
    { id: 7301, name: 'Dockdesk Warehouse Desk', application_name: 'Single-merchant application', scopes: [...apiScopes] },
    { id: 7302, name: 'Reporting (read-only)', application_name: 'Analytics Connector', scopes: apiScopes.filter((s) => s.endsWith('_read')) },
  ];
}

/** Spec 4.1: GET /{version}/channel under 2026-01 and 2026-07. */
export function registerChannelRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  for (const version of ['2026-01', '2026-07'] as const satisfies readonly ApiVersion[]) {
    app.get(`/${version}/channel`, async (request, reply) => {
      if (!authorize(ctx, request, reply, 'channels_read')) return reply;
      markDeprecation(reply, version);
      return { items: ctx.channels };
    });
  }
}
