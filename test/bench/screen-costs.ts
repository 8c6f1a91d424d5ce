import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/ipc/contract.js';
import { MIRROR_REFRESH_MS } from '../../electron/core/mirror/index.js';
import { createTestCore, emulatorControl, signIn } from '../support/test-core.js';

/**
 * Requests of the service's window each screen and action costs, counted in the emulator's own log
 * with the limit on as published (150 a minute), the calls made as the renderer makes them: Lot
 * exclusions, a lot's exclude and delete (with the refresh after them), the link dialog of an
 * unidentified receipt, a palette query for a command, an order's page shown, a receiving order's id
 * typed in the palette, an unknown scan. `SCREEN_COSTS_LEGACY=1`
 * makes the calls the renderer made before the account mirror (for the "before" column).
 */
type Core = Awaited<ReturnType<typeof createTestCore>>;
const LEGACY = process.env.SCREEN_COSTS_LEGACY === '1';

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

/** A code scanned or typed: the lookups the scan plan asks for a code of digits and letters, at once. */
async function lookUp(t: Core, code: string): Promise<void> {
  await Promise.all([
    call(t, 'inventory.lookup', { code }),
    call(t, 'receiving.lookup', { code, kinds: ['record-id', 'purchase-order', 'box-tracking'] }),
    call(t, 'returns.lookup', { referenceId: code }),
  ]);
}

/** Lot exclusions as the view opens it. */
async function openLotExclusions(t: Core): Promise<void> {
  if (LEGACY) {
    const { items } = await call(t, 'lotExclusion.candidates', {});
    for (const item of items) await call(t, 'lotExclusion.list', { inventoryId: item.inventoryId });
    return;
  }
  await (call as (t: Core, c: string, i: unknown) => Promise<unknown>)(t, 'lotExclusion.inForce', {});
}

/** A lot changed, then what the view does after it (before: a refresh sync of the whole cache). */
async function lotChange(t: Core, channel: 'lotExclusion.exclude' | 'lotExclusion.delete', lot: { inventoryId: number; lotNumber: string }): Promise<void> {
  await call(t, channel, lot);
  if (LEGACY) {
    const ended = t.events.filter((e) => e.event === 'inventory.syncStatus' && (e.payload as { state: string }).state === 'idle').length;
    await call(t, 'inventory.syncStart', { mode: 'refresh' });
    await t.inventorySyncsEnded(ended + 1, 120_000);
  }
  await call(t, 'lotExclusion.list', { inventoryId: lot.inventoryId });
  await call(t, 'inventory.item', { inventoryId: lot.inventoryId, live: true });
}

export async function benchScreenCosts(): Promise<Record<string, unknown>> {
  // The mirror as the app runs it (a sign-in starts it; a request a second); LEGACY: never started.
  const t = await createTestCore({ localEmulator: { rateLimit: { enabled: true, perMinute: 150 } }, ...(LEGACY ? {} : { mirror: {} }) });
  try {
    await signIn(t);
    await t.inventorySyncsEnded(1, 5 * 60_000);
    // The mirror's first pass from sign-in, and what it cost.
    const warming = performance.now();
    if (!LEGACY) await t.core.mirror.whenWarm();
    const warmMs = Math.round(performance.now() - warming);
    // The mirror's own requests: the lists and records it reads (the item cache's sync and the sign-in are not its).
    const mirrorPaths = /\/(receiving|return|unidentified-receiving-order|lot-exclusion)/;
    const firstPass = ((await emulatorControl(t, 'GET', '/requests')) as { items: { path: string }[] }).items.filter((r) => mirrorPaths.test(r.path)).length;
    const idleFrom = await lastSeq(t);
    if (!LEGACY) await t.core.mirror.refresh();
    const oneRefresh = LEGACY
      ? 0
      : (((await emulatorControl(t, 'GET', `/requests?since=${idleFrom}`)) as { items: { path: string }[] }).items ?? []).filter(
          (r) => !r.path.startsWith('/__emulator'),
        ).length;
    const orders = ((await emulatorControl(t, 'GET', '/data/receivingOrders')) as { items: { id: number }[] }).items;
    const inventory = (
      (await emulatorControl(t, 'GET', '/data/inventory')) as { items: { inventory_id: number; is_lot: boolean; lots: { lot_number: string }[] }[] }
    ).items;
    const excluded = (
      (await emulatorControl(t, 'GET', '/data/lotExclusions')) as { items: { inventory_id: number; lot_number: string; is_deleted: boolean }[] }
    ).items;
    const isExcluded = (id: number, lotNumber: string) => excluded.some((x) => x.inventory_id === id && x.lot_number === lotNumber && !x.is_deleted);
    const lotItem = inventory.find((i) => i.is_lot && i.lots.some((l) => !isExcluded(i.inventory_id, l.lot_number)))!;
    const receipts = await call(t, 'unidentified.list', { tab: 'unlinked', page: 1 });
    const [r1, r2] = receipts.items;
    const lot = { inventoryId: lotItem.inventory_id, lotNumber: lotItem.lots.find((l) => !isExcluded(lotItem.inventory_id, l.lot_number))!.lot_number };
    // Each view's first read as the renderer makes it (Inventory and Settings ask main nothing of the
    // service: the item cache and the desk's own settings).
    const today = new Date().toISOString().slice(0, 10);
    const openEachView = {
      today: await cost(t, () => call(t, 'today.page', { fc: null, today })),
      receivingList: await cost(t, () => call(t, 'receiving.list', { page: 1, limit: 100 })),
      unidentifiedList: await cost(t, () => call(t, 'unidentified.list', { tab: 'unlinked', page: 1 })),
      inventorySearch: await cost(t, () => call(t, 'inventory.search', { q: 'bar', offset: 0, limit: 50 })),
      lotExclusions: await cost(t, () => openLotExclusions(t)),
      returnsList: await cost(t, () => call(t, 'returns.list', { limit: 50, cursor: null })),
    };
    const perAction = {
      openLotExclusions: await cost(t, () => openLotExclusions(t)),
      // The Lot exclusions view polls while the mirror's first pass runs; once warm, one call to main.
      openLotExclusionsAgain: await cost(t, () => openLotExclusions(t)),
      openOneItemsLots: await cost(t, () => call(t, 'lotExclusion.list', { inventoryId: lotItem.inventory_id })),
      excludeALot: await cost(t, () => lotChange(t, 'lotExclusion.exclude', lot)),
      deleteAnExclusion: await cost(t, () => lotChange(t, 'lotExclusion.delete', lot)),
      linkDialogFirstOpen: await cost(t, async () => {
        await call(t, 'unidentified.get', { id: r1!.id });
        await call(t, 'unidentified.candidates', { id: r1!.id });
      }),
      linkDialogAnotherReceipt: await cost(t, async () => {
        await call(t, 'unidentified.get', { id: r2!.id });
        await call(t, 'unidentified.candidates', { id: r2!.id });
      }),
      // A palette query for a command: the record sources it asks as the clerk types (none answer it).
      paletteCommandQuery: await cost(t, async () => {
        await lookUp(t, 'theme');
        await call(t, 'returns.lookup', { trackingNumber: 'theme' });
        await call(t, 'unidentified.byCode', { code: 'theme', how: 'contains' });
        await call(t, 'inventory.search', { q: 'theme', offset: 0, limit: 8 });
      }),
      // An order's page shown (its order, quantities and, where held, boxes): before, the order read
      // from the service; now what the desk holds (the service is read behind, as before).
      orderPageShown: await cost(t, () =>
        LEGACY ? call(t, 'receiving.detail', { id: orders[7]!.id, contents: false }) : call(t, 'receiving.held', { id: orders[7]!.id }),
      ),
      listedOrderIdTyped: await cost(t, () => lookUp(t, String(orders[5]!.id))),
      unknownCodeScanned: await cost(t, () => lookUp(t, 'ZX-NOT-HERE-0042')),
    };
    return {
      legacyCalls: LEGACY,
      mirror: LEGACY
        ? null
        : { firstPassMs: warmMs, firstPassRequests: firstPass, oneIdleRefresh: oneRefresh, refreshesPerHour: 3_600_000 / MIRROR_REFRESH_MS },
      requestsToOpenEachView: openEachView,
      requestsPerAction: perAction,
    };
  } finally {
    await t.dispose();
  }
}

if (process.argv[1]?.endsWith('screen-costs.ts')) {
  benchScreenCosts().then(
    (r) => process.stdout.write(`${JSON.stringify(r, null, 2)}\n`),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
