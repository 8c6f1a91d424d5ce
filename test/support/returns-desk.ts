import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';
import type { ChannelName, ChannelOutput } from '../../shared/ipc/contract.js';
import type { OutboxEntryView } from '../../shared/schemas/outbox.js';
import { createTestCore } from './test-core.js';

/**
 * A desk against a service that can be stopped and started again: a standalone emulator keeping its
 * state in a folder (so a restart on the same port is the same service), a core whose custom
 * environment points at it, signed in with a personal access token.
 */
export type TestCore = Awaited<ReturnType<typeof createTestCore>>;

export class StoppableService {
  emulator: RunningEmulator | null = null;
  port = 0;
  token = '';

  private constructor(
    readonly dataDir: string,
    private readonly inventoryItems?: number,
  ) {}

  /** `inventoryItems`: how many items the seeded warehouse holds (the emulator's default when absent). */
  static async start(options: { inventoryItems?: number } = {}): Promise<StoppableService> {
    const service = new StoppableService(await mkdtemp(join(tmpdir(), 'dockdesk-service-')), options.inventoryItems);
    await service.up();
    const res = await fetch(`${service.url}/__emulator/pats`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'desk' }),
    });
    service.token = ((await res.json()) as { token: string }).token;
    return service;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    this.emulator = await startEmulator({
      port: this.port,
      dataDir: this.dataDir,
      ...(this.inventoryItems !== undefined ? { inventoryItems: this.inventoryItems } : {}),
    });
    this.port = Number(new URL(this.emulator.url).port);
  }

  async down(): Promise<void> {
    await this.emulator?.close();
    this.emulator = null;
  }

  async control(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.url}/__emulator${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return text ? (JSON.parse(text) as unknown) : null;
  }

  /** The service's own answer: every return with this reference id (as any integration would ask). */
  async returnsWithReference(referenceId: string): Promise<
    {
      id: number;
      reference_id: string;
      status: string;
      inventory: { id: number; quantity: number; lot_information?: { number: string | null }; action_requested: { action: string; action_type: string } }[];
    }[]
  > {
    const res = await fetch(`${this.url}/2026-07/return?ReferenceIds=${encodeURIComponent(referenceId)}`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    if (res.status !== 200) throw new Error(`return list answered ${res.status}`);
    return ((await res.json()) as { items: never[] }).items;
  }
}

export function value<C extends ChannelName>(result: { ok: boolean; value?: unknown; error?: { message: string } }): ChannelOutput<C> {
  if (!result.ok) throw new Error(`call failed: ${result.error?.message}`);
  return result.value as ChannelOutput<C>;
}

/** A core on its own data folder whose active environment is `service`, signed in with its token. */
export async function deskOn(service: StoppableService, dataDir?: string, options: Parameters<typeof createTestCore>[0] = {}): Promise<TestCore> {
  const t = await createTestCore({ ...options, ...(dataDir ? { dataDir } : {}), outboxRetry: { firstMs: 200, maxMs: 1000 } });
  const existing = value<'environments.list'>(await t.core.dispatch('environments.list', {})).items.find((e) => e.name === 'Desk service');
  const env =
    existing ??
    value<'environments.save'>(await t.core.dispatch('environments.save', { name: 'Desk service', apiBaseUrl: service.url, authUrl: null, clientId: null }));
  value(await t.core.dispatch('environments.activate', { id: env.id }));
  const state = value<'auth.signInWithToken'>(await t.core.dispatch('auth.signInWithToken', { token: service.token }));
  if (!state.channel) throw new Error('no write channel after sign-in');
  return t;
}

/** Polls the outbox until an entry satisfies the predicate. */
export async function waitForEntry(t: TestCore, predicate: (e: OutboxEntryView) => boolean, timeoutMs = 20_000): Promise<OutboxEntryView> {
  return await vi.waitFor(
    async () => {
      const list = value<'outbox.list'>(await t.core.dispatch('outbox.list', {}));
      const hit = list.entries.find(predicate);
      if (!hit) throw new Error(`outbox never reached the state; entries: ${JSON.stringify(list.entries.map((e) => [e.state, e.said]))}`);
      return hit;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/** What a desk's write tests take from the service's seeded warehouse: ordinary items to return, a digital one it refuses, a center. */
export interface ReturnableStock {
  plain: { id: number; sku: string }[];
  digital: { id: number; sku: string };
  centerId: number;
}

/** `count` ordinary items (active, not digital, bundled or lot-tracked), a digital item and the first center, as the service holds them. */
export async function returnableStock(service: StoppableService, count: number): Promise<ReturnableStock> {
  const inventory = await service.emulator!.control.data('inventory');
  const plain = inventory
    .filter((i) => !i.is_digital && !i.is_bundle && !i.is_lot && i.is_active)
    .slice(0, count)
    .map((i) => ({ id: i.inventory_id, sku: i.sku }));
  const d = inventory.find((i) => i.is_digital)!;
  const centerId = (await service.emulator!.control.data('fulfillmentCenters'))[0]!.id;
  return { plain, digital: { id: d.inventory_id, sku: d.sku }, centerId };
}
