import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../electron/core/api/api-client.js';
import { ConnectivityMonitor } from '../../electron/core/api/connectivity.js';
import { DispatcherPool } from '../../electron/core/api/dispatchers.js';
import { collect, cursorPages, headerPages } from '../../electron/core/api/paging.js';
import { listAllInventory, listReceivingOrders } from '../../electron/core/api/resources.js';
import { cursorPage } from '../../shared/schemas/inventory.js';
import { ReturnRecord } from '../../shared/schemas/returns.js';
import { emulatorWithPat } from '../support/emulator-client.js';
import { createTestCore, signIn } from '../support/test-core.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function clientFor(options: Parameters<typeof emulatorWithPat>[0] = {}) {
  const { emu, api, control } = await emulatorWithPat(options);
  const pool = new DispatcherPool();
  cleanups.push(() => emu.close(), () => pool.close());
  const apiClient = new ApiClient(emu.url, pool, { getAccessToken: async () => api.token }, new ConnectivityMonitor(() => {}));
  return { emu, client: apiClient, control };
}

describe('paging through the client, all three styles', () => {
  it('header pages (receiving), next URLs (inventory) and body cursors (returns) each reach every record once', async () => {
    const { client } = await clientFor({ inventoryItems: 2500 });
    const wros = await collect(headerPages((page) => listReceivingOrders(client, { page, limit: 20 })));
    expect(new Set(wros.map((w) => w.id)).size).toBe(64);
    const inventory = await listAllInventory(client);
    expect(inventory).toHaveLength(2500);
    expect(new Set(inventory.map((i) => i.inventory_id)).size).toBe(2500);
    const Returns = cursorPage(ReturnRecord);
    const returns = await collect(
      cursorPages(async (cursor) => (await client.call('return.list', { schema: Returns, query: cursor ? { Cursor: cursor } : { Limit: 4 } })).data),
    );
    expect(returns).toHaveLength(25);
  });

  it('refuses to follow a next link to another path', async () => {
    const { client } = await clientFor();
    const { InventoryPage } = await import('../../shared/schemas/inventory.js');
    await expect(client.call('inventory.list', { schema: InventoryPage, nextPath: '/2026-07/return?Limit=1' })).rejects.toMatchObject({ appError: { code: 'bad_response' } });
  });
});

describe('cancellation', () => {
  it('a renderer call cancelled through ipc.cancel stops its HTTP request at once', async () => {
    const t = await createTestCore();
    cleanups.push(() => t.dispose());
    await signIn(t);
    await fetch(`${t.core.emulator.url}/__emulator/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ latencyMs: 3000 }) });
    const started = performance.now();
    const slow = t.core.dispatch('receiving.list', { page: 1, limit: 10 }, 'call-to-cancel-1');
    await new Promise((r) => setTimeout(r, 100));
    expect(await t.core.dispatch('ipc.cancel', { callId: 'call-to-cancel-1' })).toEqual({ ok: true, value: { cancelled: true } });
    const result = await slow;
    expect(performance.now() - started).toBeLessThan(1500);
    expect(result).toMatchObject({ ok: false, error: { code: 'network', message: expect.stringContaining('cancelled') } });
    expect(await t.core.dispatch('ipc.cancel', { callId: 'call-to-cancel-1' })).toEqual({ ok: true, value: { cancelled: false } });
  });
});
