import { createHmac, randomBytes } from 'node:crypto';
import { request } from 'undici';
import type { WebhookTopic } from '../../shared/schemas/webhooks.js';
import type { VirtualClock } from '../clock.js';
import type { EmulatorStore } from '../store.js';

/**
 * Webhook deliveries (spec 6, API notes): each event goes to every enabled subscription for its
 * topic, signed (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "{id}.{timestamp}.{body}">`), and a failed delivery is retried with exponential backoff (1, 2, 4 …
 * minutes of virtual time) until 24 hours after the event. Every attempt is in the delivery log.
 */
export const RETRY_WINDOW_MS = 24 * 3600_000;
export const FIRST_RETRY_MS = 60_000;
const ATTEMPT_TIMEOUT_MS = 10_000;

export interface DeliveryAttempt {
  at: string;
  status: number | null;
  error: string | null;
}

export interface Delivery {
  id: string;
  subscription_id: string;
  url: string;
  topic: WebhookTopic;
  payload: unknown;
  created_at: string;
  state: 'pending' | 'delivered' | 'failed';
  next_attempt_at: string | null;
  attempts: DeliveryAttempt[];
}

interface Pending extends Delivery {
  createdMs: number;
  nextMs: number | null;
  body: string;
  inFlight: boolean;
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export class WebhookDispatcher {
  private readonly deliveries: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly clock: VirtualClock,
    private readonly store: EmulatorStore,
  ) {}

  emit(topic: WebhookTopic, payload: unknown): void {
    for (const sub of this.store.data.webhooks) {
      if (!sub.enabled || !sub.topics.includes(topic)) continue;
      const now = this.clock.nowMs();
      this.deliveries.push({
        id: `msg_${randomBytes(12).toString('hex')}`,
        subscription_id: sub.id,
        url: sub.url,
        topic,
        payload,
        body: JSON.stringify(payload),
        created_at: new Date(now).toISOString(),
        createdMs: now,
        state: 'pending',
        nextMs: now,
        next_attempt_at: new Date(now).toISOString(),
        attempts: [],
        inFlight: false,
      });
    }
  }

  log(): Delivery[] {
    return this.deliveries.map(({ id, subscription_id, url, topic, payload, created_at, state, next_attempt_at, attempts }) => ({
      id,
      subscription_id,
      url,
      topic,
      payload,
      created_at,
      state,
      next_attempt_at,
      attempts: [...attempts],
    }));
  }

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), 25);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  clear(): void {
    this.deliveries.length = 0;
  }

  /** Sends every delivery that is due on the virtual clock. */
  async tick(): Promise<void> {
    const now = this.clock.nowMs();
    await Promise.all(this.deliveries.filter((d) => d.state === 'pending' && !d.inFlight && d.nextMs !== null && d.nextMs <= now).map((d) => this.attempt(d)));
  }

  private async attempt(d: Pending): Promise<void> {
    const sub = this.store.data.webhooks.find((w) => w.id === d.subscription_id);
    if (!sub || !sub.enabled) {
      d.state = 'failed';
      d.nextMs = null;
      d.next_attempt_at = null;
      return;
    }
    d.inFlight = true;
    const at = this.clock.now().toISOString();
    // The header timestamp is wall-clock time: receivers check it against their own clock.
    const timestamp = Math.floor(Date.now() / 1000);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await request(d.url, {
        method: 'POST',
        body: d.body,
        headers: {
          'content-type': 'application/json',
          'webhook-id': d.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(sub.secret, d.id, timestamp, d.body),
          'x-webhook-topic': d.topic,
        },
        headersTimeout: ATTEMPT_TIMEOUT_MS,
        bodyTimeout: ATTEMPT_TIMEOUT_MS,
      });
      status = res.statusCode;
      await res.body.dump();
    } catch (e) {
      error = (e as Error).message;
    }
    d.attempts.push({ at, status, error });
    d.inFlight = false;
    if (status !== null && status >= 200 && status < 300) {
      d.state = 'delivered';
      d.nextMs = null;
    } else {
      const next = this.clock.nowMs() + FIRST_RETRY_MS * 2 ** (d.attempts.length - 1);
      if (next > d.createdMs + RETRY_WINDOW_MS) {
        d.state = 'failed';
        d.nextMs = null;
      } else d.nextMs = next;
    }
    d.next_attempt_at = d.nextMs === null ? null : new Date(d.nextMs).toISOString();
  }
}
