import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DOCKDESK_CLIENT } from '../../../emulator/auth/registry.js';
import { EmulatorControl } from '../../../emulator/control-client.js';
import type { EmulatorOptions } from '../../../emulator/server.js';
import type { EmulatorWorkerMessage } from '../../../emulator/worker.js';

/**
 * The "Local emulator" environment, the default: a sandbox emulator on a free loopback port, in a
 * worker thread of its own, so a large sync against it never stalls the app's main thread (the
 * emulator's routes, JSON and state saving run there). The app reaches it as it reaches any service,
 * over HTTP, and its control API through `control`. Its data and sign-ins persist under the app's
 * data folder, so a refresh token in the keychain still works after the app restarts (on a new port:
 * tokens are not bound to it).
 */
/** Dockdesk's registration with the local emulator (demo values, documented in the README). */
export const LOCAL_CLIENT = { clientId: DOCKDESK_CLIENT.clientId, clientSecret: DOCKDESK_CLIENT.clientSecret } as const;

export type LocalEmulatorOptions = Pick<EmulatorOptions, 'seed' | 'inventoryItems' | 'receivingOrders' | 'rateLimit'>;

/** What the app and its tests hold of the built-in emulator: where it answers, its control API, and its stop. */
export interface LocalEmulator {
  url: string;
  control: EmulatorControl;
  /** Its label printer (raw ZPL on loopback), for the desk to print to as to any network label printer. */
  labelPrinter: { host: string; port: number } | null;
  /** Stops it; its state is saved first. */
  close(): Promise<void>;
}

/** Time for a clean stop, the state of a 100,000-item warehouse written included. */
const CLOSE_TIMEOUT_MS = 60_000;

export async function startLocalEmulator(dataDir: string, options: LocalEmulatorOptions = {}): Promise<LocalEmulator> {
  const workerData: EmulatorOptions = { ...options, environments: ['sandbox'], dataDir: join(dataDir, 'emulator'), labelPrinterPort: 0 };
  const worker = new Worker(await workerEntry(), { workerData });
  const ready = await new Promise<Extract<EmulatorWorkerMessage, { op: 'ready' }>>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the local emulator stopped while starting (exit code ${code})`)));
    worker.once('message', (message: EmulatorWorkerMessage) => {
      if (message.op === 'ready') resolve(message);
      else reject(new Error(`the local emulator could not start: ${message.op === 'failed' ? message.message : message.op}`));
    });
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  worker.removeAllListeners();
  let closing: Promise<void> | null = null;
  return {
    url: ready.url,
    control: new EmulatorControl(ready.url),
    labelPrinter: ready.labelPrinter,
    close: () => (closing ??= stopWorker(worker)),
  };
}

async function stopWorker(worker: Worker): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    worker.on('message', (message: EmulatorWorkerMessage) => {
      if (message.op === 'closed') resolve();
    });
    worker.once('exit', () => resolve());
    worker.once('error', () => resolve());
    setTimeout(resolve, CLOSE_TIMEOUT_MS).unref();
  });
  worker.postMessage({ op: 'close' });
  await closed;
  await worker.terminate();
}

let sourceBundle: Promise<URL> | null = null;

/**
 * The worker's code: `emulator-worker.js` beside the main bundle (build/vite.main.config.ts builds it
 * as a second entry), or, running from source (tests, the browser host, `tsx`), emulator/worker.ts
 * bundled once with esbuild into node_modules/.cache, where its packages resolve as from source. No
 * loader hooks in the worker, so its start cannot wait on the main thread's module loading.
 */
async function workerEntry(): Promise<URL> {
  const built = new URL('./emulator-worker.js', import.meta.url);
  if (built.protocol === 'file:' && existsSync(fileURLToPath(built))) return built;
  const source = new URL('../../../emulator/worker.ts', import.meta.url);
  if (source.protocol !== 'file:' || !existsSync(fileURLToPath(source))) throw new Error('the local emulator: no worker entry beside the app');
  sourceBundle ??= bundleSource(fileURLToPath(source)).catch((error: unknown) => {
    sourceBundle = null; // try again at the next start
    throw error;
  });
  return sourceBundle;
}

async function bundleSource(path: string): Promise<URL> {
  // A development dependency: only source runs come here.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [path],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    write: false,
    logLevel: 'error',
  });
  const code = result.outputFiles[0]!.text;
  const dir = fileURLToPath(new URL('../../../node_modules/.cache/dockdesk/', import.meta.url));
  await mkdir(dir, { recursive: true });
  // Named by content and renamed into place, so test processes bundling at once never read half a file.
  const file = join(dir, `emulator-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, code);
    await rename(partial, file);
  }
  return pathToFileURL(file);
}
