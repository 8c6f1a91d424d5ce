import type { Said } from '../../shared/errors.js';
import type { LocalEmulator } from './environments/local-emulator.js';
import type { EventName, EventPayload } from '../../shared/ipc/contract.js';
import type { DraftKind } from '../../shared/schemas/drafts.js';
import type { OutboxEntryView } from '../../shared/schemas/outbox.js';
import type { NoticeWords } from '../../shared/ipc/app.js';
import type { StockSummary, StockSummaryInput } from '../../areas/stock/common/ipc.js';
import type { ChannelSpec } from '../../shared/ipc/define.js';
import type { ApiClient } from './api/api-client.js';
import type { ConnectivityMonitor } from './api/connectivity.js';
import type { Clock } from './clock.js';
import type { DeskScope } from './data/desk-paths.js';
import type { DraftPolicy, DraftStore } from './data/draft-store.js';
import type { EnvironmentManager } from './environments/manager.js';
import type { InventoryDesk } from '../../areas/inventory/core/index.js';
import type { AccountMirror } from './mirror/index.js';
import type { HandlersFor } from './ipc/registry.js';
import type { LogFn } from './logging/app-log.js';
import type { SystemPrintPort } from '../../areas/printing/core/system-print.js';
import type { LabelPrinterService } from '../../areas/printing/core/label-printer.js';
import type { SettingsService } from './settings/settings.js';
import type { SecretStore } from './secrets/secret-store.js';
import type { SharedStore } from '../../areas/desks/core/shared-store.js';
import type { SharedSync } from '../../areas/desks/core/shared-sync.js';
import type { JournalService } from '../../areas/journal/core/service.js';
import type { ClerksService } from '../../areas/clerks/core/desk.js';

export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/**
 * The services the composition root (app-core.ts) owns, one of each, there before any area is built.
 * An area names the ones it needs and gets those alone.
 */
export interface CoreContext {
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
  /** A keychain entry of the desk's own, beside each environment's (the shared store's password), by name. */
  secrets: (name: string) => Promise<SecretStore>;
  /** Told once to the user (a settings file that could not be read), by id. */
  notices: Map<string, NoticeWords>;
  /** Calls still running, by the id the renderer gave them (`ipc.cancel`). */
  inflight: Map<string, AbortController>;
  /** To the shell only. */
  emitToShell: Emit;
  /** To the shell and to every area's `onEvent` (the returns outbox hears connectivity and sign-ins). */
  emit: Emit;
}

/** The shell's ways out to the desktop. A shell without one leaves it absent, and the page does it itself. */
export interface ShellPorts {
  /** Opens the authorize URL outside the app (Electron: the system browser). */
  openAuthorizeUrl?: (url: string) => Promise<void>;
  /** Shows a folder in the desktop's file manager; false when it could not (the path is shown instead). */
  openPath?: (path: string) => Promise<boolean>;
  /** Electron: shows box labels in a viewer window, or prints them with the system dialog. */
  showLabels?: (labels: { pdf: Buffer; fileName: string; title: string }, mode: 'view' | 'print') => Promise<void>;
  /** Electron: the system's printers, listed and printed to silently; absent, a system printer's jobs go to the page's print dialog. */
  systemPrint?: SystemPrintPort;
}

/** Which shell the core runs in, its version, and the shell's notice for the clerk. */
export interface ShellInfo {
  shell: 'electron' | 'browser';
  version: string;
  notice: Said | null;
}

/** A retry backoff while the service cannot be reached (tests shorten the returns outbox's). */
export interface RetryBackoff {
  firstMs: number;
  maxMs: number;
}

/** The shell's ports and the tuning an area reads, each a service of its own (undefined: the shell has none, or the default holds). */
export type ShellServices = { [K in keyof Required<ShellPorts>]: ShellPorts[K] | undefined } & {
  shellInfo: ShellInfo;
  outboxRetry: RetryBackoff | undefined;
};

/** What areas offer each other, each with one owner: the area that lists it in `provides`. */
export interface AreaServices {
  /** The returns outbox of the active account (owner: returns): what it still holds, read locally. */
  outbox: { list: () => Promise<OutboxEntryView[]> };
  /** The stock tiles' summary over the active account's cache (owner: stock); Today answers it with its page. */
  stock: { summary: (input: StockSummaryInput) => Promise<StockSummary> };
  /** The store this desk shares with the warehouse's other desks, while it answers (owner: desks). */
  sharedStore: SharedStore;
  /** Who syncs an account's data for the desks sharing the store, and the store's copy of it (owner: desks). */
  sharedSync: SharedSync;
  /** The desk's journal: what the desk did and what the service answered, appended and hash-chained (owner: journal). */
  journal: JournalService;
  /** Whose turn it is at the desk's one sign-in (owner: clerks); the journal names that clerk on each entry. */
  clerks: ClerksService;
  /** A short text label the desk makes itself, through the print queue to the desk's label printer (owner: printing). */
  labelPrinter: LabelPrinterService;
}

/** Every service an area may name in `needs`. */
export type Services = CoreContext & ShellServices & AreaServices;
export type ServiceKey = keyof Services;
export type AreaServiceKey = keyof AreaServices;
/** The services there before any area is built. */
export type CoreServiceKey = Exclude<ServiceKey, AreaServiceKey>;

/**
 * The area services at run time. `satisfies` keeps it equal to AreaServices' keys, so a new one cannot
 * be left out and taken for a core service.
 */
const AREA_SERVICES = {
  outbox: true,
  stock: true,
  sharedStore: true,
  sharedSync: true,
  journal: true,
  clerks: true,
  labelPrinter: true,
} satisfies Record<AreaServiceKey, true>;

/** An area's running part of the core: its handlers, and what it does on events and at close. */
export interface AreaPart<C extends Record<string, ChannelSpec>> {
  handlers: HandlersFor<C>;
  onEvent?: (event: EventName, payload: unknown) => void;
  close?: () => Promise<void>;
}

/** What `create` returns: its part, with the services it declared in `provides` (and no others). */
export type AreaBuilt<C extends Record<string, ChannelSpec>, P extends AreaServiceKey> = AreaPart<C> &
  ([P] extends [never] ? { services?: undefined } : { services: Pick<AreaServices, P> });

type DraftPolicies = (ctx: Pick<CoreContext, 'settings' | 'environmentId' | 'clock'>) => Partial<Record<DraftKind, DraftPolicy>>;

/**
 * An area's contribution to the core, declared once in areas/<area>/core/<area>.contribution.ts
 * and listed in electron/core/areas.ts: the channels it serves (its shared/ipc map), the services it
 * needs and those it provides to other areas, how its part is built from what it needs, and the
 * draft kinds it owns.
 */
export interface CoreArea<I extends string, C extends Record<string, ChannelSpec>, N extends ServiceKey, P extends AreaServiceKey> {
  id: I;
  channels: C;
  needs: readonly N[];
  provides: readonly P[];
  draftPolicies?: DraftPolicies;
  create: (services: Pick<Services, N>) => AreaBuilt<C, P> | Promise<AreaBuilt<C, P>>;
}

/** Any area, as a list holds it and the core builds it. */
export interface AnyCoreArea {
  id: string;
  channels: Record<string, ChannelSpec>;
  needs: readonly ServiceKey[];
  provides: readonly AreaServiceKey[];
  draftPolicies?: DraftPolicies;
  create: (services: Services) => AnyAreaBuilt | Promise<AnyAreaBuilt>;
}
type AnyAreaBuilt = AreaPart<Record<string, ChannelSpec>> & { services?: Partial<AreaServices> | undefined };

/**
 * Keeps the channel map's type, so the handlers are checked against it (and the list can prove
 * coverage), and the names of what the area needs and provides: `create` sees only the services it
 * needs and must return those it provides.
 */
export function defineCoreArea<
  const I extends string,
  C extends Record<string, ChannelSpec>,
  const N extends ServiceKey = never,
  const P extends AreaServiceKey = never,
>(area: {
  id: I;
  channels: C;
  needs: readonly N[];
  provides?: readonly P[];
  draftPolicies?: DraftPolicies;
  create: (services: Pick<Services, NoInfer<N>>) => AreaBuilt<C, NoInfer<P>> | Promise<AreaBuilt<C, NoInfer<P>>>;
}): CoreArea<I, C, N, P> {
  return { ...area, provides: area.provides ?? [] };
}

type NeedsOf<A> = A extends { needs: readonly (infer K)[] } ? K : never;
type ProvidesOf<A> = A extends { provides: readonly (infer K)[] } ? K : never;
type IdOf<A> = A extends { id: infer I } ? I : never;

/** Services an area of the list needs that no area of the list provides. */
export type Unprovided<L extends readonly AnyCoreArea[]> = Exclude<NeedsOf<L[number]>, CoreServiceKey | ProvidesOf<L[number]>>;

/** The areas whose needs the services in `Have` meet. */
type Ready<A, Have> = A extends unknown ? ([Exclude<NeedsOf<A>, Have>] extends [never] ? A : never) : never;
/** What is left once every area that can be built has been, each adding what it provides. */
type Stuck<A, Have> = [Ready<A, Have>] extends [never] ? A : Stuck<Exclude<A, Ready<A, Have>>, Have | ProvidesOf<Ready<A, Have>>>;
/** The ids of the list's areas that can never be built: each waits on a cycle of needs, or on a service no area provides. */
export type Unbuildable<L extends readonly AnyCoreArea[]> = IdOf<Stuck<L[number], CoreServiceKey>>;

/** Why the core cannot start with these areas; the message names the area, the service or the cycle. */
export class AreaOrderError extends Error {
  override name = 'AreaOrderError';
}

type Orderable = Pick<AnyCoreArea, 'id' | 'needs' | 'provides'>;

/**
 * The order to build the areas in: each after the areas that provide what it needs, otherwise in list
 * order. Throws before anything is built when a service an area needs has no provider, when two areas
 * provide one service, or when areas wait on each other.
 */
export function buildOrder<A extends Orderable>(areas: readonly A[]): A[] {
  const isAreaService = (key: string) => Object.hasOwn(AREA_SERVICES, key);
  const providers = new Map<string, A>();
  for (const area of areas) {
    for (const key of area.provides) {
      if (!isAreaService(key)) throw new AreaOrderError(`area "${area.id}" provides "${key}", which is not a service an area can provide`);
      const other = providers.get(key);
      if (other) throw new AreaOrderError(`areas "${other.id}" and "${area.id}" both provide "${key}"; a service has one owner`);
      providers.set(key, area);
    }
  }
  for (const area of areas) {
    for (const key of area.needs) {
      if (isAreaService(key) && !providers.has(key)) throw new AreaOrderError(`area "${area.id}" needs "${key}", which no area provides`);
    }
  }
  const order: A[] = [];
  const built = new Set<A>();
  const waitsOn = (area: A) =>
    area.needs
      .filter(isAreaService)
      .map((key) => [key, providers.get(key)!] as const)
      .filter(([, p]) => !built.has(p));
  while (order.length < areas.length) {
    const next = areas.find((a) => !built.has(a) && waitsOn(a).length === 0);
    if (!next)
      throw new AreaOrderError(
        `areas wait on each other: ${cycleFrom(
          areas.find((a) => !built.has(a))!,
          waitsOn,
        )}`,
      );
    order.push(next);
    built.add(next);
  }
  return order;
}

/** Follows what an area waits on until an area comes round again, and says that loop. */
function cycleFrom<A extends Orderable>(start: A, waitsOn: (area: A) => (readonly [string, A])[]): string {
  const path: { area: A; key: string; provider: A }[] = [];
  let area = start;
  while (!path.some((step) => step.area === area)) {
    // An area left unbuilt waits on at least one provider left unbuilt, or it would have been built.
    const [key, provider] = waitsOn(area)[0]!;
    path.push({ area, key, provider });
    area = provider;
  }
  const loop = path.slice(path.findIndex((step) => step.area === area));
  return loop.map((step) => `"${step.area.id}" needs "${step.key}" from "${step.provider.id}"`).join(', ');
}
