import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningEmulator } from '../../emulator/server.js';
import { appError } from '../../shared/errors.js';
import { CALL_ID_PATTERN, REFRESH_CALL_PREFIX, type EventName, type EventPayload } from '../../shared/ipc/contract.js';
import { inLane } from './api/request-budget.js';
import { ConnectivityMonitor } from './api/connectivity.js';
import { DispatcherPool } from './api/dispatchers.js';
import { appHandlers } from './app/handlers.js';
import type { DeskScope } from './data/desk-paths.js';
import { DraftStore } from './data/draft-store.js';
import { PerScope } from './data/scoped.js';
import { draftHandlers } from './drafts/handlers.js';
import { sessionHandlers } from './auth/handlers.js';
import { environmentHandlers } from './environments/handlers.js';
import { EnvironmentManager } from './environments/manager.js';
import { LOCAL_CLIENT, startLocalEmulator, type LocalEmulatorOptions } from './environments/local-emulator.js';
import { inventoryHandlers } from './inventory/handlers.js';
import { InventoryDesk, type InventoryDeskDeps } from './inventory/inventory-desk.js';
import { dispatch, type Handlers } from './ipc/registry.js';
import { receivingHandlers, type ReceivingHandlerDeps } from './receiving/handlers.js';
import { LOG_DIR_NAME, openAppLog, type LogFn } from './logging/app-log.js';
import { scannerHandlers } from './scanner/handlers.js';
import { ReturnsDesk } from './returns/desk.js';
import { returnDraftPolicy } from './returns/draft-policy.js';
import { wroDraftPolicy } from './receiving/draft-policy.js';
import { returnHandlers } from './returns/handlers.js';
import { unidentifiedHandlers } from './unidentified/handlers.js';
import { stockHandlers } from './stock/handlers.js';
import { StockDesk } from './stock/stock-desk.js';
import { SettingsService, type SettingsBackend } from './settings/settings.js';
import { TodayDesk } from './today/desk.js';
import { todayHandlers } from './today/handlers.js';
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
  /** Replaces the rolling log file under the data folder (tests collect the lines). */
  log?: LogFn;
  /** Shows a folder in the desktop's file manager; false when it could not (the path is shown instead). */
  openPath?: (path: string) => Promise<boolean>;
  /** Electron: shows box labels in a viewer window, or prints them with the system dialog. Absent: the page shows them itself. */
  showLabels?: ReceivingHandlerDeps['showLabels'];
  /** Background refresh of the inventory cache (default 15 minutes; 0: only after sign-in and on demand). */
  inventoryRefreshMs?: number;
  /** Starts the assembler of each inventory sync (default: a worker thread; tests wrap it to make the worker fail). */
  startSyncAssembler?: InventoryDeskDeps['startAssembler'];
  /** The returns outbox's retry backoff while the service cannot be reached (tests shorten it). */
  outboxRetry?: { firstMs: number; maxMs: number };
  /** Today's scheduled refresh (default 5 minutes; 0: only on sign-in, coming online and when asked). */
  todayRefreshMs?: number;
}

export interface AppCore {
  handlers: Handlers;
  /** Runs one call; `callId` makes it cancellable through `ipc.cancel`. */
  dispatch(channel: unknown, input: unknown, callId?: string | null): ReturnType<typeof dispatch>;
  environments: EnvironmentManager;
  /** The in-process emulator behind the "Local emulator" environment. */
  emulator: RunningEmulator;
  /** The offline inventory cache of the active environment and account. */
  inventory: InventoryDesk;
  isAuthorizeUrl(url: string): boolean;
  close(): Promise<void>;
}

/**
 * The composition root of the core: plain Node, no `electron` import. Both shells build it the same
 * way and hand it their own settings backend, event sink and URL opener.
 */
export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const logDir = join(options.dataDir, LOG_DIR_NAME);
  const appLog = options.log ? null : await openAppLog(options.dataDir);
  const log: LogFn = options.log ?? appLog!.log;
  const settings = new SettingsService(options.settingsBackend);
  const notices = new Map<string, string>();
  if (settings.recovery) {
    const { reason, keptAt } = settings.recovery;
    log(`settings: the settings file could not be used (${reason}); defaults are in use; the old file is ${keptAt ?? 'gone'}`);
    notices.set(
      'settings-recovered',
      `Dockdesk could not read its settings file, because ${reason}. It started with default settings. ${keptAt ? `The old file is kept at ${keptAt}.` : 'The old file could not be kept.'}`,
    );
  }

  // Every event goes to the shell. The returns desk also hears connectivity and sign-ins (to send its
  // outbox); the inventory desk follows the session (to open that account's cache).
  let returnsDesk: ReturnsDesk | null = null;
  let inventoryDesk: InventoryDesk | null = null;
  let todayDesk: TodayDesk | null = null;
  const emit: AppCoreOptions['emit'] = (event, payload) => {
    options.emit(event, payload);
    returnsDesk?.onEvent(event, payload);
    todayDesk?.onEvent(event, payload);
    if (event === 'session.changed') inventoryDesk?.onSessionChanged(payload as EventPayload<'session.changed'>);
  };

  const emulator = await startLocalEmulator(options.dataDir, options.localEmulator);
  const dispatchers = new DispatcherPool();
  const connectivity = new ConnectivityMonitor((state) => emit('connectivity.changed', state));
  const environments = new EnvironmentManager({
    settings,
    dispatchers,
    connectivity,
    keychain: options.keychain ?? 'auto',
    ...(options.openSecrets ? { openSecrets: options.openSecrets } : {}),
    ...(options.requestBudgetPerMinute ? { requestBudgetPerMinute: options.requestBudgetPerMinute } : {}),
    emit,
    local: { emulator, ...LOCAL_CLIENT },
    log,
    ...(options.signInTimeoutMs ? { signInTimeoutMs: options.signInTimeoutMs } : {}),
  });
  inventoryDesk = new InventoryDesk({
    dataDir: options.dataDir,
    current: () => ({ environmentId: environments.active.env.id, session: environments.active.session.getState(), api: environments.active.api }),
    connectivity,
    emit: options.emit,
    log,
    ...(options.inventoryRefreshMs !== undefined ? { refreshIntervalMs: options.inventoryRefreshMs } : {}),
    ...(options.startSyncAssembler ? { startAssembler: options.startSyncAssembler } : {}),
  });
  await environments.start();

  // Drafts and the outbox belong to the active environment and the account signed in there.
  const currentScope = (): DeskScope => ({
    environmentId: environments.active.env.id,
    subject: environments.active.session.getState().account?.subject ?? null,
  });
  const draftPolicies = {
    'return-intake': returnDraftPolicy({
      defaultFulfillmentCenter: () => settings.get().returnIntake?.[environments.active.env.id]?.fulfillmentCenter ?? null,
    }),
    'wro-create': wroDraftPolicy,
  };
  const draftStores = new PerScope(options.dataDir, (dir) => new DraftStore(dir, draftPolicies, log));
  returnsDesk = new ReturnsDesk({
    dataDir: options.dataDir,
    scope: currentScope,
    drafts: (scope) => draftStores.for(scope),
    api: () => environments.active.api,
    channelId: () => environments.active.session.getState().channel?.id ?? null,
    emit,
    log,
    ...(options.outboxRetry ? { retry: options.outboxRetry } : {}),
  });
  await returnsDesk.start();
  const desk = returnsDesk;
  todayDesk = new TodayDesk({
    dataDir: options.dataDir,
    scope: currentScope,
    signedIn: () => environments.active.session.getState().status === 'signed-in',
    api: () => environments.active.api,
    connectivity: () => connectivity.state,
    outbox: () => desk.outbox().list(),
    emit: options.emit,
    log,
    ...(options.todayRefreshMs !== undefined ? { refreshMs: options.todayRefreshMs } : {}),
  });

  // The request budget as the status bar and Settings → Support show it: sent when it changed, at most once a second.
  let budgetShown = '';
  const budgetTicker = setInterval(() => {
    const state = environments.active.api.budget.state();
    const text = JSON.stringify(state);
    if (text === budgetShown) return;
    budgetShown = text;
    options.emit('app.requestBudget', state);
  }, 1_000);
  budgetTicker.unref();

  const inflight = new Map<string, AbortController>();
  // Each area brings its own handlers; the `Handlers` type proves together they cover every channel.
  const handlers: Handlers = {
    ...appHandlers({
      version: options.version,
      shell: options.shell,
      notice: options.notice ?? null,
      notices,
      inflight,
      logDir,
      connectivity: () => connectivity.state,
      requestBudget: () => environments.active.api.budget.state(),
      settings,
      ...(options.openPath ? { openPath: options.openPath } : {}),
    }),
    ...sessionHandlers({ session: () => environments.active.session, openAuthorizeUrl: options.openAuthorizeUrl }),
    ...environmentHandlers(environments),
    ...receivingHandlers({
      api: () => environments.active.api,
      channelId: () => environments.active.session.getState().channel?.id ?? null,
      ...(options.showLabels ? { showLabels: options.showLabels } : {}),
    }),
    ...scannerHandlers({ settings }),
    ...inventoryHandlers({
      desk: inventoryDesk,
      api: () => environments.active.api,
      channelId: () => environments.active.session.getState().channel?.id ?? null,
      emit: options.emit,
    }),
    ...draftHandlers({ drafts: async () => draftStores.for(currentScope()) }),
    ...returnHandlers({ desk: returnsDesk, api: () => environments.active.api, settings, environmentId: () => environments.active.env.id }),
    ...unidentifiedHandlers({ api: () => environments.active.api, writeChannelId: () => environments.active.session.getState().channel?.id ?? null }),
    ...todayHandlers({ desk: todayDesk, settings, environmentId: () => environments.active.env.id }),
    ...stockHandlers(
      new StockDesk({
        columns: async () => (await inventoryDesk.ready()).columns,
        asOf: () => inventoryDesk.freshness().syncedAt,
        account: () => `${environments.active.env.id} ${environments.active.session.getState().account?.subject ?? ''}`,
        api: () => environments.active.api,
      }),
    ),
  };

  /** A call the renderer can stop through `ipc.cancel` by its id. */
  const cancellable = async (channel: unknown, input: unknown, callId: string): ReturnType<typeof dispatch> => {
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
  };

  return {
    handlers,
    async dispatch(channel, input, callId) {
      if (!callId) return dispatch(handlers, channel, input, log);
      // A refresh of what is on screen waits behind the clerk's own calls in the request budget.
      if (callId.startsWith(REFRESH_CALL_PREFIX)) return inLane('visible', () => cancellable(channel, input, callId));
      return cancellable(channel, input, callId);
    },
    environments,
    emulator,
    inventory: inventoryDesk,
    isAuthorizeUrl: (url) => environments.isAuthorizeUrl(url),
    async close() {
      clearInterval(budgetTicker);
      for (const c of inflight.values()) c.abort();
      todayDesk?.close();
      await inventoryDesk?.close();
      await returnsDesk?.close();
      await Promise.allSettled(draftStores.all().map((d) => d.flush()));
      environments.dispose();
      connectivity.dispose();
      await dispatchers.close();
      await emulator.close();
      await appLog?.close();
    },
  };
}
