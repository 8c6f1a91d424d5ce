import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import { said, type Said, type Saying } from '../../../shared/errors.js';
import type { SettingsService } from '../../../electron/core/settings/settings.js';
import type { SecretStore } from '../../../electron/core/secrets/secret-store.js';
import { DEFAULT_DESKS_SETTINGS, DesksSettings, type SharedStoreState, type StoreConnection } from '../common/store.js';
import type { SharedStoreView } from '../common/ipc.js';
import { migrate } from './migrations.js';
import { sharedJournalStore, type SharedJournalStore } from './journal-store.js';
import { sharedOutbox, type SharedOutbox } from './outbox.js';
import { openStore, type StoreProblem } from './store.js';

/**
 * This desk's link to the store it shares with the warehouse's other desks. Off by default: a desk
 * with no store configured works alone, with its own files, as it always has. With one, the link
 * opens it (applying the schema), says where it stands, and when the store stops answering marks it
 * unreachable and tries again with a growing pause, so that each user of the store (the outbox) can
 * go on alone meanwhile and come back to it when it answers.
 */

/** The keychain entry that holds the store's password. */
export const STORE_PASSWORD_ACCOUNT = 'shared-store-password';
export const STORE_SETTINGS_SECTION = 'desks';
/** Tries again after the store stopped answering: 1 s, doubling, at most 30 s apart. */
export const STORE_RECONNECT = { firstMs: 1000, maxMs: 30_000 } as const;

/** What the active desk shares: the service (its address: two desks configure it each under an id of their own) and the account signed in there. */
export interface SharingScope {
  environment: string;
  account: string;
}

export interface SharedStore {
  readonly deskId: string;
  state(): SharedStoreState;
  /** The active service and account's shared outbox while the store answers; null: this desk works alone for now. */
  outbox(): SharedOutbox | null;
  /** The active service and account's journal rows of every desk while the store answers; null: this desk's journal is its own for now. */
  journal(): SharedJournalStore | null;
  /** A statement failed for the store's sake (a broken connection, a timeout): the desk works alone until it answers again. */
  lost(error: unknown): void;
  /** Called with the new state whenever it changes; returns the unsubscribe. */
  onChange(listener: (state: SharedStoreState) => void): () => void;
}

export interface SharedStoreDeps {
  settings: SettingsService;
  /** The keychain entry for the store's password. */
  secrets: () => Promise<SecretStore>;
  /** What is shared now, or null when nothing can be (the local emulator is this desk's alone; nobody is signed in). */
  sharing: () => SharingScope | null;
  log: (line: string) => void;
  reconnect?: { firstMs: number; maxMs: number };
}

export class SharedStoreLink implements SharedStore {
  private pool: pg.Pool | null = null;
  private current: SharedStoreState = 'off';
  private why: Said[] | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;
  private connecting: Promise<void> | null = null;
  private readonly outboxes = new Map<string, SharedOutbox>();
  private readonly journals = new Map<string, SharedJournalStore>();
  private readonly listeners = new Set<(state: SharedStoreState) => void>();
  readonly deskId: string;

  constructor(private readonly deps: SharedStoreDeps) {
    const section = this.section();
    // Made once: a desk keeps its id when it is renamed, so its claims and presence stay its own.
    const fill: Partial<DesksSettings> = {};
    if (!section.deskId) fill.deskId = randomUUID();
    if (!section.deskName) fill.deskName = hostname().slice(0, 80) || 'Desk';
    const settled = Object.keys(fill).length > 0 ? deps.settings.updateSection(STORE_SETTINGS_SECTION, DesksSettings, DEFAULT_DESKS_SETTINGS, fill) : section;
    this.deskId = settled.deskId;
  }

  /** Opens the configured store, if any; a store that does not answer is tried again in the background. */
  async start(): Promise<void> {
    if (!this.section().store) return this.set('off', null);
    await this.connect();
  }

  state(): SharedStoreState {
    return this.current;
  }

  /** The store's pool while it answers (this area's own parts use it directly), else null. */
  connection(): pg.Pool | null {
    return this.current === 'connected' ? this.pool : null;
  }

  /** This desk's name as the other desks see it. */
  deskName(): string {
    return this.section().deskName;
  }

  view(): SharedStoreView {
    const { store, deskName } = this.section();
    return { connection: store, deskName, state: this.current, said: this.why, sharing: this.deps.sharing() !== null };
  }

  outbox(): SharedOutbox | null {
    if (this.current !== 'connected' || !this.pool) return null;
    const scope = this.deps.sharing();
    if (!scope) return null;
    const key = `${scope.environment}\n${scope.account}`;
    let outbox = this.outboxes.get(key);
    if (!outbox) {
      outbox = sharedOutbox(this.pool, scope);
      this.outboxes.set(key, outbox);
    }
    return outbox;
  }

  journal(): SharedJournalStore | null {
    if (this.current !== 'connected' || !this.pool) return null;
    const scope = this.deps.sharing();
    if (!scope) return null;
    const key = `${scope.environment}\n${scope.account}`;
    let journal = this.journals.get(key);
    if (!journal) {
      journal = sharedJournalStore(this.pool, scope);
      this.journals.set(key, journal);
    }
    return journal;
  }

  lost(error: unknown): void {
    if (this.current !== 'connected') return;
    this.deps.log(`store: stopped answering (${error instanceof Error ? error.message : String(error)}); this desk works alone until it answers`);
    this.set('unreachable', [said('errors.desks.unreachable')]);
    this.schedule();
  }

  onChange(listener: (state: SharedStoreState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Shares the given store from now on (null: stops sharing). The connection is tried first, with the
   * password given or the one kept; a store that cannot be used is not kept, and the answer says why.
   */
  async save(change: {
    connection: StoreConnection | null;
    password?: string | undefined;
    deskName?: string | undefined;
  }): Promise<{ ok: true } | { ok: false; problem: StoreProblem | 'newerSchema' }> {
    const secrets = await this.deps.secrets();
    if (change.connection === null) {
      // Said first: presence and the budget give their listening connections back, so the pool can end.
      this.set('off', null);
      await this.disconnect();
      this.deps.settings.updateSection(STORE_SETTINGS_SECTION, DesksSettings, DEFAULT_DESKS_SETTINGS, {
        store: null,
        ...(change.deskName ? { deskName: change.deskName } : {}),
      });
      await secrets.delete(STORE_PASSWORD_ACCOUNT);
      this.set('off', null);
      return { ok: true };
    }
    const password = change.password ?? (await secrets.get(STORE_PASSWORD_ACCOUNT)) ?? '';
    const deskName = change.deskName ?? this.section().deskName;
    const opened = await this.open(change.connection, password, deskName);
    if (!opened.ok) return opened;
    // Through 'connecting': the listeners leave the old store, and join the new one once it is set.
    this.set('connecting', null);
    await this.disconnect();
    if (change.password !== undefined) await secrets.set(STORE_PASSWORD_ACCOUNT, change.password);
    this.deps.settings.updateSection(STORE_SETTINGS_SECTION, DesksSettings, DEFAULT_DESKS_SETTINGS, { store: change.connection, deskName });
    this.pool = opened.pool;
    this.failures = 0;
    this.set('connected', null);
    return { ok: true };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.disconnect();
  }

  private section(): DesksSettings {
    return this.deps.settings.section(STORE_SETTINGS_SECTION, DesksSettings, DEFAULT_DESKS_SETTINGS);
  }

  /** Opens a pool and brings the schema up to date; the pool is ended when either fails. */
  private async open(
    connection: StoreConnection,
    password: string,
    deskName: string,
  ): Promise<{ ok: true; pool: pg.Pool } | { ok: false; problem: StoreProblem | 'newerSchema' }> {
    const opened = await openStore(connection, password, { deskName, log: this.deps.log });
    if (!opened.ok) {
      this.deps.log(`store: could not be opened: ${opened.problem.kind}: ${opened.problem.detail}`);
      return opened;
    }
    try {
      const migrated = await migrate(opened.pool);
      if (migrated.ok) return { ok: true, pool: opened.pool };
      this.deps.log(`store: its schema is version ${migrated.storeVersion}, newer than this desk's ${migrated.known}; not used`);
      await opened.pool.end().catch(() => undefined);
      return { ok: false, problem: 'newerSchema' };
    } catch (error) {
      await opened.pool.end().catch(() => undefined);
      const problem: StoreProblem = { kind: 'other', detail: error instanceof Error ? error.message : String(error) };
      this.deps.log(`store: its schema could not be applied: ${problem.detail}`);
      return { ok: false, problem };
    }
  }

  /** One try at the configured store, at start or after it stopped answering. */
  private connect(): Promise<void> {
    this.connecting ??= (async () => {
      try {
        const { store, deskName } = this.section();
        if (!store || this.closed) return;
        // The pool that stopped answering is kept while it may come back: a restarted server answers it again.
        if (this.pool) {
          try {
            await this.pool.query('SELECT 1');
            this.failures = 0;
            this.set('connected', null);
            return;
          } catch (error) {
            this.deps.log(`store: still does not answer (${error instanceof Error ? error.message : String(error)})`);
            this.set('unreachable', [said('errors.desks.unreachable')]);
            this.schedule();
            return;
          }
        }
        if (this.current === 'off') this.set('connecting', null);
        const password = (await (await this.deps.secrets()).get(STORE_PASSWORD_ACCOUNT)) ?? '';
        const opened = await this.open(store, password, deskName);
        if (this.closed) {
          if (opened.ok) await opened.pool.end().catch(() => undefined);
          return;
        }
        if (opened.ok) {
          this.pool = opened.pool;
          this.failures = 0;
          this.set('connected', null);
          return;
        }
        this.set('unreachable', [problemSaid(opened.problem)]);
        this.schedule();
      } finally {
        this.connecting = null;
      }
    })();
    return this.connecting;
  }

  private schedule(): void {
    if (this.closed || this.timer) return;
    const { firstMs, maxMs } = this.deps.reconnect ?? STORE_RECONNECT;
    const delay = Math.min(maxMs, firstMs * 2 ** this.failures);
    this.failures += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, delay);
    this.timer.unref();
  }

  private async disconnect(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.connecting;
    const pool = this.pool;
    this.pool = null;
    this.outboxes.clear();
    this.journals.clear();
    await pool?.end().catch(() => undefined);
  }

  private set(state: SharedStoreState, why: Said[] | null): void {
    const changed = state !== this.current || JSON.stringify(why) !== JSON.stringify(this.why);
    this.current = state;
    this.why = why;
    if (state !== 'connected') {
      this.outboxes.clear();
      this.journals.clear();
    }
    if (changed) for (const listener of [...this.listeners]) listener(state);
  }
}

/**
 * Why the store could not be used, in the desk's words; the driver's own are in the log. A store
 * refused in Settings changes nothing (the desk goes on sharing the store it had, or alone, as the
 * panel's state line says), so there the refusal names the fault and not what the desk does now.
 */
export function problemSaid(problem: StoreProblem | 'newerSchema', when: 'running' | 'saving' = 'running'): Saying {
  if (problem === 'newerSchema') return said('errors.desks.newerSchema');
  switch (problem.kind) {
    case 'authFailed':
      return said('errors.desks.authFailed');
    case 'databaseMissing':
      return said('errors.desks.databaseMissing');
    case 'tls':
      return said('errors.desks.tls');
    case 'unreachable':
      return said(when === 'saving' ? 'errors.desks.noAnswer' : 'errors.desks.unreachable');
    default:
      return said(when === 'saving' ? 'errors.desks.notUsable' : 'errors.desks.other');
  }
}
