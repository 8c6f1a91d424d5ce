import type { LocalEmulator } from './environments/local-emulator.js';
import type { EventName, EventPayload } from '../../shared/ipc/contract.js';
import type { DraftKind } from '../../shared/schemas/drafts.js';
import type { OutboxEntryView } from '../../shared/schemas/outbox.js';
import type { NoticeWords } from '../../shared/ipc/app.js';
import type { StockSummary, StockSummaryInput } from '../../shared/ipc/stock.js';
import type { ChannelSpec } from '../../shared/ipc/define.js';
import type { ApiClient } from './api/api-client.js';
import type { ConnectivityMonitor } from './api/connectivity.js';
import type { AppCoreOptions } from './app-core.js';
import type { Clock } from './clock.js';
import type { DeskScope } from './data/desk-paths.js';
import type { DraftPolicy, DraftStore } from './data/draft-store.js';
import type { EnvironmentManager } from './environments/manager.js';
import type { InventoryDesk } from './inventory/index.js';
import type { AccountMirror } from './mirror/index.js';
import type { HandlersFor } from './ipc/registry.js';
import type { LogFn } from './logging/app-log.js';
import type { SettingsService } from './settings/settings.js';

export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/**
 * What every area's core is built from: the services the composition root (app-core.ts) owns, one
 * of each. An area takes what it needs and keeps nothing else of the core.
 */
export interface CoreContext {
  options: AppCoreOptions;
  log: LogFn;
  /** The time every area reads (the machine's, or a test's fixed clock). */
  clock: Clock;
  dataDir: string;
  logDir: string;
  settings: SettingsService;
  environments: EnvironmentManager;
  connectivity: ConnectivityMonitor;
  emulator: LocalEmulator;
  /** The active environment's API client. */
  api: () => ApiClient;
  /** The signed-in session's channel with write access, or null when none is chosen. */
  channelId: () => number | null;
  environmentId: () => string;
  /** The offline item cache of the active account (items, their codes, levels and lots). */
  inventory: InventoryDesk;
  /** The account mirror of the active account (orders, boxes, returns, unlinked receipts, lot exclusions). */
  mirror: AccountMirror;
  /** Drafts of the active environment and account (every area's draft kinds, each with its policy). */
  drafts: (scope?: DeskScope) => DraftStore;
  scope: () => DeskScope;
  /** Told once to the user (a settings file that could not be read), by id. */
  notices: Map<string, NoticeWords>;
  /** Calls still running, by the id the renderer gave them (`ipc.cancel`). */
  inflight: Map<string, AbortController>;
  /** To the shell only. */
  emitToShell: Emit;
  /** To the shell and to every area's `onEvent` (the returns outbox hears connectivity and sign-ins). */
  emit: Emit;
  /** Services one area owns and other areas use; the owner sets its entry when created (list order). */
  shared: SharedServices;
}

/** What areas offer each other in the core, each with one owner. */
export interface SharedServices {
  /** The returns outbox of the active account (owner: returns): what it still holds, read locally. */
  outbox?: { list: () => Promise<OutboxEntryView[]> };
  /** The stock tiles' summary over the active account's cache (owner: stock); Today answers it with its page. */
  stock?: { summary: (input: StockSummaryInput) => Promise<StockSummary> };
}

/** An area's running part of the core: its handlers, and what it does on events and at close. */
export interface AreaPart<C extends Record<string, ChannelSpec>> {
  handlers: HandlersFor<C>;
  onEvent?: (event: EventName, payload: unknown) => void;
  close?: () => Promise<void>;
}

/**
 * An area's contribution to the core, declared once in electron/core/<area>/<area>.contribution.ts
 * and listed in electron/core/areas.ts: the channels it serves (its shared/ipc map), how its part is
 * built from the core's services, and the draft kinds it owns.
 */
export interface CoreArea<C extends Record<string, ChannelSpec> = Record<string, ChannelSpec>> {
  id: string;
  channels: C;
  draftPolicies?: (ctx: Pick<CoreContext, 'settings' | 'environmentId' | 'clock'>) => Partial<Record<DraftKind, DraftPolicy>>;
  create: (ctx: CoreContext) => AreaPart<C> | Promise<AreaPart<C>>;
}

/** Keeps the channel map's type, so the handlers are checked against it (and the list can prove coverage). */
export function defineCoreArea<C extends Record<string, ChannelSpec>>(area: CoreArea<C>): CoreArea<C> {
  return area;
}
