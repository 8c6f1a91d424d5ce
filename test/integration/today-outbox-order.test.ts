import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore } from '../../electron/core/app-core.js';
import { coreAreas } from '../../electron/core/areas.js';
import { value, waitForEntry } from '../support/returns-desk.js';
import { callCore, createTestCore, emulatorControl, type TestCore } from '../support/test-core.js';

/**
 * Today's outbox tile reads what the returns area provides. The core builds returns before Today
 * whatever the list's order, so a core built from the list turned around still shows the return
 * waiting in the outbox on Today's tile; and a list without returns does not start at all.
 */
let t: TestCore;

beforeAll(async () => {
  t = await createTestCore({
    areas: [...coreAreas].reverse(),
    localEmulator: { inventoryItems: 40, receivingOrders: 8 },
    inventoryRefreshMs: 0,
    outboxRetry: { firstMs: 200, maxMs: 1000 },
  });
  const { token } = (await emulatorControl(t, 'POST', '/pats', { name: 'today-outbox-order' })) as { token: string };
  await callCore(t, 'auth.signInWithToken', { token });
}, 60_000);
afterAll(async () => {
  await emulatorControl(t, 'DELETE', '/faults').catch(() => {});
  await t?.dispose();
});

describe('Today built before returns in the list', () => {
  it('shows the return the outbox holds on its outbox tile', async () => {
    const { items } = (await emulatorControl(t, 'GET', '/data/inventory')) as {
      items: { inventory_id: number; sku: string; is_digital: boolean; is_bundle: boolean; is_lot: boolean; is_active: boolean }[];
    };
    const item = items.find((i) => !i.is_digital && !i.is_bundle && !i.is_lot && i.is_active)!;
    const { items: centers } = (await emulatorControl(t, 'GET', '/data/fulfillmentCenters')) as { items: { id: number }[] };
    const draft = value<'drafts.save'>(
      await t.core.dispatch('drafts.save', {
        kind: 'return-intake',
        value: {
          trackingNumber: '1Z999000111',
          fulfillmentCenter: { id: centers[0]!.id, name: null },
          lines: [{ inventoryId: item.inventory_id, sku: item.sku, quantity: 1 }],
        },
      }),
    );
    // The service failing keeps the return in the outbox, waiting, where Today shows it.
    await emulatorControl(t, 'PUT', '/faults', { errorRate: 1, seed: 7 });
    await callCore(t, 'returns.submit', { draftId: draft.id });
    const waiting = await waitForEntry(t, (e) => e.id === draft.id && e.state === 'waiting', 60_000);

    const summary = await callCore(t, 'today.summary', { fc: null });
    expect(summary.outbox.count).toBe(1);
    expect(summary.outbox.rows).toEqual([
      expect.objectContaining({ id: draft.id, referenceId: waiting.referenceId, trackingNumber: '1Z999000111', state: 'waiting' }),
    ]);
  }, 90_000);

  it('refuses to start without the area that provides the outbox, before anything is opened', async () => {
    const dataDir = join(tmpdir(), `dockdesk-no-returns-${process.pid}-${Date.now()}`);
    let settingsRead = false;
    const started = createAppCore({
      shell: 'browser',
      version: '0.0.0-test',
      dataDir,
      settingsBackend: {
        read: () => {
          settingsRead = true;
          return {};
        },
        write: () => {},
      },
      keychain: 'memory',
      emit: () => {},
      log: () => {},
      areas: coreAreas.filter((a) => a.id !== 'returns'),
    });
    await expect(started).rejects.toThrow('area "today" needs "outbox", which no area provides');
    expect(existsSync(dataDir)).toBe(false);
    expect(settingsRead).toBe(false);
  });
});
