import type { FastifyInstance } from 'fastify';
import type { VirtualClock } from './clock.js';
import type { EmulatedLabelPrinter } from './label-printer.js';
import type { EmulatorContext, EnvironmentName } from './context.js';
import type { FaultInjector, RateLimiter, RateLimitSettings } from './http/faults.js';
import type { RequestLog } from './request-log.js';

/**
 * The shape of one running environment, apart from the code that starts it: the control API and the
 * server both name it, and neither may import the other (environment.ts registers the control routes).
 */
export interface SeedOptions {
  seed?: number;
  inventoryItems?: number;
  receivingOrders?: number;
}

export interface EnvironmentOptions extends SeedOptions {
  env: EnvironmentName;
  host: string;
  port: number;
  clock: VirtualClock;
  /** This environment's folder for persistent state; null keeps everything in memory. */
  dataDir: string | null;
  /** The rate limit at start (default: on, 150 a minute, as published); the control API changes it later. */
  rateLimit?: Partial<RateLimitSettings>;
  /** The emulator's label printer, shared by its environments (one printer on the desk's network). */
  labelPrinter?: EmulatedLabelPrinter | null;
}

export interface RunningEnvironment {
  env: EnvironmentName;
  url: string;
  clock: VirtualClock;
  requestLog: RequestLog;
  context: EmulatorContext;
  faults: FaultInjector;
  rateLimiter: RateLimiter;
  app: FastifyInstance;
  labelPrinter: EmulatedLabelPrinter | null;
  reset(options?: SeedOptions & { auth?: boolean }): void;
  /** Writes the state now (persistence is otherwise debounced). */
  flush(): Promise<void>;
  close(): Promise<void>;
}
