import { randomBytes } from 'node:crypto';
import { topicsOf, WebhookCreate, type WebhookTopic } from '../../shared/schemas/webhooks.js';
import { newWebhookSecret } from '../engine/webhooks.js';
import { fieldPath, HttpError, problem } from '../http/errors.js';
import type { ApiRequest, RouteDef } from '../http/router.js';
import { V } from './versions.js';

/** Spec 6 and API notes, Webhooks: create (the secret is shown once), list, delete. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A refused subscription: 422 in the published error shape (an ObjectResult). That shape has no
 * field for a message, so the reason (the field and its complaint) travels in its `declared_type` string.
 */
function unprocessable(reason: string): HttpError {
  return new HttpError(422, { $type: 'UnprocessableEntityObjectResult', status_code: 422, declared_type: reason, content_types: [], value: null });
}

function parseCreate(req: ApiRequest) {
  const parsed = WebhookCreate.safeParse(req.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw unprocessable(`${fieldPath(issue.path)}: ${issue.message}`);
  }
  const known = topicsOf(req.version);
  const unknown = parsed.data.topics.filter((t) => !known.includes(t));
  if (unknown.length) throw unprocessable(`topics: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not a topic of version ${req.version}.`);
  return parsed.data;
}

/** A subscription as a version shows it: only the topics that version knows. */
function visibleTopics(topics: WebhookTopic[], version: string): WebhookTopic[] {
  const known = topicsOf(version);
  return topics.filter((t) => known.includes(t));
}

export const webhookRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/webhook',
    versions: V.v2025on,
    scope: 'webhooks_write',
    channel: 'optional',
    handle: (req, ctx) => {
      const body = parseCreate(req);
      const url = new URL(body.url);
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)))
        throw unprocessable('url: must be https (http is accepted on loopback only).');
      const record = {
        id: `wh_${randomBytes(10).toString('hex')}`,
        created_at: ctx.clock.now().toISOString(),
        description: body.description ?? null,
        enabled: true,
        topics: [...new Set(body.topics)],
        url: body.url,
        secret: newWebhookSecret(),
      };
      ctx.store.data.webhooks.push(record);
      ctx.store.changed();
      const { enabled: _e, ...created } = record;
      // As published: 200 with the subscription and its secret (shown only here).
      return { status: 200, body: created };
    },
  },
  {
    method: 'GET',
    path: '/webhook',
    versions: V.v2025on,
    scope: 'webhooks_read',
    handle: (req, ctx) => ({
      body: { items: ctx.store.data.webhooks.map(({ secret: _s, ...w }) => ({ ...w, topics: visibleTopics(w.topics, req.version) })), next: null, prev: null },
    }),
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
