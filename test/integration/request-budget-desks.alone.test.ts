import { describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';
import { answered, control, onSchedule, SYNC_TIMEOUT_MS, syncEnded, timed } from '../support/budget-scenario.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { callCore, createTestCore } from '../support/test-core.js';

/**
 * Four desks of one user at the published limit: a clerk's open answers at once while another desk
 * syncs. Four cores and a 10,000-item sync in one process keep both cores busy, and the opens are
 * timed by the clock, so this file runs after the parallel ones, alone (`*.alone.test.ts`).
 */
const cleanups = cleanupsAfterEach();
const call = callCore;

describe('several desks of one user share the window', () => {
  it(
    'four desks at the published 150: one syncs 10,000 items, three open records meanwhile; every open under 1 s, no 429 reaching a clerk',
    async () => {
      const emu: RunningEmulator = await startEmulator({ inventoryItems: 10_000, rateLimit: { enabled: false } });
      cleanups.push(() => emu.close());
      const { token } = (await control(emu.url, 'POST', '/pats', { name: 'four desks' })) as { token: string };
      const desk = async (name: string) => {
        const t = await createTestCore();
        cleanups.push(() => t.dispose());
        const env = await call(t, 'environments.save', { name, apiBaseUrl: emu.url, authUrl: null, clientId: null });
        await call(t, 'environments.activate', { id: env.id });
        return t;
      };
      // The clerks' desks hold the inventory already (synced before the limit is on): they only open records.
      const clerks = await Promise.all(['Clerk one', 'Clerk two', 'Clerk three'].map(desk));
      await Promise.all(clerks.map((t) => call(t, 'auth.signInWithToken', { token })));
      await Promise.all(clerks.map((t) => syncEnded(t)));
      const orders = (await call(clerks[0]!, 'receiving.list', { page: 1, limit: 30 })).items.map((o) => o.id);
      await control(emu.url, 'PUT', '/rate-limit', { enabled: true, perMinute: 150 });
      const before = (await answered(emu.url)).length;

      const syncing = await desk('Syncing desk');
      await call(syncing, 'auth.signInWithToken', { token });
      let syncDone = false;
      const sync = syncEnded(syncing).finally(() => (syncDone = true));
      const opens: { ms: number; ok: boolean }[] = [];
      // The clerks' load: each opens a receiving order every 2 s, while the sync runs and for 10 s at
      // least. Arrivals keep their schedule whatever the answers do (a slow open does not slow the
      // next clerk), so a desk that made clerks wait would pile opens up rather than hide it.
      const started = Date.now();
      await onSchedule(
        2_000 / clerks.length,
        () => syncDone && Date.now() - started >= 10_000,
        async (n) => {
          const c = n % clerks.length;
          const id = orders[(c * 10 + Math.floor(n / clerks.length)) % orders.length]!;
          const opened = await timed(() => clerks[c]!.core.dispatch('receiving.detail', { id }));
          opens.push({ ms: opened.ms, ok: opened.value.ok });
        },
      );
      const status = await sync;
      expect(status.lastError).toBeNull();
      expect(status.itemCount).toBe(10_000);
      const log = (await answered(emu.url)).slice(before);
      const slowest = Math.max(...opens.map((o) => o.ms));
      console.log(
        `four desks: ${opens.length} opens, slowest ${Math.round(slowest)} ms; ${log.length} requests, ${log.filter((r) => r.status === 429).length} answered 429`,
      );
      expect(opens.length).toBeGreaterThanOrEqual(15);
      expect(opens.every((o) => o.ok)).toBe(true);
      expect(slowest).toBeLessThan(1_000);
      // No 429 at all, so none reached a clerk (the sync's own retry would hide one from its desk, not a clerk's wait).
      expect(log.filter((r) => r.status === 429)).toEqual([]);
    },
    SYNC_TIMEOUT_MS + 60_000,
  );
});
