import type { Connectivity } from '../../../shared/schemas/session.js';

/**
 * Connectivity as the user should see it, from the outcomes of real calls and, while not online, of
 * a light probe:
 * - `ok`: the call reached the service and was answered in good time: online;
 * - `unreachable`: no connection (refused, reset, no route): offline at once;
 * - `slow` or `server-error`: answered late, 5xx or 429, or timed out: degraded.
 * A cancelled call says nothing about the service and is never reported.
 */
export type Outcome = 'ok' | 'slow' | 'server-error' | 'unreachable';

/** An answer later than this counts as slow (degraded). */
export const SLOW_ANSWER_MS = 3000;
/** Probe schedule while not online: 1 s, doubling, at most 30 s apart. */
export const PROBE_BACKOFF = { firstMs: 1000, maxMs: 30_000 } as const;

/** An answer's outcome: 5xx and 429 are the service failing or shedding load; anything else reached it. */
export function outcomeOfAnswer(status: number, elapsedMs: number): Outcome {
  if (status >= 500 || status === 429) return 'server-error';
  return elapsedMs > SLOW_ANSWER_MS ? 'slow' : 'ok';
}

export interface Probe {
  /** One light request to the service, classified. */
  run(): Promise<Outcome>;
  /** Whether probing is wanted at all (a signed-in session); when false the probe stops. */
  wanted(): boolean;
}

export class ConnectivityMonitor {
  private current: Connectivity = 'online';
  private probe: Probe | null = null;
  private timer: NodeJS.Timeout | null = null;
  private delayMs: number = PROBE_BACKOFF.firstMs;
  private probing = false;

  constructor(private readonly onChange: (state: Connectivity) => void) {}

  get state(): Connectivity {
    return this.current;
  }

  report(outcome: Outcome): void {
    const next: Connectivity = outcome === 'ok' ? 'online' : outcome === 'unreachable' ? 'offline' : 'degraded';
    if (next !== this.current) {
      this.current = next;
      this.onChange(next);
    }
    if (next === 'online') this.stopProbing();
    else this.scheduleProbe();
  }

  /** The probe of the environment now in use (null: none); replaces the previous one. */
  useProbe(probe: Probe | null): void {
    this.stopProbing();
    this.probe = probe;
    if (this.current !== 'online') this.scheduleProbe();
  }

  /** Probes once now (a fresh environment: learn the truth before the first call). */
  async check(): Promise<void> {
    if (!this.probe) return;
    this.report(await this.probe.run());
  }

  /** The probe is wanted again (signed in); resumes it if the service is not online. */
  resume(): void {
    if (this.current !== 'online') this.scheduleProbe();
  }

  dispose(): void {
    this.stopProbing();
    this.probe = null;
  }

  private scheduleProbe(): void {
    if (this.timer || this.probing || !this.probe?.wanted()) return;
    const probe = this.probe;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.probe !== probe || !probe.wanted()) return;
      this.probing = true;
      // Fire-and-forget from the timer: a failed probe counts as unreachable and schedules the next one.
      void probe
        .run()
        .catch((): Outcome => 'unreachable')
        .then((outcome) => {
          this.probing = false;
          if (this.probe !== probe) return;
          this.delayMs = Math.min(PROBE_BACKOFF.maxMs, this.delayMs * 2);
          this.report(outcome);
        });
    }, this.delayMs);
    this.timer.unref();
  }

  private stopProbing(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.delayMs = PROBE_BACKOFF.firstMs;
  }
}
