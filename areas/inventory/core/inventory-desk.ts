import { countOf } from '../../../shared/counts.js';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { AppErrorException, said, type AppError } from '../../../shared/errors.js';
import { appError, englishOf } from '../../../electron/core/words.js';
import {
  INVENTORY_STALE_AFTER_MS,
  type CacheProblem,
  type Freshness,
  type ItemLot,
  type SyncPhase,
  type SyncProgress,
  type SyncStatus,
} from '../common/ipc.js';
import type { EventName, EventPayload } from '../../../shared/ipc/contract.js';
import { CachedCenter, type CachedItem } from '../../../shared/schemas/inventory-cache.js';
import type { SessionState } from '../../../shared/schemas/session.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import type { ConnectivityMonitor } from '../../../electron/core/api/connectivity.js';
import type { Clock } from '../../../electron/core/clock.js';
import type { DurableFile } from '../../../electron/core/data/durable-file.js';
import { inventoryCacheFile, type CacheColumns } from './cache-format.js';
import { CacheIndex } from './cache-index.js';
import { findItem, itemLots } from './items.js';
import { SYNC_STREAMS, type SyncStream } from './snapshot-assembler.js';
import { startSyncAssembler, SyncWorkerStopped, type SyncAssembler } from './sync-in-worker.js';
import { fullPassDue, syncInventory, type PassKeeping, type ResumePoint } from './sync.js';
import { inLane } from '../../../electron/core/api/request-budget.js';
import { z } from 'zod';
import type { SetPosition, SharedSync, SyncRole } from '../../desks/core/index.js';
import { applyChanges, cacheRows, changedRows, INVENTORY_SET, metaOf, SHARED_ITEM_FORMAT, SharedPositionFile } from './shared-cache.js';

/** The background refresh's interval unless told otherwise. */
const DEFAULT_REFRESH_MS = 15 * 60 * 1000;
/**
 * A pass kept in the store older than this is begun again rather than gone on with: a full pass takes
 * minutes (about five at 100,000 items within the request budget), so one this old was left, not
 * interrupted a moment ago, and its first pages would be older than two refreshes.
 */
const PASS_MAX_AGE_MS = 30 * 60 * 1000;
/** The pass's own page that holds the centers it read (the lists are SYNC_STREAMS). */
const CENTERS_PAGE = 'centers';
const PassMeta = z.object({ startedAt: z.string() });

/** Who the cache belongs to: the active environment and the signed-in account. */
export interface DeskAccount {
  environmentId: string;
  session: SessionState;
  api: ApiClient;
}

export interface InventoryDeskDeps {
  /** The app's data folder; caches go to `<dataDir>/inventory/<environment>/<account hash>/cache.ddf`. */
  dataDir: string;
  /** The active environment and session now. */
  current: () => DeskAccount;
  connectivity: ConnectivityMonitor;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  log: (line: string) => void;
  /** Dates each sync and says how old the cache is. */
  clock: Clock;
  /** Background refresh while signed in and not offline (default 15 minutes; 0 turns it off). */
  refreshIntervalMs?: number;
  /** Starts a sync's assembler: a worker thread unless told `inline` (default startSyncAssembler). */
  startAssembler?: typeof startSyncAssembler;
}

/**
 * Why a sync runs: asked for with a mode; `auto` after sign-in or on the timer (the mode follows the
 * cache: full when it is empty or its last full pass a day old); `share` for the store the desks
 * share (a change heard, this desk's role changed): it follows the store, and syncs from the service
 * only what is due.
 */
type SyncReason = 'asked' | 'auto' | 'share';

interface RunningSync {
  controller: AbortController;
  mode: 'full' | 'refresh';
  reason: SyncReason;
  /** How it gets the data, once the store said where this desk stands (null: not yet). */
  as: SyncRole | null;
  phase: SyncPhase | null;
  done: number;
  total: number | null;
  finished: Promise<void>;
  /** The pass kept in the store while this desk leads (shared-passes.ts), published with it. */
  pass?: string;
}

interface Opened {
  key: string;
  file: DurableFile<CacheColumns>;
  /** Where the cache stands in the store's history, kept beside it. */
  positions: SharedPositionFile;
}

/**
 * The offline inventory cache of the active environment and account: loads it (reporting a
 * bad file once and falling back to the previous generation, or to a full resync), syncs it (after
 * sign-in, on demand, and in the background while online), and answers with how fresh it is.
 */
export class InventoryDesk {
  private index: CacheIndex = CacheIndex.empty();
  private opened: Opened | null = null;
  private opening: Promise<void> | null = null;
  private sync: RunningSync | null = null;
  private lastCompletedAt: string | null = null;
  private lastError: AppError | null = null;
  private cacheProblem: CacheProblem | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private revision = 0;
  /** Set once a sync's worker thread failed: later syncs of this run assemble in this thread. */
  private assembleInline = false;
  /**
   * A full pass the connection interrupted: its assembler (holding the pages read) and where each
   * list stands. The next full pass of the same cache goes on from there instead of starting over.
   */
  private interrupted: { key: string; assembler: SyncAssembler; resume: ResumePoint; keep?: PassKeeping; pass?: string } | null = null;
  /** The sync the desks sharing a store run together (null: none, this desk syncs alone). */
  private share: SharedSync | null = null;
  /** Where the loaded cache stands in the store's history; null: it is not the store's (its own sync, or none). */
  private position: SetPosition | null = null;
  /** Something changed while a sync ran (a change heard, the role): one more runs after it. */
  private again = false;
  /** Opened once the areas are built: a sync waits to know whether the desks share one (attachShare). */
  private readonly shareAttached: Promise<void>;
  private openShareGate!: () => void;

  constructor(private readonly deps: InventoryDeskDeps) {
    this.shareAttached = new Promise((resolve) => (this.openShareGate = resolve));
    const every = deps.refreshIntervalMs ?? DEFAULT_REFRESH_MS;
    if (every > 0) {
      this.timer = setInterval(() => void this.backgroundRefresh(), every);
      this.timer.unref();
    }
  }

  /**
   * The desks sharing a store sync once for all (desks' `sharedSync`): while another desk holds the
   * lease this one follows the store instead of the service. A role change or a change heard runs a
   * sync of reason `share`.
   */
  attachShare(share: SharedSync): void {
    this.share = share;
    share.onRole((role) => {
      const run = this.sync;
      if (!run) this.kick();
      else if (run.as !== null && run.as !== role) this.again = true;
    });
    share.onChanges((counter) => {
      if (this.position && counter <= this.position.counter) return;
      if (!this.sync) {
        if (share.role() === 'follower') this.kick();
      } else if (this.sync.as !== 'leader') this.again = true;
    });
    this.openShareGate();
  }

  /** Every area is built: a sync waits no longer for a share that no area attached. */
  areasBuilt(): void {
    this.openShareGate();
  }

  /** The index for the current account (loading its file first when the account changed). */
  async ready(): Promise<CacheIndex> {
    await this.follow();
    return this.index;
  }

  /** An item of the cache by its inventory id, or null when the cache does not hold it. */
  async findItem(inventoryId: number): Promise<CachedItem | null> {
    return findItem(await this.ready(), inventoryId);
  }

  /** The item's lots with their centers' names and, when known, which of them are excluded. */
  async itemLots(item: CachedItem, excluded: Set<string> | null): Promise<ItemLot[]> {
    return itemLots(item, await this.ready(), excluded);
  }

  /**
   * Follows sign-in, sign-out and environment switches. When the cache changes hands (a sign-in, the
   * app starting signed in, another environment), a sync runs: full when the cache is empty, else a refresh.
   */
  onSessionChanged(_state: SessionState): void {
    const before = this.opened?.key ?? null;
    this.follow()
      .then(() => {
        const after = this.opened?.key ?? null;
        if (after !== null && after !== before && !this.sync && this.deps.current().session.status === 'signed-in')
          this.begin(this.index.size === 0 || fullPassDue(this.index, this.deps.clock.now().getTime()) ? 'full' : 'refresh', 'auto');
      })
      .catch((error: unknown) => this.deps.log(`inventory cache: ${(error as Error).message}`));
  }

  freshness(): Freshness {
    const parts = this.index.syncedAt;
    // "As of" is the last sync's: a refresh renews quantities and codes; `parts.items` is the last full pass.
    const values = [parts.levels, parts.lots, parts.codes];
    const syncedAt = values.some((v) => v === null) ? null : values.reduce((a, b) => (Date.parse(a!) <= Date.parse(b!) ? a : b));
    return {
      syncedAt,
      parts,
      connectivity: this.deps.connectivity.state,
      stale: syncedAt === null || this.deps.clock.now().getTime() - Date.parse(syncedAt) > INVENTORY_STALE_AFTER_MS,
      syncing: this.sync !== null,
    };
  }

  status(): SyncStatus {
    const s = this.sync;
    return {
      revision: this.revision,
      state: s ? (s.controller.signal.aborted ? 'cancelling' : 'running') : 'idle',
      mode: s?.mode ?? null,
      phase: s?.phase ?? null,
      done: s?.done ?? 0,
      total: s?.total ?? null,
      itemCount: this.index.size,
      lastCompletedAt: this.lastCompletedAt,
      lastError: this.lastError,
      cacheProblem: this.cacheProblem,
      freshness: this.freshness(),
    };
  }

  /** Starts a sync unless one is running; answers at once. */
  start(mode: 'full' | 'refresh'): SyncStatus {
    return this.begin(mode, 'asked');
  }

  private begin(mode: 'full' | 'refresh', reason: SyncReason): SyncStatus {
    if (this.sync || this.closed) return this.status();
    const account = this.deps.current();
    if (account.session.status !== 'signed-in' || !this.opened) {
      throw appError('not_signed_in', 'errors.inventory.signInToSync');
    }
    const controller = new AbortController();
    const effective = mode === 'refresh' && this.index.size === 0 ? 'full' : mode;
    const run: RunningSync = { controller, mode: effective, reason, as: null, phase: null, done: 0, total: null, finished: Promise.resolve() };
    this.sync = run;
    run.finished = this.run(run, account, this.opened);
    this.announce();
    return this.status();
  }

  cancel(): SyncStatus {
    if (this.sync && !this.sync.controller.signal.aborted) {
      this.sync.controller.abort(appError('network', 'errors.inventory.syncCancelled', undefined, { retryable: true }));
      this.announce();
    }
    return this.status();
  }

  /** A change of state, as an event with the next revision (see SyncStatus.revision). */
  private announce(): void {
    this.revision = Math.max(this.revision + 1, this.deps.clock.now().getTime());
    this.deps.emit('inventory.syncStatus', this.status());
  }

  /** Waits for the running sync, if any (tests, shutdown). */
  async settled(): Promise<void> {
    await this.sync?.finished;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.openShareGate();
    if (this.timer) clearInterval(this.timer);
    this.cancel();
    await this.settled();
    this.dropInterrupted();
  }

  private async run(run: RunningSync, account: DeskAccount, opened: Opened): Promise<void> {
    const signal = run.controller.signal;
    const lastEmit = new Map<SyncPhase, number>();
    const onProgress = (p: SyncProgress) => {
      run.phase = p.phase;
      run.done = p.done;
      run.total = p.total;
      // Enough for a progress bar, without flooding IPC when pages come fast: at most 10 a second per phase.
      const now = performance.now();
      if (now - (lastEmit.get(p.phase) ?? -Infinity) >= 100 || (p.total !== null && p.done >= p.total)) {
        lastEmit.set(p.phase, now);
        this.deps.emit('inventory.syncProgress', p);
      }
    };
    try {
      await Promise.resolve();
      if (!(await this.fromStore(run, opened, onProgress))) return;
      signal.throwIfAborted();
      const before = this.index.columns;
      const { columns, encoded, folded } = await this.fetch(run, account, onProgress);
      signal.throwIfAborted();
      onProgress({ phase: 'writing', done: 0, total: columns.count });
      // Only a complete new generation is written; the file keeps the one before as `.prev`.
      await opened.file.write(columns, encoded ?? undefined);
      if (this.opened?.key === opened.key) this.index = new CacheIndex(columns, folded);
      this.lastCompletedAt = this.deps.clock.now().toISOString();
      this.lastError = null;
      if (run.as === 'leader') await this.publish(opened, before, columns, run.pass);
      else if (this.position) await this.keepPosition(opened, null, columns);
      onProgress({ phase: 'writing', done: columns.count, total: columns.count });
    } catch (error) {
      const reason: unknown = signal.aborted ? signal.reason : error;
      this.lastError =
        reason instanceof AppErrorException
          ? reason.appError
          : { code: 'internal', message: `The inventory sync failed (${(reason as Error).message}); the cache is unchanged.`, retryable: true };
      if (!(reason instanceof AppErrorException)) this.deps.log(`inventory sync: ${(reason as Error).stack ?? String(reason)}`);
    } finally {
      if (this.sync === run) this.sync = null;
      this.announce();
      if (this.again) {
        this.again = false;
        this.kick();
      }
    }
  }

  /** A sync for the store's sake (a change heard, a new role), unless one runs (it runs again after) or nobody is signed in. */
  private kick(): void {
    if (this.closed) return;
    if (this.sync) {
      this.again = true;
      return;
    }
    if (!this.opened || this.deps.current().session.status !== 'signed-in') return;
    this.begin(this.index.size === 0 ? 'full' : 'refresh', 'share');
  }

  /**
   * Before a sync asks the service anything: where this desk stands with the store. A follower brings
   * its cache up to the store's and is done (false); the leader does too, then syncs from the service
   * what is due; a desk alone (no store, none answering, or a set it cannot read) syncs as it always
   * did. The mode is chosen here, against the cache the store brought.
   */
  private async fromStore(run: RunningSync, opened: Opened, onProgress: (p: SyncProgress) => void): Promise<boolean> {
    await this.shareAttached;
    const share = this.share;
    if (share) await share.settled();
    run.as = share?.role() ?? 'alone';
    const announced = run.mode;
    let applied = false;
    if (share && run.as !== 'alone') {
      const followed = await this.followStore(share, run, opened, onProgress);
      applied = followed === 'applied';
      if (followed === 'failed' || (followed === 'foreign' && run.as === 'follower')) run.as = 'alone';
      if (run.as === 'follower') return false;
    }
    const now = this.deps.clock.now().getTime();
    const empty = this.index.size === 0;
    if (run.reason === 'asked') run.mode = empty ? 'full' : run.mode;
    else if (empty || fullPassDue(this.index, now)) run.mode = 'full';
    // Chosen for the cache before the store's came in; else kept (an interrupted full pass goes on).
    else if (run.reason === 'auto') run.mode = applied ? 'refresh' : run.mode;
    else if (refreshDue(this.index, now, this.deps.refreshIntervalMs)) run.mode = 'refresh';
    else {
      // Nothing due, but the store lacks this desk's fresh cache (it synced alone before it led): the others get it now.
      if (run.as === 'leader' && this.position === null && this.index.size > 0) await this.publish(opened, this.index.columns, this.index.columns);
      return false;
    }
    // Said again only when the mode is not the one announced as the sync began.
    if (run.mode !== announced) this.announce();
    return true;
  }

  /** Applies the store's changes since this cache's position (all of it when the cache is not the store's). */
  private async followStore(
    share: SharedSync,
    run: RunningSync,
    opened: Opened,
    onProgress: (p: SyncProgress) => void,
  ): Promise<'current' | 'applied' | 'empty' | 'foreign' | 'failed'> {
    let changes;
    try {
      changes = await share.read(INVENTORY_SET, this.position);
    } catch (error) {
      this.deps.log(`inventory sync: the store did not answer (${(error as Error).message}); this desk syncs alone`);
      return 'failed';
    }
    if (!changes) return 'empty';
    if (changes.format !== SHARED_ITEM_FORMAT) {
      this.deps.log(`inventory sync: the store holds the cache in format ${changes.format}, this desk knows ${SHARED_ITEM_FORMAT}`);
      return 'foreign';
    }
    if (!changes.whole && this.position?.counter === changes.to.counter) return 'current';
    onProgress({ phase: 'writing', done: 0, total: changes.rows.length });
    let columns: CacheColumns;
    try {
      columns = applyChanges(changes.whole ? null : this.index.columns, changes);
    } catch (error) {
      this.deps.log(`inventory sync: the store's cache could not be read (${(error as Error).message})`);
      return 'foreign';
    }
    run.controller.signal.throwIfAborted();
    await opened.file.write(columns);
    if (this.opened?.key === opened.key) this.index = new CacheIndex(columns);
    await this.keepPosition(opened, changes.to, columns);
    this.lastCompletedAt = this.deps.clock.now().toISOString();
    this.lastError = null;
    onProgress({ phase: 'writing', done: changes.rows.length, total: changes.rows.length });
    return 'applied';
  }

  /**
   * The leader's new generation to the store: what changed since the store's copy (the cache before
   * this sync, at `position`), or the whole cache when the store is not at that copy (none yet,
   * another desk's, or moved on). A store that refuses or does not answer leaves the cache this desk's own.
   */
  private async publish(opened: Opened, before: CacheColumns, after: CacheColumns, pass?: string): Promise<void> {
    const share = this.share;
    let position: SetPosition | null = null;
    try {
      if (share) {
        const meta = metaOf(after);
        const base = this.position;
        let result = base
          ? await share.publish(INVENTORY_SET, { whole: false, base, format: SHARED_ITEM_FORMAT, meta, rows: changedRows(before, after), pass })
          : null;
        if (!result?.ok) result = await share.publish(INVENTORY_SET, { whole: true, format: SHARED_ITEM_FORMAT, meta, rows: cacheRows(after), pass });
        if (result.ok) position = result.position;
        else this.deps.log("inventory sync: another desk syncs for the store now; this sync stays this desk's own");
      }
    } catch (error) {
      this.deps.log(`inventory sync: the store did not take the sync (${(error as Error).message}); it stays this desk's own`);
    }
    await this.keepPosition(opened, position, after);
  }

  /** Keeps where the cache just written stands with the store (null: it is this desk's own). */
  private async keepPosition(opened: Opened, position: SetPosition | null, columns: CacheColumns): Promise<void> {
    if (this.opened?.key === opened.key) this.position = position;
    await opened.positions.write(position, columns).catch((error: unknown) => {
      if (this.opened?.key === opened.key) this.position = null;
      this.deps.log(`inventory cache: where it stands with the store could not be kept (${(error as Error).message})`);
    });
  }

  /**
   * The sync's requests, with the pages assembled in a worker thread. If the worker dies or cannot
   * start, the sync runs again at once with the pages assembled in this thread (slower for the UI,
   * never a failed sync), and so do later syncs of this run.
   */
  private async fetch(run: RunningSync, account: DeskAccount, onProgress: (p: SyncProgress) => void) {
    const signal = run.controller.signal;
    const key = this.opened?.key ?? null;
    let freshPass = false;
    for (;;) {
      const carried = run.mode === 'full' && key !== null && this.interrupted?.key === key ? this.interrupted : null;
      this.dropInterrupted(carried);
      const assembler = carried?.assembler ?? (await (this.deps.startAssembler ?? startSyncAssembler)({ inline: this.assembleInline, log: this.deps.log }));
      let resume: ResumePoint = carried ? carried.resume : {};
      let keep = carried?.keep;
      run.pass = carried?.pass;
      if (carried) this.deps.log(`inventory sync: going on from where the interrupted full pass stopped`);
      let kept = false;
      try {
        if (!carried) {
          const taken = await this.keptPass(run, assembler, freshPass);
          if (taken === 'unreadable') {
            // The pages fed so far are in this assembler: a new one, and a pass begun anew.
            freshPass = true;
            continue;
          }
          if (taken) ({ resume, keep } = taken);
        }
        // Nobody waits on the sync: its calls go in the budget's background lane, after any clerk's.
        return await inLane('background', () =>
          syncInventory(account.api, { mode: run.mode, previous: this.index, signal, onProgress, assembler, resume, keep, now: () => this.deps.clock.now() }),
        );
      } catch (error) {
        const lostConnection = error instanceof AppErrorException && error.appError.retryable && !signal.aborted;
        if (run.mode === 'full' && key !== null && lostConnection && Object.keys(resume).length > 0) {
          this.interrupted = { key, assembler, resume, keep, pass: run.pass };
          kept = true;
        }
        if (!(error instanceof SyncWorkerStopped) || signal.aborted) throw error;
        this.deps.log(`inventory sync: ${error.message}; assembling in the main thread from now on`);
        this.assembleInline = true;
      } finally {
        if (!kept) assembler.close();
      }
    }
  }

  /**
   * The leader's full pass, kept in the store as it is read: the one a desk before left (this one
   * stopped, or another desk that led), its pages given to `assembler` and each list going on from
   * the page after its last, or one begun now. Null when the pass is not kept (this desk does not
   * lead, a refresh, the store does not answer); 'unreadable' when a kept page cannot be read (the
   * caller begins a new pass with a new assembler, `fresh`).
   */
  private async keptPass(
    run: RunningSync,
    assembler: SyncAssembler,
    fresh: boolean,
  ): Promise<{ resume: ResumePoint; keep: PassKeeping } | 'unreadable' | null> {
    const share = this.share;
    if (!share || run.as !== 'leader' || run.mode !== 'full') return null;
    const log = this.deps.log;
    let taken;
    try {
      taken = await share.takePass(INVENTORY_SET, {
        format: SHARED_ITEM_FORMAT,
        meta: JSON.stringify({ startedAt: this.deps.clock.now().toISOString() } satisfies z.infer<typeof PassMeta>),
        maxAgeMs: PASS_MAX_AGE_MS,
        fresh,
      });
    } catch (error) {
      log(`inventory sync: the store did not answer (${(error as Error).message}); this pass is not kept there`);
      return null;
    }
    if (!taken) return null;
    const pass = taken.pass;
    const resume: ResumePoint = {};
    const next: Partial<Record<SyncStream, number>> = {};
    let centers: CachedCenter[] | null = null;
    try {
      const { startedAt } = PassMeta.parse(JSON.parse(taken.meta));
      for (const page of taken.pages) {
        if (page.stream === CENTERS_PAGE) {
          centers = z.array(CachedCenter).parse(JSON.parse(Buffer.from(page.body).toString('utf8')));
          continue;
        }
        if (!Object.hasOwn(SYNC_STREAMS, page.stream)) throw new Error(`a page of an unknown list (${page.stream})`);
        const stream = page.stream as SyncStream;
        if (page.seq !== (next[stream] ?? 0)) throw new Error(`page ${page.seq} of ${stream} follows page ${(next[stream] ?? 0) - 1}`);
        const verdict = await assembler.page(stream, page.body);
        if (!verdict.ok) throw new Error(`page ${page.seq} of ${stream} does not read as the service's`);
        next[stream] = page.seq + 1;
        resume[stream] = page.next ?? 'done';
      }
      if (taken.resumed)
        log(
          `inventory sync: going on with the pass a desk before began (${countOf(taken.pages.length, 'page')} kept in the store), from the page after each list's last`,
        );
      run.pass = pass;
      let keeping = true;
      const kept = async (stream: string, seq: number, link: string | null, nextLink: string | null, body: Uint8Array) => {
        if (!keeping) return;
        try {
          keeping = await share.keepPage(INVENTORY_SET, pass, { stream, seq, link, next: nextLink, body });
          if (!keeping) log('inventory sync: this desk no longer leads; the rest of its pass is not kept in the store');
        } catch (error) {
          keeping = false;
          log(`inventory sync: the store did not keep a page (${(error as Error).message}); the rest of this pass is not kept there`);
        }
      };
      return {
        resume,
        keep: {
          startedAt,
          centers,
          next,
          centersRead: (read) => kept(CENTERS_PAGE, 0, null, null, Buffer.from(JSON.stringify(read))),
          pageRead: kept,
        },
      };
    } catch (error) {
      log(`inventory sync: the pass kept in the store cannot be gone on with (${(error as Error).message}); a new one begins`);
      if (fresh) return null;
      return 'unreadable';
    }
  }

  /** Forgets an interrupted full pass (another account, a refresh, closing), unless it is the one going on. */
  private dropInterrupted(keep: unknown = null): void {
    if (this.interrupted && this.interrupted !== keep) this.interrupted.assembler.close();
    this.interrupted = null;
  }

  private async backgroundRefresh(): Promise<void> {
    if (this.sync || this.closed || this.deps.connectivity.state === 'offline') return;
    try {
      await this.follow();
      // Mostly a refresh of what changed; once a day a full pass, for what leaves no history (committed quantities).
      if (this.opened && this.deps.current().session.status === 'signed-in')
        this.begin(this.interrupted || fullPassDue(this.index, this.deps.clock.now().getTime()) ? 'full' : 'refresh', 'auto');
    } catch (error) {
      this.deps.log(`inventory refresh: ${(error as Error).message}`);
    }
  }

  /** Makes the loaded cache the current account's: loads its file, or empties the index when signed out. */
  private async follow(): Promise<void> {
    while (this.opening) await this.opening;
    const account = this.deps.current();
    const key = account.session.status === 'signed-in' && account.session.account ? cacheKey(account.environmentId, account.session.account.subject) : null;
    if (key === (this.opened?.key ?? null)) return;
    this.opening = this.load(key, account).finally(() => {
      this.opening = null;
    });
    await this.opening;
  }

  private async load(key: string | null, account: DeskAccount): Promise<void> {
    if (this.sync) {
      this.cancel();
      await this.settled();
    }
    this.index = CacheIndex.empty();
    this.dropInterrupted();
    this.opened = null;
    this.position = null;
    this.lastCompletedAt = null;
    this.lastError = null;
    if (key === null) return;
    const file = inventoryCacheFile(join(this.deps.dataDir, 'inventory', key, 'cache.ddf'));
    const positions = new SharedPositionFile(join(this.deps.dataDir, 'inventory', key, 'shared.ddf'));
    const read = await file.read();
    this.opened = { key, file, positions };
    if (read.value) {
      try {
        this.index = new CacheIndex(read.value);
        this.lastCompletedAt = read.writtenAt?.toISOString() ?? null;
        // The previous generation (the current one was bad) is not the one the position was kept for.
        if (read.from === 'current') this.position = await positions.read(read.value);
      } catch (error) {
        this.deps.log(`inventory cache: the cache could not be indexed (${(error as Error).message}); resyncing`);
      }
    }
    for (const problem of read.problems) {
      // The clerk reads which file and why in the desk's words; the file's own finding (bytes, checksum) goes to the log.
      const saying = said('errors.inventory.cacheUnusable', { generation: problem.generation, kind: CACHE_PROBLEM_KINDS[problem.kind] });
      const report: CacheProblem = {
        kind: problem.kind,
        said: saying,
        recovery: read.value ? 'previous-generation' : 'resync',
      };
      this.cacheProblem = report;
      this.deps.log(`inventory cache: ${englishOf(saying)} ${problem.message} (${report.recovery})`);
      this.deps.emit('inventory.cacheProblem', report);
    }
    if (read.problems.length > 0 && !read.value && account.session.status === 'signed-in' && this.deps.connectivity.state !== 'offline')
      this.begin('full', 'auto');
  }
}

/** A bad cache file's kind as errors.inventory.cacheUnusable selects it (a select's keys take no hyphens). */
const CACHE_PROBLEM_KINDS: Record<CacheProblem['kind'], string> = {
  corrupt: 'corrupt',
  truncated: 'truncated',
  'old-format': 'oldFormat',
  'newer-format': 'newerFormat',
  'wrong-kind': 'wrongKind',
  invalid: 'invalid',
  unreadable: 'unreadable',
};

/**
 * Whether the leader (or a desk left alone) should refresh now rather than wait for its timer: the
 * cache's quantities are older than the timer's interval, so a desk taking over from one that stopped
 * goes on where it left off, and one that finds the store current asks the service nothing.
 */
function refreshDue(index: CacheIndex, now: number, intervalMs = DEFAULT_REFRESH_MS): boolean {
  const at = index.syncedAt.levels;
  return at === null || now - Date.parse(at) >= Math.max(intervalMs, 60_000);
}

/** One folder per environment and account; the subject is hashed (it may hold any characters). */
export function cacheKey(environmentId: string, subject: string): string {
  const env = environmentId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return join(env, createHash('sha256').update(subject).digest('hex').slice(0, 24));
}
