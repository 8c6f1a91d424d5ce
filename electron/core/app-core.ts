import { mkdir } from 'node:fs/promises';
import type { Channel } from '../../shared/schemas/channel.js';
import type { EventName, EventPayload } from '../../shared/ipc/contract.js';
import type { RunningEmulator } from '../../emulator/server.js';
import { ApiClient } from './api/api-client.js';
import { ConnectivityMonitor } from './api/connectivity.js';
import { DispatcherPool } from './api/dispatchers.js';
import { getReceivingOrder, listChannels, listReceivingOrders } from './api/resources.js';
import { SessionService } from './auth/session.js';
import { TokenClient } from './auth/token-client.js';
import type { ResolvedEnvironment } from './environments/environments.js';
import { startLocalEnvironment, type LocalEmulatorOptions } from './environments/local-emulator.js';
import { dispatch, type Handlers } from './ipc/registry.js';
import { openSecretStore, type SecretStore } from './secrets/secret-store.js';
import { SettingsService, type SettingsBackend } from './settings/settings.js';

export interface AppCoreOptions {
  shell: 'electron' | 'browser';
  version: string;
  /** The app's data folder: settings, the local emulator's state, later the cache and outbox. */
  dataDir: string;
  settingsBackend: SettingsBackend;
  /** 'memory' keeps secrets out of the keychain (tests of other parts); 'auto' uses it when present. */
  keychain?: 'auto' | 'memory';
  /** Shell-specific notice for the UI (for example "Electron is not installed; running in the browser"). */
  notice?: string | null;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  /** Opens the authorize URL outside the app (Electron: the system browser). The browser shell leaves it to the page. */
  openAuthorizeUrl?: (url: string) => Promise<void>;
  signInTimeoutMs?: number;
  /** Seed options for the in-process emulator (tests and demos of an empty or a large warehouse). */
  localEmulator?: LocalEmulatorOptions;
  log?: (line: string) => void;
}

export interface AppCore {
  handlers: Handlers;
  dispatch(channel: unknown, input: unknown): ReturnType<typeof dispatch>;
  session: SessionService;
  /** Main-process only (tests read it to prove where tokens live); never exposed over IPC. */
  secrets: SecretStore;
  environment: ResolvedEnvironment;
  /** Present when the active environment is the in-process emulator. */
  emulator: RunningEmulator | null;
  /** The authorize URL of the current environment, for the shell's openExternal allow-list. */
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

  // Only the local emulator exists until the environments issue adds sandbox, production and custom ones.
  const { environment, emulator } = await startLocalEnvironment(options.dataDir, options.localEmulator);
  const dispatchers = new DispatcherPool();
  const { store: secrets, fallbackReason } = await openSecretStore(environment.id, options.keychain ?? 'auto');
  if (fallbackReason) log(`keychain: ${fallbackReason}`);
  const connectivity = new ConnectivityMonitor((state) => options.emit('connectivity.changed', state));

  let api: ApiClient | null = null;
  const session = new SessionService({
    environment,
    secrets,
    secretsFallbackReason: fallbackReason,
    settings,
    tokenClient: new TokenClient({ authUrl: environment.authUrl, clientId: environment.clientId, clientSecret: environment.clientSecret }, dispatchers),
    fetchChannels: (): Promise<Channel[]> => listChannels(api!),
    onStateChange: (state) => options.emit('session.changed', state),
    onSignInFailed: (error) => options.emit('auth.failed', error),
    ...(options.signInTimeoutMs ? { signInTimeoutMs: options.signInTimeoutMs } : {}),
  });
  api = new ApiClient(environment.apiBaseUrl, dispatchers, session, connectivity);
  await session.restore();

  const authorizeUrl = new URL('/connect/authorize', environment.authUrl);
  const handlers: Handlers = {
    'app.info': async () => ({ version: options.version, shell: options.shell, notice: options.notice ?? null }),
    'session.get': async () => session.getState(),
    'auth.signIn': async () => {
      const started = await session.beginSignIn();
      if (options.openAuthorizeUrl) await options.openAuthorizeUrl(started.authorizeUrl);
      return started;
    },
    'auth.cancelSignIn': async () => ({ cancelled: session.cancelSignIn() }),
    'auth.signOut': async () => session.signOut(),
    'receiving.list': async (input) => listReceivingOrders(api, input),
    'receiving.get': async (input) => getReceivingOrder(api, input.id),
  };

  return {
    handlers,
    dispatch: (channel, input) => dispatch(handlers, channel, input, log),
    session,
    secrets,
    environment,
    emulator,
    isAuthorizeUrl(url: string): boolean {
      try {
        const parsed = new URL(url);
        return parsed.origin === authorizeUrl.origin && parsed.pathname === authorizeUrl.pathname;
      } catch {
        return false;
      }
    },
    async close() {
      session.dispose();
      await dispatchers.close();
      await emulator?.close();
    },
  };
}
