import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bestRun, untilQuiet, watchDesk } from '../support/desk-watch.js';
import { callCore, createTestCore, type TestCore } from '../support/test-core.js';
import { englishOfSaid } from '../../electron/core/words.js';

/**
 * Whatever listens at a label printer's address may answer `~HS` with anything: 100 MB, an endless
 * stream, or one byte a second. The desk reads a status up to the size one can be, ends the job within
 * the printer's timeout with the job kept as not sent and why said, keeps answering the clerk, and
 * does not grow. The fake printer runs on loopback in this process and sends from one reused buffer
 * as fast as the desk reads, so what grows is the desk's reading, not the sender.
 */
type Answer = '100 MB' | 'an endless stream' | 'one byte a second';

interface FakePrinter {
  port: number;
  /** Bytes it sent in answer to ~HS, and whether a format (^XA) ever reached it. */
  sent(): number;
  gotFormat(): boolean;
  close(): Promise<void>;
}

const CHUNK = Buffer.alloc(64 * 1024, 'A');
const HUNDRED_MB = 100 * 1024 * 1024;

async function fakePrinter(answer: Answer): Promise<FakePrinter> {
  let sent = 0;
  let gotFormat = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let answering = false;
    socket.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      if (text.includes('^XA')) gotFormat = true;
      if (answering || !text.includes('~HS')) return;
      answering = true;
      if (answer === 'one byte a second') {
        const timer = setInterval(() => {
          if (socket.destroyed) return clearInterval(timer);
          socket.write('\x02');
          sent += 1;
        }, 1000);
        socket.on('close', () => clearInterval(timer));
        return;
      }
      const limit = answer === '100 MB' ? HUNDRED_MB : Infinity;
      const pump = () => {
        while (!socket.destroyed && sent < limit) {
          sent += CHUNK.length;
          if (!socket.write(CHUNK)) return void socket.once('drain', pump);
        }
        if (!socket.destroyed) socket.end();
      };
      pump();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    sent: () => sent,
    gotFormat: () => gotFormat,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let t: TestCore;
beforeAll(async () => {
  t = await createTestCore({ localEmulator: { inventoryItems: 5, receivingOrders: 2 } });
  // The desk's first print loads and compiles its label code (a quarter second, some MB): done once
  // here on the built-in emulator's printer, and the desk left to settle, so the figures below are
  // the hostile answer's alone.
  const emulated = (await callCore(t, 'printing.emulatedPrinter', {}))!;
  const settings = await callCore(t, 'printing.profiles.save', { name: 'Warm-up Zebra', kind: 'network-label', host: emulated.host, port: emulated.port });
  const warm = await callCore(t, 'printing.testPrint', { printerId: settings.profiles.find((p) => p.name === 'Warm-up Zebra')!.id });
  expect(warm.state).toBe('printed');
  await untilQuiet(t.core);
}, 60_000);
afterAll(() => t?.dispose());

const TIMEOUT_SECONDS = 3;

describe('a label printer that answers ~HS with too much, forever, or too slowly', () => {
  it.each([
    { answer: '100 MB' as const, said: 'printing.jobProblem.notZpl', words: /answered, but not as a ZPL label printer does/ },
    { answer: 'an endless stream' as const, said: 'printing.jobProblem.notZpl', words: /answered, but not as a ZPL label printer does/ },
    { answer: 'one byte a second' as const, said: 'printing.jobProblem.silent', words: /did not answer within 3 s/ },
  ])(
    '$answer: the job ends within the timeout, kept as not sent and why said; the desk answers and stays flat',
    async ({ answer, said, words }) => {
      const printer = await fakePrinter(answer);
      try {
        const name = `Zebra answering ${answer}`;
        const settings = await callCore(t, 'printing.profiles.save', {
          name,
          kind: 'network-label',
          host: '127.0.0.1',
          port: printer.port,
          timeoutSeconds: TIMEOUT_SECONDS,
        });
        const printerId = settings.profiles.find((p) => p.name === name)!.id;

        const { job, took, figures } = await bestRun(3, 100, async (attempt) => {
          const watch = await watchDesk(t.core);
          const started = Date.now();
          const job = await callCore(t, 'printing.testPrint', { printerId });
          const took = Date.now() - started;
          // Keep watching 25 calls more (half a second): a reader that kept the socket would go on growing.
          const calls = watch.calls();
          await vi.waitFor(() => expect(watch.calls()).toBeGreaterThanOrEqual(calls + 25), { timeout: 10_000, interval: 20 });
          const figures = await watch.stop();
          console.log(
            `printer answering ${answer}, run ${attempt}: job ended in ${took} ms, sender sent ${(printer.sent() / 1024).toFixed(0)} KiB;`,
            JSON.stringify(figures),
          );
          return { job, took, figures };
        });

        expect(job.state).toBe('not-sent');
        expect(job.problem[0]).toMatchObject({ id: said });
        expect(englishOfSaid(job.problem)).toMatch(words);
        expect(took).toBeLessThan(TIMEOUT_SECONDS * 1000 + 1000);
        expect(printer.gotFormat()).toBe(false);
        const kept = await callCore(t, 'printing.jobs.list', {});
        expect(kept.items.find((j) => j.id === job.id)).toMatchObject({ state: 'not-sent', attempts: 1 });
        expect(kept.items.filter((j) => j.printerName === name).every((j) => j.state === 'not-sent')).toBe(true);

        expect(figures.heldMs).toBeLessThan(100);
        expect(figures.peakHeapGrowthMB).toBeLessThan(20);
        expect(figures.endHeapGrowthMB).toBeLessThan(20);
        expect(figures.endRssGrowthMB).toBeLessThan(20);
      } finally {
        await printer.close();
      }
    },
    60_000,
  );
});
