import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/server.js';
import { emulatorWithPat, type EmulatorClient } from '../support/emulator-client.js';

/**
 * Fault injection: with 20% of requests answered 503, some 429s, dropped connections and cut-off
 * bodies, a well-behaved client (bounded retries, backoff, honouring x-retry-after) still gets every
 * page; the request log records each fault.
 */
let emu: RunningEmulator;
let api: EmulatorClient;
let control: Awaited<ReturnType<typeof emulatorWithPat>>['control'];
beforeAll(async () => {
  ({ emu, api, control } = await emulatorWithPat());
});
afterAll(async () => {
  await emu.close();
});

/** Each wait the client chose before a retry, and why. */
const backoffs: { after: 'retry-after' | 'server-error' | 'lost'; ms: number }[] = [];

/**
 * The well-behaved client: retries 5xx, 429 (waiting x-retry-after), dropped connections and
 * unparsable bodies. The emulator draws each fault from its seed, not from the time between
 * requests, so the client notes the wait it would take (checked below) and retries at once.
 */
async function getWithRetries(path: string, tries = 12): Promise<{ body: unknown; attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${api.token}` } });
      const text = await res.text();
      if (res.status === 429) {
        backoffs.push({ after: 'retry-after', ms: Number(res.headers.get('x-retry-after') ?? '1') * 1000 });
      } else if (res.status >= 500) {
        backoffs.push({ after: 'server-error', ms: 2 ** attempt });
      } else {
        return { body: JSON.parse(text), attempts: attempt };
      }
    } catch {
      backoffs.push({ after: 'lost', ms: 2 ** attempt }); // dropped connection or cut-off JSON
    }
    if (attempt >= tries) throw new Error(`gave up on ${path}`);
  }
}

describe('fault injection', () => {
  it('a well-behaved client completes every read under 20% 5xx, 429 bursts, drops and malformed bodies; the log shows the faults', async () => {
    await control('DELETE', '/requests');
    const config = await control('PUT', '/faults', { errorRate: 0.2, rateLimitRate: 0.1, retryAfterSeconds: 1, dropRate: 0.05, malformedRate: 0.05, seed: 7 });
    expect(config.status).toBe(200);
    const pages = [];
    // 64 generated orders and the 7 of the day's scenario (emulator/data/today-scenario.ts).
    for (let page = 1; page <= 15; page++) pages.push(await getWithRetries(`/2026-07/receiving?Page=${page}&Limit=5`));
    expect(pages.flatMap((p) => p.body as { id: number }[])).toHaveLength(71);
    expect(pages.some((p) => p.attempts > 1)).toBe(true);
    // The waits it chose: x-retry-after's one second for each 429, a backoff doubling per attempt otherwise.
    expect(backoffs.some((b) => b.after === 'retry-after')).toBe(true);
    expect(backoffs.filter((b) => b.after === 'retry-after').every((b) => b.ms === 1000)).toBe(true);
    expect(backoffs.filter((b) => b.after !== 'retry-after').every((b) => b.ms >= 2 && Number.isInteger(Math.log2(b.ms)))).toBe(true);

    const { items } = (await control('GET', '/requests')).body as { items: { status: number; fault: string | null }[] };
    const faults = items.map((i) => i.fault);
    expect(faults).toContain('5xx');
    expect(faults).toContain('429');
    expect(faults).toContain('drop');
    expect(faults).toContain('malformed');
    expect(items.filter((i) => i.fault === '5xx').every((i) => i.status === 503)).toBe(true);
    expect(items.filter((i) => i.fault === '429').every((i) => i.status === 429)).toBe(true);
    const share = items.filter((i) => i.fault === '5xx').length / items.length;
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.35);
    await control('DELETE', '/faults');
  });

  it('the same fault seed gives the same sequence of faults', async () => {
    const run = async () => {
      await control('PUT', '/faults', { errorRate: 0.3, rateLimitRate: 0.1, seed: 42 });
      await control('DELETE', '/requests');
      for (let i = 0; i < 25; i++) await api.call('GET', '/2026-07/channel');
      await control('DELETE', '/faults');
      return ((await control('GET', '/requests')).body as { items: { fault: string | null }[] }).items.map((i) => i.fault);
    };
    expect(await run()).toEqual(await run());
  });

  it('adds latency when asked, and never touches the control API', async () => {
    await control('PUT', '/faults', { latencyMs: 120, errorRate: 1 });
    expect((await control('GET', '/clock')).status).toBe(200);
    const start = performance.now();
    const a = await api.call('GET', '/2026-07/channel');
    expect(a.status).toBe(503);
    expect(performance.now() - start).toBeGreaterThanOrEqual(110);
    await control('DELETE', '/faults');
  });
});
