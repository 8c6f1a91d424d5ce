import { useEffect, useRef } from 'react';
import type { ReceivingBox } from '../../../shared/schemas/receiving';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { useT } from '../../../renderer/src/i18n/useT';
import { useCamera } from './useCamera';

export interface BoxCameraProps {
  orderId: number;
  boxes: readonly ReceivingBox[];
  /** The box a scanned label opened the page at, or null. */
  focusBox: number | null;
}

const boxRowOf = (el: Element | null) => el?.closest<HTMLElement>('tr[data-box-id]') ?? null;

/**
 * An order's camera: F8 photographs the box in focus (the box row focus is in, else the last box
 * row focus was in, so the camera's own buttons still aim at it, else the box a scan opened the page
 * at, else the only box); F9 keeps it as that box's.
 */
export function useBoxCamera({ orderId, boxes, focusBox }: BoxCameraProps) {
  const { t } = useT();
  const lastRow = useRef<number | null>(null);
  useEffect(() => {
    const seen = (e: FocusEvent) => {
      const row = boxRowOf(e.target instanceof Element ? e.target : null);
      if (row) lastRow.current = Number(row.dataset.boxId);
    };
    document.addEventListener('focusin', seen);
    return () => document.removeEventListener('focusin', seen);
  }, []);
  return useCamera({
    noAim: t('evidence.camera.noBox'),
    aim: () => {
      const inFocus = boxRowOf(document.activeElement);
      const id = inFocus ? Number(inFocus.dataset.boxId) : (lastRow.current ?? focusBox ?? (boxes.length === 1 ? boxes[0]!.box_id : null));
      const box = boxes.find((b) => b.box_id === id);
      if (!box) return null;
      const item = t('evidence.pack.box', { box: box.box_number ?? box.box_id });
      return { target: box.box_id, item, caption: t('evidence.camera.forBox', { box: box.box_number ?? box.box_id }) };
    },
    keep: async (boxId, still) => {
      await call('evidence.take', { orderId, boxId, contentType: 'image/jpeg', base64: still.base64 });
    },
  });
}
