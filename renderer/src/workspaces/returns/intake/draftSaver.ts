import type { ReturnDraft } from '../../../../../shared/schemas/return-draft';
import { call, errorMessage } from '../../../bridge/dockdesk';

export type SaveState = { state: 'saved'; message?: undefined } | { state: 'saving'; message?: undefined } | { state: 'failed'; message: string };

/**
 * Saves a return draft after every change, one save at a time: while one is on
 * its way, further changes wait and only the newest is sent next, so a fast run of scans costs a
 * save or two, never an overtaking older value. Each save names the revision it is based on, so a
 * second window editing the same draft is refused instead of silently overwritten.
 */
export class DraftSaver {
  private pending: ReturnDraft | null = null;
  private running: Promise<void> | null = null;
  private listener: (state: SaveState) => void = () => {};

  constructor(
    readonly id: string,
    private revision: number,
  ) {}

  onState(listener: (state: SaveState) => void): void {
    this.listener = listener;
  }

  save(value: ReturnDraft): void {
    this.pending = value;
    this.running ??= this.run();
  }

  /** Resolves once every change made so far is on disk (before a submit); throws if the last save failed. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.failure) throw new Error(this.failure);
  }

  private failure: string | null = null;

  private async run(): Promise<void> {
    this.listener({ state: 'saving' });
    while (this.pending) {
      const value = this.pending;
      this.pending = null;
      try {
        const saved = await call('drafts.save', { id: this.id, kind: 'return-intake', value, baseRevision: this.revision });
        this.revision = saved.revision;
        this.failure = null;
      } catch (error) {
        this.failure = `Not saved: ${errorMessage(error)}`;
        // The value stays in the view; the next change saves it again (a save sends the whole draft).
      }
    }
    this.running = null;
    this.listener(this.failure ? { state: 'failed', message: this.failure } : { state: 'saved' });
  }
}
