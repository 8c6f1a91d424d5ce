import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../electron/core/api/api-client.js';
import { ConnectivityMonitor } from '../../electron/core/api/connectivity.js';
import { DispatcherPool } from '../../electron/core/api/dispatchers.js';
import { listAllInventory, queryAllHistory } from '../../areas/inventory/core/resources.js';
import { listAllReceivingOrders, listReceivingOrders } from '../../areas/receiving/core/resources.js';
import { listAllReturns } from '../../areas/returns/core/resources.js';
import { emulatorWithPat } from '../support/emulator-client.js';
import { createTestCore, signIn } from '../support/test-core.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

const cleanups = cleanupsAfterEach();

async function clientFor(options: Parameters<typeof emulatorWithPat>[0] = {}) {
  const { emu, api, control } = await emulatorWithPat(options);
  const pool = new DispatcherPool();
  cleanups.push(
    () => emu.close(),
    () => pool.close(),
  );
  const apiClient = new ApiClient(emu.url, pool, { getAccessToken: async () => api.token }, new ConnectivityMonitor(() => {}));
  return { emu, client: apiClient, control };
}

describe('paging through the client: links followed as given', () => {
  it('Next-Page hrefs (receiving), cursor hrefs (inventory, history) and cursor URLs (returns) each reach every record once', async () => {
    const { client } = await clientFor({ inventoryItems: 2500 });
    const first = await listReceivingOrders(client, { page: 1, limit: 20 });
    expect(first.next).toBe('/2026-07/receiving?Page=2&Limit=20');
    const wros = await listAllReceivingOrders(client, { limit: 20 });
    // 64 generated orders and the 7 of the day's scenario.
    expect(wros).toHaveLength(71);
    expect(new Set(wros.map((w) => w.id)).size).toBe(71);
    const inventory = await listAllInventory(client);
    expect(inventory).toHaveLength(2500);
    expect(new Set(inventory.map((i) => i.inventory_id)).size).toBe(2500);
    const returns = await listAllReturns(client, { limit: 4 });
    expect(returns).toHaveLength(25);
    expect(new Set(returns.map((r) => r.id)).size).toBe(25);
    const events = await queryAllHistory(client, { facility_id: 3 });
    const ids = events.map((e) => e.inventory_audit_event_id);
    expect(events.length).toBeGreaterThan(250); // more than one page, so links were followed
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses to follow a link to another path or another origin (the token stays home)', async () => {
    const { client, emu } = await clientFor();
    const { InventoryPage } = await import('../../shared/schemas/inventory.js');
    await expect(client.call('inventory.list', { schema: InventoryPage, follow: '/2026-07/return?Limit=1' })).rejects.toMatchObject({
      appError: { code: 'bad_response' },
    });
    await expect(client.call('inventory.list', { schema: InventoryPage, follow: 'http://elsewhere.invalid/2026-07/inventory?cursor=x' })).rejects.toMatchObject(
      { appError: { code: 'bad_response' } },
    );
    const same = await client.call('inventory.list', { schema: InventoryPage, follow: `${emu.url}/2026-07/inventory?PageSize=3` });
    expect(same.data.items).toHaveLength(3);
  });
});

describe('cancellation', () => {
  it('a renderer call cancelled through ipc.cancel stops its HTTP request at once', async () => {
    const t = await createTestCore();
    cleanups.push(() => t.dispose());
    await signIn(t);
    await fetch(`${t.core.emulator.url}/__emulator/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: 3000 }),
    });
    const budget = t.core.environments.active.api.budget;
    const sentBefore = budget.state().usedLastMinute;
    const started = performance.now();
    const slow = t.core.dispatch('receiving.list', { page: 1, limit: 10 }, { callId: 'call-to-cancel-1' });
    // Cancelled once its request has gone out (the budget let it go), while the service takes its time.
    await vi.waitFor(() => expect(budget.state().usedLastMinute).toBeGreaterThan(sentBefore), { interval: 10 });
    expect(await t.core.dispatch('ipc.cancel', { callId: 'call-to-cancel-1' })).toEqual({ ok: true, value: { cancelled: true } });
    const result = await slow;
    expect(performance.now() - started).toBeLessThan(1500);
    expect(result).toMatchObject({ ok: false, error: { code: 'cancelled', message: expect.stringContaining('cancelled') } });
    expect(await t.core.dispatch('ipc.cancel', { callId: 'call-to-cancel-1' })).toEqual({ ok: true, value: { cancelled: false } });
  });
});
