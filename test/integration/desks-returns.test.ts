import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReturnDraftInput } from '../../shared/schemas/return-draft.js';
import { deskOn, StoppableService, value, waitForEntry, type TestCore } from '../support/returns-desk.js';
import { postgresAvailability, startPostgres, type TestPostgres } from '../support/postgres.js';
import { lastingKeychain, sharingDesk as sharedDesk, storeSettings, stopDesks } from '../support/shared-store.js';

/**
 * Returns submitted at desks that share a store, against a standalone emulator over HTTP and a real
 * PostgreSQL server: each return reaches the service exactly once, whichever desk sends it, through
 * restarts of the store and a desk killed mid-work.
 */
const postgres = postgresAvailability();
if (!postgres.available) console.log(`desks-returns: skipped: ${postgres.reason}`);
let server: TestPostgres;
let service: StoppableService;
let items: { id: number; sku: string }[] = [];
let centerId = 0;
const cores: TestCore[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!postgres.available) return;
  [server, service] = await Promise.all([startPostgres(), StoppableService.start()]);
  const inventory = await service.emulator!.control.data('inventory');
  items = inventory
    .filter((i) => !i.is_digital && !i.is_bundle && !i.is_lot && i.is_active)
    .slice(0, 3)
    .map((i) => ({ id: i.inventory_id, sku: i.sku }));
  centerId = (await service.emulator!.control.data('fulfillmentCenters'))[0]!.id;
}, 90_000);
afterAll(() => stopDesks({ children, cores, service, server }));

async function sharingDesk(deskName: string, dataDir?: string, options: Parameters<typeof sharedDesk>[4] = {}): Promise<TestCore> {
  const t = await sharedDesk(service, server, deskName, dataDir, options);
  cores.push(t);
  return t;
}

/** A desk started again on its data folder, with the keychain it had (so the store's password is still there). */
async function deskOnAgain(dataDir: string, keychain: Parameters<typeof sharedDesk>[4]): Promise<TestCore> {
  const t = await deskOn(service, dataDir, keychain);
  cores.push(t);
  return t;
}

function aReturn(n: number): ReturnDraftInput {
  return {
    trackingNumber: `1ZDESKS${String(n).padStart(8, '0')}${Math.random().toString().slice(2, 6)}`,
    fulfillmentCenter: { id: centerId, name: null },
    lines: [{ inventoryId: items[n % items.length]!.id, sku: items[n % items.length]!.sku, quantity: 1 + (n % 3) }],
  };
}

async function submit(t: TestCore, n: number): Promise<string> {
  const draft = value<'drafts.save'>(await t.core.dispatch('drafts.save', { kind: 'return-intake', value: aReturn(n) }));
  return value<'returns.submit'>(await t.core.dispatch('returns.submit', { draftId: draft.id })).referenceId;
}

/** A desk in its own process, submitting `returns` one after another; `queued` grows as each reaches its outbox. */
async function deskProcess(
  deskName: string,
  returns: ReturnDraftInput[],
): Promise<{ child: ChildProcess; dataDir: string; queued: string[]; whenQueued: (n: number) => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-desk-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/desk-process.ts'], {
    env: {
      ...process.env,
      DOCKDESK_DESK: JSON.stringify({ dataDir, serviceUrl: service.url, token: service.token, store: storeSettings(server, deskName), returns }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const queued: string[] = [];
  const waiting: { n: number; resolve: () => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('queued ')) queued.push(line.slice('queued '.length));
    for (const w of waiting.filter((w) => queued.length >= w.n)) w.resolve();
  });
  const whenQueued = (n: number) => new Promise<void>((resolve) => (queued.length >= n ? resolve() : waiting.push({ n, resolve })));
  return { child, dataDir, queued, whenQueued };
}

describe.skipIf(!postgres.available)('returns through the store the desks share', () => {
  it('a return submitted at a desk sharing the store reaches the service once, and the desk says it was sent', async () => {
    const a = await sharingDesk('Desk A');
    const ref = await submit(a, 1);
    const sent = await waitForEntry(a, (e) => e.referenceId === ref && e.state === 'sent');
    const onService = await service.returnsWithReference(ref);
    expect(onService.map((r) => r.id)).toEqual([sent.returnId]);
  }, 60_000);

  it('40 returns submitted across three desks while the store restarts twice and one desk is killed (SIGKILL): the service holds each exactly once', async () => {
    const a = await sharingDesk('Desk A');
    const b = await sharingDesk('Desk B');
    // A slow service that now and then loses its answer after doing the work: sends are under way when
    // the desk is killed, and some creates land with no answer, so a retry must not create them twice.
    await service.control('PUT', '/faults', { latencyMs: 200, latencyMaxMs: 600, dropResponseRate: 0.1, seed: 50 });
    const c = await deskProcess(
      'Desk C',
      Array.from({ length: 20 }, (_, i) => aReturn(100 + i)),
    );
    const refs: string[] = [];
    const queuedAt = new Map<TestCore, string[]>([
      [a, []],
      [b, []],
    ]);
    for (let n = 0; n < 30; n++) {
      const at = n % 2 === 0 ? a : b;
      const ref = await submit(at, 200 + n);
      refs.push(ref);
      queuedAt.get(at)!.push(ref);
      if (n === 8 || n === 20) await server.restart();
    }
    await c.whenQueued(10);
    // Killed as its tenth return is queued, as a power cut would: some of its returns are being sent, some wait in the store.
    c.child.kill('SIGKILL');
    await new Promise((resolve) => c.child.once('exit', resolve));
    refs.push(...c.queued);
    // Started again later: what only it held (queued while the store restarted) goes out from it.
    await sharingDesk('Desk C', c.dataDir);
    expect(refs.length).toBeGreaterThanOrEqual(40);
    expect(new Set(refs).size).toBe(refs.length);

    // The killed desk's claims run out and the other desks send what it left in the store. Counted on
    // the emulator's own records: asking its API would spend the account's budget the desks share.
    const onService = async () => {
      const held = new Map<string, number>();
      for (const r of await service.emulator!.control.data('returns')) held.set(r.reference_id, (held.get(r.reference_id) ?? 0) + 1);
      return refs.map((ref) => [ref, held.get(ref) ?? 0] as const);
    };
    await vi.waitFor(
      async () => {
        const missing = (await onService()).filter(([, n]) => n === 0).map(([ref]) => ref);
        if (missing.length > 0) throw new Error(`not on the service yet: ${missing.join(', ')}`);
      },
      { timeout: 120_000, interval: 500 },
    );
    expect((await onService()).filter(([, n]) => n !== 1)).toEqual([]);
    await service.control('PUT', '/faults', { latencyMs: 0, latencyMaxMs: 0, dropResponseRate: 0 });
    // The desks that queued them say each one was sent (none came back to the drafts as refused).
    for (const [t, theirs] of queuedAt) {
      await vi.waitFor(
        async () => {
          const entries = value<'outbox.list'>(await t.core.dispatch('outbox.list', {})).entries;
          const sent = new Set(entries.filter((e) => e.state === 'sent').map((e) => e.referenceId));
          const open = theirs.filter((ref) => !sent.has(ref));
          if (open.length > 0)
            throw new Error(`not said to be sent: ${JSON.stringify(open.map((ref) => [ref, entries.find((e) => e.referenceId === ref)?.state ?? 'gone']))}`);
        },
        { timeout: 30_000, interval: 200 },
      );
      expect(value<'drafts.list'>(await t.core.dispatch('drafts.list', {})).items).toEqual([]);
    }
    // Through the store: every one it holds ends sent there, by one desk or another (a claim the
    // killed desk held passes on once its lease runs out).
    const store = new pg.Client({ ...server.config, user: server.config.role });
    await store.connect();
    try {
      const rows = async () =>
        (
          await store.query<{ key: string; state: string; by: string }>(
            'SELECT idempotency_key AS key, state, claimed_by AS by FROM outbox WHERE idempotency_key = ANY($1::text[])',
            [refs.map((r) => `return:${r}`)],
          )
        ).rows;
      // Those a desk queued while the store restarted (and until it was heard again) were sent by that desk alone; the rest through it.
      expect((await rows()).length).toBeGreaterThan(0);
      await vi.waitFor(async () => expect((await rows()).filter((r) => r.state !== 'sent')).toEqual([]), { timeout: 60_000, interval: 500 });
      expect(new Set((await rows()).map((r) => r.by)).size, 'desks that sent').toBeGreaterThanOrEqual(2);
    } finally {
      await store.end();
    }
  }, 240_000);

  it("the store away at a desk's start and for a while mid-work: both desks keep sending and say so; once it is back they share it again, each return held once", async () => {
    const keychain = lastingKeychain();
    const p = await sharingDesk('Desk P', undefined, keychain);
    const q = await sharingDesk('Desk Q');
    const pDir = p.dataDir;
    await p.dispose(false);
    cores.splice(cores.indexOf(p), 1);

    await server.takeDown();
    // P starts while the store is away: it says so, and works alone.
    const p2 = await deskOnAgain(pDir, keychain);
    expect(value<'desks.store.get'>(await p2.core.dispatch('desks.store.get', {}))).toMatchObject({
      state: 'unreachable',
      said: [{ id: 'errors.desks.unreachable' }],
    });
    const refs = [await submit(p2, 300), await submit(q, 301), await submit(p2, 302), await submit(q, 303)];
    // Q finds the store gone on its next use of it, and says so.
    expect(await q.waitForEvent('desks.store.changed', (v) => v.state === 'unreachable', 10_000)).toMatchObject({ said: [{ id: 'errors.desks.unreachable' }] });
    for (const [t, ref] of [
      [p2, refs[0]],
      [q, refs[1]],
      [p2, refs[2]],
      [q, refs[3]],
    ] as const)
      await waitForEntry(t, (e) => e.referenceId === ref && e.state === 'sent', 30_000);

    await server.bringBack();
    for (const t of [p2, q])
      await vi.waitFor(async () => expect(value<'desks.store.get'>(await t.core.dispatch('desks.store.get', {})).state).toBe('connected'), {
        timeout: 45_000,
        interval: 200,
      });
    // Shared again: the next return goes through the store.
    const after = await submit(q, 304);
    await waitForEntry(q, (e) => e.referenceId === after && e.state === 'sent', 30_000);
    const held = new Map<string, number>();
    for (const r of await service.emulator!.control.data('returns')) held.set(r.reference_id, (held.get(r.reference_id) ?? 0) + 1);
    expect([...refs, after].map((ref) => held.get(ref) ?? 0)).toEqual([1, 1, 1, 1, 1]);
    const store = new pg.Client({ ...server.config, user: server.config.role });
    await store.connect();
    try {
      const { rows } = await store.query<{ state: string }>('SELECT state FROM outbox WHERE idempotency_key = $1', [`return:${after}`]);
      expect(rows).toEqual([{ state: 'sent' }]);
    } finally {
      await store.end();
    }
  }, 180_000);
});
