/**
 * A desk in a process of its own, so a test can kill it with SIGKILL mid-sync as a power cut would: a
 * core on its own data folder sharing the given store, then signed in to a standalone service with
 * its own token (so the service's request log tells its requests apart). It prints `leader` once it
 * holds the sync lease and `progress <done>` as its sync reads pages, then runs until it is killed.
 *
 * Run as `node --import tsx test/support/sync-desk-process.ts` with DOCKDESK_DESK (JSON, see Job) set.
 */
import { createTestCore } from './test-core.js';

interface Job {
  dataDir: string;
  serviceUrl: string;
  token: string;
  store: { connection: { host: string; port: number; database: string; role: string }; password: string; deskName: string };
}

const job = JSON.parse(process.env.DOCKDESK_DESK ?? '') as Job;
const t = await createTestCore({ dataDir: job.dataDir, inventoryRefreshMs: 0 });
const ok = <T>(result: { ok: boolean; value?: unknown; error?: { message: string } }): T => {
  if (!result.ok) throw new Error(result.error?.message ?? 'call failed');
  return result.value as T;
};
const env = ok<{ id: string }>(await t.core.dispatch('environments.save', { name: 'Desk service', apiBaseUrl: job.serviceUrl, authUrl: null, clientId: null }));
ok(await t.core.dispatch('environments.activate', { id: env.id }));
ok(await t.core.dispatch('desks.store.save', job.store));
ok(await t.core.dispatch('auth.signInWithToken', { token: job.token }));
// Said as soon as seen: the test kills this desk once its sync has read and kept some pages.
let said = 0;
let told = 0;
setInterval(() => {
  if (t.logs.slice(said).some((line) => line.includes('this desk syncs for the desks sharing the store'))) process.stdout.write('leader\n');
  said = t.logs.length;
  const done = t.events.filter((e) => e.event === 'inventory.syncProgress').map((e) => (e.payload as { done: number }).done);
  const most = Math.max(0, ...done);
  if (most > told) process.stdout.write(`progress ${(told = most)}\n`);
}, 20);
