/**
 * A desk in a process of its own, so a test can kill it with SIGKILL as a power cut would: a core on
 * its own data folder, signed in to a standalone service, sharing the given store. It submits the
 * returns it is given one after another, printing `queued <reference id>` as each reaches its
 * outbox, then keeps running (its outbox sending) until it is killed.
 *
 * Run as `node --import tsx test/support/desk-process.ts` with DOCKDESK_DESK (JSON, see Job) set.
 */
import { createTestCore } from './test-core.js';
import type { ReturnDraftInput } from '../../shared/schemas/return-draft.js';

interface Job {
  dataDir: string;
  serviceUrl: string;
  token: string;
  store: { connection: { host: string; port: number; database: string; role: string }; password: string; deskName: string };
  returns: ReturnDraftInput[];
}

const job = JSON.parse(process.env.DOCKDESK_DESK ?? '') as Job;
const t = await createTestCore({ dataDir: job.dataDir, outboxRetry: { firstMs: 200, maxMs: 1000 } });
const ok = <T>(result: { ok: boolean; value?: unknown; error?: { message: string } }): T => {
  if (!result.ok) throw new Error(result.error?.message ?? 'call failed');
  return result.value as T;
};
const env = ok<{ id: string }>(await t.core.dispatch('environments.save', { name: 'Desk service', apiBaseUrl: job.serviceUrl, authUrl: null, clientId: null }));
ok(await t.core.dispatch('environments.activate', { id: env.id }));
ok(await t.core.dispatch('auth.signInWithToken', { token: job.token }));
ok(await t.core.dispatch('desks.store.save', job.store));
for (const value of job.returns) {
  const draft = ok<{ id: string }>(await t.core.dispatch('drafts.save', { kind: 'return-intake', value }));
  const entry = ok<{ referenceId: string }>(await t.core.dispatch('returns.submit', { draftId: draft.id }));
  process.stdout.write(`queued ${entry.referenceId}\n`);
}
process.stdout.write('all queued\n');
setInterval(() => {}, 60_000);
