import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { startEmulator } from '../../emulator/server.js';
import { summarize } from './stats.js';

/**
 * Emulator benchmarks: generating a 100,000-item warehouse, serving all of it through the paged
 * inventory list (following `next` cursors, 1,000 a page), and requests per second for one list
 * page under 8 concurrent connections. Medians over a few repetitions. Then persistence at that size:
 * what one change costs while the state is saved behind it, and the final flush of a clean stop.
 */
const ITEMS = Number(process.env.BENCH_EMULATOR_ITEMS ?? 100_000);
const REPEATS = Number(process.env.BENCH_EMULATOR_REPEATS ?? 3);
const RPS_REQUESTS = Number(process.env.BENCH_RPS_REQUESTS ?? 2000);

export async function benchEmulator(): Promise<Record<string, unknown>> {
  const startSamples: number[] = [];
  const pageAllSamples: number[] = [];
  const rpsSamples: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    const t0 = performance.now();
    const emu = await startEmulator({ inventoryItems: ITEMS, rateLimit: { enabled: false } });
    startSamples.push(performance.now() - t0);
    try {
      const pat = (await (
        await fetch(`${emu.url}/__emulator/pats`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench' }) })
      ).json()) as { token: string };
      const pool = new Pool(emu.url, { connections: 8 });
      const headers = { authorization: `Bearer ${pat.token}` };
      const get = async (path: string) => {
        const res = await pool.request({ method: 'GET', path, headers });
        if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
        return res.body.json() as Promise<{ items: unknown[]; next: string | null }>;
      };

      const t1 = performance.now();
      let seen = 0;
      let path: string | null = '/2026-07/inventory?PageSize=1000';
      while (path) {
        const page: { items: unknown[]; next: string | null } = await get(path);
        seen += page.items.length;
        path = page.next;
      }
      pageAllSamples.push(performance.now() - t1);
      if (seen !== ITEMS) throw new Error(`paged ${seen} items, expected ${ITEMS}`);

      const listPath = '/2026-07/inventory?PageSize=100';
      for (let i = 0; i < 200; i++) await get(listPath); // warm-up
      let sent = 0;
      const t2 = performance.now();
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (sent < RPS_REQUESTS) {
            sent++;
            await get(listPath);
          }
        }),
      );
      rpsSamples.push(RPS_REQUESTS / ((performance.now() - t2) / 1000));
      await pool.close();
    } finally {
      await emu.close();
    }
  }
  const rps = summarize(rpsSamples);
  return {
    ...(await benchPersistence()),
    generateAndStart: { description: `startEmulator with ${ITEMS} inventory items (generate, settle, listen)`, unit: 'ms', ...summarize(startSamples) },
    serveAllInventoryPaged: {
      description: `GET /2026-07/inventory, 1000 a page, following next until all ${ITEMS} items are read`,
      unit: 'ms',
      ...summarize(pageAllSamples),
    },
    listPageRequestsPerSecond: {
      description: 'GET /2026-07/inventory?PageSize=100 with 8 concurrent connections',
      unit: 'requests/s',
      runs: rps.runs,
      median: Math.round(rps.median),
      min: Math.round(rps.min),
      max: Math.round(rps.max),
    },
  };
}

const CHANGES = Number(process.env.BENCH_PERSIST_CHANGES ?? 30);
/** Pause between changes: longer than the save delay, so saves run while later requests arrive. */
const CHANGE_GAP_MS = 400;

/**
 * A change every 400 ms at ITEMS items with a data folder: each change's round trip includes any stall
 * from saving the state (today written in slices behind the requests), and so does a read sent alongside.
 * The clean stop's final flush is timed too, and a restart checks that every change was kept.
 */
async function benchPersistence(): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-bench-persist-'));
  try {
    const emu = await startEmulator({ inventoryItems: ITEMS, dataDir, environments: ['sandbox'], rateLimit: { enabled: false } });
    const pat = (await (
      await fetch(`${emu.url}/__emulator/pats`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench' }) })
    ).json()) as { token: string };
    const headers = { authorization: `Bearer ${pat.token}`, 'content-type': 'application/json' };
    await emu.control.flush(); // the seeded state is on disk; what follows is the cost of changes
    const changeSamples: number[] = [];
    const readSamples: number[] = [];
    // The client runs in this process too, so a blocked event loop delays its clock as well: the
    // loop's own delay histogram is what shows how long the emulator could not answer anyone.
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    for (let i = 0; i < CHANGES; i++) {
      const t0 = performance.now();
      const res = await fetch(`${emu.url}/2026-07/webhook`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ topics: ['order.shipped'], url: `http://127.0.0.1:9/bench-${i}` }),
      });
      if (res.status >= 300) throw new Error(`webhook create answered ${res.status}`);
      await res.arrayBuffer();
      changeSamples.push(performance.now() - t0);
      await sleep(CHANGE_GAP_MS / 2);
      const t1 = performance.now();
      await (await fetch(`${emu.url}/2026-07/channel`, { headers })).arrayBuffer();
      readSamples.push(performance.now() - t1);
      await sleep(CHANGE_GAP_MS / 2);
    }
    loop.disable();
    const t2 = performance.now();
    await emu.close();
    const finalFlushMs = performance.now() - t2;
    const size = (await stat(join(dataDir, 'sandbox', 'state.json'))).size;
    const again = await startEmulator({ dataDir, environments: ['sandbox'], rateLimit: { enabled: false } });
    const kept = (await again.control.data('webhooks')).filter((w) => w.url.includes('/bench-')).length;
    await again.close();
    if (kept !== CHANGES) throw new Error(`a clean stop kept ${kept} of ${CHANGES} changes`);
    return {
      persistedChangeRoundTrip: {
        description: `POST /2026-07/webhook every ${CHANGE_GAP_MS} ms at ${ITEMS} items with a data folder (${Math.round(size / 1e6)} MB state), saves coalesced and sliced`,
        unit: 'ms',
        ...summarize(changeSamples),
      },
      eventLoopStallDuringSaves: {
        description: 'longest and 99th-percentile event-loop delay while those changes were saved (how long no request could be answered)',
        unit: 'ms',
        max: Math.round(loop.max / 1e6),
        p99: Math.round(loop.percentile(99) / 1e6),
      },
      readDuringSaves: { description: 'GET /2026-07/channel sent between those changes, while saves run', unit: 'ms', ...summarize(readSamples) },
      cleanStopFinalFlush: {
        description: `close() after the last change: the final save of ${Math.round(size / 1e6)} MB; a restart found all ${CHANGES} changes`,
        unit: 'ms',
        runs: 1,
        median: Math.round(finalFlushMs),
      },
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
