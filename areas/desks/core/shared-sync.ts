import type pg from 'pg';
import type { SharedStoreState } from '../common/store.js';
import { ListenerSlot } from './listen.js';
import { listenSync, publishSet, readSetChanges, type PublishResult, type SetChanges, type SetPosition, type SetPublish } from './shared-sets.js';
import { keepPassPage, takePass, type PassPage, type PassTerms, type TakenPass } from './shared-passes.js';
import type { SharingScope } from './shared-store.js';
import { holdSyncLease, type SyncLease } from './sync-lease.js';

/**
 * How a desk gets an account's synced data while it shares a store: the one desk holding the sync
 * lease (sync-lease.ts) syncs from the service and writes what changed to the store; every other
 * desk follows the store (LISTEN, and its counter to catch up after a gap); with no store, or none
 * answering, each desk syncs alone as it would with no store at all.
 */
export type SyncRole = 'alone' | 'leader' | 'follower';

/** How often a follower tries for the lease: a leader gone is replaced within this (plus the server's keepalives, store.ts). */
export const LEASE_TRY_MS = 5000;
/** How long a desk waits for the store to say where it stands before it syncs alone. */
const SETTLE_MAX_MS = 10_000;

/** What a data owner (the inventory cache) uses of the shared sync. */
export interface SharedSync {
  /** The role now. */
  role(): SyncRole;
  /** Settles once the role is known: the store answered (and the lease was tried) or did not, within about 10 s. */
  settled(): Promise<void>;
  /** Called with the new role whenever it changes; returns the unsubscribe. */
  onRole(listener: (role: SyncRole) => void): () => void;
  /** Called when another desk wrote to the store (its counter now); returns the unsubscribe. */
  onChanges(listener: (counter: number) => void): () => void;
  /** The changes a copy at `from` needs of a set (null: none such in the store yet); throws when the store does not answer. */
  read(dataset: string, from: SetPosition | null): Promise<SetChanges | null>;
  /** The leader writes a set's changes; refused (`moved`) when the store moved past the base, or this desk no longer leads. */
  publish(dataset: string, change: SetPublish): Promise<PublishResult>;
  /**
   * The leader's pass of a set, kept in the store as it is read (shared-passes.ts): the one under way
   * to go on with, or one begun now; null when this desk does not lead. Throws when the store does not answer.
   */
  takePass(dataset: string, terms: PassTerms): Promise<TakenPass | null>;
  /** Keeps a page of the pass; false when this desk no longer leads or the pass is no longer the set's. */
  keepPage(dataset: string, pass: string, page: PassPage): Promise<boolean>;
}

export interface SyncCoordinatorDeps {
  /** The store's pool while it answers, else null. */
  pool: () => pg.Pool | null;
  state: () => SharedStoreState;
  onStateChange: (listener: (state: SharedStoreState) => void) => () => void;
  sharing: () => SharingScope | null;
  deskId: string;
  /** A store call failed: the store is away. */
  lost: (error: unknown) => void;
  log: (line: string) => void;
  leaseTryMs?: number;
}

const scopeKey = (scope: SharingScope) => `${scope.environment}\n${scope.account}`;

/** This desk's part in the shared sync: the lease while it holds it, the notices it hears, its role. */
export class SyncCoordinator implements SharedSync {
  private lease: { key: string; lease: SyncLease } | null = null;
  private readonly listener: ListenerSlot;
  private timer: NodeJS.Timeout | null = null;
  private trying: Promise<void> | null = null;
  private firstTry: Promise<void> | null = null;
  private told: SyncRole = 'alone';
  private closed = false;
  /** Raised by every (dis)connect: a listener or lease taken for an older connection is given back at once. */
  private generation = 0;
  private readonly roleListeners = new Set<(role: SyncRole) => void>();
  private readonly changeListeners = new Set<(counter: number) => void>();

  constructor(private readonly deps: SyncCoordinatorDeps) {
    this.listener = new ListenerSlot('sync', deps.lost);
  }

  role(): SyncRole {
    const scope = this.deps.sharing();
    if (this.deps.state() !== 'connected' || !this.deps.pool() || !scope) return 'alone';
    return this.lease?.key === scopeKey(scope) ? 'leader' : 'follower';
  }

  async settled(): Promise<void> {
    const deadline = Date.now() + SETTLE_MAX_MS;
    while (this.deps.state() === 'connecting' && !this.closed && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
        const off = this.deps.onStateChange(done);
        function done() {
          clearTimeout(timer);
          off();
          resolve();
        }
      });
    }
    if (this.deps.state() === 'connected') await this.firstTry;
  }

  onRole(listener: (role: SyncRole) => void): () => void {
    this.roleListeners.add(listener);
    return () => this.roleListeners.delete(listener);
  }

  onChanges(listener: (counter: number) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  async read(dataset: string, from: SetPosition | null): Promise<SetChanges | null> {
    const { pool, scope } = this.using();
    try {
      return await readSetChanges(pool, scope, dataset, from);
    } catch (error) {
      this.deps.lost(error);
      throw error;
    }
  }

  async publish(dataset: string, change: SetPublish): Promise<PublishResult> {
    if (this.role() !== 'leader') return { ok: false, reason: 'moved' };
    const { pool, scope } = this.using();
    try {
      return await publishSet(pool, scope, dataset, this.deps.deskId, change);
    } catch (error) {
      this.deps.lost(error);
      throw error;
    }
  }

  async takePass(dataset: string, terms: PassTerms): Promise<TakenPass | null> {
    const lease = this.leading();
    if (!lease) return null;
    const { pool, scope } = this.using();
    try {
      return await takePass(pool, scope, dataset, this.deps.deskId, lease.pid, terms);
    } catch (error) {
      this.deps.lost(error);
      throw error;
    }
  }

  async keepPage(dataset: string, pass: string, page: PassPage): Promise<boolean> {
    const lease = this.leading();
    if (!lease) return false;
    const { pool, scope } = this.using();
    try {
      return await keepPassPage(pool, scope, dataset, lease.pid, pass, page);
    } catch (error) {
      this.deps.lost(error);
      throw error;
    }
  }

  /** The lease, while this desk leads. */
  private leading(): SyncLease | null {
    return this.role() === 'leader' ? (this.lease?.lease ?? null) : null;
  }

  /** The store answers (again): hear the other desks, and try for the lease now and every few seconds. */
  connected(): Promise<void> {
    const generation = ++this.generation;
    this.firstTry = (async () => {
      await this.stopListening();
      const pool = this.deps.pool();
      if (!pool || this.closed) return;
      try {
        const listener = await listenSync(pool, (notice) => this.heard(notice));
        if (!(await this.listener.keep(listener, generation !== this.generation))) return;
      } catch (error) {
        this.deps.lost(error);
        return;
      }
      await this.tryLease();
    })();
    if (!this.timer && !this.closed) {
      // Each try reports through the role's listeners; a failure marks the store away itself.
      this.timer = setInterval(() => void this.tryLease(), this.deps.leaseTryMs ?? LEASE_TRY_MS);
      this.timer.unref();
    }
    return this.firstTry.finally(() => this.tell());
  }

  /** The store is away or no longer shared: this desk syncs alone until it answers. */
  disconnected(): void {
    this.generation += 1;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // Both end connections of a pool that is away or ending; the role is alone from now whatever they answer.
    void this.stopListening();
    // As above: the lease's connection is closed in the background.
    void this.releaseLease();
    this.tell();
  }

  /** Another account or service at this desk: the lease held is for the old one. */
  rebind(): void {
    const scope = this.deps.sharing();
    // The lease is dropped at once (the role says so); closing its connection needs no waiting for.
    if (this.lease && (!scope || this.lease.key !== scopeKey(scope))) void this.releaseLease();
    this.tell();
    // A try reports through the role's listeners; a failure marks the store away itself.
    void this.tryLease();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.generation += 1;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.stopListening();
    await this.releaseLease();
  }

  private using(): { pool: pg.Pool; scope: SharingScope } {
    const pool = this.deps.pool();
    const scope = this.deps.sharing();
    if (!pool || !scope || this.deps.state() !== 'connected') throw new Error('the store is not shared now');
    return { pool, scope };
  }

  /** One try for the lease, unless this desk holds it or a try is under way. */
  private tryLease(): Promise<void> {
    this.trying ??= (async () => {
      const pool = this.deps.pool();
      const scope = this.deps.sharing();
      if (this.closed || !pool || !scope || this.deps.state() !== 'connected' || this.lease?.key === scopeKey(scope)) return;
      const generation = this.generation;
      try {
        const lease = await holdSyncLease(pool, scope.account, scope.environment);
        if (!lease) return;
        const now = this.deps.sharing();
        if (generation !== this.generation || this.closed || !now || scopeKey(now) !== scopeKey(scope)) {
          await lease.release();
          return;
        }
        const held = { key: scopeKey(scope), lease };
        this.lease = held;
        this.deps.log('sync: this desk syncs for the desks sharing the store');
        // Watched, not awaited: it settles only when the lease ends.
        void lease.ended.then((how) => {
          if (this.lease !== held) return;
          this.lease = null;
          this.deps.log(`sync: the lease ended (${how})`);
          this.tell();
          if (how === 'lost') this.deps.lost(new Error('the sync lease lost its connection'));
        });
      } catch (error) {
        this.deps.lost(error);
      }
    })().finally(() => {
      this.trying = null;
      this.tell();
    });
    return this.trying;
  }

  private async releaseLease(): Promise<void> {
    const held = this.lease;
    this.lease = null;
    await held?.lease.release().catch(() => undefined);
  }

  private stopListening(): Promise<void> {
    return this.listener.stop();
  }

  private heard(notice: { account: string; environment: string; deskId: string; counter: number }): void {
    const scope = this.deps.sharing();
    if (!scope || notice.deskId === this.deps.deskId || notice.account !== scope.account || notice.environment !== scope.environment) return;
    for (const listener of [...this.changeListeners]) listener(notice.counter);
  }

  /** Says the role to the listeners when it changed since last said. */
  private tell(): void {
    const role = this.role();
    if (role === this.told) return;
    this.told = role;
    for (const listener of [...this.roleListeners]) listener(role);
  }
}
