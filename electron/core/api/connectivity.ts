import type { Connectivity } from '../../../shared/schemas/session.js';

/**
 * Connectivity as the user should see it, from the outcomes of real calls: a success means online,
 * a transport failure offline, a server error or timeout degraded.
 */
export class ConnectivityMonitor {
  private current: Connectivity = 'online';

  constructor(private readonly onChange: (state: Connectivity) => void) {}

  get state(): Connectivity {
    return this.current;
  }

  report(outcome: 'ok' | 'server-error' | 'unreachable'): void {
    const next: Connectivity = outcome === 'ok' ? 'online' : outcome === 'unreachable' ? 'offline' : 'degraded';
    if (next !== this.current) {
      this.current = next;
      this.onChange(next);
    }
  }
}
