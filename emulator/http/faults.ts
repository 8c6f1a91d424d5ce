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
  .strict();
export type FaultConfig = z.output<typeof FaultConfig>;

export type Fault = 'drop' | '5xx' | '429' | 'malformed' | 'drop-response' | null;

export class FaultInjector {
  private config: FaultConfig = FaultConfig.parse({});
  private rng = new SeededRandom(1);

  set(input: unknown): FaultConfig {
    this.config = FaultConfig.parse(input);
    this.rng = new SeededRandom(this.config.seed);
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

  get latencyMs(): number {
    return this.config.latencyMs;
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
  private readonly windows = new Map<string, number[]>();

  constructor(settings: Partial<RateLimitSettings> = {}) {
    if (settings.enabled !== undefined) this.enabled = settings.enabled;
    if (settings.perMinute !== undefined) this.perMinute = settings.perMinute;
  }

  /** Counts the request when allowed; when not, the whole seconds until the oldest leaves the window. */
  check(key: string, nowMs: number): { retryAfter: number; remaining: number } | { retryAfter: null; remaining: number } {
    if (!this.enabled) return { retryAfter: null, remaining: this.perMinute };
    const window = (this.windows.get(key) ?? []).filter((t) => t > nowMs - 60_000);
    if (window.length >= this.perMinute) {
      this.windows.set(key, window);
      return { retryAfter: Math.max(1, Math.ceil((window[window.length - this.perMinute]! + 60_000 - nowMs) / 1000)), remaining: 0 };
    }
    window.push(nowMs);
    this.windows.set(key, window);
    return { retryAfter: null, remaining: this.perMinute - window.length };
  }

  reset(): void {
    this.windows.clear();
  }
}

/** The published 429 body (API notes): the seconds are the same as x-retry-after's. */
export function rateLimitBody(retryAfterSeconds: number): { statusCode: 429; message: string } {
  return { statusCode: 429, message: `Rate limit is exceeded. Try again in ${retryAfterSeconds} seconds.` };
}
