import { Pool } from 'undici';
import { startEmulator } from '../../emulator/server.js';
import { summarize } from './stats.js';

/**
 * Emulator benchmarks: generating a 100,000-item warehouse, serving all of it through the paged
 * inventory list (following `next` cursors, 1,000 a page), and requests per second for one list
 * page under 8 concurrent connections. Medians over a few repetitions.
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
    const emu = await startEmulator({ inventoryItems: ITEMS });
    startSamples.push(performance.now() - t0);
    try {
      const pat = (await (await fetch(`${emu.url}/__emulator/pats`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench' }) })).json()) as { token: string };
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
    generateAndStart: { description: `startEmulator with ${ITEMS} inventory items (generate, settle, listen)`, unit: 'ms', ...summarize(startSamples) },
    serveAllInventoryPaged: { description: `GET /2026-07/inventory, 1000 a page, following next until all ${ITEMS} items are read`, unit: 'ms', ...summarize(pageAllSamples) },
    listPageRequestsPerSecond: { description: 'GET /2026-07/inventory?PageSize=100 with 8 concurrent connections', unit: 'requests/s', runs: rps.runs, median: Math.round(rps.median), min: Math.round(rps.min), max: Math.round(rps.max) },
  };
}
