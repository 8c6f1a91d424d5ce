import { useCallback, useEffect, useRef, useState } from 'react';
import { AppErrorException } from '../../../../shared/errors';
import { WroCreateDraft } from '../../../../shared/schemas/drafts';
import { emptyWroForm } from '../../../../shared/schemas/wro-form';
import { call } from '../../bridge/dockdesk';
import { errorParts } from '../../ui/ErrorNote';

/** Typing pauses this long before the draft is saved; leaving a field, the view or the page saves at once. */
export const DRAFT_SAVE_DELAY_MS = 500;

export type DraftStatus =
  { state: 'new' } | { state: 'saving' } | { state: 'saved'; at: string } | { state: 'failed'; message: string } | { state: 'discarded' };

export interface OpenedDraft {
  /** Null: a new form, nothing stored yet. */
  id: string | null;
  value: WroCreateDraft;
  /** When the draft opened was last saved (a restored draft), else null. */
  savedAt: string | null;
}

const isNotFound = (error: unknown) => error instanceof AppErrorException && error.appError.code === 'not_found';

/**
 * Opens the draft to edit: the one the address names (`?draft=<id>`, so a reload or the next start
 * reopens it), else the newest receiving-order draft of this environment and account, else a new form.
 * A draft that is gone (submitted, discarded) or no longer fits the form's schema opens a new form.
 */
export async function openWroDraft(id: string | undefined): Promise<OpenedDraft> {
  const fresh: OpenedDraft = { id: null, value: { form: emptyWroForm(), pendingSince: null }, savedAt: null };
  let target = id;
  if (!target) target = (await call('drafts.list', { kind: 'wro-create' })).items[0]?.id;
  if (!target) return fresh;
  try {
    const record = await call('drafts.get', { id: target });
    const value = WroCreateDraft.safeParse(record.value);
    return value.success ? { id: record.id, value: value.data, savedAt: record.updatedAt } : fresh;
  } catch (error) {
    if (isNotFound(error)) return fresh;
    throw error;
  }
}

/**
 * Saves the create form as the user types: a change waits {@link DRAFT_SAVE_DELAY_MS} for the next
 * one; `flush()` (a field left, the view left, the page hidden) saves at once. One save runs at a time
 * and each carries the newest value, so saves never land out of order. A save resolves once main has
 * it on disk (drafts.save), which is what "Draft saved" reports.
 */
export function useWroDraftSaver(opened: OpenedDraft, onCreated: (id: string) => void) {
  const id = useRef<string | null>(opened.id);
  const unsaved = useRef<WroCreateDraft | null>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const gone = useRef(false);
  const created = useRef(onCreated);
  useEffect(() => {
    created.current = onCreated;
  }, [onCreated]);
  const [status, setStatus] = useState<DraftStatus>(opened.savedAt ? { state: 'saved', at: opened.savedAt } : { state: 'new' });
  /** A change not yet on disk (waiting for the pause, or being saved). */
  const [pending, setPending] = useState(false);

  const flush = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    const value = unsaved.current;
    if (value === null || gone.current) return chain.current;
    unsaved.current = null;
    chain.current = chain.current.then(async () => {
      if (gone.current) return;
      setStatus({ state: 'saving' });
      try {
        const record = await call('drafts.save', { ...(id.current ? { id: id.current } : {}), kind: 'wro-create', value });
        const isNew = id.current === null;
        id.current = record.id;
        if (isNew) created.current(record.id);
        setStatus({ state: 'saved', at: record.updatedAt });
        setPending(unsaved.current !== null);
      } catch (error) {
        // Discarded in another window: the next change starts a new draft rather than losing the typing.
        if (isNotFound(error)) id.current = null;
        unsaved.current ??= value;
        setStatus({ state: 'failed', message: errorParts(error).message });
      }
    });
    return chain.current;
  }, []);

  const change = useCallback(
    (value: WroCreateDraft) => {
      unsaved.current = value;
      setPending(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );

  /** After a successful create (or on request): the draft goes, and nothing saves it again. */
  const discard = useCallback(async (): Promise<void> => {
    gone.current = true;
    clearTimeout(timer.current);
    unsaved.current = null;
    await chain.current;
    if (id.current) await call('drafts.discard', { id: id.current });
    id.current = null;
    setPending(false);
    setStatus({ state: 'discarded' });
  }, []);

  // Leaving the view saves what is typed; so does the page going away or out of sight (a reload, a closed window).
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') void flush(); // never rejects: a failed save shows in the draft status
    };
    const leave = () => void flush();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leave);
      // The view is gone: save, but do not move the address to a view no longer shown.
      created.current = () => {};
      void flush(); // never rejects: a failed save shows in the draft status
    };
  }, [flush]);

  return { status, pending, change, flush, discard, draftId: () => id.current };
}
