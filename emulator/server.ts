import { join } from 'node:path';
import { VirtualClock } from './clock.js';
import { EmulatorControl } from './control-client.js';
import type { EnvironmentName } from './context.js';
import type { EnvironmentOptions, RunningEnvironment, SeedOptions } from './environment-types.js';
import { startEnvironment } from './environment.js';
import { EmulatedLabelPrinter } from './label-printer.js';

export interface EmulatorOptions extends SeedOptions {
  host?: string;
  /** Port of the first environment; 0 (the default) picks a free one. */
  port?: number;
  /** Port of the second environment, when two run; 0 picks a free one. */
  secondPort?: number;
  /**
   * Which environments to run, each on its own port with its own tokens and data (spec 5.4:
   * tokens are not shared). The first one is `url`. Default: the sandbox alone (it has simulations).
   */
  environments?: EnvironmentName[];
  clock?: VirtualClock;
  /** Where state persists across restarts (one folder per environment); null keeps it in memory. */
  dataDir?: string | null;
  /** The rate limit at start, in every environment: on at 150 a minute unless said otherwise. */
  rateLimit?: EnvironmentOptions['rateLimit'];
  /** Port of the emulated label printer (raw ZPL, on loopback only); 0 picks a free one; absent or null: no printer. */
  labelPrinterPort?: number | null;
}

export interface RunningEmulator {
  /** Base URL of the first environment: its API host and its authorization host (paths do not overlap). */
  url: string;
  /** The first environment's control API: the way tests and the app reach into the emulator. */
  control: EmulatorControl;
  /** Base URL of each running environment. */
  urls: Partial<Record<EnvironmentName, string>>;
  clock: VirtualClock;
  environments: Partial<Record<EnvironmentName, RunningEnvironment>>;
  /** The first environment's parts, for the common single-environment use. */
  requestLog: RunningEnvironment['requestLog'];
  context: RunningEnvironment['context'];
  app: RunningEnvironment['app'];
  primary: RunningEnvironment;
  /** Where the emulated label printer takes ZPL, when one runs. */
  labelPrinter: EmulatedLabelPrinter | null;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const clock = options.clock ?? new VirtualClock();
  const names = options.environments ?? ['sandbox'];
  if (names.length === 0 || new Set(names).size !== names.length) throw new Error('environments must name sandbox and/or production once each');
  const started: RunningEnvironment[] = [];
  const labelPrinter =
    options.labelPrinterPort === undefined || options.labelPrinterPort === null ? null : await EmulatedLabelPrinter.start({ port: options.labelPrinterPort });
  try {
    for (const [i, env] of names.entries()) {
      started.push(
        await startEnvironment({
          env,
          host: options.host ?? '127.0.0.1',
          port: i === 0 ? (options.port ?? 0) : (options.secondPort ?? 0),
          clock,
          dataDir: options.dataDir ? join(options.dataDir, env) : null,
          labelPrinter,
          ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
          ...(options.seed !== undefined ? { seed: options.seed } : {}),
          ...(options.inventoryItems !== undefined ? { inventoryItems: options.inventoryItems } : {}),
          ...(options.receivingOrders !== undefined ? { receivingOrders: options.receivingOrders } : {}),
        }),
      );
    }
  } catch (error) {
    await Promise.all([...started.map((e) => e.close()), labelPrinter?.close()]);
    throw error;
  }
  const primary = started[0]!;
  let closed = false;
  return {
    url: primary.url,
    control: new EmulatorControl(primary.url),
    urls: Object.fromEntries(started.map((e) => [e.env, e.url])),
    clock,
    environments: Object.fromEntries(started.map((e) => [e.env, e])),
    requestLog: primary.requestLog,
    context: primary.context,
    app: primary.app,
    primary,
    labelPrinter,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...started.map((e) => e.close()), labelPrinter?.close()]);
    },
  };
}
