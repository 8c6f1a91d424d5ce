import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { appError } from './words.js';
import { said, type Said, type Saying } from '../../shared/errors.js';
import type { NoticeWords } from '../../shared/ipc/app.js';
import { CALL_ID_PATTERN, isCallLane, type EventName, type EventPayload, type InvokeOptions } from '../../shared/ipc/contract.js';
import type { ChannelSpec } from '../../shared/ipc/define.js';
import { ConnectivityMonitor } from './api/connectivity.js';
import { DispatcherPool } from './api/dispatchers.js';
import { inLane } from './api/request-budget.js';
import {
  buildOrder,
  type AnyCoreArea,
  type AreaPart,
  type CoreContext,
  type RetryBackoff,
  type Services,
  type ShellPorts,
  type ShellServices,
} from './area.js';
import { coreAreas } from './areas.js';
import { systemClock, type Clock } from './clock.js';
import type { DeskScope } from './data/desk-paths.js';
import { DraftStore } from './data/draft-store.js';
import { PerScope } from './data/scoped.js';
import { LOCAL_CLIENT, startLocalEmulator, type LocalEmulator, type LocalEmulatorOptions } from './environments/local-emulator.js';
import { EnvironmentManager } from './environments/manager.js';
import { InventoryDesk, type InventoryDeskDeps } from '../../areas/inventory/core/index.js';
import { AccountMirror } from './mirror/index.js';
import { dispatch, type Handlers } from './ipc/registry.js';
import { LOG_DIR_NAME, openAppLog, type AppLog, type LogFn } from './logging/app-log.js';
import { openSecretStore, type SecretStore, type SecretStoreChoice } from './secrets/secret-store.js';
import { SettingsService, type SettingsBackend } from './settings/settings.js';

/**
 * What tests, demos and benchmarks change; a desk leaves every one at its default. Areas never see
 * these: the one an area reads (the outbox's backoff) reaches it as a service of its own.
 */
export interface CoreTuning {
  /** 'memory' keeps secrets out of the keychain (tests of other parts); 'auto' uses it when present. */
  keychain?: 'auto' | 'memory';
  /** Replaces the keychain as the secret store port (tests that simulate a crash mid-rotation). */
  openSecrets?: (environmentId: string) => Promise<SecretStoreChoice>;
  signInTimeoutMs?: number;
  /** Raises the client-side request budget (benchmarks); the default stays under the service's limit. */
  requestBudgetPerMinute?: number;
  /** Seed options for the in-process emulator (tests and demos of an empty or a large warehouse). */
  localEmulator?: LocalEmulatorOptions;
  /** Replaces the rolling log file under the data folder (tests collect the lines). */
  log?: LogFn;
  /** Replaces the machine's clock for every area (tests pin time stamps and day-stamped ids). */
  clock?: Clock;
  /** Background refresh of the inventory cache (default 15 minutes; 0: only after sign-in and on demand). */
  inventoryRefreshMs?: number;
  /** Starts the assembler of each inventory sync (default: a worker thread; tests wrap it to make the worker fail). */
  startSyncAssembler?: InventoryDeskDeps['startAssembler'];
  /**
   * The account mirror's pace (refreshMs 0: no timer; paceMs between its requests; auto false: a
   * sign-in or coming back online does not start a refresh, for tests that count every request).
   */
  mirror?: { refreshMs?: number; paceMs?: number; auto?: boolean };
  /** The returns outbox's retry backoff while the service cannot be reached (tests shorten it). */
  outboxRetry?: RetryBackoff;
  /** The areas to build (default: every area of electron/core/areas.ts; a test adds a fixture area or reorders them). */
  areas?: readonly AnyCoreArea[];
}

/** How a shell builds the core: where its data lives, its settings backend, its event sink and its ports. */
export interface AppCoreOptions extends ShellPorts, CoreTuning {
  shell: 'electron' | 'browser';
  version: string;
  /** The app's data folder: settings, the local emulator's state, later the cache and outbox. */
  dataDir: string;
  settingsBackend: SettingsBackend;
  /** The shell's notice for the clerk, as a sentence of the catalogs (Electron could not run, so the browser serves the desk). */
  notice?: Said | null;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
}

export interface AppCore {
  handlers: Handlers;
  /**
   * Runs one call: `callId` makes it cancellable through `ipc.cancel`; `lane` says who waits for it,
   * and so when its requests go under the service's limit.
   */
  dispatch(channel: unknown, input: unknown, options?: InvokeOptions): ReturnType<typeof dispatch>;
  environments: EnvironmentManager;
  /** The built-in emulator behind the "Local emulator" environment (in its own worker thread). */
  emulator: LocalEmulator;
  /** The offline inventory cache of the active environment and account. */
  inventory: InventoryDesk;
  /** The account mirror of the active environment and account. */
  mirror: AccountMirror;
  isAuthorizeUrl(url: string): boolean;
  close(): Promise<void>;
}

/**
 * The composition root of the core: plain Node, no `electron` import. Both shells build it the same
 * way and hand it their own settings backend, event sink and URL opener. It opens the services every
 * area shares, builds each area of the list (electron/core/areas.ts), and dispatches over their handlers.
 */
export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const areas = options.areas ?? coreAreas;
  // Before anything opens: a service nobody provides, or areas waiting on each other, stop the start here.
  const order = buildOrder(areas);
  const base = await openBase(options);
  const parts: AreaPart<Record<string, ChannelSpec>>[] = [];
  const services = await startServices(options, base, areas, (event, payload) => parts.forEach((p) => p.onEvent?.(event, payload)));
  const { ctx } = services;
  const available: Partial<Services> = { ...ctx, ...shellServices(options) };
  for (const area of order) {
    // buildOrder saw every need met by the core or an area built before this one.
    const built = await area.create(pick(available, area.needs) as Services);
    for (const key of area.provides) {
      if (built.services?.[key] === undefined) throw new Error(`area "${area.id}" declares "${key}" but did not provide it`);
    }
    Object.assign(available, built.services);
    parts.push(built);
  }
  // A sync that began before the areas were built (a desk starting signed in) waited to know whether the desks share one.
  ctx.inventory.areasBuilt();
  // Each area serves its own channels; electron/core/areas.ts proves at compile time that together they cover the contract.
  const handlers = Object.assign({}, ...parts.map((p) => p.handlers)) as Handlers;
  const contract = Object.assign({}, ...areas.map((a) => a.channels)) as Record<string, ChannelSpec>;
  const calls = dispatcher(handlers, contract, ctx.inflight, ctx.log);
  return {
    handlers,
    dispatch: calls.dispatch,
    environments: ctx.environments,
    emulator: ctx.emulator,
    inventory: ctx.inventory,
    mirror: ctx.mirror,
    isAuthorizeUrl: (url) => ctx.environments.isAuthorizeUrl(url),
    async close() {
      // The order keeps the data folder still once close resolves: no new call, the calls under way
      // ended, the background readers stopped, then what they changed flushed. Nothing writes after.
      await calls.close();
      await ctx.inventory.close();
      await ctx.mirror.close();
      // Users before their providers (the reverse of the build order): what the returns outbox still
      // records in the journal, or asks of the shared store, as it closes finds them open.
      for (const part of [...parts].reverse()) await part.close?.();
      await services.flushDrafts();
      ctx.environments.dispose();
      ctx.connectivity.dispose();
      await services.dispatchers.close();
      await ctx.emulator.close();
      await base.appLog?.close();
    },
  };
}

type Base = Pick<CoreContext, 'log' | 'clock' | 'logDir' | 'settings' | 'notices'> & { appLog: AppLog | null };

/** The data folder, the log, the clock, and the settings (a settings file that could not be read becomes a notice). */
async function openBase(options: AppCoreOptions): Promise<Base> {
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const appLog = options.log ? null : await openAppLog(options.dataDir);
  const log: LogFn = options.log ?? appLog!.log;
  const settings = new SettingsService(options.settingsBackend);
  const notices = new Map<string, NoticeWords>();
  if (settings.recovery) {
    const { reason, problem, keptAt } = settings.recovery;
    log(`settings: the settings file could not be used (${reason}); defaults are in use; the old file is ${keptAt ?? 'gone'}`);
    // In the clerk's language, one sentence each; the parser's own words stay in the log.
    const sentences: Saying[] = [
      said('errors.settings.unreadable', { problem }),
      keptAt ? said('errors.settings.keptAt', { path: keptAt }) : said('errors.settings.notKept'),
    ];
    notices.set('settings-recovered', { said: sentences });
  }
  return { log, clock: options.clock ?? systemClock, appLog, logDir: join(options.dataDir, LOG_DIR_NAME), settings, notices };
}

interface Running {
  ctx: CoreContext;
  dispatchers: DispatcherPool;
  flushDrafts: () => Promise<unknown>;
}

/**
 * The services the areas share: the local emulator, connections, connectivity, the environments and
 * their sessions, the offline item cache, the drafts. Every event goes to the shell; the item cache
 * follows the session from the start (to open that account's cache); the areas hear every event once
 * they are built (`toAreas`).
 */
async function startServices(
  options: AppCoreOptions,
  base: Base,
  areas: readonly AnyCoreArea[],
  toAreas: (event: EventName, payload: unknown) => void,
): Promise<Running> {
  let inventory: InventoryDesk | null = null;
  let mirror: AccountMirror | null = null;
  const emit: CoreContext['emit'] = (event, payload) => {
    options.emit(event, payload);
    toAreas(event, payload);
    if (event === 'session.changed') inventory?.onSessionChanged(payload as EventPayload<'session.changed'>);
    mirror?.onEvent(event, payload as never);
  };
  const emulator = await startLocalEmulator(options.dataDir, options.localEmulator);
  const dispatchers = new DispatcherPool();
  const connectivity = new ConnectivityMonitor((state) => emit('connectivity.changed', state));
  const environments = new EnvironmentManager({
    settings: base.settings,
    dispatchers,
    connectivity,
    keychain: options.keychain ?? 'auto',
    ...(options.openSecrets ? { openSecrets: options.openSecrets } : {}),
    ...(options.requestBudgetPerMinute ? { requestBudgetPerMinute: options.requestBudgetPerMinute } : {}),
    emit,
    local: { emulator, ...LOCAL_CLIENT },
    log: base.log,
    ...(options.signInTimeoutMs ? { signInTimeoutMs: options.signInTimeoutMs } : {}),
  });
  // The mirror hears the cache's syncs: the lot-tracked items it walks come from the cache.
  inventory = itemCache(options, environments, connectivity, base, (event, payload) => {
    options.emit(event, payload);
    mirror?.onEvent(event, payload as never);
  });
  await environments.start();
  const environmentId = () => environments.active.env.id;
  const drafts = draftService(options, base, environments, areas);
  mirror = accountMirror(options, environments, connectivity, inventory, drafts.scope, base);
  const ctx: CoreContext = {
    ...base,
    dataDir: options.dataDir,
    environments,
    connectivity,
    emulator,
    api: () => environments.active.api,
    channelId: () => environments.active.session.getState().channel?.id ?? null,
    environmentId,
    inventory,
    mirror,
    drafts: drafts.drafts,
    scope: drafts.scope,
    secrets: keychainEntries(options),
    inflight: new Map(),
    emitToShell: options.emit,
    emit,
  };
  return { ctx, dispatchers, flushDrafts: drafts.flush };
}

/** The desk's own keychain entries, each opened once (in memory only where the keychain is off, as for the environments' tokens). */
function keychainEntries(options: AppCoreOptions): CoreContext['secrets'] {
  const opened = new Map<string, Promise<SecretStore>>();
  return (name) => {
    let entry = opened.get(name);
    if (!entry) {
      entry = (options.openSecrets ? options.openSecrets(name) : openSecretStore(name, options.keychain ?? 'auto')).then((choice) => choice.store);
      opened.set(name, entry);
    }
    return entry;
  };
}

/** The shell's ports and the tuning an area reads, each a service an area names: no area sees the options. */
function shellServices(options: AppCoreOptions): ShellServices {
  return {
    shellInfo: { shell: options.shell, version: options.version, notice: options.notice ?? null },
    openAuthorizeUrl: options.openAuthorizeUrl,
    openPath: options.openPath,
    showLabels: options.showLabels,
    systemPrint: options.systemPrint,
    outboxRetry: options.outboxRetry,
  };
}

/** The services an area declared, and nothing else of the core. */
function pick(available: Partial<Services>, keys: readonly string[]): Partial<Services> {
  return Object.fromEntries(keys.map((key) => [key, available[key as keyof Services]]));
}

function itemCache(
  options: AppCoreOptions,
  environments: EnvironmentManager,
  connectivity: ConnectivityMonitor,
  { log, clock }: Base,
  emit: CoreContext['emit'],
): InventoryDesk {
  return new InventoryDesk({
    dataDir: options.dataDir,
    current: () => ({ environmentId: environments.active.env.id, session: environments.active.session.getState(), api: environments.active.api }),
    connectivity,
    emit,
    log,
    clock,
    ...(options.inventoryRefreshMs !== undefined ? { refreshIntervalMs: options.inventoryRefreshMs } : {}),
    ...(options.startSyncAssembler ? { startAssembler: options.startSyncAssembler } : {}),
  });
}

/** The account mirror beside the item cache: the lot-tracked items it walks come from the cache. */
function accountMirror(
  options: AppCoreOptions,
  environments: EnvironmentManager,
  connectivity: ConnectivityMonitor,
  inventory: InventoryDesk,
  scope: () => DeskScope,
  { log, clock }: Base,
): AccountMirror {
  const lotItems = async () => {
    const index = await inventory.ready();
    const items = [];
    for (const item of index.items()) if (item.flags.lot || item.lots.length > 0) items.push({ inventoryId: item.inventoryId, name: item.name, sku: item.sku });
    return items;
  };
  return new AccountMirror({
    dataDir: options.dataDir,
    scope,
    signedIn: () => environments.active.session.getState().status === 'signed-in',
    api: () => environments.active.api,
    connectivity: () => connectivity.state,
    lotItems,
    log,
    clock,
    ...(options.mirror?.refreshMs !== undefined ? { refreshMs: options.mirror.refreshMs } : {}),
    ...(options.mirror?.paceMs !== undefined ? { paceMs: options.mirror.paceMs } : {}),
    ...(options.mirror?.auto !== undefined ? { auto: options.mirror.auto } : {}),
  });
}

/** Drafts (and the outbox) belong to the active environment and the account signed in there; each area brings its kinds' policies. */
function draftService(options: AppCoreOptions, base: Base, environments: EnvironmentManager, areas: readonly AnyCoreArea[]) {
  const environmentId = () => environments.active.env.id;
  const policies = Object.assign({}, ...areas.map((a) => a.draftPolicies?.({ settings: base.settings, environmentId, clock: base.clock }) ?? {})) as Record<
    string,
    never
  >;
  const stores = new PerScope(options.dataDir, (dir) => new DraftStore(dir, policies, base.clock, base.log));
  const scope = (): DeskScope => ({ environmentId: environmentId(), subject: environments.active.session.getState().account?.subject ?? null });
  return {
    scope,
    drafts: (s?: DeskScope) => stores.for(s ?? scope()),
    flush: () => Promise.allSettled(stores.all().map((d) => d.flush())),
  };
}

/** How long closing waits for the calls under way (those with an id are stopped first; the rest are short reads and saves). */
const CLOSE_WAITS_FOR_CALLS_MS = 5_000;

/**
 * One dispatch for both shells; a call with an id can be stopped through `ipc.cancel`. Closing
 * refuses new calls, stops those with an id and waits for every call under way, so a save that had
 * begun is on disk (or has failed) before the stores flush and the process ends.
 */
function dispatcher(
  handlers: Handlers,
  contract: Record<string, ChannelSpec>,
  inflight: Map<string, AbortController>,
  log: LogFn,
): { dispatch: AppCore['dispatch']; close(): Promise<void> } {
  const underway = new Set<Promise<unknown>>();
  let closing = false;
  const cancellable = async (channel: unknown, input: unknown, callId: string): ReturnType<typeof dispatch> => {
    if (!CALL_ID_PATTERN.test(callId) || inflight.has(callId)) {
      return { ok: false, error: appError('invalid_input', 'errors.ipc.callId').appError };
    }
    const controller = new AbortController();
    inflight.set(callId, controller);
    try {
      return await dispatch(handlers, channel, input, log, controller.signal, contract);
    } finally {
      inflight.delete(callId);
    }
  };
  const dispatchCall: AppCore['dispatch'] = async (channel, input, { callId, lane = 'interactive' } = {}) => {
    if (closing) return { ok: false, error: appError('cancelled', 'errors.ipc.closing').appError };
    if (!isCallLane(lane)) return { ok: false, error: appError('invalid_input', 'errors.ipc.lane').appError };
    const call = inLane(lane, () =>
      callId === undefined ? dispatch(handlers, channel, input, log, undefined, contract) : cancellable(channel, input, callId),
    );
    underway.add(call);
    try {
      return await call;
    } finally {
      underway.delete(call);
    }
  };
  return {
    dispatch: dispatchCall,
    async close() {
      closing = true;
      for (const c of inflight.values()) c.abort();
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), CLOSE_WAITS_FOR_CALLS_MS)));
      const ended = await Promise.race([Promise.allSettled([...underway]).then(() => 'ended' as const), waited]);
      clearTimeout(timer);
      if (ended === 'late') log(`closing: ${underway.size} call(s) still under way after ${CLOSE_WAITS_FOR_CALLS_MS} ms; closing anyway`);
    },
  };
}
