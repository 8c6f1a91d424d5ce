import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ReturnDraftLine } from '../../../shared/schemas/return-draft';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { useT } from '../../../renderer/src/i18n/useT';
import { useShortcut } from '../../../renderer/src/keyboard/useShortcut';
import { errorParts } from '../../../renderer/src/ui/ErrorNote';
import { cameraProblem, closeCamera, openCamera, takeStill, whenShowing, type CameraProblem, type Still } from './camera';

export type Camera = { state: 'off' } | { state: 'starting' } | { state: 'on' } | { state: 'failed'; problem: CameraProblem; detail: string };
export interface Pending extends Still {
  /** The line's place in the return (0-based). */
  line: number;
  inventoryId: number;
  item: string;
}

/**
 * The intake camera's keys and states: F8 takes a still of the line in focus (the row focus is in,
 * else the line last scanned, else the only line), starting the camera the first time; F9 keeps it
 * (main stores it by checksum and records it in the journal). Neither moves focus.
 */
/** The line in focus: the row focus is in (inside the form); else the line last scanned; else the only line. */
function lineInFocus(form: HTMLElement | null, lastLine: number | null, count: number): number | null {
  const row = document.activeElement?.closest<HTMLElement>('tr[data-line]');
  if (row && form?.contains(row)) return Number(row.dataset.line);
  if (lastLine !== null && lastLine < count) return lastLine;
  return count === 1 ? 0 : null;
}

export interface IntakeCameraProps {
  draftId: string;
  lines: readonly ReturnDraftLine[];
  /** The line the last scan took or added to, or null. */
  lastLine: number | null;
  form: RefObject<HTMLElement | null>;
}

/**
 * The photo taken and not yet kept: state for the page, and a ref for F9, which reads it from there
 * rather than from the render that registered the key: a press right after F8's photo shows, before
 * the next render's handler is in place, still keeps it.
 */
function usePending() {
  const [pending, setState] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  const setPending = (next: Pending | null) => {
    pendingRef.current = next;
    setState(next);
  };
  return { pending, pendingRef, setPending };
}

export function useIntakeCamera({ draftId, lines, lastLine, form }: IntakeCameraProps) {
  const { t } = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const busy = useRef(false);
  const [camera, setCamera] = useState<Camera>({ state: 'off' });
  const { pending, pendingRef, setPending } = usePending();
  // As for the photo, so for the lines (set before paint): F8 right after a scan's line shows takes that line.
  const linesNow = useRef({ lines, lastLine });
  useLayoutEffect(() => {
    linesNow.current = { lines, lastLine };
  });
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => () => closeCamera(streamRef.current), []);

  const take = async () => {
    if (busy.current) return;
    const { lines: shown, lastLine: last } = linesNow.current;
    const at = lineInFocus(form.current, last, shown.length);
    const line = at === null ? undefined : shown[at];
    if (at === null || !line) {
      setMessage(t('evidence.camera.noLine'));
      return;
    }
    busy.current = true;
    try {
      const video = videoRef.current;
      if (!video) return;
      if (!streamRef.current) {
        setCamera({ state: 'starting' });
        setMessage(t('evidence.camera.starting'));
        streamRef.current = await openCamera();
        video.srcObject = streamRef.current;
        setCamera({ state: 'on' });
      }
      // Muted and inline, so it plays without a gesture; a play() already under way is no failure.
      await video.play().catch(() => undefined);
      await whenShowing(video);
      const item = line.name ?? line.sku ?? String(line.inventoryId);
      setPending({ ...takeStill(video), line: at, inventoryId: line.inventoryId, item });
      setMessage(t('evidence.camera.pending', { item }));
    } catch (error) {
      const { problem, detail } = cameraProblem(error);
      if (!streamRef.current) setCamera({ state: 'failed', problem, detail });
      setMessage(t('evidence.camera.unavailable', { problem, detail }));
    } finally {
      busy.current = false;
    }
  };

  const keep = async () => {
    if (busy.current) return;
    const pending = pendingRef.current;
    if (!pending) {
      setMessage(t('evidence.camera.hint'));
      return;
    }
    busy.current = true;
    setMessage(t('evidence.camera.keeping'));
    try {
      await call('evidence.take', { draftId, inventoryId: pending.inventoryId, contentType: 'image/jpeg', base64: pending.base64 });
      setPending(null);
      setMessage(t('evidence.camera.kept', { item: pending.item }));
    } catch (error) {
      setMessage(t('evidence.camera.notKept', { reason: errorParts(error, t).message }));
    } finally {
      busy.current = false;
    }
  };

  const close = () => {
    closeCamera(streamRef.current);
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setCamera({ state: 'off' });
    setPending(null);
    setMessage(null);
  };

  const group = t('evidence.camera.title');
  useShortcut({ keys: 'F8', description: t('evidence.camera.take'), group, inFields: true, handler: () => void take() });
  useShortcut({ keys: 'F9', description: t('evidence.camera.keep'), group, inFields: true, handler: () => void keep() });
  return { videoRef, camera, pending, message, take, keep, close };
}
