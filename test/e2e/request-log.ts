import { expect, type Page } from '@playwright/test';
import type { BrowserHost } from '../../electron/host/browser-host.js';

/**
 * What the desk asked of the service, read from the emulator's own request log (every request it
 * received, in order). The control API's own calls (the test's reads of the log among them) are in
 * the log too, under /__emulator, and are never counted.
 */

export interface Logged {
  seq: number;
  method: string;
  path: string;
}

/** The API requests the emulator received after sequence number `since`. */
export async function apiRequests(host: BrowserHost, since: number): Promise<Logged[]> {
  return (await host.core.emulator.control.requests(since)).filter((r) => !r.path.startsWith('/__emulator'));
}

/** The log's last sequence number now (0 when empty): a mark to count from. */
export async function logMark(host: BrowserHost): Promise<number> {
  return (await host.core.emulator.control.requests(0)).at(-1)?.seq ?? 0;
}

/**
 * The log's last sequence number once no API request has arrived for `quietMs` (the control API's
 * own calls, these polls among them, are in the log too and do not count).
 */
export async function quiet(host: BrowserHost, quietMs = 1_500): Promise<number> {
  const lastApi = async (since: number) => (await apiRequests(host, since)).at(-1)?.seq ?? since;
  let last = await lastApi(0);
  let stillSince = Date.now();
  while (Date.now() - stillSince < quietMs) {
    await new Promise((r) => setTimeout(r, 200));
    const now = await lastApi(last);
    if (now !== last) {
      last = now;
      stillSince = Date.now();
    }
  }
  return last;
}

/** Requests as a person reads them in a run's output. */
export const listed = (requests: readonly Logged[]) => requests.map((r) => `${r.method} ${r.path}`).join(', ') || 'none';

/**
 * The page's calls to main still waiting for their answer: the calls it sent over its bridge socket
 * less the results it received. A new socket (a reload) starts afresh: the old page's calls are over,
 * and Playwright does not always report the old socket's close when the page unloads (in CI, 7 calls
 * sent just before a reload stayed "in flight" for good).
 */
export function ipcInFlight(page: Page): () => number {
  const pending = new Set<string>();
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/socket')) return;
    pending.clear();
    const ids = new Set<number>();
    const tag = Math.random().toString(36).slice(2);
    socket.on('framesent', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { type?: string; id?: number };
      if (message.type === 'call' && typeof message.id === 'number') {
        ids.add(message.id);
        pending.add(`${tag}:${message.id}`);
      }
    });
    socket.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { type?: string; id?: number };
      if (message.type === 'result' && typeof message.id === 'number') pending.delete(`${tag}:${message.id}`);
    });
    socket.on('close', () => {
      for (const id of ids) pending.delete(`${tag}:${id}`);
    });
  });
  return () => pending.size;
}

/** Settled: the page waits for no answer from main, and the service has had no request for a while. */
export async function settled(page: Page, host: BrowserHost, inFlight: () => number): Promise<number> {
  for (;;) {
    await expect.poll(inFlight, { timeout: 75_000 }).toBe(0);
    const seq = await quiet(host);
    if (inFlight() === 0) return seq;
  }
}
