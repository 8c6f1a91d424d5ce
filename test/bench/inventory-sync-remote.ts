import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { createTestCore } from '../support/test-core.js';
import { summarize } from './stats.js';

/**
 * The inventory sync with the emulator in a process of its own, as against a real service: the
 * emulator's serialising no longer shares the core's thread, so this is the client's own throughput
 * on these 2 cores (the emulator still takes one of them). Beside it, the floor: a client that only
 * fetches every page of the five lists and JSON.parses it (no checks, no records, no columns, no
 * write), against the same emulator. Whatever the real client does, it cannot sync faster than that.
 */
const ITEMS = Number(process.env.BENCH_SYNC_ITEMS ?? 100_000);
const REPEATS = Number(process.env.BENCH_SYNC_REPEATS ?? 3);
const LISTS: Array<[string, number]> = [
  ['/2026-07/inventory', 1000],
  ['/2026-07/inventory-level', 1000],
  ['/2026-07/inventory-level/locations', 1000],
  ['/2026-07/inventory-level/lots', 1000],
  ['/2026-07/product', 250],
];

export async function benchInventorySyncSeparateEmulator(): Promise<Record<string, unknown>> {
  const emulator = await startEmulatorProcess(ITEMS);
  const t = await createTestCore({ requestBudgetPerMinute: 1_000_000 });
  const loadBefore = loadavg()[0]!;
  try {
    const ok = <T>(r: { ok: true; value: unknown } | { ok: false; error: { message: string } }): T => {
      if (!r.ok) throw new Error(r.error.message);
      return r.value as T;
    };
    const env = ok<{ id: string }>(
      await t.core.dispatch('environments.save', { name: 'Emulator process', apiBaseUrl: emulator.url, authUrl: null, clientId: null }),
    );
    ok(await t.core.dispatch('environments.activate', { id: env.id }));
    const ended = () => t.events.filter((e) => e.event === 'inventory.syncStatus' && (e.payload as { state: string }).state === 'idle').length;

    const seconds: number[] = [];
    const clientCpu: number[] = [];
    const emulatorCpu: number[] = [];
    let items = 0;
    for (let r = 0; r < REPEATS; r++) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      const emu = emulator.cpuSeconds();
      if (r === 0) ok(await t.core.dispatch('auth.signInWithToken', { token: emulator.token }));
      else ok(await t.core.dispatch('inventory.syncStart', { mode: 'full' }));
      while (ended() < r + 1) await new Promise((res) => setTimeout(res, 5));
      const last = t.events.filter((e) => e.event === 'inventory.syncStatus').at(-1)!.payload as { itemCount: number; lastError: { message: string } | null };
      if (last.lastError) throw new Error(`sync failed: ${last.lastError.message}`);
      items = last.itemCount;
      seconds.push((performance.now() - start) / 1000);
      const used = process.cpuUsage(cpu);
      clientCpu.push((used.user + used.system) / 1e6);
      emulatorCpu.push(emulator.cpuSeconds() - emu);
    }
    if (items !== ITEMS) throw new Error(`synced ${items} items, expected ${ITEMS}`);

    const floorSeconds: number[] = [];
    const floorCpu: number[] = [];
    let megabytes = 0;
    for (let r = 0; r < REPEATS; r++) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      const bytes = await Promise.all(LISTS.map(([path, size]) => readWholeList(emulator.url, emulator.token, path, size)));
      floorSeconds.push((performance.now() - start) / 1000);
      const used = process.cpuUsage(cpu);
      floorCpu.push((used.user + used.system) / 1e6);
      megabytes = Math.round(bytes.reduce((a, b) => a + b, 0) / 1e6);
    }
    const throughput = summarize(seconds.map((s) => items / s));
    const floor = summarize(floorSeconds.map((s) => items / s));
    return {
      items,
      loadAverageBefore: Math.round(loadBefore * 100) / 100,
      fullSync: { description: 'full sync, emulator in its own process, end to end', unit: 's', ...summarize(seconds) },
      fullSyncThroughput: {
        description: 'items per second over the whole full sync',
        unit: 'items/s',
        ...throughput,
      },
      clientCpu: { description: "the core's CPU time per sync (all its threads)", unit: 's', ...summarize(clientCpu) },
      emulatorCpu: { description: "the emulator process's CPU time per sync (/proc)", unit: 's', ...summarize(emulatorCpu) },
      readAndParseFloor: {
        description: `fetch and JSON.parse every page of the five lists, nothing else (${megabytes} MB of JSON), items per second`,
        unit: 'items/s',
        ...floor,
        clientCpuSeconds: summarize(floorCpu).median,
      },
      // The sync's own cost is judged against the floor measured in the same run (its old absolute
      // target was above what fetching and parsing alone allow here).
      againstFloor: {
        throughputRatio: Math.round((throughput.median / floor.median) * 100) / 100,
        throughputTarget: '>= 0.8',
        cpuRatio: Math.round((summarize(clientCpu).median / summarize(floorCpu).median) * 100) / 100,
        cpuTarget: '<= 2',
      },
    };
  } finally {
    await t.dispose();
    await emulator.stop();
  }
}

/** Every page of one list, read and parsed; returns the bytes read. */
async function readWholeList(base: string, token: string, path: string, pageSize: number): Promise<number> {
  let url: string | null = `${base}${path}?PageSize=${pageSize}`;
  let bytes = 0;
  while (url) {
    const res = await request(url, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${text.slice(0, 200)}`);
    bytes += text.length;
    const page = JSON.parse(text) as { next?: string | null };
    url = page.next ? new URL(page.next, base).toString() : null;
  }
  return bytes;
}

/** Production alone, a personal access token, and no request limit: the bench times the code, not the limit's waits. */
const UNLIMITED_PRODUCTION = ['--environments', 'production', '--pat', 'bench', '--no-rate-limit'];

/** `npm run emulator` in a child process with its own items and a personal access token. */
async function startEmulatorProcess(items: number) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'emulator/cli.ts', '--port', '0', '--inventory-items', String(items), ...UNLIMITED_PRODUCTION],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  const found = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /API base URL:\s+(\S+)/.exec(out)?.[1];
      const token = /Personal access token "bench": (\S+)/.exec(out)?.[1];
      if (url && token) resolve({ url, token });
    });
    child.once('exit', (code) => reject(new Error(`the emulator process ended (code ${code}) before it was ready:\n${out}`)));
  });
  return {
    ...found,
    /** utime + stime from /proc (Linux; clock ticks of 1/100 s). */
    cpuSeconds(): number {
      try {
        const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        return Number.NaN;
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
