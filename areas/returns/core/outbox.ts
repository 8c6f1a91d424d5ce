import { join } from 'node:path';
import { z } from 'zod';
import { AppErrorException, Said, said, type AppError, type Saying } from '../../../shared/errors.js';
import { appError, englishOfSentences } from '../../../electron/core/words.js';
import type { EventName, EventPayload } from '../../../shared/ipc/contract.js';
import { applyServiceErrors } from '../common/rules.js';
import { DraftRecord } from '../../../shared/schemas/drafts.js';
import { OutboxState, type OutboxEntryView, type OutboxStatus } from '../../../shared/schemas/outbox.js';
import { ReturnDraft } from '../../../shared/schemas/return-draft.js';
import { ReturnCreate } from '../../../shared/schemas/returns.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import type { Clock } from '../../../electron/core/clock.js';
import { OUTBOX_FILE } from '../../../electron/core/data/desk-paths.js';
import type { DraftStore } from '../../../electron/core/data/draft-store.js';
import { DurableFile, jsonCodec } from '../../../electron/core/data/durable-file.js';
import { storeAway, type SharedOutbox, type SharedOutboxEntry, type SharedStore } from '../../desks/core/index.js';
import { answerDone, type JournalService } from '../../journal/core/index.js';
import type { JournalAnswer, JournalValue } from '../../journal/common/entry.js';
import { createReturn, findReturnByReference, updateReturn } from './resources.js';

/**
 * The returns outbox: a submitted return is written here, on disk, before
 * anything is sent, and leaves only when the service holds it (or refused it with field errors, in
 * which case it goes back to the drafts with the messages on its lines). One outbox per environment
 * and account, next to its drafts (desk-paths.ts).
 *
 * Never a duplicate: before the first byte of a create goes out, the entry is marked
 * `outcomeUnknown` on disk. Any later attempt (after a timeout, a dropped connection, a crash, a
 * restart) first asks the service whether a return with the entry's reference id exists
 * (`findReturnByReference`, the same look-up the client's own reconcile uses) and sends again only
 * when it does not. Reference ids are unique per account (spec 4.8 rule 4), so the answer is exact.
 * Changes to an existing return (PUT) are idempotent and simply sent again.
 *
 * Sending runs one entry at a time, oldest first, on: submit, start, connectivity back online,
 * a sign-in, `outbox.retry`, and a backoff timer while entries wait.
 *
 * Desks sharing a store (areas/desks): an entry is also put in the store's outbox, keyed by its
 * reference id, and sent from there by whichever desk of the account is online, one claim at a time;
 * this desk follows its outcome there. While the store does not answer, this desk sends what only it
 * holds, as a desk alone does; what the store holds waits for it (another desk may be sending it).
 */

const OutboxEntry = z.object({
  id: z.string(),
  operation: z.enum(['create', 'update']),
  /** The draft as submitted, to bring back if the service refuses it. */
  draft: DraftRecord,
  body: ReturnCreate,
  state: OutboxState,
  /** Why it waits, is held or failed, in English (the log's). */
  message: z.string().nullable(),
  /** The same as whole sentences with their message ids; absent from an entry written before they were kept (its English still shows). */
  said: z.array(Said).nullable().default(null),
  outcomeUnknown: z.boolean(),
  attempts: z.number().int(),
  queuedAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  returnId: z.number().int().nullable(),
  /** It could not be sent at once (offline, signed out): its arrival is worth a notification. */
  waited: z.boolean(),
  /** The shared store holds it: it is sent from there, by this desk or another, and followed there. */
  shared: z.boolean().default(false),
});
type OutboxEntry = z.infer<typeof OutboxEntry>;
const StoredOutbox = z.object({ entries: z.array(OutboxEntry) });
type StoredOutbox = z.infer<typeof StoredOutbox>;

/** Automatic retries while the service cannot be reached: 2 s, doubling, at most a minute apart. */
export const OUTBOX_RETRY = { firstMs: 2000, maxMs: 60_000 } as const;

/** How long a desk's claim on a shared entry lasts: a desk stopped mid-send hands it on after this. */
export const SHARED_CLAIM_MS = 30_000;
/** How often a desk looks in the store for the outcome of what another desk is sending for it. */
export const SHARED_FOLLOW_MS = 1000;
/**
 * How often a desk looks in the store while anything there waits to be sent, whoever queued it: an
 * entry whose desk stopped mid-send is free once its claim runs out, and some desk must take it.
 */
export const SHARED_SWEEP_MS = 5000;

/** What the store keeps of a return: all another desk needs to send it with its own sign-in. */
const SharedReturn = z.object({
  operation: z.enum(['create', 'update']),
  body: ReturnCreate,
  returnId: z.number().int().nullable(),
  /** An attempt may have reached the service already: ask it by reference id before creating. */
  outcomeUnknown: z.boolean(),
  /** Which desk's which entry: another desk's return under the same reference id is not this one. */
  origin: z.object({ deskId: z.string(), entryId: z.string() }).optional(),
});
type SharedReturn = z.infer<typeof SharedReturn>;

/** Why a shared entry waits or was refused, as the sending desk wrote it for the desk that queued it. */
const SharedProblem = z.object({
  code: z.string(),
  message: z.string(),
  said: z.array(Said),
  fieldErrors: z.array(z.string()).optional(),
  serviceMessage: z.string().optional(),
});
type SharedProblem = z.infer<typeof SharedProblem>;

/** A call to the store failed: the store, not the service, is away. */
class StoreAway extends Error {
  constructor(override readonly cause: unknown) {
    super(`the shared store did not answer: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}
/** A call to the store; a failure of the store itself (not of the statement) becomes StoreAway. */
const fromStore = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    throw storeAway(error) ? new StoreAway(error) : error;
  }
};

/** The store's key of an entry: a create's reference id is unique per account (spec 4.8 rule 4); a change is one submission. */
function sharedKey(e: OutboxEntry): string {
  return e.operation === 'create' ? `return:${e.body.reference_id}` : `return-change:${e.returnId}:${e.id}:${e.queuedAt}`;
}

export interface OutboxDeps {
  /** The API client when this outbox's environment and account are the active ones, else null (nothing is sent). */
  api: () => ApiClient | null;
  /** The write channel (spec 4), or null when none is chosen. */
  channelId: () => number | null;
  drafts: DraftStore;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  log: (line: string) => void;
  /** Stamps when an entry was queued, tried and sent, and when the next try is due. */
  clock: Clock;
  retry?: { firstMs: number; maxMs: number };
  /** The store shared with the account's other desks (null: this desk works alone). */
  store?: () => Pick<SharedStore, 'outbox' | 'deskId' | 'lost' | 'state'> | null;
  /** The desk's journal: each return sent or refused is recorded there with the service's answer. */
  journal?: Pick<JournalService, 'record'>;
}

const PENDING: ReadonlySet<OutboxState> = new Set(['queued', 'sending', 'waiting', 'held', 'failed']);
const SENDABLE: ReadonlySet<OutboxState> = new Set(['queued', 'sending', 'waiting', 'held']);

export class Outbox {
  private readonly file: DurableFile<StoredOutbox>;
  private entries: OutboxEntry[] = [];
  private loaded: Promise<void> | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  /**
   * Shared entries this desk sent whose "sent" the store did not take (it stopped answering just
   * then): said to it first thing once it answers, so the entry is not left claimed until its lease
   * runs out and another desk asks the service again.
   */
  private readonly sentUntold = new Map<string, { returnId: number }>();
  /** No claim in the store before this (the service failed, or this desk is signed out): following goes on meanwhile. */
  private claimNotBefore = 0;
  private closed = false;
  /** Ends a send that waits for the request budget (or is out) when the outbox closes: quitting never waits for the window. */
  private readonly closing = new AbortController();
  problems: string[] = [];

  constructor(
    dir: string,
    private readonly deps: OutboxDeps,
  ) {
    this.file = new DurableFile({ path: join(dir, OUTBOX_FILE), kind: 'dockdesk-outbox', version: 1, codec: jsonCodec((v) => StoredOutbox.parse(v)) });
  }

  load(): Promise<void> {
    this.loaded ??= (async () => {
      const read = await this.file.read();
      this.problems = read.problems.map((p) => `The outbox file ${p.message}${p.movedTo ? ` It was kept as ${p.movedTo}.` : ''}`);
      for (const p of this.problems) this.deps.log(`outbox: ${p}`);
      // Sent entries were shown for the run they were sent in. One left "sending" was cut off by a crash: its outcome is unknown.
      this.entries = (read.value?.entries ?? [])
        .filter((e) => e.state !== 'sent')
        .map((e) => (e.state === 'sending' ? { ...e, state: 'queued', outcomeUnknown: e.operation === 'create' ? true : e.outcomeUnknown, waited: true } : e));
    })();
    return this.loaded;
  }

  async list(): Promise<OutboxEntryView[]> {
    await this.load();
    return this.entries.map(view);
  }

  async status(): Promise<OutboxStatus> {
    await this.load();
    return this.statusNow();
  }

  /** Whether a draft is already here (a crash between writing the entry and dropping the draft). */
  async has(id: string): Promise<boolean> {
    await this.load();
    return this.entries.some((e) => e.id === id && PENDING.has(e.state));
  }

  /** Writes the entry to disk; sending starts in the background. */
  async enqueue(draft: DraftRecord, body: ReturnCreate, operation: 'create' | 'update', returnId: number | null): Promise<OutboxEntryView> {
    await this.load();
    const existing = this.entries.find((e) => e.id === draft.id);
    if (existing && PENDING.has(existing.state)) throw appError('conflict', 'errors.returns.inOutbox', { id: existing.draft.id });
    const value = ReturnDraft.parse(draft.value);
    const entry: OutboxEntry = {
      id: draft.id,
      operation,
      draft,
      body,
      state: 'queued',
      message: null,
      said: null,
      // A draft submitted before (it came back from the outbox) may have reached the service then.
      outcomeUnknown: operation === 'create' && value.submitAttempts > 1,
      attempts: 0,
      queuedAt: this.deps.clock.now().toISOString(),
      lastAttemptAt: null,
      nextAttemptAt: null,
      sentAt: null,
      returnId,
      waited: false,
      shared: false,
    };
    this.entries = [...this.entries.filter((e) => e.id !== draft.id), entry];
    await this.persist();
    this.changed();
    void this.drain(); // never rejects: a failed pass is logged inside, and the entry waits on disk
    return view(entry);
  }

  async retry(id: string): Promise<OutboxEntryView> {
    const entry = await this.find(id);
    if (entry.state === 'sent') return view(entry);
    if (entry.state !== 'sending') {
      // One the store refused goes back into it: it starts afresh there.
      if (entry.state === 'failed') entry.shared = false;
      entry.state = 'queued';
      entry.message = null;
      entry.said = null;
      entry.nextAttemptAt = null;
      await this.persist();
      this.changed();
    }
    this.failures = 0;
    this.claimNotBefore = 0;
    void this.drain(); // never rejects: a failed pass is logged inside, and the entry waits on disk
    return view(entry);
  }

  /** Takes an entry back into the drafts (not while it is being sent). */
  async discard(id: string): Promise<DraftRecord> {
    const entry = await this.find(id);
    if (entry.state === 'sending') throw appError('conflict', 'errors.returns.sending');
    if (entry.state === 'sent') throw appError('conflict', 'errors.returns.sent', { id: entry.returnId ?? '' });
    if (entry.shared && (this.deps.store?.()?.state() ?? 'off') !== 'off') {
      // Taken out of the store first: another desk may be sending it this moment.
      const outbox = this.sharedOutbox();
      if (!outbox) throw appError('conflict', 'errors.outbox.waitingForStore');
      const withdrawn = await fromStore(() => outbox.withdraw(sharedKey(entry))).catch((error: unknown) => {
        this.storeAway(error);
        throw appError('conflict', 'errors.outbox.waitingForStore');
      });
      if (!withdrawn) throw appError('conflict', 'errors.returns.sending');
    }
    const draft = await this.deps.drafts.restore(entry.draft);
    this.entries = this.entries.filter((e) => e !== entry);
    await this.persist();
    this.changed();
    this.deps.emit('drafts.changed', { ids: [draft.id], reason: 'returned' });
    return draft;
  }

  /** Starts sending (once; a call while sending runs one more pass afterwards). */
  drain(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        await this.load();
        do {
          this.again = false;
          await this.pass();
        } while (this.again && !this.closed);
      } catch (error) {
        this.deps.log(`outbox: ${(error as Error).message}`);
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }

  /** The service is reachable again, or the user signed in: try now, from the first backoff step. */
  wake(): void {
    this.failures = 0;
    this.claimNotBefore = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void this.drain(); // never rejects: a failed pass is logged inside
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.closing.abort();
    await this.draining;
  }

  private async pass(): Promise<void> {
    const outbox = this.sharedOutbox();
    if (outbox) {
      try {
        await this.sharedPass(outbox);
        return;
      } catch (error) {
        if (!(error instanceof StoreAway)) throw error;
        this.storeAway(error);
      }
    }
    // Sharing switched off: this desk sends what it had put in the store itself, asking the service
    // first whether another desk sent it already.
    if ((this.deps.store?.()?.state() ?? 'off') === 'off') {
      for (const entry of this.entries.filter((e) => e.shared && SENDABLE.has(e.state))) {
        entry.shared = false;
        if (entry.operation === 'create') entry.outcomeUnknown = true;
        entry.state = 'queued';
      }
    }
    // Alone: what the store holds waits for it; the rest is sent from here.
    let waitsForStore = false;
    for (const entry of this.entries.filter((e) => e.shared && SENDABLE.has(e.state))) {
      waitsForStore = true;
      if (entry.state === 'waiting' && entry.said?.[0]?.id === 'errors.outbox.waitingForStore') continue;
      entry.state = 'waiting';
      reason(entry, [said('errors.outbox.waitingForStore')]);
      await this.persist();
      this.changed();
    }
    if (waitsForStore) this.schedule(SHARED_FOLLOW_MS * 5);
    for (const entry of this.entries.filter((e) => !e.shared && SENDABLE.has(e.state))) {
      if (this.closed) return;
      const api = this.deps.api();
      if (!api) return; // another environment or account is active: this outbox waits for its own
      const channelId = this.deps.channelId();
      if (channelId === null) {
        await this.hold(entry, said('errors.outbox.heldForChannel'));
        continue;
      }
      const carryOn = await this.send(entry, api, channelId);
      if (!carryOn) return;
    }
  }

  /** The store's outbox for this outbox's account, when there is a store and it answers. */
  private sharedOutbox(): SharedOutbox | null {
    if (!this.deps.api()) return null; // not the active account: its entries wait for it
    return this.deps.store?.()?.outbox() ?? null;
  }

  private storeAway(error: unknown): void {
    this.deps.log(`outbox: ${error instanceof Error ? error.message : String(error)}`);
    this.deps.store?.()?.lost(error instanceof StoreAway ? error.cause : error);
  }

  /** Puts an entry in the store (once: the key makes a second time harmless); false when there is no store now. */
  private async share(entry: OutboxEntry, outbox: SharedOutbox, deskId: string): Promise<void> {
    const origin = { deskId, entryId: entry.id };
    const body: SharedReturn = { operation: entry.operation, body: entry.body, returnId: entry.returnId, outcomeUnknown: entry.outcomeUnknown, origin };
    // Marked on disk first: an insert whose answer is lost (or a crash right after it) may have put it
    // there, so from now on it is sent only through the store, and follow() puts it back if it is not there.
    entry.shared = true;
    entry.state = 'queued';
    await this.persist();
    const { created } = await fromStore(() => outbox.enqueue({ idempotencyKey: sharedKey(entry), kind: `return.${entry.operation}`, body }));
    if (created || entry.operation !== 'create') return;
    const there = await fromStore(() => outbox.byKey(sharedKey(entry)));
    const theirs = SharedReturn.safeParse(there?.body).data?.origin;
    if (!theirs || (theirs.deskId === deskId && theirs.entryId === entry.id)) return;
    // Another desk's return holds this reference id: the service would refuse this one as a duplicate.
    const ref = entry.body.reference_id;
    await this.returnToDrafts(entry, [`reference_id: ${ref} is already used by another return (queued at another desk); it must be unique.`], {
      message: 'The reference id is already used by another return.',
      said: said('errors.outbox.refused'),
    });
  }

  /**
   * With the store: this desk's new entries go into it; then this desk sends what it can claim there
   * (its own entries or another desk's), and reads there what became of its own.
   */
  private async sharedPass(outbox: SharedOutbox): Promise<void> {
    const api = this.deps.api();
    if (!api) return;
    const channelId = this.deps.channelId();
    const deskId = this.deps.store!()!.deskId;
    for (const [id, result] of [...this.sentUntold]) {
      await fromStore(() => outbox.markSent(id, deskId, result));
      this.sentUntold.delete(id);
    }
    for (const entry of this.entries.filter((e) => !e.shared && SENDABLE.has(e.state))) {
      if (channelId === null) await this.hold(entry, said('errors.outbox.heldForChannel'));
      else await this.share(entry, outbox, deskId);
    }
    if (channelId !== null && this.deps.clock.now().getTime() >= this.claimNotBefore) {
      for (;;) {
        if (this.closed) return;
        const claim = await fromStore(() => outbox.claimNext(deskId, SHARED_CLAIM_MS));
        if (!claim) break;
        if (!(await this.sendClaimed(outbox, claim, api, channelId, deskId))) break;
      }
    }
    const open = await this.follow(outbox);
    // Another desk may be sending this desk's entries: look again shortly; anything else waiting there, a little later.
    if (open) this.schedule(SHARED_FOLLOW_MS);
    else if ((await fromStore(() => outbox.pending())) > 0) this.schedule(SHARED_SWEEP_MS);
  }

  /** Sends one entry claimed in the store; false when the rest should wait (the service cannot be reached, or this desk is signed out). */
  private async sendClaimed(outbox: SharedOutbox, claim: SharedOutboxEntry, api: ApiClient, channelId: number, deskId: string): Promise<boolean> {
    const parsed = SharedReturn.safeParse(claim.body);
    if (!parsed.success) {
      await fromStore(() =>
        outbox.markRefused(
          claim.id,
          deskId,
          problemOf({ code: 'bad_response', message: 'The shared entry is not a return this desk can read.' }, [said('errors.outbox.refused')]),
        ),
      );
      return true;
    }
    const entry = parsed.data;
    const ref = entry.body.reference_id;
    try {
      let returnId: number;
      if (entry.operation === 'create') {
        // A claim tried before (by a desk that stopped, or whose answer was lost) may have landed: ask first.
        const found = claim.attempts > 1 || entry.outcomeUnknown ? await findReturnByReference(api, ref, this.closing.signal) : null;
        returnId = found ? found.id : (await this.createOnce(api, entry.body, channelId)).id;
      } else {
        await updateReturn(api, entry.returnId!, entry.body, channelId, this.closing.signal);
        returnId = entry.returnId!;
      }
      this.sentUntold.set(claim.id, { returnId });
      await fromStore(() => outbox.markSent(claim.id, deskId, { returnId }));
      this.sentUntold.delete(claim.id);
      this.failures = 0;
      return true;
    } catch (error) {
      if (error instanceof StoreAway) throw error;
      // Closing: the claim runs out and another desk (or this one, next start) asks the service first.
      if (this.closing.signal.aborted) return false;
      const e = error instanceof AppErrorException ? error.appError : { code: 'internal' as const, message: (error as Error).message, retryable: true };
      if (e.code === 'validation') {
        await fromStore(() => outbox.markRefused(claim.id, deskId, problemOf(e, [e.said ?? said('errors.outbox.refused')])));
        return true;
      }
      if (e.code === 'not_signed_in' || e.code === 'session_expired') {
        await fromStore(() => outbox.release(claim.id, deskId, problemOf(e, [said('errors.outbox.heldForSignIn')])));
        this.claimNotBefore = Infinity; // until a sign-in wakes the outbox
        return false;
      }
      const forChannel = e.code === 'invalid_input' && /channel/.test(e.message);
      if (e.retryable || forChannel || ['network', 'timeout', 'server', 'rate_limited', 'bad_response'].includes(e.code)) {
        await fromStore(() => outbox.release(claim.id, deskId, problemOf(e, [waitingSaying(e.code)])));
        this.deps.log(`outbox: ${ref} waits (shared): ${e.message}`);
        const backoff = this.deps.retry ?? OUTBOX_RETRY;
        const delay = Math.min(backoff.maxMs, backoff.firstMs * 2 ** this.failures);
        this.failures += 1;
        this.claimNotBefore = this.deps.clock.now().getTime() + delay;
        return false;
      }
      await fromStore(() => outbox.markRefused(claim.id, deskId, problemOf(e, [said('errors.outbox.refused'), ...sentencesOf(e)])));
      return true;
    }
  }

  /**
   * A create that the service refuses because its reference id is taken was sent before by a desk
   * whose answer was lost: that return is this one.
   */
  private async createOnce(api: ApiClient, body: ReturnCreate, channelId: number): Promise<{ id: number }> {
    try {
      return await createReturn(api, body, channelId, this.closing.signal);
    } catch (error) {
      const fieldErrors = error instanceof AppErrorException ? Object.values(error.appError.fieldErrors ?? {}).flat() : [];
      if (!fieldErrors.some((m) => /^reference_id\b.*already used/.test(m))) throw error;
      const found = await findReturnByReference(api, body.reference_id, this.closing.signal);
      if (!found) throw error;
      return found;
    }
  }

  /** What became of this desk's entries in the store: sent (by any desk), refused, or still waiting and why. */
  /** Whether any of them is still being sent or waits there. */
  private async follow(outbox: SharedOutbox): Promise<boolean> {
    let open = false;
    for (const entry of this.entries.filter((e) => e.shared && PENDING.has(e.state) && e.state !== 'failed')) {
      const there = await fromStore(() => outbox.byKey(sharedKey(entry)));
      if (!there) {
        // The store lost it (a new, empty store): this desk holds it still and puts it back.
        entry.shared = false;
        this.again = true;
        continue;
      }
      if (there.state === 'sent') {
        const returnId = (there.result as { returnId?: unknown } | null)?.returnId;
        await this.sent(entry, typeof returnId === 'number' ? returnId : (entry.returnId ?? 0), { throughStore: true });
        continue;
      }
      const problem = SharedProblem.safeParse(there.lastError);
      if (there.state === 'refused') {
        const p = problem.success ? problem.data : { code: 'internal', message: 'refused', said: [said('errors.outbox.refused')] };
        entry.waited = true;
        if (p.code === 'validation') {
          await this.returnToDrafts(entry, p.fieldErrors ?? [], {
            message: p.message,
            said: p.said[0],
            ...(p.serviceMessage ? { serviceMessage: p.serviceMessage } : {}),
          });
        } else {
          entry.state = 'failed';
          entry.said = p.said;
          entry.message = p.message;
          await this.journal(entry, { status: 'refused', id: null, said: p.said }, { throughStore: true });
          await this.persist();
          this.changed();
        }
        continue;
      }
      open = true;
      const next: OutboxState = there.state === 'sending' ? 'sending' : problem.success ? 'waiting' : 'queued';
      const why = problem.success ? problem.data.said : null;
      if (entry.state !== next || JSON.stringify(entry.said) !== JSON.stringify(why)) {
        entry.state = next;
        if (there.attempts > 0) entry.waited = true;
        entry.said = why;
        entry.message = problem.success ? problem.data.message : null;
        await this.persist();
        this.changed();
      }
    }
    return open;
  }

  /** One attempt; false when the rest should wait too (the service cannot be reached). */
  private async send(entry: OutboxEntry, api: ApiClient, channelId: number): Promise<boolean> {
    const now = this.deps.clock.now().toISOString();
    entry.attempts += 1;
    entry.lastAttemptAt = now;
    entry.nextAttemptAt = null;
    entry.state = 'sending';
    try {
      if (entry.operation === 'create') {
        if (entry.outcomeUnknown) {
          // An earlier attempt may have landed: ask first, send again only if it did not.
          const found = await findReturnByReference(api, entry.body.reference_id, this.closing.signal);
          if (found) {
            await this.sent(entry, found.id, { foundOnService: true });
            return true;
          }
        }
        entry.outcomeUnknown = true; // on disk before the request leaves
        await this.persist();
        this.changed();
        const created = await this.createOnce(api, entry.body, channelId);
        await this.sent(entry, created.id);
      } else {
        await this.persist();
        this.changed();
        await updateReturn(api, entry.returnId!, entry.body, channelId, this.closing.signal);
        await this.sent(entry, entry.returnId!);
      }
      this.failures = 0;
      return true;
    } catch (error) {
      // Cut off by closing: the entry stays on disk as sending, so the next start asks the service
      // whether a create landed before it sends again.
      if (this.closing.signal.aborted) return false;
      return this.failed(entry, error);
    }
  }

  private async sent(entry: OutboxEntry, returnId: number, note: Record<string, JournalValue> = {}): Promise<void> {
    await this.journal(entry, answerDone(returnId), note, returnId);
    entry.state = 'sent';
    entry.returnId = returnId;
    entry.sentAt = this.deps.clock.now().toISOString();
    entry.outcomeUnknown = false;
    entry.message = null;
    entry.said = null;
    await this.persist();
    this.changed();
    this.deps.emit('outbox.sent', {
      id: entry.id,
      referenceId: entry.body.reference_id,
      returnId,
      operation: entry.operation,
      queued: entry.waited || entry.attempts > 1,
    });
  }

  private async failed(entry: OutboxEntry, error: unknown): Promise<boolean> {
    const e = error instanceof AppErrorException ? error.appError : { code: 'internal' as const, message: (error as Error).message, retryable: true };
    entry.waited = true;
    if (e.code === 'validation') {
      await this.returnToDrafts(entry, e.fieldErrors?._ ?? Object.values(e.fieldErrors ?? {}).flat(), e);
      return true;
    }
    if (e.code === 'not_signed_in' || e.code === 'session_expired') {
      await this.hold(entry, said('errors.outbox.heldForSignIn'));
      return false;
    }
    if (e.code === 'invalid_input' && /channel/.test(e.message)) {
      await this.hold(entry, said('errors.outbox.heldForChannel'));
      return false;
    }
    if (e.retryable || e.code === 'network' || e.code === 'timeout' || e.code === 'server' || e.code === 'rate_limited' || e.code === 'bad_response') {
      // The outcome stays unknown for a create (outcomeUnknown was set before sending): the next try asks first.
      const delay = Math.min((this.deps.retry ?? OUTBOX_RETRY).maxMs, (this.deps.retry ?? OUTBOX_RETRY).firstMs * 2 ** this.failures);
      this.failures += 1;
      entry.state = 'waiting';
      entry.nextAttemptAt = new Date(this.deps.clock.now().getTime() + delay).toISOString();
      reason(entry, [waitingSaying(e.code)]);
      // The service's own sentence (often with advice of its own, "Retry later") is for support, not the desk.
      this.deps.log(
        `outbox: ${entry.body.reference_id} waits: ${e.message}${error instanceof AppErrorException && error.appError.detail ? ` (${error.appError.detail})` : ''}`,
      );
      await this.persist();
      this.changed();
      this.schedule(delay);
      return false;
    }
    entry.state = 'failed';
    // The error's own sentence follows ours as a sentence of its own; the service's words, if any, as they came.
    reason(entry, [said('errors.outbox.refused'), ...sentencesOf(e)], e.said ? '' : e.message);
    await this.journal(entry, { status: 'refused', id: null, said: entry.said });
    await this.persist();
    this.changed();
    return true;
  }

  /** The service refused the return's content: back to the drafts with its messages on the lines. */
  private async returnToDrafts(entry: OutboxEntry, errors: string[], refusal: Pick<AppError, 'message' | 'said' | 'serviceMessage'>): Promise<void> {
    const { message } = refusal;
    const value = ReturnDraft.parse(entry.draft.value);
    // The draft keeps the service's words, shown as they came: its field errors, else its own message.
    const withErrors = applyServiceErrors(value, errors.length > 0 ? errors : [refusal.serviceMessage ?? message]);
    // A definite refusal created nothing; if it was the reference id the service objected to, let the clerk change it.
    const referenceRefused = errors.some((m) => /^reference_id\b/.test(m));
    await this.journal(entry, {
      status: 'refused',
      id: null,
      // The service's words as they came: its field errors, else its own message.
      said: [
        refusal.said ?? said('errors.outbox.refused'),
        ...(errors.length > 0 ? errors : refusal.serviceMessage ? [refusal.serviceMessage] : []).map((message) => said('errors.serviceSaid', { message })),
      ],
    });
    const back = await this.deps.drafts.restore({ ...entry.draft, value: { ...withErrors, submitAttempts: referenceRefused ? 0 : withErrors.submitAttempts } });
    this.entries = this.entries.filter((e) => e !== entry);
    await this.persist();
    this.changed();
    this.deps.emit('drafts.changed', { ids: [back.id], reason: 'returned' });
    // The service's own words stay on the draft's lines; the toast says the desk's sentence.
    this.deps.emit('outbox.returned', {
      id: entry.id,
      draftId: back.id,
      referenceId: entry.body.reference_id,
      said: [refusal.said ?? said('errors.outbox.refused')],
    });
  }

  /**
   * Records what the service answered for an entry in the desk's journal. Called before the outbox
   * marks the outcome on disk: a crash in between records it twice (the next start asks the service
   * and finds the return), never not at all.
   */
  private async journal(entry: OutboxEntry, answer: JournalAnswer, note: Record<string, JournalValue> = {}, returnId = entry.returnId): Promise<void> {
    if (!this.deps.journal) return;
    const ref = entry.body.reference_id;
    await this.deps.journal.record({
      what: {
        kind: entry.operation === 'create' ? 'return.created' : 'return.changed',
        record: { kind: 'return', id: returnId === null ? ref : String(returnId), reference: ref },
        details: {
          lines: entry.body.inventory.length,
          units: entry.body.inventory.reduce((sum, l) => sum + l.quantity, 0),
          // The end-of-shift report counts units returned by the action asked for each line.
          unitsByAction: unitsByAction(entry.body.inventory),
          fulfillmentCenter: entry.body.fulfillment_center.id,
          trackingNumber: entry.body.tracking_number ?? null,
          // The intake it was sent from: what the clerk attached there (photos) belongs to this return.
          draftId: entry.id,
          ...note,
        },
      },
      answer,
    });
  }

  private async hold(entry: OutboxEntry, why: Saying): Promise<void> {
    entry.state = 'held';
    reason(entry, [why]);
    entry.waited = true;
    await this.persist();
    this.changed();
  }

  private schedule(delayMs: number): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain(); // never rejects: a failed pass is logged inside
    }, delayMs);
    this.timer.unref();
  }

  private async find(id: string): Promise<OutboxEntry> {
    await this.load();
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) throw appError('not_found', 'errors.returns.notInOutbox');
    return entry;
  }

  private persist(): Promise<unknown> {
    return this.file.write({ entries: this.entries });
  }

  private statusNow(): OutboxStatus {
    const pending = this.entries.filter((e) => PENDING.has(e.state));
    const stuck = pending.find((e) => e.state === 'waiting' || e.state === 'held');
    return {
      pending: pending.length,
      failed: pending.filter((e) => e.state === 'failed').length,
      waitingSaid: stuck ? saidOf(stuck) : null,
    };
  }

  private changed(): void {
    this.deps.emit('outbox.changed', this.statusNow());
  }
}

/**
 * Why a return waits, in the desk's words, said once: the service's message is not repeated, since it
 * may give its own advice ("Retry later") beside ours, and the outbox tries again by itself anyway.
 */
export function waitingSaying(code: string): Saying {
  switch (code) {
    case 'network':
      return said('errors.outbox.offline');
    case 'timeout':
      return said('errors.outbox.noAnswer');
    case 'rate_limited':
      return said('errors.outbox.slowDown');
    default:
      return said('errors.outbox.serviceProblem');
  }
}

/** What the store keeps of why an entry waits or was refused: enough for the desk that queued it to say so and bring it back. */
function problemOf(e: Pick<AppError, 'code' | 'message'> & Partial<Pick<AppError, 'fieldErrors' | 'serviceMessage'>>, sentences: Said[]): SharedProblem {
  const fieldErrors = e.fieldErrors ? (e.fieldErrors._ ?? Object.values(e.fieldErrors).flat()) : undefined;
  return {
    code: e.code,
    message: englishOfSentences(sentences as Saying[]),
    said: sentences,
    ...(fieldErrors ? { fieldErrors } : {}),
    ...(e.serviceMessage ? { serviceMessage: e.serviceMessage } : {}),
  };
}

/** An error's own sentence, and the service's words marked as its (as they came), each a sentence of its own. */
function sentencesOf(e: Pick<AppError, 'said' | 'serviceMessage'>): Said[] {
  return [...(e.said ? [e.said] : []), ...(e.serviceMessage ? [said('errors.serviceSaid', { message: e.serviceMessage })] : [])];
}

/**
 * Sets why an entry waits, is held or failed: the sentences for the clerk's language, and their English
 * for the log (with `english` after them: an error's English where it carried no sentence of its own).
 */
function reason(entry: OutboxEntry, sentences: Said[], english = ''): void {
  entry.said = sentences;
  entry.message = [englishOfSentences(sentences as Saying[]), ...(english ? [english] : [])].join(' ');
}

/**
 * Why an entry waits, as sentences: those it kept, or, for an entry saved before the desk kept them,
 * its English as recorded (said as such, since no catalog has words for it).
 */
function saidOf(e: OutboxEntry): Said[] | null {
  if (e.said && e.said.length > 0) return e.said;
  return e.message ? [said('errors.outbox.asRecorded', { text: e.message })] : null;
}

function view(e: OutboxEntry): OutboxEntryView {
  const units = e.body.inventory.reduce((sum, l) => sum + l.quantity, 0);
  return {
    id: e.id,
    operation: e.operation,
    referenceId: e.body.reference_id,
    trackingNumber: e.body.tracking_number ?? null,
    fulfillmentCenter: { id: e.body.fulfillment_center.id, name: e.body.fulfillment_center.name ?? null },
    lineCount: e.body.inventory.length,
    unitCount: units,
    state: e.state,
    said: saidOf(e),
    outcomeUnknown: e.outcomeUnknown,
    attempts: e.attempts,
    queuedAt: e.queuedAt,
    lastAttemptAt: e.lastAttemptAt,
    nextAttemptAt: e.nextAttemptAt,
    sentAt: e.sentAt,
    returnId: e.returnId,
  };
}

/** A return's units by the action asked for each line ("Default": the item's own preference). */
function unitsByAction(lines: readonly { quantity: number; requested_action?: string | null | undefined }[]): Record<string, number> {
  const units: Record<string, number> = {};
  for (const line of lines) {
    const action = line.requested_action ?? 'Default';
    units[action] = (units[action] ?? 0) + line.quantity;
  }
  return units;
}
