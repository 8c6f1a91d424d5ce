import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrackingReceivedPayload } from '../../shared/schemas/webhooks.js';
import type { RunningEmulator } from '../../emulator/server.js';
import { emulatorWithPat } from '../support/emulator-client.js';

/** A webhook receiver on loopback that verifies signatures the way the API notes describe. */
interface Received {
  headers: Record<string, string>;
  body: string;
  verified: boolean;
}

function verify(secret: string, headers: Record<string, string>, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest();
  const given = Buffer.from((headers['webhook-signature'] ?? '').replace(/^v1,/, ''), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function receiver(failFirst: number, secret: () => string): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ headers, body, verified: verify(secret(), headers, body) });
      res.writeHead(received.length <= failFirst ? 500 : 200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received };
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

function waitFor<T>(what: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 5000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await what();
      if (!value) throw new Error('timed out waiting');
      return value;
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

type Delivery = { topic: string; state: string; next_attempt_at: string | null; attempts: { at: string; status: number | null }[] };

describe('webhook deliveries', () => {
  it('retries a failing receiver with exponential backoff until it succeeds, with a signature it can verify', async () => {
    const { emu, api, control } = await emulatorWithPat();
    let secret = '';
    const hook = await receiver(3, () => secret);
    cleanup.push(
      () => emu.close(),
      () => new Promise((r) => hook.server.close(() => r())),
    );

    const sub = await api.call('POST', '/2026-07/webhook', {
      body: { topics: ['order.shipment.tracking_received'], url: hook.url, description: 'test receiver' },
    });
    expect(sub.status).toBe(200);
    secret = (sub.body as { secret: string }).secret;
    expect(secret).toMatch(/^whsec_/);
    const listed = await api.get<{ items: Record<string, unknown>[] }>('/2026-07/webhook');
    expect(listed.items[0]).not.toHaveProperty('secret');

    // A shipment from location 33 in the sandbox: shipping it emits tracking_received (spec 6.4).
    const orders = await api.get<{ id: number; shipments: { id: number; status: string; location: { id: number } }[] }[]>('/2.0/order?Limit=250');
    const shipment = orders.flatMap((o) => o.shipments).find((s) => s.location.id === 33 && ['Processing', 'None', 'LabeledCreated'].includes(s.status))!;
    expect(shipment).toBeDefined();
    await api.call('POST', '/2026-01/simulate/shipment', { body: { shipment_id: shipment.id } });
    await control('POST', '/clock/advance', { seconds: 3600 });

    const deliveries = async () =>
      ((await control('GET', '/webhook-deliveries')).body as { items: Delivery[] }).items.filter((d) => d.topic === 'order.shipment.tracking_received');
    await waitFor(() => hook.received.length >= 1 && true);
    // Failures 2 and 3 come 1 and 2 minutes (virtual) after the one before.
    for (const minutes of [1, 2, 4]) {
      const before = hook.received.filter((r) => r.headers['x-webhook-topic'] === 'order.shipment.tracking_received').length;
      await control('POST', '/clock/advance', { seconds: minutes * 60 - 1 });
      // Still pending, with the retry due after the clock's now; the attempts' times below show none went early.
      const [pending] = await deliveries();
      const { now } = (await control('GET', '/clock')).body as { now: string };
      expect(pending, `no retry before ${minutes} min`).toMatchObject({ state: 'pending', attempts: { length: before } });
      expect(Date.parse(pending!.next_attempt_at!)).toBeGreaterThan(Date.parse(now));
      expect(hook.received.filter((r) => r.headers['x-webhook-topic'] === 'order.shipment.tracking_received').length, `no retry before ${minutes} min`).toBe(
        before,
      );
      await control('POST', '/clock/advance', { seconds: 1 });
      await waitFor(() => hook.received.filter((r) => r.headers['x-webhook-topic'] === 'order.shipment.tracking_received').length === before + 1);
    }
    const [log] = await deliveries();
    expect(log!.state).toBe('delivered');
    expect(log!.attempts.map((a) => a.status)).toEqual([500, 500, 500, 200]);
    // Whole minutes: an attempt starts a dispatcher tick (milliseconds) after it is due.
    const gapsMs = log!.attempts.slice(1).map((a, i) => Date.parse(a.at) - Date.parse(log!.attempts[i]!.at));
    expect(gapsMs.map((ms) => Math.round(ms / 60_000))).toEqual([1, 2, 4]);
    // None early: each retry on the virtual clock at least its whole backoff after the attempt before.
    gapsMs.forEach((ms, i) => expect(ms).toBeGreaterThanOrEqual([1, 2, 4][i]! * 60_000));

    const tracking = hook.received.filter((r) => r.headers['x-webhook-topic'] === 'order.shipment.tracking_received');
    expect(tracking.every((r) => r.verified)).toBe(true);
    // Every attempt is the same message: same id, same body.
    expect(new Set(tracking.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const payload = JSON.parse(tracking[3]!.body) as unknown;
    expect(TrackingReceivedPayload.strict().parse(payload)).toMatchObject({ order_id: expect.any(Number), tracking: { carrier: 'USPS' } });
    // A tampered body would not verify.
    expect(verify(secret, tracking[3]!.headers, tracking[3]!.body.replace('USPS', 'UPSS'))).toBe(false);
  });

  it('gives up after 24 hours of failures', async () => {
    const { emu, api, control } = await emulatorWithPat();
    const hook = await receiver(Number.POSITIVE_INFINITY, () => '');
    cleanup.push(
      () => emu.close(),
      () => new Promise((r) => hook.server.close(() => r())),
    );
    await api.call('POST', '/2026-07/webhook', { body: { topics: ['receiving.created'], url: hook.url } });
    const items = await api.get<{ items: { inventory_id: number; is_lot: boolean; variant: { is_bundle: boolean; is_digital: boolean } }[] }>(
      '/2026-07/inventory?PageSize=100',
    );
    const item = items.items.find((i) => !i.is_lot && !i.variant.is_bundle && !i.variant.is_digital)!;
    await api.call('POST', '/2026-07/receiving', {
      body: {
        fulfillment_center: { id: 3 },
        package_type: 'Package',
        box_packaging_type: 'OneSkuPerBox',
        boxes: [{ box_items: [{ inventory_id: item.inventory_id, quantity: 1 }] }],
        expected_arrival_date: new Date((await emu.control.now()) + 7 * 86_400_000).toISOString(),
      },
    });
    const delivery = async () => ((await control('GET', '/webhook-deliveries')).body as { items: Delivery[] }).items[0];
    // Step the clock through the backoff schedule (1, 2, 4 … minutes), letting each attempt happen.
    for (let i = 0; i < 14; i++) {
      const attempts = (await delivery())?.attempts.length ?? 0;
      await waitFor(async () => ((await delivery())?.attempts.length ?? 0) > attempts || ((await delivery())?.state === 'failed' && 'done'));
      await control('POST', '/clock/advance', { seconds: 2 ** i * 60 });
    }
    const log = await waitFor(async () => {
      const d = await delivery();
      return d?.state === 'failed' ? d : undefined;
    });
    const [first, ...rest] = log.attempts;
    expect(rest.length).toBeGreaterThan(5);
    expect(Date.parse(rest[rest.length - 1]!.at) - Date.parse(first!.at)).toBeLessThanOrEqual(24 * 3600_000);
  });
});

export type { RunningEmulator };
