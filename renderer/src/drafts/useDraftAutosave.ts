import { useEffect, useMemo, useState } from 'react';
import { AppErrorException } from '../../../shared/errors';
import type { DraftKind } from '../../../shared/schemas/drafts';
import { call, errorMessage } from '../bridge/dockdesk';
import { DraftAutosave, type DraftStatus } from './draftAutosave';

export type { DraftStatus } from './draftAutosave';

/** Typing pauses this long before a form's draft is saved; leaving a field, the view or the page saves at once. */
export const DRAFT_SAVE_DELAY_MS = 500;

export interface DraftAutosaveSetup {
  kind: DraftKind;
  /** The stored draft, or null for a form with nothing stored yet (the first save creates it). */
  id: string | null;
  /** The stored revision: saves are refused over a newer one (another window editing the same draft). */
  revision?: number;
  /** When the stored draft was last saved. */
  savedAt?: string | null;
  /** 0 saves each change at once (a scan is a change worth keeping); forms typed into wait for a pause. */
  delayMs?: number;
  /** A new draft got its id (the form puts it in its address). */
  onCreated?: (id: string) => void;
}

const isGone = (error: unknown) => error instanceof AppErrorException && error.appError.code === 'not_found';

/**
 * The one draft autosave of the desk (drafts.save through main, which writes it to disk): a form
 * hands it every change and reads back what its note says. Leaving the view, the page going away or
 * out of sight saves what is waiting. See DraftAutosave for the order of saves.
 */
export function useDraftAutosave<T>(setup: DraftAutosaveSetup) {
  const [status, setStatus] = useState<DraftStatus>(setup.id ? { state: 'saved', at: setup.savedAt ?? null } : { state: 'new' });
  /** A change not yet on disk (waiting for the pause, or being saved). */
  const [pending, setPending] = useState(false);
  const { onCreated } = setup;
  const [saver] = useState(
    () =>
      new DraftAutosave<T>(
        {
          kind: setup.kind,
          id: setup.id,
          revision: setup.revision,
          delayMs: setup.delayMs ?? DRAFT_SAVE_DELAY_MS,
          save: (request) => call('drafts.save', request),
          discard: (id) => call('drafts.discard', { id }),
          describe: errorMessage,
          isGone,
          onStatus: (next, waiting) => {
            setStatus(next);
            setPending(waiting);
          },
        },
        setup.savedAt ?? null,
      ),
  );

  // Once the view is gone, its address is not moved to a view no longer shown.
  useEffect(() => {
    saver.setCreatedListener(onCreated);
    return () => saver.setCreatedListener(undefined);
  });
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') void saver.flush(); // flush never rejects: a failed save is kept and retried on the next flush
    };
    const leave = () => void saver.flush();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leave);
      // The view is gone: save what is waiting (a failure stays in the note of the next visit's draft).
      void saver.flush();
    };
  }, [saver]);

  const commands = useMemo(
    () => ({
      change: (value: T) => saver.change(value),
      /** Resolves once every change so far is on disk; answers the last failed save's words, or null. */
      flush: () => saver.flush(),
      discard: () => saver.discard(),
      draftId: () => saver.draftId,
    }),
    [saver],
  );
  return { status, pending, ...commands };
}
