import { parentPort, workerData } from 'node:worker_threads';
import { startEmulator, type EmulatorOptions } from './server.js';

/**
 * The emulator as a worker thread's entry: started with `workerData` (EmulatorOptions without a
 * clock), it answers on its loopback port like any other; the thread that started it talks to it over
 * HTTP (the control API) and only says "close" here, so a large sync against it never shares an
 * event loop with the app.
 */
export type EmulatorWorkerMessage =
  { op: 'ready'; url: string; labelPrinter: { host: string; port: number } | null } | { op: 'failed'; message: string } | { op: 'closed' };

const port = parentPort;
if (!port) throw new Error('emulator/worker.ts runs as a worker thread');

try {
  const emulator = await startEmulator(workerData as EmulatorOptions);
  port.on('message', (message: { op: 'close' }) => {
    if (message.op !== 'close') return;
    emulator
      .close()
      .catch((error: unknown) => process.stderr.write(`emulator: closing failed: ${(error as Error).message}\n`))
      .finally(() => {
        port.postMessage({ op: 'closed' } satisfies EmulatorWorkerMessage);
        port.close();
      });
  });
  const labelPrinter = emulator.labelPrinter ? { host: emulator.labelPrinter.host, port: emulator.labelPrinter.port } : null;
  port.postMessage({ op: 'ready', url: emulator.url, labelPrinter } satisfies EmulatorWorkerMessage);
} catch (error) {
  port.postMessage({ op: 'failed', message: (error as Error).message } satisfies EmulatorWorkerMessage);
  port.close();
}
