import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DraftAutosave, type DraftSaveRequest, type DraftStatus, type SavedDraft } from '../../renderer/src/drafts/draftAutosave';

/** A main that answers saves when told to, so the order of saves can be watched. */
function fakeMain() {
  const requests: DraftSaveRequest<string>[] = [];
  const answers: Array<{ resolve: (d: SavedDraft) => void; reject: (e: unknown) => void }> = [];
  let revision = 1;
  return {
    requests,
    save: (request: DraftSaveRequest<string>) =>
      new Promise<SavedDraft>((resolve, reject) => {
        requests.push(request);
        answers.push({ resolve, reject });
      }),
    answer(index: number) {
      revision += 1;
      answers[index]!.resolve({ id: requests[index]!.id ?? 'new-id', revision, updatedAt: `2026-11-23T06:0${index}:00Z` });
    },
    refuse(index: number, error: unknown) {
      answers[index]!.reject(error);
    },
  };
}

function autosave(main: ReturnType<typeof fakeMain>, options: { id: string | null; revision?: number; delayMs: number }) {
  const statuses: Array<{ status: DraftStatus; pending: boolean }> = [];
  const created: string[] = [];
  const saver = new DraftAutosave<string>({
    kind: 'return-intake',
    ...options,
    save: main.save,
    discard: async () => ({ discarded: true }),
    describe: (e) => (e instanceof Error ? e.message : String(e)),
    isGone: (e) => e instanceof Error && e.message === 'gone',
    onStatus: (status, pending) => statuses.push({ status, pending }),
    onCreated: (id) => created.push(id),
  });
  return { saver, statuses, created };
}

// The saver runs on timers in this process: a fake clock runs what is due now, and the answers after it.
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the draft autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves one at a time, and only the newest of the changes made meanwhile', async () => {
    const main = fakeMain();
    const { saver } = autosave(main, { id: 'd1', revision: 3, delayMs: 0 });
    saver.change('a');
    await settle();
    saver.change('ab');
    saver.change('abc');
    await settle();
    expect(main.requests.map((r) => r.value)).toEqual(['a']);
    main.answer(0);
    await settle();
    await settle();
    expect(main.requests.map((r) => r.value)).toEqual(['a', 'abc']);
    // Each save is based on the revision the one before it left.
    expect(main.requests.map((r) => r.baseRevision)).toEqual([3, 2]);
    main.answer(1);
    expect(await saver.flush()).toBeNull();
  });

  it('waits for a pause in typing, and saves at once on flush', async () => {
    vi.useFakeTimers();
    try {
      const main = fakeMain();
      const { saver, created } = autosave(main, { id: null, delayMs: 500 });
      saver.change('P');
      saver.change('PO-1');
      await vi.advanceTimersByTimeAsync(400);
      expect(main.requests).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(100);
      expect(main.requests.map((r) => r.value)).toEqual(['PO-1']);
      expect(main.requests[0]!.id).toBeUndefined();
      main.answer(0);
      await vi.advanceTimersByTimeAsync(0);
      expect(created).toEqual(['new-id']);
      saver.change('PO-12');
      const flushed = saver.flush();
      await vi.advanceTimersByTimeAsync(0);
      expect(main.requests.map((r) => [r.id, r.value])).toEqual([
        [undefined, 'PO-1'],
        ['new-id', 'PO-12'],
      ]);
      main.answer(1);
      expect(await flushed).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a value that failed to save for the next try, and says why', async () => {
    const main = fakeMain();
    const { saver, statuses } = autosave(main, { id: 'd1', revision: 1, delayMs: 0 });
    saver.change('kept');
    await settle();
    main.refuse(0, new Error('The disk is full'));
    expect(await saver.flush()).toBe('The disk is full');
    expect(statuses.at(-1)).toEqual({ status: { state: 'failed', message: 'The disk is full' }, pending: true });
    const retried = saver.flush();
    await settle();
    expect(main.requests.map((r) => r.value)).toEqual(['kept', 'kept']);
    main.answer(1);
    expect(await retried).toBeNull();
    expect(statuses.at(-1)?.status.state).toBe('saved');
  });

  it('saves nothing more once discarded', async () => {
    const main = fakeMain();
    const { saver, statuses } = autosave(main, { id: 'd1', delayMs: 0 });
    await saver.discard();
    saver.change('late');
    await settle();
    expect(main.requests).toHaveLength(0);
    expect(statuses.at(-1)?.status.state).toBe('discarded');
  });
});
