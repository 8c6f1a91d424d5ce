/**
 * The one retry policy: exponential backoff with full jitter for idempotent requests, honouring
 * the service's x-retry-after / Retry-After on 429. Writes are never retried here.
 */
export const RETRY = {
  maxAttempts: 4,
  baseDelayMs: 200,
  maxDelayMs: 8_000,
} as const;

export function backoffDelayMs(attempt: number, retryAfterSeconds: number | null, random: () => number = Math.random): number {
  if (retryAfterSeconds !== null && Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0) {
    return Math.min(retryAfterSeconds * 1000, 60_000);
  }
  const ceiling = Math.min(RETRY.maxDelayMs, RETRY.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}

/** Reads x-retry-after (the service's header) or the standard Retry-After, in seconds. */
export function retryAfterSeconds(headers: Record<string, string | string[] | undefined>): number | null {
  const raw = headers['x-retry-after'] ?? headers['retry-after'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}
