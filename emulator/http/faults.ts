import { z } from 'zod';
import { SeededRandom } from '../data/random.js';

/**
 * Fault injection (control API and CLI): latency, a rate of 5xx, 429s with x-retry-after, dropped
 * connections and malformed JSON bodies. Decisions come from a seeded generator, so a test run
 * sees the same faults in the same order. Applies to API paths (and, when asked, to the token
 * endpoint); never to the control API.
 */
export const FaultConfig = z
  .object({
    latencyMs: z.number().int().min(0).max(60_000).default(0),
    /** With it, each request waits a time drawn between latencyMs and this (a service that answers unevenly). */
    latencyMaxMs: z.number().int().min(0).max(60_000).optional(),
    errorRate: z.number().min(0).max(1).default(0),
    rateLimitRate: z.number().min(0).max(1).default(0),
    retryAfterSeconds: z.number().int().min(0).max(3600).default(1),
    dropRate: z.number().min(0).max(1).default(0),
    malformedRate: z.number().min(0).max(1).default(0),
    /** Share of requests carried out whose answer is then lost (the connection drops before it): a client must not repeat such a write blindly. */
    dropResponseRate: z.number().min(0).max(1).default(0),
    includeAuth: z.boolean().default(false),
    seed: z.number().int().default(1),
  })
  .strict()
  .refine((c) => c.latencyMaxMs === undefined || c.latencyMaxMs >= c.latencyMs, {
    message: 'latencyMaxMs must be at least latencyMs',
    path: ['latencyMaxMs'],
  });
export type FaultConfig = z.output<typeof FaultConfig>;

export type Fault = 'drop' | '5xx' | '429' | 'malformed' | 'drop-response' | null;

export class FaultInjector {
  private config: FaultConfig = FaultConfig.parse({});
  private rng = new SeededRandom(1);
  /** Its own sequence, so a latency range leaves the faults drawn for a seed as they were. */
  private latencyRng = new SeededRandom(1);

  set(input: unknown): FaultConfig {
    this.config = FaultConfig.parse(input);
    this.rng = new SeededRandom(this.config.seed);
    this.latencyRng = new SeededRandom(this.config.seed);
    return this.config;
  }

  get(): FaultConfig {
    return { ...this.config };
  }

  clear(): void {
    this.set({});
  }

  applies(path: string): boolean {
    if (path.startsWith('/__emulator/')) return false;
    if (path.startsWith('/connect/') || path.startsWith('/.well-known/')) return this.config.includeAuth;
    return true;
  }

  /** This request's wait: latencyMs, or a draw up to latencyMaxMs. */
  nextLatencyMs(): number {
    const { latencyMs, latencyMaxMs } = this.config;
    if (latencyMaxMs === undefined || latencyMaxMs <= latencyMs) return latencyMs;
    return latencyMs + Math.round(this.latencyRng.next() * (latencyMaxMs - latencyMs));
  }

  /** One draw per request, in a fixed order, so the sequence depends only on the seed. */
  decide(): Fault {
    const r = this.rng.next();
    const c = this.config;
    if (r < c.dropRate) return 'drop';
    if (r < c.dropRate + c.errorRate) return '5xx';
    if (r < c.dropRate + c.errorRate + c.rateLimitRate) return '429';
    if (r < c.dropRate + c.errorRate + c.rateLimitRate + c.malformedRate) return 'malformed';
    if (r < c.dropRate + c.errorRate + c.rateLimitRate + c.malformedRate + c.dropResponseRate) return 'drop-response';
    return null;
  }

  get retryAfterSeconds(): number {
    return this.config.retryAfterSeconds;
  }
}

/** The limit as the API notes publish it: 150 requests a minute, sliding window. */
export const PUBLISHED_PER_MINUTE = 150;
const WINDOW_MS = 60_000;

export interface RateLimitSettings {
  enabled: boolean;
  perMinute: number;
}

/**
 * The service's rate limit (API notes, "Errors, auth failures, rate limits"): a sliding window of a
 * minute, counted per key. The environment keys it by user and application, so every token one user
 * holds in one application shares a window, as on the service. On by default at the published figure.
 */
export class RateLimiter {
  enabled = true;
  perMinute = PUBLISHED_PER_MINUTE;
  /** Each key's requests in the last minute; a key whose window has emptied is not kept. */
  private readonly windows = new Map<string, number[]>();
  private sweptAt = 0;

  constructor(settings: Partial<RateLimitSettings> = {}) {
    if (settings.enabled !== undefined) this.enabled = settings.enabled;
    if (settings.perMinute !== undefined) this.perMinute = settings.perMinute;
  }

  /** Counts the request when allowed; when not, the whole seconds until the oldest leaves the window. */
  check(key: string, nowMs: number): { retryAfter: number; remaining: number } | { retryAfter: null; remaining: number } {
    if (!this.enabled) return { retryAfter: null, remaining: this.perMinute };
    this.sweep(nowMs);
    const window = (this.windows.get(key) ?? []).filter((t) => t > nowMs - WINDOW_MS);
    if (window.length >= this.perMinute) {
      this.windows.set(key, window);
      return { retryAfter: Math.max(1, Math.ceil((window[window.length - this.perMinute]! + 60_000 - nowMs) / 1000)), remaining: 0 };
    }
    window.push(nowMs);
    this.windows.set(key, window);
    return { retryAfter: null, remaining: this.perMinute - window.length };
  }

  /** How many windows are kept now (the control API reports it): keys with a request in the last minute. */
  windowsKept(nowMs: number): number {
    this.sweep(nowMs, true);
    return this.windows.size;
  }

  reset(): void {
    this.windows.clear();
  }

  /**
   * Drops the windows that have emptied, at most once a minute (or when asked): a request without a
   * token is keyed by its source address, and every address that ever called would otherwise stay.
   */
  private sweep(nowMs: number, now = false): void {
    if (!now && nowMs - this.sweptAt < WINDOW_MS) return;
    this.sweptAt = nowMs;
    for (const [key, window] of this.windows) if (window.length === 0 || window[window.length - 1]! <= nowMs - WINDOW_MS) this.windows.delete(key);
  }
}

/** The published 429 body (API notes): the seconds are the same as x-retry-after's. */
export function rateLimitBody(retryAfterSeconds: number): { statusCode: 429; message: string } {
  return { statusCode: 429, message: `Rate limit is exceeded. Try again in ${retryAfterSeconds} seconds.` };
}
