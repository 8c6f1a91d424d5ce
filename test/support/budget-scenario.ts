import type { ChannelOutput } from '../../shared/ipc/contract.js';
import type { createTestCore } from './test-core.js';

/** What the request-budget scenarios share: the emulator's request log and controls, a sync's end, a call's time. */
type Core = Awaited<ReturnType<typeof createTestCore>>;
export const SYNC_TIMEOUT_MS = 5 * 60_000;

/** The emulator's own request log: what the service answered, 429s included. */
export async function answered(url: string): Promise<{ method: string; path: string; status: number }[]> {
  const res = await fetch(`${url}/__emulator/requests`);
  return ((await res.json()) as { items: { method: string; path: string; status: number }[] }).items.filter((r) => !r.path.startsWith('/__emulator'));
}

export async function control(url: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${url}/__emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/** Resolves with the last status once a sync has ended (state idle after running). */
export async function syncEnded(t: Core, timeoutMs = SYNC_TIMEOUT_MS): Promise<ChannelOutput<'inventory.syncStatus'>> {
  return await t.inventorySyncsEnded(1, timeoutMs);
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/**
 * Runs `act` every `everyMs` (the first at once) until `done()` says so, then waits for the acts
 * still running: a load that arrives on a schedule, as people do, not after the last answer.
 */
export function onSchedule(everyMs: number, done: () => boolean, act: (n: number) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const running: Promise<void>[] = [];
    let n = 0;
    const tick = () => {
      if (done()) {
        clearInterval(timer);
        Promise.all(running).then(() => resolve(), reject);
        return;
      }
      running.push(act(n++));
    };
    const timer = setInterval(tick, everyMs);
    tick();
  });
}
