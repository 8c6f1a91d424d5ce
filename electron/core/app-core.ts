import { mkdir } from 'node:fs/promises';
import type { RunningEmulator } from '../../emulator/server.js';
import { appError } from '../../shared/errors.js';
import { CALL_ID_PATTERN, type EventName, type EventPayload } from '../../shared/ipc/contract.js';
import { ConnectivityMonitor } from './api/connectivity.js';
import { DispatcherPool } from './api/dispatchers.js';
import { getReceivingOrder, listReceivingOrders } from './api/resources.js';
import { EnvironmentManager } from './environments/manager.js';
import { LOCAL_CLIENT, startLocalEmulator, type LocalEmulatorOptions } from './environments/local-emulator.js';
import { dispatch, type Handlers } from './ipc/registry.js';
import { SettingsService, type SettingsBackend } from './settings/settings.js';
import type { SecretStoreChoice } from './secrets/secret-store.js';

export interface AppCoreOptions {
  shell: 'electron' | 'browser';
  version: string;
  /** The app's data folder: settings, the local emulator's state, later the cache and outbox. */
  dataDir: string;
  settingsBackend: SettingsBackend;
  /** 'memory' keeps secrets out of the keychain (tests of other parts); 'auto' uses it when present. */
  keychain?: 'auto' | 'memory';
  /** Replaces the keychain as the secret store port (tests that simulate a crash mid-rotation). */
  openSecrets?: (environmentId: string) => Promise<SecretStoreChoice>;
  /** Shell-specific notice for the UI (for example "Electron is not installed; running in the browser"). */
  notice?: string | null;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  /** Opens the authorize URL outside the app (Electron: the system browser). The browser shell leaves it to the page. */
  openAuthorizeUrl?: (url: string) => Promise<void>;
  signInTimeoutMs?: number;
  /** Raises the client-side request budget (benchmarks); the default stays under the service's limit. */
  requestBudgetPerMinute?: number;
  /** Seed options for the in-process emulator (tests and demos of an empty or a large warehouse). */
  localEmulator?: LocalEmulatorOptions;
  log?: (line: string) => void;
}

export interface AppCore {
  handlers: Handlers;
  /** Runs one call; `callId` makes it cancellable through `ipc.cancel`. */
  dispatch(channel: unknown, input: unknown, callId?: string | null): ReturnType<typeof dispatch>;
  environments: EnvironmentManager;
  /** The in-process emulator behind the "Local emulator" environment. */
  emulator: RunningEmulator;
  isAuthorizeUrl(url: string): boolean;
  close(): Promise<void>;
}

/**
 * The composition root of the core: plain Node, no `electron` import. Both shells build it the same
 * way and hand it their own settings backend, event sink and URL opener.
 */
export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const settings = new SettingsService(options.settingsBackend);
  if (settings.recoveredFrom) log(`settings: the settings file was unreadable (${settings.recoveredFrom}); defaults are in use`);

  const emulator = await startLocalEmulator(options.dataDir, options.localEmulator);
  const dispatchers = new DispatcherPool();
  const connectivity = new ConnectivityMonitor((state) => options.emit('connectivity.changed', state));
  const environments = new EnvironmentManager({
    settings,
    dispatchers,
    connectivity,
    keychain: options.keychain ?? 'auto',
    ...(options.openSecrets ? { openSecrets: options.openSecrets } : {}),
    ...(options.requestBudgetPerMinute ? { requestBudgetPerMinute: options.requestBudgetPerMinute } : {}),
    emit: options.emit,
    local: { emulator, ...LOCAL_CLIENT },
    log,
    ...(options.signInTimeoutMs ? { signInTimeoutMs: options.signInTimeoutMs } : {}),
  });
  await environments.start();

  const inflight = new Map<string, AbortController>();
  const session = () => environments.active.session;
  const api = () => environments.active.api;

  const handlers: Handlers = {
    'app.info': async () => ({ version: options.version, shell: options.shell, notice: options.notice ?? null }),
    'session.get': async () => session().getState(),
    'auth.signIn': async () => {
      const started = await session().beginSignIn();
      if (options.openAuthorizeUrl) await options.openAuthorizeUrl(started.authorizeUrl);
      return started;
    },
    'auth.cancelSignIn': async () => ({ cancelled: session().cancelSignIn() }),
    'auth.signInWithToken': async ({ token }) => session().signInWithPat(token),
    'auth.signOut': async () => session().signOut(),
    'session.chooseChannel': async ({ channelId }) => session().chooseChannel(channelId),
    'environments.list': async () => environments.list(),
    'environments.save': async (input) => environments.save(input),
    'environments.remove': async ({ id }) => environments.remove(id),
    'environments.activate': async ({ id }) => (await environments.activate(id)).session.getState(),
    'environments.test': async (input) => environments.test(input),
    'ipc.cancel': async ({ callId }) => {
      const controller = inflight.get(callId);
      controller?.abort();
      return { cancelled: controller !== undefined };
    },
    'receiving.list': async (input, call) => listReceivingOrders(api(), input, call.signal),
    'receiving.get': async (input, call) => getReceivingOrder(api(), input.id, call.signal),
  };

  return {
    handlers,
    async dispatch(channel, input, callId) {
      if (!callId) return dispatch(handlers, channel, input, log);
      if (!CALL_ID_PATTERN.test(callId) || inflight.has(callId)) {
        return { ok: false, error: appError('invalid_input', 'The call id is malformed or already in use.').appError };
      }
      const controller = new AbortController();
      inflight.set(callId, controller);
      try {
        return await dispatch(handlers, channel, input, log, controller.signal);
      } finally {
        inflight.delete(callId);
      }
    },
    environments,
    emulator,
    isAuthorizeUrl: (url) => environments.isAuthorizeUrl(url),
    async close() {
      for (const c of inflight.values()) c.abort();
      environments.dispose();
      await dispatchers.close();
      await emulator.close();
    },
  };
}
