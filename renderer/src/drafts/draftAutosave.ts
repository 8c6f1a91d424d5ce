import type { DraftKind } from '../../../shared/schemas/drafts';

/** What the draft's note says: nothing stored yet, a save on its way, saved (when), not saved (why), or gone. */
export type DraftStatus =
  { state: 'new' } | { state: 'saving' } | { state: 'saved'; at: string | null } | { state: 'failed'; message: string } | { state: 'discarded' };

/** What main answers a save with (drafts.save). */
export interface SavedDraft {
  id: string;
  revision: number;
  updatedAt: string;
}

export interface DraftSaveRequest<T> {
  id?: string;
  kind: DraftKind;
  value: T;
  baseRevision?: number;
}

export interface DraftAutosaveOptions<T> {
  kind: DraftKind;
  /** Null: nothing stored yet; the first save creates the draft (and `onCreated` hears its id). */
  id: string | null;
  /** The stored revision the first save is based on: main refuses a save over a newer one (another window's). */
  revision?: number | undefined;
  /** A change waits this long for the next one (0: saved at once, one save at a time). */
  delayMs: number;
  save: (request: DraftSaveRequest<T>) => Promise<SavedDraft>;
  discard: (id: string) => Promise<unknown>;
  /** Words for a failed save (the error's message as the desk shows errors). */
  describe: (error: unknown) => string;
  /** A save refused because the draft is gone (discarded in another window). */
  isGone: (error: unknown) => boolean;
  onStatus: (status: DraftStatus, pending: boolean) => void;
  onCreated?: (id: string) => void;
}

/**
 * Saves a draft as it changes, the one way for every form: a change waits `delayMs` for the next;
 * `flush()` saves at once (a field left, a submit, the view or the page going). One save runs at a
 * time and each carries the newest value, so saves never land out of order and a fast run of changes
 * costs a save or two. A failed save keeps the value for the next try; nothing typed is lost.
 */
export class DraftAutosave<T> {
  private id: string | null;
  private revision: number | undefined;
  private unsaved: T | null = null;
  private chain: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private gone = false;
  /** A save is queued that will take the newest value when it starts. */
  private queued = false;
  private failure: string | null = null;
  private status: DraftStatus;

  constructor(
    private readonly options: DraftAutosaveOptions<T>,
    savedAt: string | null = null,
  ) {
    this.id = options.id;
    this.revision = options.revision;
    this.status = options.id ? { state: 'saved', at: savedAt } : { state: 'new' };
  }

  private tell(status: DraftStatus, pending: boolean) {
    this.status = status;
    this.options.onStatus(status, pending);
  }

  /** Who hears a new draft's id; none once the view that would move its address is gone. */
  setCreatedListener(listener: ((id: string) => void) | undefined): void {
    this.options.onCreated = listener;
  }

  get draftId(): string | null {
    return this.id;
  }

  change(value: T): void {
    if (this.gone) return;
    this.unsaved = value;
    // What the note says stays until the save starts; only "a change is waiting" is new.
    this.tell(this.status, true);
    clearTimeout(this.timer);
    // flush never rejects: a failed save is kept in `failure` and retried.
    if (this.options.delayMs <= 0) void this.flush();
    else this.timer = setTimeout(() => void this.flush(), this.options.delayMs);
  }

  /** Saves what is waiting; resolves when every change so far is on disk, with the last failure's words if any. */
  flush(): Promise<string | null> {
    clearTimeout(this.timer);
    if (this.unsaved !== null && !this.gone && !this.queued) {
      this.queued = true;
      // The value is taken when the save starts, not now: changes made meanwhile ride along.
      this.chain = this.chain.then(() => {
        this.queued = false;
        const value = this.unsaved;
        this.unsaved = null;
        return value === null ? undefined : this.saveOne(value);
      });
    }
    return this.chain.then(() => this.failure);
  }

  /** The draft goes (submitted, or the clerk discarded it), and nothing saves it again. */
  async discard(): Promise<void> {
    this.gone = true;
    clearTimeout(this.timer);
    this.unsaved = null;
    await this.chain;
    if (this.id) await this.options.discard(this.id);
    this.id = null;
    this.tell({ state: 'discarded' }, false);
  }

  private async saveOne(value: T): Promise<void> {
    if (this.gone) return;
    this.tell({ state: 'saving' }, true);
    try {
      const { kind } = this.options;
      const saved = await this.options.save({
        ...(this.id ? { id: this.id } : {}),
        kind,
        value,
        ...(this.revision !== undefined ? { baseRevision: this.revision } : {}),
      });
      const created = this.id === null;
      this.id = saved.id;
      if (this.revision !== undefined) this.revision = saved.revision;
      this.failure = null;
      if (created) this.options.onCreated?.(saved.id);
      this.tell({ state: 'saved', at: saved.updatedAt }, this.unsaved !== null);
    } catch (error) {
      // Discarded in another window: the next change starts a new draft rather than losing the typing.
      if (this.options.isGone(error) && this.revision === undefined) this.id = null;
      this.unsaved ??= value;
      this.failure = this.options.describe(error);
      this.tell({ state: 'failed', message: this.failure }, true);
    }
  }
}
