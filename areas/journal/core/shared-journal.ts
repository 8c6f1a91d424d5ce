import { storeAway, type JournalRow, type SharedJournalStore } from '../../desks/core/index.js';
import { JournalEntry, type JournalRecordKind } from '../common/entry.js';
import { newestFirst } from '../common/order.js';
import { hashOf } from './chain.js';

/**
 * The journal shared through the store the desks share (areas/desks/core/journal-store.ts).
 *
 * Publishing: the desk's file is the source of truth and is written first; the store gets a copy of
 * what the file holds, after it. One publisher at a time sends every entry past the highest sequence
 * number the store holds for this desk (asked once each time the store answers again), so an entry
 * recorded while the store was away goes out once it answers, in order, and a row already there is
 * left as it is. Only entries made in the active environment and account go to its rows; the others
 * wait until the desk works there again. Recording never waits for any of it.
 *
 * Reading: a record's entries at this desk, and the other desks' from the store, each checked against
 * its hash: a row whose entry is not what its desk sealed is dropped and logged, never shown.
 */

/** Entries sent in one statement. */
const BATCH = 200;
/** A record's page waits no longer for the other desks' entries: past this it shows this desk's. */
export const SHARED_READ_TIMEOUT_MS = 3000;
/** Other desks' entries read for one record at most (the newest). */
const READ_LIMIT = 1000;

export interface SharedJournalDeps {
  /** The store's journal for the active service and account, while the store answers. */
  store: () => SharedJournalStore | null;
  deskId: string;
  /** This desk's entries after a sequence number, oldest first. */
  after: (seq: number) => JournalEntry[];
  environmentId: () => string;
  /** The store stopped answering a statement. */
  lost: (error: unknown) => void;
  log: (line: string) => void;
  readTimeoutMs?: number;
}

export class SharedJournal {
  /** The highest sequence number the store is known to hold for this desk, in the scope of `store`. */
  private known: { store: SharedJournalStore; seq: number } | null = null;
  private publishing: Promise<void> | null = null;
  private again = false;

  constructor(private readonly deps: SharedJournalDeps) {}

  /** Sends what the store lacks of this desk's journal, in the background; asked again while sending, it goes on after. */
  publish(): void {
    if (this.publishing) {
      this.again = true;
      return;
    }
    this.again = false;
    this.publishing = this.send()
      .catch((error: unknown) => this.deps.log(`journal: not shared: ${(error as Error).message}`))
      .finally(() => {
        this.publishing = null;
        if (this.again) this.publish();
      });
  }

  /** The store answers again, or the desk works for another account: where the store stands is asked again. */
  reset(): void {
    this.known = null;
  }

  /** Waits for a publishing under way (at close). */
  async settled(): Promise<void> {
    while (this.publishing) await this.publishing;
  }

  /** This desk's entries of a record (`local`, already the active environment's) with the other desks' from the store, newest first. */
  async withOtherDesks(kind: JournalRecordKind, id: string, local: readonly JournalEntry[]): Promise<JournalEntry[]> {
    const store = this.deps.store();
    if (!store) return [...local];
    let rows: JournalRow[];
    try {
      rows = await within(store.forRecord(kind, id, this.deps.deskId, READ_LIMIT), this.deps.readTimeoutMs ?? SHARED_READ_TIMEOUT_MS);
    } catch (error) {
      if (storeAway(error)) this.deps.lost(error);
      this.deps.log(`journal: the other desks' entries for ${kind} ${id} could not be read: ${(error as Error).message}`);
      return [...local];
    }
    const others: JournalEntry[] = [];
    for (const row of rows) {
      const entry = verified(row);
      if (entry) others.push(entry);
      else this.deps.log(`journal: desk ${row.deskId}'s entry ${row.seq} in the store does not match its hash; not shown`);
    }
    return newestFirst([...local, ...others]);
  }

  private async send(): Promise<void> {
    do {
      this.again = false;
      const store = this.deps.store();
      if (!store) {
        this.known = null;
        return;
      }
      try {
        if (this.known?.store !== store) this.known = { store, seq: await store.highestSeq(this.deps.deskId) };
        const known = this.known;
        const after = this.deps.after(known.seq);
        if (after.length === 0) continue;
        const environment = this.deps.environmentId();
        const due = after.filter((e) => e.environment === environment && e.account === store.scope.account);
        for (let i = 0; i < due.length; i += BATCH) await this.sendBatch(store, due.slice(i, i + BATCH));
        known.seq = after.reduce((high, e) => Math.max(high, e.seq), known.seq);
      } catch (error) {
        this.known = null;
        if (storeAway(error)) this.deps.lost(error);
        throw error;
      }
    } while (this.again);
  }

  /** A batch the store refuses for its content (not its absence) is sent entry by entry, so one entry it cannot hold does not hold back the rest. */
  private async sendBatch(store: SharedJournalStore, batch: JournalEntry[]): Promise<void> {
    try {
      await store.publish(this.deps.deskId, batch);
    } catch (error) {
      if (storeAway(error) || batch.length === 1) throw error;
      for (const entry of batch) {
        await store.publish(this.deps.deskId, [entry]).catch((one: unknown) => {
          if (storeAway(one)) throw one;
          this.deps.log(`journal: entry ${entry.seq} could not be shared: ${(one as Error).message}`);
        });
      }
    }
  }
}

/**
 * A row's entry, if it is what its desk sealed: its canonical hash (chain.ts) is the row's, and it
 * names the same desk and place. Anything else is not shown as what a desk did.
 */
export function verified(row: JournalRow): JournalEntry | null {
  if (row.entry === null || typeof row.entry !== 'object' || Array.isArray(row.entry)) return null;
  let hash: string;
  try {
    hash = hashOf(row.entry as Record<string, unknown>);
  } catch {
    return null;
  }
  if (hash !== row.hash) return null;
  const entry = JournalEntry.safeParse(row.entry);
  if (!entry.success || entry.data.hash !== row.hash || entry.data.desk.id !== row.deskId || entry.data.seq !== row.seq) return null;
  return entry.data;
}

/** The promise's answer, or a rejection once `ms` have passed (the statement itself runs on, bounded by the store's own timeouts). */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
