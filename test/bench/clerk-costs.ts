import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/ipc/contract.js';
import { createTestCore, emulatorControl, signIn } from '../support/test-core.js';

/**
 * What each clerk action costs in requests of the service's window, counted in the emulator's own
 * log with the limit on as published (150 a minute), the calls made as the renderer makes them; and
 * the busy-clerk scenario: receiving orders and cached items opened alternately by scan for a
 * minute, one every 1.5 s, the clerk staying on each long enough for the page's later reads (an
 * order's boxes, an item's live figures) to go: opens in the minute, the slowest, whether any waited.
 */
type Core = Awaited<ReturnType<typeof createTestCore>>;
const BUSY_MS = 60_000;
/** A clerk's pace in the busy minute: 40 records a minute. */
const EVERY_MS = 1_500;
/** How long the pages wait before their later reads (receiving/queries.ts, inventory/queries.ts). */
const STAY_MS = 1_000;

async function call<C extends ChannelName>(t: Core, channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const r = await t.core.dispatch(channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`);
  return r.value as ChannelOutput<C>;
}

async function lastSeq(t: Core): Promise<number> {
  const { items } = (await emulatorControl(t, 'GET', '/requests')) as { items: { seq: number }[] };
  return items.at(-1)?.seq ?? 0;
}

/** The requests `work` makes, from the emulator's log. */
async function cost(t: Core, work: () => Promise<unknown>): Promise<number> {
  const from = await lastSeq(t);
  await work();
  const { items } = (await emulatorControl(t, 'GET', `/requests?since=${from}`)) as { items: { path: string }[] };
  return items.filter((r) => !r.path.startsWith('/__emulator')).length;
}

/** A scan of an order's id: the lookups the scan plan asks (item cache, orders, returns by reference), at once. */
async function scanOrderId(t: Core, id: number): Promise<void> {
  const code = String(id);
  await Promise.all([
    call(t, 'inventory.lookup', { code }),
    call(t, 'receiving.lookup', { code, kinds: ['record-id', 'purchase-order', 'box-tracking'] }),
    call(t, 'returns.lookup', { referenceId: code }),
  ]);
}

async function openOrder(t: Core, id: number): Promise<void> {
  await scanOrderId(t, id);
  await call(t, 'receiving.detail', { id, contents: false });
}

async function openItem(t: Core, sku: string, inventoryId: number): Promise<void> {
  await call(t, 'inventory.lookup', { code: sku });
  await call(t, 'inventory.item', { inventoryId });
}

export async function benchClerkCosts(): Promise<Record<string, unknown>> {
  // The account mirror at the app's pace, warmed before anything is counted (its first pass: screenCosts).
  const t = await createTestCore({ localEmulator: { rateLimit: { enabled: true, perMinute: 150 } }, mirror: { auto: false } });
  try {
    await signIn(t);
    await t.inventorySyncsEnded(1, 5 * 60_000);
    await t.core.mirror.whenWarm();
    const orders = ((await emulatorControl(t, 'GET', '/data/receivingOrders')) as { items: { id: number }[] }).items;
    const inventory = (
      (await emulatorControl(t, 'GET', '/data/inventory')) as { items: { inventory_id: number; sku: string; is_lot: boolean }[] }
    ).items.filter((i) => !/^\d+$/.test(i.sku));
    const lot = inventory.find((i) => i.is_lot)!;
    const plain = inventory.find((i) => !i.is_lot)!;
    const [a, b, c] = orders;

    const perAction = {
      // The order's page shows at once from the order (read by the scan); boxes and distributions once the clerk stays.
      openOrderByScan: await cost(t, () => openOrder(t, a!.id)),
      orderBoxesAndDistributionsWhenTheClerkStays: await cost(t, () => call(t, 'receiving.detail', { id: a!.id })),
      openOrderFromTheList: await cost(t, () => call(t, 'receiving.detail', { id: b!.id, contents: false })),
      scanOfAnOrderId: await cost(t, () => scanOrderId(t, c!.id)),
      openCachedItemByScan: await cost(t, () => openItem(t, plain.sku, plain.inventory_id)),
      itemLiveReadWhenTheClerkStays: await cost(t, () => call(t, 'inventory.item', { inventoryId: plain.inventory_id, live: true })),
      lotItemLiveReadWhenTheClerkStays: await cost(t, () => call(t, 'inventory.item', { inventoryId: lot.inventory_id, live: true })),
      lotItemLiveReadAgainWithinFiveMinutes: await cost(t, () => call(t, 'inventory.item', { inventoryId: lot.inventory_id, live: true })),
      // The Lot exclusions view's "in force" list, from the account mirror (its own fill: screenCosts).
      lotExclusionsView: await cost(t, () => call(t, 'lotExclusion.inForce', {})),
      todayRefresh: await cost(t, () => call(t, 'today.refresh', { force: true })),
    };

    // Into a fresh minute of the window, so the busy minute starts as a clerk's day would.
    await new Promise((r) => setTimeout(r, 61_000));
    const items = inventory.slice(0, 200);
    const from = await lastSeq(t);
    const started = performance.now();
    let opens = 0;
    let slowest = 0;
    let waited = false;
    const sampler = setInterval(() => {
      if (t.core.environments.active.api.budget.state().waiting.interactive > 0) waited = true;
    }, 2);
    while (performance.now() - started < BUSY_MS) {
      const i = Math.floor(opens / 2);
      const at = performance.now();
      const order = orders[i % orders.length]!;
      const item = items[i % items.length]!;
      if (opens % 2 === 0) await openOrder(t, order.id);
      else await openItem(t, item.sku, item.inventory_id);
      slowest = Math.max(slowest, performance.now() - at);
      opens++;
      await new Promise((r) => setTimeout(r, STAY_MS - (performance.now() - at)));
      if (opens % 2 === 1) await call(t, 'receiving.detail', { id: order.id });
      else await call(t, 'inventory.item', { inventoryId: item.inventory_id, live: true });
      await new Promise((r) => setTimeout(r, Math.max(0, EVERY_MS - (performance.now() - at))));
    }
    clearInterval(sampler);
    const { items: sent } = (await emulatorControl(t, 'GET', `/requests?since=${from}`)) as { items: { path: string; status: number }[] };
    const api = sent.filter((r) => !r.path.startsWith('/__emulator'));
    return {
      requestsPerAction: perAction,
      busyClerkAt150: {
        opensInAMinute: opens,
        slowestOpenMs: Math.round(slowest),
        anyOpenWaitedForTheBudget: waited,
        requests: api.length,
        answered429: api.filter((r) => r.status === 429).length,
      },
    };
  } finally {
    await t.dispose();
  }
}
