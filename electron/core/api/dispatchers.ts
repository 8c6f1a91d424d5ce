import { Pool } from 'undici';

/**
 * One undici Pool per origin, with keep-alive and the timeouts every call shares. The one place
 * where connection policy is decided.
 */
export const HTTP_TIMEOUTS = {
  connectMs: 10_000,
  headersMs: 20_000,
  bodyMs: 30_000,
  keepAliveMs: 30_000,
  /** The overall deadline of one API call, retries and waits included: no call hangs forever. */
  callMs: 120_000,
} as const;

export class DispatcherPool {
  private readonly pools = new Map<string, Pool>();

  for(url: string | URL): Pool {
    const origin = new URL(url).origin;
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: 8,
        pipelining: 1,
        keepAliveTimeout: HTTP_TIMEOUTS.keepAliveMs,
        connectTimeout: HTTP_TIMEOUTS.connectMs,
        headersTimeout: HTTP_TIMEOUTS.headersMs,
        bodyTimeout: HTTP_TIMEOUTS.bodyMs,
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.close().catch(() => p.destroy())));
  }
}
