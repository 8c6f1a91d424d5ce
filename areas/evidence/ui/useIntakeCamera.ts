import type { RefObject } from 'react';
import type { ReturnDraftLine } from '../../../shared/schemas/return-draft';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { useT } from '../../../renderer/src/i18n/useT';
import { useCamera } from './useCamera';

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

/** The intake's camera: F8 photographs the return's line in focus, F9 keeps it on the intake (its draft). */
export function useIntakeCamera({ draftId, lines, lastLine, form }: IntakeCameraProps) {
  const { t } = useT();
  return useCamera({
    noAim: t('evidence.camera.noLine'),
    aim: () => {
      const at = lineInFocus(form.current, lastLine, lines.length);
      const line = at === null ? undefined : lines[at];
      if (at === null || !line) return null;
      const item = line.name ?? line.sku ?? String(line.inventoryId);
      return { target: line.inventoryId, item, caption: t('evidence.camera.for', { line: at + 1, item }) };
    },
    keep: async (inventoryId, still) => {
      await call('evidence.take', { draftId, inventoryId, contentType: 'image/jpeg', base64: still.base64 });
    },
  });
}
