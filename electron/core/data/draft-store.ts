import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { appError } from '../words.js';
import { DRAFT_MAX_BYTES, DRAFT_MAX_COUNT, DraftRecord, parseDraftValue, type DraftKind, type DraftSummary } from '../../../shared/schemas/drafts.js';
import type { Clock } from '../clock.js';
import { DurableFile, jsonCodec, type DurableProblem } from './durable-file.js';
import { DRAFTS_FILE } from './desk-paths.js';

/**
 * Drafts: work in progress the user must never lose (a return being scanned, a receiving order
 * being typed). One store per environment and account (desk-paths.ts), one durable file holding all
 * of that scope's drafts, written through DurableFile (atomic, checksummed, previous generation kept).
 *
 * The renderer saves as the user types. Saves are coalesced: a save changes memory at once and
 * resolves when a write that includes it is on disk; saves that arrive while a write runs share the
 * next write. So a resolved save survives a crash, and typing costs one write per write-time, not
 * one per keystroke.
 *
 * Each kind's value passes its schema (shared/schemas/drafts.ts) on every save and load; a kind may
 * add a policy (defaults on create, fields main owns, a title) from its own area.
 */

export interface DraftPolicy {
  /** Fills what a new draft gets from main (a generated reference id, a default from Settings). */
  create?(value: unknown): unknown;
  /** Keeps what main owns when the renderer saves; throws an AppError to refuse the save. */
  merge?(previous: unknown, next: unknown): unknown;
  /** A short title for lists. */
  title?(value: unknown): string;
}

const StoredDrafts = z.object({ drafts: z.array(DraftRecord) });
type StoredDrafts = z.infer<typeof StoredDrafts>;
const FORMAT_VERSION = 1;

export interface SaveDraftInput {
  /** Absent: a new draft. */
  id?: string | undefined;
  kind: DraftKind;
  value: unknown;
  /** The revision the renderer's value is based on; a different stored revision refuses the save (another window changed it). */
  baseRevision?: number | undefined;
}

export class DraftStore {
  private readonly file: DurableFile<StoredDrafts>;
  private readonly drafts = new Map<string, DraftRecord>();
  private loaded: Promise<void> | null = null;
  /** Bad files found when this store was loaded, in words for the user; reported for the whole run. */
  problems: string[] = [];
  private requested = 0;
  private written = 0;
  private writing = false;
  private waiters: { generation: number; resolve: () => void; reject: (e: unknown) => void }[] = [];

  constructor(
    dir: string,
    private readonly policies: Partial<Record<DraftKind, DraftPolicy>>,
    /** Stamps createdAt and updatedAt. */
    private readonly clock: Clock,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.file = new DurableFile({
      path: join(dir, DRAFTS_FILE),
      kind: 'dockdesk-drafts',
      version: FORMAT_VERSION,
      codec: jsonCodec((v) => StoredDrafts.parse(v)),
    });
  }

  get path(): string {
    return this.file.path;
  }

  /** Reads the file once; a bad file is reported (problems, log) and the previous generation, or nothing, is used. */
  load(): Promise<void> {
    this.loaded ??= (async () => {
      const read = await this.file.read();
      this.problems = read.problems.map(describeProblem);
      for (const p of this.problems) this.log(`drafts: ${p}`);
      for (const record of read.value?.drafts ?? []) {
        // A draft whose value no longer fits its kind (a schema tightened since) is kept aside in the log only by id.
        const ok = safeParse(record.kind, record.value);
        if (ok.success) this.drafts.set(record.id, { ...record, value: ok.value });
        else this.log(`drafts: draft ${record.id} (${record.kind}) no longer fits its schema and was not loaded`);
      }
    })();
    return this.loaded;
  }

  async list(kind?: DraftKind): Promise<DraftSummary[]> {
    await this.load();
    return [...this.drafts.values()]
      .filter((d) => kind === undefined || d.kind === kind)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .map(({ value, ...meta }) => ({ ...meta, title: this.policies[meta.kind]?.title?.(value) ?? meta.kind }));
  }

  async get(id: string): Promise<DraftRecord | null> {
    await this.load();
    return this.drafts.get(id) ?? null;
  }

  async save(input: SaveDraftInput): Promise<DraftRecord> {
    await this.load();
    const previous = input.id === undefined ? undefined : this.drafts.get(input.id);
    if (input.id !== undefined && !previous) throw appError('not_found', 'errors.drafts.gone');
    if (previous && previous.kind !== input.kind) throw appError('invalid_input', 'errors.drafts.otherKind', { kind: previous.kind, wanted: input.kind });
    if (previous && input.baseRevision !== undefined && input.baseRevision !== previous.revision) {
      throw appError('conflict', 'errors.drafts.changedElsewhere');
    }
    if (!previous && this.drafts.size >= DRAFT_MAX_COUNT) throw appError('invalid_input', 'errors.drafts.tooMany', { max: DRAFT_MAX_COUNT });
    const policy = this.policies[input.kind];
    let value = parseDraftValue(input.kind, input.value);
    value = previous ? (policy?.merge?.(previous.value, value) ?? value) : (policy?.create?.(value) ?? value);
    value = parseDraftValue(input.kind, value);
    const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
    const most = DRAFT_MAX_BYTES[input.kind];
    if (bytes > most) throw appError('invalid_input', 'errors.drafts.tooLarge', { size: Math.ceil(bytes / 1024), max: most / 1024 });
    const now = this.clock.now().toISOString();
    const record: DraftRecord = previous
      ? { ...previous, value, updatedAt: now, revision: previous.revision + 1 }
      : { id: input.id ?? randomUUID(), kind: input.kind, value, createdAt: now, updatedAt: now, revision: 1 };
    this.drafts.set(record.id, record);
    await this.persist();
    return record;
  }

  /** Puts a whole record back (a return the service refused comes back from the outbox); replaces one with the same id. */
  async restore(record: DraftRecord): Promise<DraftRecord> {
    await this.load();
    const value = parseDraftValue(record.kind, record.value);
    const previous = this.drafts.get(record.id);
    const restored = { ...record, value, updatedAt: this.clock.now().toISOString(), revision: Math.max(record.revision, previous?.revision ?? 0) + 1 };
    this.drafts.set(record.id, restored);
    await this.persist();
    return restored;
  }

  async discard(id: string): Promise<boolean> {
    await this.load();
    if (!this.drafts.delete(id)) return false;
    await this.persist();
    return true;
  }

  /** Resolves once everything changed so far is on disk. */
  flush(): Promise<void> {
    return this.requested === this.written ? Promise.resolve() : this.persist();
  }

  private persist(): Promise<void> {
    const generation = ++this.requested;
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ generation, resolve, reject }));
    // Never rejects: a failed write rejects the waiting callers' promises (`done`) instead.
    if (!this.writing) void this.writeLoop();
    return done;
  }

  /** Writes until the file holds the newest state; each write covers every change made before it started. */
  private async writeLoop(): Promise<void> {
    this.writing = true;
    try {
      while (this.written < this.requested) {
        const generation = this.requested;
        const snapshot: StoredDrafts = { drafts: [...this.drafts.values()] };
        try {
          const { problems } = await this.file.write(snapshot);
          for (const p of problems) this.log(`drafts: ${describeProblem(p)}`);
          this.written = generation;
          this.settle(
            (w) => w.generation <= generation,
            (w) => w.resolve(),
          );
        } catch (error) {
          // Memory still holds every draft; the next save tries again. Those waiting hear why now.
          this.log(`drafts: could not write ${DRAFTS_FILE} (${(error as NodeJS.ErrnoException).code ?? (error as Error).name})`);
          const failure = appError('internal', 'errors.drafts.notStored', undefined, {
            retryable: true,
            detail: `${DRAFTS_FILE}: ${(error as NodeJS.ErrnoException).code ?? 'write failed'}`,
          });
          this.settle(
            (w) => w.generation <= generation,
            (w) => w.reject(failure),
          );
          this.written = generation;
        }
      }
    } finally {
      this.writing = false;
    }
  }

  private settle(which: (w: (typeof this.waiters)[number]) => boolean, action: (w: (typeof this.waiters)[number]) => void): void {
    const ready = this.waiters.filter(which);
    this.waiters = this.waiters.filter((w) => !which(w));
    for (const w of ready) action(w);
  }
}

function safeParse(kind: DraftKind, value: unknown): { success: true; value: unknown } | { success: false } {
  try {
    return { success: true, value: parseDraftValue(kind, value) };
  } catch {
    return { success: false };
  }
}

function describeProblem(p: DurableProblem): string {
  const where = p.movedTo ? ` It was kept as ${p.movedTo}.` : '';
  const fallback = p.generation === 'current' ? ' The previous saved copy of the drafts is used, if there is one.' : '';
  return `The saved drafts file ${p.message}${fallback}${where}`;
}
