import { randomBytes } from 'node:crypto';
import { WebhookCreate } from '../../shared/schemas/webhooks.js';
import { newWebhookSecret } from '../engine/webhooks.js';
import { parseBody, problem, validation } from '../http/errors.js';
import type { RouteDef } from '../http/router.js';
import { V } from './versions.js';

/** Spec 6 and API notes, Webhooks: create (the secret is shown once), list, delete. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const webhookRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/webhook',
    versions: V.v2025on,
    scope: 'webhooks_write',
    channel: 'optional',
    handle: (req, ctx) => {
      const body = parseBody(WebhookCreate, req.body);
      const url = new URL(body.url);
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) throw validation(400, { url: ['url must be https (http is accepted on loopback only).'] });
      const record = { id: `wh_${randomBytes(10).toString('hex')}`, created_at: ctx.clock.now().toISOString(), description: body.description ?? null, enabled: true, topics: [...new Set(body.topics)], url: body.url, secret: newWebhookSecret() };
      ctx.store.data.webhooks.push(record);
      ctx.store.changed();
      const { enabled: _e, ...created } = record;
      return { status: 201, body: created };
    },
  },
  {
    method: 'GET',
    path: '/webhook',
    versions: V.v2025on,
    scope: 'webhooks_read',
    handle: (_req, ctx) => ({ body: { items: ctx.store.data.webhooks.map(({ secret: _s, ...w }) => w), next: null, prev: null } }),
  },
  {
    method: 'DELETE',
    path: '/webhook/{id}',
    versions: V.v2025on,
    scope: 'webhooks_write',
    handle: (req, ctx) => {
      const before = ctx.store.data.webhooks.length;
      ctx.store.data.webhooks = ctx.store.data.webhooks.filter((w) => w.id !== req.params.id);
      if (ctx.store.data.webhooks.length === before) throw problem(404, `Webhook subscription ${req.params.id} does not exist.`);
      ctx.store.changed();
      return { status: 204 };
    },
  },
];
