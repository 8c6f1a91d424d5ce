import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deskScopeDir } from '../../electron/core/data/desk-paths.js';
import { listLotExclusions } from '../../areas/lots/core/index.js';
import { excludeLot } from '../../areas/lots/core/resources.js';
import { LOT_READS_PER_REFRESH, MIRROR_FILE, type MirrorState } from '../../electron/core/mirror/index.js';
import { getReceivingBoxes, listAllReceivingOrders } from '../../areas/receiving/core/index.js';
import { listAllReturns } from '../../areas/returns/core/index.js';
import { listReceipts } from '../../areas/unidentified/core/index.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { apiRequestsSince, createTestCore, emulatorControl, lastRequestSeq, signIn, type TestCore } from '../support/test-core.js';

/**
 * The account mirror against the real emulator: filled once, it equals the service's records; it
 * comes back from disk after a restart at no request, starts over from the service after a corrupt
 * file, and after a day of changes on the service (the emulator's clock advanced, records added,
 * another desk's exclusion and link) a day's refreshes bring it level again.
 */
const cleanups = cleanupsAfterEach();
const byId = <T extends { id: number }>(xs: readonly T[]) => [...xs].sort((a, b) => a.id - b.id);

/** A core on the data folder (a new one when none is given), closed once after the test or when the test closes it. */
async function started(dataDir?: string): Promise<TestCore & { close: () => Promise<void> }> {
  const t = await createTestCore({ ...(dataDir ? { dataDir } : {}), mirror: { auto: false, refreshMs: 0, paceMs: 0 } });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await t.dispose(false);
  };
  cleanups.push(close);
  if (!dataDir) cleanups.unshift(() => rm(t.dataDir, { recursive: true, force: true }));
  await signIn(t);
  await t.inventorySyncsEnded(1, 120_000);
  return { ...t, close };
}

function mirrorPath(t: TestCore): string {
  const subject = t.core.environments.active.session.getState().account!.subject;
  return join(deskScopeDir(t.dataDir, { environmentId: t.core.environments.active.env.id, subject }), MIRROR_FILE);
}

/** The service's records as the mirror keeps them, read whole (what the mirror must equal). */
async function serviceRecords(t: TestCore, lotItems: number[]) {
  const api = t.core.environments.active.api;
  const orders = await listAllReceivingOrders(api, { limit: 250 });
  const boxes: Record<string, (string | null)[]> = {};
  for (const o of orders.filter((o) => o.status !== 'Completed' && o.status !== 'Cancelled'))
    boxes[o.id] = (await getReceivingBoxes(api, o.id)).map((b) => b.tracking_number ?? null);
  const receipts = [];
  for (let page = 1; ; page++) {
    const r = await listReceipts(api, { linked: false, page });
    receipts.push(...r.items);
    if (!r.hasNext) break;
  }
  const lots: Record<string, unknown> = {};
  for (const id of lotItems) lots[id] = (await listLotExclusions(api, { inventoryId: id })).lot_exclusions;
  return { orders: byId(orders), returns: byId(await listAllReturns(api, { limit: 250 })), receipts: byId(receipts), boxes, lots };
}

function held(state: MirrorState, openOrders: readonly number[]) {
  return {
    orders: byId(state.orders),
    returns: byId(state.returns),
    receipts: byId(state.receipts),
    boxes: Object.fromEntries(openOrders.map((id) => [id, state.boxes[id]?.boxes.map((b) => b.tracking) ?? null])),
    lots: Object.fromEntries(Object.values(state.lots).map((l) => [l.inventoryId, l.exclusions])),
  };
}

async function expectLevelWithService(t: TestCore): Promise<void> {
  const state = await t.core.mirror.state();
  const service = await serviceRecords(t, Object.keys(state.lots).map(Number));
  expect(held(state, Object.keys(service.boxes).map(Number))).toEqual(service);
}

describe('the account mirror', () => {
  it('fills from the service once, then answers from disk after a restart and refills after a corrupt file', async () => {
    const t = await started();
    const from = await lastRequestSeq(t);
    await t.core.mirror.refresh();
    const fill = await apiRequestsSince(t, from);
    const state = await t.core.mirror.state();
    expect(state.orders.length).toBeGreaterThan(0);
    expect(Object.keys(state.lots).length).toBeGreaterThan(0);
    // Every lot-tracked item once, every open order's boxes once, a list request or two per part.
    expect(fill.filter((r) => r.path.includes('/lot-exclusion')).length).toBe(Object.keys(state.lots).length);
    await expectLevelWithService(t);
    const filled = structuredClone(state);

    // A restart reads the file: the same records, no request.
    const dataDir = t.dataDir;
    await t.close();
    const again = await started(dataDir);
    const afterRestart = await lastRequestSeq(again);
    expect(await again.core.mirror.state()).toEqual(filled);
    expect(await apiRequestsSince(again, afterRestart)).toEqual([]);

    // Both generations spoiled: the mirror starts empty, says so in the log, and one pass refills it.
    const path = mirrorPath(again);
    await again.close();
    for (const file of [path, `${path}.prev`]) {
      const bytes = await readFile(file);
      bytes.writeUInt8(bytes.readUInt8(bytes.length - 3) ^ 0xff, bytes.length - 3);
      await writeFile(file, bytes);
    }
    const third = await started(dataDir);
    expect((await third.core.mirror.state()).orders).toEqual([]);
    expect(third.logs.some((l) => l.startsWith('mirror:'))).toBe(true);
    await third.core.mirror.refresh();
    await expectLevelWithService(third);
  }, 240_000);

  it('after a day of changes on the service, a day of refreshes makes it equal the service again', async () => {
    const t = await started();
    await t.core.mirror.refresh();
    const api = t.core.environments.active.api;
    const state = await t.core.mirror.state();

    // Another desk's changes: an exclusion made and a receipt linked; records added on the service.
    const lotItem = Object.values(state.lots).find((l) => l.exclusions.length === 0)!;
    const inventory = ((await emulatorControl(t, 'GET', '/data/inventory')) as { items: { inventory_id: number; lots: { lot_number: string }[] }[] }).items;
    const lot = inventory.find((i) => i.inventory_id === lotItem.inventoryId)!.lots[0]!;
    await excludeLot(api, { inventory_id: lotItem.inventoryId, lot_number: lot.lot_number }, t.core.environments.active.session.getState().channel!.id);
    const { now } = (await emulatorControl(t, 'GET', '/clock')) as { now: string };
    const orders = (await emulatorControl(t, 'GET', '/data/receivingOrders')) as { items: Record<string, unknown>[] };
    const newest = Math.max(...orders.items.map((o) => o.id as number));
    await emulatorControl(t, 'POST', '/data/receivingOrders', {
      items: [{ ...orders.items.at(-1)!, id: newest + 1, status: 'Awaiting', insert_date: now, last_updated_date: now, status_history: [] }],
    });
    // A day on the emulator's clock: orders arrive and close, returns move on.
    await emulatorControl(t, 'POST', '/clock/advance', { seconds: 24 * 3600 });

    const from = await lastRequestSeq(t);
    const lotItems = Object.keys(state.lots).length;
    // A day of refreshes walks every lot-tracked item at least once.
    for (let i = 0; i <= Math.ceil(lotItems / LOT_READS_PER_REFRESH); i++) await t.core.mirror.refresh();
    const cost = await apiRequestsSince(t, from);
    await expectLevelWithService(t);
    expect((await t.core.mirror.state()).orders.some((o) => o.id === newest + 1)).toBe(true);
    // What the refreshes cost, per refresh: lists of what changed and the walk of LOT_READS_PER_REFRESH items.
    const refreshes = Math.ceil(lotItems / LOT_READS_PER_REFRESH) + 1;
    const nonLot = cost.filter((r) => !r.path.includes('/lot-exclusion')).length;
    console.log(`mirror: ${refreshes} refreshes after a day of changes: ${cost.length} requests (${nonLot} besides the lot walk)`);
    expect(cost.filter((r) => r.path.includes('/lot-exclusion')).length).toBeLessThanOrEqual(refreshes * LOT_READS_PER_REFRESH);
  }, 240_000);
});
