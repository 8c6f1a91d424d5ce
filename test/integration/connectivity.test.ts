import { describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';
import { PROBE_BACKOFF } from '../../electron/core/api/connectivity.js';
import type { AppError } from '../../shared/errors.js';
import type { IpcResult } from '../../shared/ipc/contract.js';
import { createTestCore, type RecordedEvent } from '../support/test-core.js';
import { cleanupsAfterEach } from '../support/cleanups.js';

/**
 * The status bar's connectivity follows what really happened, against
 * the real emulator stopped, started again and slowed through its control API.
 */
type Core = Awaited<ReturnType<typeof createTestCore>>;
const cleanups = cleanupsAfterEach();

async function control(url: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}/__emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

function ok<T>(result: IpcResult<unknown>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}
function failed(result: IpcResult<unknown>): AppError {
  if (result.ok) throw new Error('expected the call to fail');
  return result.error;
}
const connectivityEvents = (events: RecordedEvent[], from = 0) =>
  events
    .slice(from)
    .filter((e) => e.event === 'connectivity.changed')
    .map((e) => e.payload);

/** A core signed in with a personal access token to an emulator of its own (a custom environment), which the test can stop. */
async function coreOn(emu: RunningEmulator): Promise<Core> {
  const t = await createTestCore();
  cleanups.push(() => t.dispose());
  const env = ok<{ id: string }>(await t.core.dispatch('environments.save', { name: 'Stoppable', apiBaseUrl: emu.url, authUrl: null, clientId: null }));
  ok(await t.core.dispatch('environments.activate', { id: env.id }));
  const pat = (await control(emu.url, 'POST', '/pats', { name: 'connectivity' })) as { token: string };
  ok(await t.core.dispatch('auth.signInWithToken', { token: pat.token }));
  return t;
}

describe('connectivity', () => {
  it('reports a cancelled call as cancelled and leaves connectivity alone', async () => {
    const emu = await startEmulator();
    cleanups.push(() => emu.close());
    const t = await coreOn(emu);
    ok(await t.core.dispatch('receiving.list', { page: 1, limit: 5 }));
    const before = t.events.length;
    await control(emu.url, 'PUT', '/faults', { latencyMs: 3000 });
    const budget = t.core.environments.active.api.budget;
    const sentBefore = budget.state().usedLastMinute;
    const call = t.core.dispatch('receiving.list', { page: 1, limit: 5 }, { callId: 'leave-the-view-1' });
    // Cancelled with its request on the way (the budget let it go), as when the clerk leaves the view.
    await vi.waitFor(() => expect(budget.state().usedLastMinute).toBeGreaterThan(sentBefore), { interval: 10 });
    ok(await t.core.dispatch('ipc.cancel', { callId: 'leave-the-view-1' }));
    expect(failed(await call).code).toBe('cancelled');
    expect(connectivityEvents(t.events, before)).toEqual([]);
    expect(ok(await t.core.dispatch('connectivity.get', {}))).toBe('online');
  });

  it('is offline at once when the service refuses connections, says so plainly, and notices recovery by itself', async () => {
    const first = await startEmulator();
    const port = Number(new URL(first.url).port);
    const t = await coreOn(first);
    ok(await t.core.dispatch('receiving.list', { page: 1, limit: 5 }));
    expect(ok(await t.core.dispatch('connectivity.get', {}))).toBe('online');

    await first.close();
    const before = t.events.length;
    const error = failed(await t.core.dispatch('receiving.list', { page: 1, limit: 5 }));
    expect(error.code).toBe('network');
    expect(error.message).toBe(`The service at 127.0.0.1:${port} cannot be reached. Check the network; nothing was lost.`);
    expect(error.detail).toBe('GET /2026-07/receiving: ECONNREFUSED');
    expect(connectivityEvents(t.events, before)[0]).toBe('offline');

    // The service comes back on the same address; no call is made, the probe finds it.
    const again = await startEmulator({ port });
    cleanups.push(() => again.close());
    const back = t.events.length;
    await t.waitForEvent('connectivity.changed', (s) => s === 'online' && connectivityEvents(t.events, back).includes('online'), 25_000);
    expect(ok(await t.core.dispatch('connectivity.get', {}))).toBe('online');
  });

  it('stops probing once signed out', async () => {
    const first = await startEmulator();
    const port = Number(new URL(first.url).port);
    const t = await coreOn(first);
    await first.close();
    // The probe's schedule on a fake clock (real time still flows for the sockets), so its first
    // delays can pass at once; a probe that went out would be a call of the client's probe.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    cleanups.push(async () => vi.useRealTimers());
    const probes = vi.spyOn(t.core.environments.active.api, 'probe');
    failed(await t.core.dispatch('receiving.list', { page: 1, limit: 5 }));
    expect(ok(await t.core.dispatch('connectivity.get', {}))).toBe('offline');
    ok(await t.core.dispatch('auth.signOut', {}));
    // The fake clock moves with real time too: on a busy machine the first probe (1 s) may go out
    // before the sign-out is through. Only probes after it count.
    probes.mockClear();
    const again = await startEmulator({ port });
    cleanups.push(() => again.close());
    await vi.advanceTimersByTimeAsync(PROBE_BACKOFF.firstMs * 3); // longer than the first probe delays
    expect(probes).not.toHaveBeenCalled();
    expect(await again.control.requests()).toEqual([]);
    expect(ok(await t.core.dispatch('connectivity.get', {}))).toBe('offline');
  });

  it('is degraded when answers are slow or failing, and online again without a call once they are not', async () => {
    const emu = await startEmulator();
    cleanups.push(() => emu.close());
    const t = await coreOn(emu);
    await control(emu.url, 'PUT', '/faults', { latencyMs: 3500 });
    ok(await t.core.dispatch('receiving.list', { page: 1, limit: 5 })); // answered, but late
    expect(ok(await t.core.dispatch('connectivity.get', {}))).toBe('degraded');
    await control(emu.url, 'DELETE', '/faults');
    const from = t.events.length;
    await t.waitForEvent('connectivity.changed', (s) => s === 'online' && connectivityEvents(t.events, from).includes('online'), 20_000);

    await control(emu.url, 'PUT', '/faults', { errorRate: 1 });
    const failing = t.events.length;
    failed(await t.core.dispatch('receiving.list', { page: 1, limit: 5 }));
    expect(connectivityEvents(t.events, failing)).toContain('degraded');
    await control(emu.url, 'DELETE', '/faults');
    const recovered = t.events.length;
    await t.waitForEvent('connectivity.changed', (s) => s === 'online' && connectivityEvents(t.events, recovered).includes('online'), 20_000);
  });
});
