import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChannelOutput } from '../../shared/ipc/contract.js';
import { systemClock } from '../../electron/core/clock.js';
import { TodayDesk } from '../../areas/today/core/desk.js';
import { wordsIn } from '../../electron/core/words.js';
import { countDiffers, lotReceivedOtherwise, type RawBoxLine, type RawQuantity } from '../support/discrepancy-oracle.js';
import { createTestCore, emulatorControl, signIn } from '../support/test-core.js';

/**
 * Today's core through the core's own dispatch, against the real in-process emulator over HTTP:
 * what one refresh costs at the service, in which lane, and what stays when the service is gone.
 */
type Core = Awaited<ReturnType<typeof createTestCore>>;
type Summary = ChannelOutput<'today.summary'>;
type Logged = { method: string; path: string; status: number };

let t: Core;

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = await t.core.dispatch(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}
/** The service's requests in the emulator's log (its control calls left out). */
const requests = async () => ((await emulatorControl(t, 'GET', '/requests')) as { items: Logged[] }).items.filter((r) => !r.path.startsWith('/__emulator'));

/** Waits until the emulator has heard nothing for a while (the sign-in's inventory sync and first refresh done). */
async function quiet(): Promise<void> {
  let seen = -1;
  await vi.waitFor(
    async () => {
      const n = (await requests()).length;
      const unchanged = n === seen;
      seen = n;
      expect(unchanged, 'the emulator kept hearing requests').toBe(true);
    },
    { interval: 1500, timeout: 60_000 },
  );
}

beforeAll(async () => {
  t = await createTestCore({ inventoryRefreshMs: 0 });
  await signIn(t);
  await t.inventorySyncsEnded(1);
  await quiet();
}, 120_000);
afterAll(async () => {
  await t?.dispose();
});

describe('Today refresh', () => {
  it('costs one list call per source (open and closed receiving orders, unlinked receipts, returns awaiting arrival), all in the background lane', async () => {
    await emulatorControl(t, 'DELETE', '/requests');
    const background = t.core.environments.active.api.budget.state().backgroundLastMinute;
    const freshness = await call<ChannelOutput<'today.refresh'>>('today.refresh', { force: true });
    expect(freshness.problem).toBeNull();
    const log = await requests();
    const paths = log.map((r) => r.path.split('?')[0]!);
    const lists = ['/2026-07/receiving', '/2026-07/receiving', '/2026-07/return', '/2026-07/unidentified-receiving-order'].sort();
    // The first also reads, once, the boxes of each closed order whose counts agree and that holds a
    // lot item (a lot received under another expiry leaves the counts equal).
    const boxReads = paths.filter((p) => /^\/2026-07\/receiving\/\d+\/boxes$/.test(p));
    expect(new Set(boxReads).size).toBe(boxReads.length);
    expect(paths.filter((p) => !boxReads.includes(p)).sort()).toEqual(lists);
    expect(t.core.environments.active.api.budget.state().backgroundLastMinute - background).toBe(log.length);
    // Those boxes do not change while their orders stay closed and unchanged: the next refresh is the lists alone.
    await emulatorControl(t, 'DELETE', '/requests');
    await call('today.refresh', { force: true });
    expect((await requests()).map((r) => r.path.split('?')[0]!).sort()).toEqual(lists);
  }, 60_000);

  it('answers a second refresh asked moments later from the first, with no request', async () => {
    await emulatorControl(t, 'DELETE', '/requests');
    await call('today.refresh', {});
    expect(await requests()).toEqual([]);
  });

  it('counts what the service lists for the same questions', async () => {
    const summary = await call<Summary>('today.summary', { fc: null });
    const token = ((await emulatorControl(t, 'POST', '/pats', { name: 'today' })) as { token: string }).token;
    const get = async <T>(path: string) =>
      (await (await fetch(`${t.core.emulator.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
    const unlinked = await get<unknown[]>('/2026-07/unidentified-receiving-order?isCompleted=false');
    expect(summary.unlinked.count).toBe(unlinked.length);
    const arrived = await get<unknown[]>('/2026-07/receiving?Statuses=Arrived,PartiallyArrived,Processing&Limit=250');
    expect(summary.arrived.count).toBe(arrived.length);
    expect(summary.overdue.count).toBeGreaterThanOrEqual(3);
    expect(summary.expectedToday.count).toBeGreaterThanOrEqual(1);
    // Closed orders created in the tile's period (the desk's days) with any item received otherwise than expected.
    // Or with every count equal and a lot received under another lot or expiry than its box's line.
    type Closed = { id: number; inventory_quantities: RawQuantity[] | null };
    expect(summary.discrepancies.from).not.toBeNull();
    const [y, m, d] = summary.discrepancies.from!.split('-').map(Number) as [number, number, number];
    const since = new Date(new Date(y, m - 1, d).getTime() - 1).toISOString();
    const closed = await get<Closed[]>(`/2026-07/receiving?Statuses=Completed,Incomplete&InsertStartDate=${since}&Limit=250`);
    const differs = (w: Closed) => countDiffers(w.inventory_quantities);
    const lotDiffers = async (w: Closed) => lotReceivedOtherwise(await get<{ box_items: RawBoxLine[] }[]>(`/2026-07/receiving/${w.id}/boxes`));
    const differ = [];
    for (const w of closed) if (differs(w) || (await lotDiffers(w))) differ.push(w);
    expect(differ.filter(differs).length).toBeGreaterThan(0);
    expect(differ.some((w) => !differs(w))).toBe(true);
    expect(summary.discrepancies.count).toBe(differ.length);
    const ids = new Set(differ.map((w) => w.id));
    expect(summary.discrepancies.rows.every((r) => ids.has(r.orderId))).toBe(true);
  });

  it('a refresh the service fails: the problem is the error’s own sentence, said in German for the clerk', async () => {
    await emulatorControl(t, 'PUT', '/faults', { errorRate: 1, seed: 5 });
    let failed: ChannelOutput<'today.refresh'>;
    try {
      failed = await call<ChannelOutput<'today.refresh'>>('today.refresh', { force: true });
    } finally {
      await emulatorControl(t, 'DELETE', '/faults');
    }
    expect(failed.problem).toEqual({ id: 'errors.api.server' });
    const german = wordsIn('de').t as (id: string, values?: Record<string, string | number>) => string;
    expect(german(failed.problem!.id, failed.problem!.values)).toBe(
      'Beim Dienst ist ein Problem aufgetreten. Bitte gleich erneut versuchen; nichts ging verloren.',
    );
    const again = await call<ChannelOutput<'today.refresh'>>('today.refresh', { force: true });
    expect(again).toMatchObject({ problem: null });
  }, 60_000);

  it('offline: the last state with its time, and after a restart from the file on disk', async () => {
    const before = await call<Summary>('today.summary', { fc: null });
    await t.core.emulator.close();
    const freshness = await call<ChannelOutput<'today.refresh'>>('today.refresh', { force: true });
    expect(freshness.asOf).toBe(before.freshness.asOf);
    const after = await call<Summary>('today.summary', { fc: null });
    expect(after.overdue).toEqual(before.overdue);
    // A desk started afresh on the same data folder reads the same state back for the account.
    const scope = { environmentId: t.core.environments.active.env.id, subject: t.core.environments.active.session.getState().account!.subject };
    const restarted = new TodayDesk({
      dataDir: t.dataDir,
      scope: () => scope,
      signedIn: () => false,
      api: () => t.core.environments.active.api,
      connectivity: () => 'offline',
      outbox: async () => [],
      emit: () => {},
      log: () => {},
      clock: systemClock,
      refreshMs: 0,
    });
    expect((await restarted.snapshot())?.asOf).toBe(before.freshness.asOf);
    await restarted.close();
  }, 60_000);
});
