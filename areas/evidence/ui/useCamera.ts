import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../../../renderer/src/i18n/useT';
import { useShortcut } from '../../../renderer/src/keyboard/useShortcut';
import { errorParts } from '../../../renderer/src/ui/ErrorNote';
import { cameraProblem, closeCamera, openCamera, takeStill, whenShowing, type CameraProblem, type Still } from './camera';

export type Camera = { state: 'off' } | { state: 'starting' } | { state: 'on' } | { state: 'failed'; problem: CameraProblem; detail: string };

/** What a photo is of: the page's own target (a return's line, an order's box), named for the clerk. */
export interface Aim<T> {
  target: T;
  /** What it shows, in a sentence's middle ("Photo kept for …"). */
  item: string;
  /** The still's caption until it is kept. */
  caption: string;
}
export type Pending<T> = Still & Aim<T>;

export interface CameraUse<T> {
  /** What F8 would photograph now (read when pressed, never from an older render); null: nothing to aim at. */
  aim: () => Aim<T> | null;
  /** Said when there is nothing to aim at. */
  noAim: string;
  /** Keeps a still taken of a target (main stores it by checksum and records it in the journal). */
  keep: (target: T, still: Still) => Promise<void>;
}

/**
 * The panel's photo taken and not yet kept: state for the page, and a ref for F9, which reads it
 * from there rather than from the render that registered the key: a press right after F8's photo
 * shows, before the next render's handler is in place, still keeps it.
 */
function usePending<T>() {
  const [pending, setState] = useState<Pending<T> | null>(null);
  const pendingRef = useRef<Pending<T> | null>(null);
  const setPending = (next: Pending<T> | null) => {
    pendingRef.current = next;
    setState(next);
  };
  return { pending, pendingRef, setPending };
}

/**
 * The desk camera's keys and states, for any page that photographs what is in focus: F8 takes a
 * still of it, starting the camera the first time; F9 keeps it. Neither moves focus, and a scanner
 * never sends a function key, so a scan in the middle of taking photos lands where it would have.
 */
export function useCamera<T>(use: CameraUse<T>) {
  const { t } = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const busy = useRef(false);
  const [camera, setCamera] = useState<Camera>({ state: 'off' });
  const { pending, pendingRef, setPending } = usePending<T>();
  // As for the photo, so for the page's aim (set before paint): F8 right after a scan's line shows takes that line.
  const useNow = useRef(use);
  useLayoutEffect(() => {
    useNow.current = use;
  });
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => () => closeCamera(streamRef.current), []);

  const take = async () => {
    if (busy.current) return;
    const aim = useNow.current.aim();
    if (!aim) {
      setMessage(useNow.current.noAim);
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
      setPending({ ...takeStill(video), ...aim });
      setMessage(t('evidence.camera.pending', { item: aim.item }));
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
      await useNow.current.keep(pending.target, pending);
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

export type CameraState = ReturnType<typeof useCamera>;
