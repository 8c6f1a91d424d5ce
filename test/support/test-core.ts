import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppCore, type AppCore, type AppCoreOptions } from '../../electron/core/app-core.js';
import { confSettingsBackend } from '../../electron/core/settings/conf-backend.js';
import { englishOf } from '../../electron/core/words.js';
import type { SessionState } from '../../shared/schemas/session.js';
import type { Saying } from '../../shared/errors.js';
import type { ChannelInput, ChannelName, ChannelOutput, EventName, EventPayload } from '../../shared/ipc/contract.js';

export interface RecordedEvent {
  event: EventName;
  payload: unknown;
}

/** A real core (real emulator on loopback, real settings file) in a temporary data folder. */
export async function createTestCore(
  options: {
    dataDir?: string;
    keychain?: 'auto' | 'memory';
    signInTimeoutMs?: number;
    openSecrets?: AppCoreOptions['openSecrets'];
    localEmulator?: AppCoreOptions['localEmulator'];
    requestBudgetPerMinute?: number;
    outboxRetry?: AppCoreOptions['outboxRetry'];
    inventoryRefreshMs?: number;
    startSyncAssembler?: AppCoreOptions['startSyncAssembler'];
    /** The shell's port to the system's printers (Electron's); tests give a recording one. */
    systemPrint?: AppCoreOptions['systemPrint'];
    /** Electron's label window; tests give a recording one. */
    showLabels?: AppCoreOptions['showLabels'];
    /** The account mirror's pace; by default it refreshes only when a test asks (so request counts stay a test's own). */
    mirror?: AppCoreOptions['mirror'];
    /** The areas to build (default: electron/core/areas.ts's list). */
    areas?: AppCoreOptions['areas'];
    /** The core's clock (default: the machine's), for what waits minutes by it. */
    clock?: AppCoreOptions['clock'];
  } = {},
) {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'dockdesk-core-')));
  const events: RecordedEvent[] = [];
  const listeners = new Set<() => void>();
  /** Resolves with `check`'s answer once it has one, asked now and after each event the core emits. */
  const whenEvents = <T>(check: () => T | undefined, timeoutMs: number, failure: () => string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const settle = () => {
        const answer = check();
        if (answer === undefined) return;
        stop();
        resolve(answer);
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(failure()));
      }, timeoutMs);
      const stop = () => {
        clearTimeout(timer);
        listeners.delete(settle);
      };
      listeners.add(settle);
      settle();
    });
  const logs: string[] = [];
  const core: AppCore = await createAppCore({
    shell: 'browser',
    version: '0.0.0-test',
    dataDir,
    settingsBackend: confSettingsBackend(dataDir),
    keychain: options.keychain ?? 'memory',
    emit: <E extends EventName>(event: E, payload: EventPayload<E>) => {
      events.push({ event, payload });
      for (const heard of [...listeners]) heard();
    },
    log: (line) => logs.push(line),
    ...(options.signInTimeoutMs ? { signInTimeoutMs: options.signInTimeoutMs } : {}),
    ...(options.openSecrets ? { openSecrets: options.openSecrets } : {}),
    ...(options.localEmulator ? { localEmulator: options.localEmulator } : {}),
    ...(options.requestBudgetPerMinute ? { requestBudgetPerMinute: options.requestBudgetPerMinute } : {}),
    ...(options.outboxRetry ? { outboxRetry: options.outboxRetry } : {}),
    ...(options.inventoryRefreshMs !== undefined ? { inventoryRefreshMs: options.inventoryRefreshMs } : {}),
    ...(options.startSyncAssembler ? { startSyncAssembler: options.startSyncAssembler } : {}),
    ...(options.systemPrint ? { systemPrint: options.systemPrint } : {}),
    ...(options.showLabels ? { showLabels: options.showLabels } : {}),
    mirror: options.mirror ?? { auto: false, refreshMs: 0 },
    ...(options.areas ? { areas: options.areas } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return {
    core,
    dataDir,
    events,
    logs,
    /** Resolves when an event arrives that satisfies the predicate (checking ones already recorded too). */
    waitForEvent<E extends EventName>(event: E, predicate: (p: EventPayload<E>) => boolean = () => true, timeoutMs = 10_000): Promise<EventPayload<E>> {
      return whenEvents(
        () => events.find((e) => e.event === event && predicate(e.payload as EventPayload<E>))?.payload as EventPayload<E> | undefined,
        timeoutMs,
        () => `timed out waiting for ${event}; saw ${events.map((e) => e.event).join(', ')}`,
      );
    },
    /** Resolves when `count` inventory syncs have ended (an `inventory.syncStatus` event with state idle), with the last one's status. */
    inventorySyncsEnded(count: number, timeoutMs = 60_000): Promise<EventPayload<'inventory.syncStatus'>> {
      const ends = () => events.filter((e) => e.event === 'inventory.syncStatus' && (e.payload as EventPayload<'inventory.syncStatus'>).state === 'idle');
      return whenEvents(
        () => ends()[count - 1]?.payload as EventPayload<'inventory.syncStatus'> | undefined,
        timeoutMs,
        () => `fewer than ${count} inventory syncs ended; events: ${events.map((e) => e.event).join(', ')}`,
      );
    },
    async dispose(removeData = true) {
      await core.close();
      if (removeData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the emulator's consent page the way a person would, and waits for the result. */
export async function signIn(t: Awaited<ReturnType<typeof createTestCore>>) {
  const { completeConsent } = await import('./consent.js');
  const started = await t.core.dispatch('auth.signIn', {});
  if (!started.ok) throw new Error(`auth.signIn failed: ${started.error.message}`);
  const { authorizeUrl } = started.value as { authorizeUrl: string };
  const outcome = await completeConsent(authorizeUrl);
  const state = await t.waitForEvent('session.changed', (s) => s.status === 'signed-in' && s.channel !== null);
  return { authorizeUrl, outcome, state };
}

/** Calls the emulator's control API (faults, PATs, request log) of a test core. */
export async function emulatorControl(t: Awaited<ReturnType<typeof createTestCore>>, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${t.core.emulator.url}/__emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

export type TestCore = Awaited<ReturnType<typeof createTestCore>>;

/** A channel's value through the core's dispatch, as the renderer calls it; an error answer throws, naming the channel. */
export async function callCore<C extends ChannelName>(t: TestCore, channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const r = await t.core.dispatch(channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`);
  return r.value as ChannelOutput<C>;
}

export interface LoggedRequest {
  seq: number;
  method: string;
  path: string;
  status: number;
}

/** The service requests (control calls left out) the emulator logged after `since` (a log sequence number). */
export async function apiRequestsSince(t: TestCore, since: number): Promise<LoggedRequest[]> {
  const { items } = (await emulatorControl(t, 'GET', `/requests?since=${since}`)) as { items: LoggedRequest[] };
  return items.filter((r) => !r.path.startsWith('/__emulator'));
}

/** The emulator's request log's last sequence number: what comes after it is what a test caused. */
export async function lastRequestSeq(t: TestCore): Promise<number> {
  const { items } = (await emulatorControl(t, 'GET', '/requests')) as { items: LoggedRequest[] };
  return items.at(-1)?.seq ?? 0;
}

/** Why a session is signed out (or what limits it), as main says it in English. */
export function sessionReason(state: SessionState): string {
  return state.reason.map((r) => englishOf(r as Saying)).join(' ');
}
