import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/ipc/contract.js';
import { createTestCore, emulatorControl, signIn } from '../support/test-core.js';

/**
 * What receiving's scan lookups read of the service, from the emulator's own request log: a box
 * search that misses reads the open orders and the ten newest settled ones once, and then nothing
 * more; an order read to answer a scan is the one its detail view shows when it opens at once.
 */
type Core = Awaited<ReturnType<typeof createTestCore>>;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function call<C extends ChannelName>(t: Core, channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const r = await t.core.dispatch(channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`);
  return r.value as ChannelOutput<C>;
}

interface Logged {
  seq: number;
  method: string;
  path: string;
}
async function apiSince(t: Core, since: number): Promise<Logged[]> {
  const { items } = (await emulatorControl(t, 'GET', `/requests?since=${since}`)) as { items: Logged[] };
  return items.filter((r) => !r.path.startsWith('/__emulator'));
}
async function lastSeq(t: Core): Promise<number> {
  const { items } = (await emulatorControl(t, 'GET', '/requests')) as { items: Logged[] };
  return items.at(-1)?.seq ?? 0;
}

describe('receiving lookups made for a scan', () => {
  it('a box search that misses reads each order once; the next miss reads no boxes', async () => {
    // The limit is off: the first search reads about 70 orders' boxes, which is not what is measured.
    const t = await createTestCore({ localEmulator: { rateLimit: { enabled: false } } });
    cleanups.push(() => t.dispose());
    await signIn(t);
    const orders = (await emulatorControl(t, 'GET', '/data/receivingOrders')) as { items: { id: number; status: string }[] };
    const settled = orders.items.filter((o) => o.status === 'Completed' || o.status === 'Cancelled').length;
    const open = orders.items.length - settled;
    expect(settled).toBeGreaterThan(10);

    let from = await lastSeq(t);
    expect(await call(t, 'receiving.findBox', { trackingNumber: 'NO-SUCH-TRACKING' })).toEqual({ match: null });
    const first = (await apiSince(t, from)).filter((r) => r.path.endsWith('/boxes'));
    expect(first).toHaveLength(open + 10);

    from = await lastSeq(t);
    expect(await call(t, 'receiving.findBox', { boxId: 2147483000 })).toEqual({ match: null });
    expect((await apiSince(t, from)).filter((r) => r.path.endsWith('/boxes'))).toEqual([]);
  });

  it('an order read for a scan serves the detail opened right after it, once; later the detail reads it again', async () => {
    const t = await createTestCore({ localEmulator: { rateLimit: { enabled: false } } });
    cleanups.push(() => t.dispose());
    await signIn(t);
    const orders = (await emulatorControl(t, 'GET', '/data/receivingOrders')) as { items: { id: number }[] };
    const id = orders.items[0]!.id;
    const reads = async (from: number) => (await apiSince(t, from)).filter((r) => r.method === 'GET' && r.path.endsWith(`/receiving/${id}`)).length;

    let from = await lastSeq(t);
    const scanned = await call(t, 'receiving.get', { id });
    const detail = await call(t, 'receiving.detail', { id });
    expect(detail.order).toEqual(scanned);
    expect(await reads(from)).toBe(1);

    // The view's own refresh, and any later opening, read the service.
    from = await lastSeq(t);
    await call(t, 'receiving.detail', { id });
    expect(await reads(from)).toBe(1);
  });
});
