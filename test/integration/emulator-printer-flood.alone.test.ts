import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_PRINTER_LIMITS } from '../../emulator/label-printer.js';
import { bestRun, untilQuiet, watchDesk } from '../support/desk-watch.js';
import { callCore, createTestCore, type TestCore } from '../support/test-core.js';

/**
 * The built-in emulator's label printer listens on loopback with no secret, inside the desk's process
 * (the emulator's worker thread), so any local process can send it anything. 100 MB sent to it, from
 * another process as such a sender would: the desk keeps answering and hardly grows, and the printer
 * keeps no more jobs than its bound.
 */
let t: TestCore;
let printer: { host: string; port: number };
beforeAll(async () => {
  t = await createTestCore({ localEmulator: { inventoryItems: 5, receivingOrders: 2 } });
  printer = (await callCore(t, 'printing.emulatedPrinter', {}))!;
  await untilQuiet(t.core);
}, 60_000);
afterAll(() => t?.dispose());

/**
 * A sender in a process of its own: `jobs` jobs of `jobBytes` each on one connection, each followed
 * by ~HS and its answer awaited (0 jobs: one stream of `total` bytes with no ~HS). It says how much
 * it sent and whether the printer hung up.
 */
function send(options: { jobs: number; jobBytes: number; total: number }): Promise<{ sent: number; hungUp: boolean; answers: number }> {
  const script = `
    import { connect } from 'node:net';
    const { jobs, jobBytes, total, port } = ${JSON.stringify({ ...options, port: printer.port })};
    const label = '^XA^FO20,20^A0N,30,30^FDSKU-FLOOD^FS^XZ';
    const chunk = Buffer.from(label.repeat(Math.ceil(65536 / label.length)).slice(0, 65536));
    const socket = connect({ host: '127.0.0.1', port });
    let sent = 0, answers = 0, hungUp = false, pending = '';
    const done = () => { process.stdout.write(JSON.stringify({ sent, hungUp, answers })); process.exit(0); };
    socket.on('error', () => { hungUp = true; done(); });
    socket.on('close', () => { hungUp = hungUp || sent < total; done(); });
    socket.on('data', (d) => { pending += d.toString('latin1'); });
    const write = (data) => new Promise((resolve) => { sent += data.length; if (socket.write(data)) resolve(); else socket.once('drain', resolve); });
    const answered = (n) => new Promise((resolve) => { const check = () => (pending.split('\\r\\n').length > 3 * n ? resolve() : setTimeout(check, 2)); check(); });
    socket.on('connect', async () => {
      if (jobs === 0) { while (sent < total && !socket.destroyed) await write(chunk); }
      else for (let j = 0; j < jobs && !socket.destroyed; j++) {
        for (let b = 0; b < jobBytes && !socket.destroyed; b += chunk.length) await write(chunk);
        await write('~HS'); await answered(++answers);
      }
      socket.end();
    });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out) as { sent: number; hungUp: boolean; answers: number });
      } catch {
        reject(new Error(`the sender said ${out}`));
      }
    });
  });
}

const MB = 1024 * 1024;
type Kept = { jobs: number; bytes: number; limits: typeof LABEL_PRINTER_LIMITS };
const kept = async () => (await t.core.emulator.control.call<{ kept: Kept }>('GET', '/label-printer')).kept;

describe('100 MB sent to the built-in emulator’s label printer', () => {
  it('as one endless job: the printer hangs up past a label job’s size and keeps nothing; the desk answers and stays flat', async () => {
    const { sender, figures } = await bestRun(3, 100, async (attempt) => {
      await t.core.emulator.control.call('DELETE', '/label-printer/jobs');
      const watch = await watchDesk(t.core);
      const sender = await send({ jobs: 0, jobBytes: 0, total: 100 * MB });
      const figures = await watch.stop();
      console.log(`one 100 MB job, run ${attempt}: sender sent ${(sender.sent / MB).toFixed(1)} MB;`, JSON.stringify(figures));
      return { sender, figures };
    });

    expect(sender.hungUp).toBe(true);
    expect(sender.sent).toBeLessThan(LABEL_PRINTER_LIMITS.jobBytes + 16 * MB);
    expect(await kept()).toMatchObject({ jobs: 0, bytes: 0 });
    expect(figures.heldMs).toBeLessThan(100);
    expect(figures.peakRssGrowthMB).toBeLessThan(50);
  }, 120_000);

  it('as 100 jobs of 1 MB, each followed by ~HS: each answered; the printer keeps its bound of them, the newest; the desk answers and stays flat', async () => {
    const { sender, figures } = await bestRun(3, 100, async (attempt) => {
      await t.core.emulator.control.call('DELETE', '/label-printer/jobs');
      const watch = await watchDesk(t.core);
      const sender = await send({ jobs: 100, jobBytes: MB, total: 100 * MB + 300 });
      const figures = await watch.stop();
      console.log(`100 jobs of 1 MB, run ${attempt}: sender sent ${(sender.sent / MB).toFixed(1)} MB;`, JSON.stringify(figures));
      return { sender, figures };
    });

    expect(sender).toMatchObject({ hungUp: false, answers: 100 });
    expect(sender.sent).toBeGreaterThanOrEqual(100 * MB);
    const now = await kept();
    expect(now.jobs).toBeGreaterThan(0);
    expect(now.jobs).toBeLessThanOrEqual(LABEL_PRINTER_LIMITS.keptJobs);
    expect(now.bytes).toBeLessThanOrEqual(LABEL_PRINTER_LIMITS.keptBytes);
    expect(now.bytes).toBe(now.jobs * MB);
    expect(figures.heldMs).toBeLessThan(100);
    expect(figures.peakRssGrowthMB).toBeLessThan(50);

    // Forgetting the jobs gives their memory back to the desk.
    await t.core.emulator.control.call('DELETE', '/label-printer/jobs');
    expect(await kept()).toMatchObject({ jobs: 0, bytes: 0 });
  }, 240_000);
});
