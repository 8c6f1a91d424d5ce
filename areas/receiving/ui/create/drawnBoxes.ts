import { useEffect, useState } from 'react';
import type { WroFormBox } from '../../../../shared/schemas/wro-form';

/**
 * About how many lines the form draws in one step: each line is a handful of inputs and, for a
 * lot item, a date field, so this many keep a frame's work near 50 ms on a slow desk.
 */
export const LINES_PER_STEP = 60;

/**
 * Where the next drawing step ends, from box `from`: at least one box, then as many more as keep the
 * step within `budget` lines (an empty box counts as one).
 */
export function stepEnd(boxes: readonly WroFormBox[], from: number, budget = LINES_PER_STEP): number {
  let end = from;
  let lines = 0;
  while (end < boxes.length) {
    lines += Math.max(1, boxes[end]!.box_items.length);
    if (end > from && lines > budget) break;
    end += 1;
  }
  return end;
}

/**
 * How many of the form's boxes are drawn. A form of 200 boxes and 2,000 lines (a supplier's file, or
 * its draft reopened) drawn in one go holds the desk for more than a second; drawn a step at a time,
 * the desk keeps answering and the first boxes show at once. What fits one step (the usual form, a box
 * added) is drawn at once. Every box is drawn in the end, so Tab, find in page and the screen reader
 * meet the whole form.
 */
export function useDrawnBoxes(boxes: readonly WroFormBox[]): number {
  const [drawn, setDrawn] = useState(() => stepEnd(boxes, 0));
  const shown = stepEnd(boxes, Math.min(drawn, boxes.length)) === boxes.length ? boxes.length : Math.min(drawn, boxes.length);
  // Kept in step at once: a box drawn stays drawn (and keeps its focus) when a longer form comes.
  if (shown === boxes.length && drawn !== shown) setDrawn(shown);
  useEffect(() => {
    if (shown >= boxes.length) return;
    // The next step as a task of its own, so the browser draws this one and takes keys in between.
    // Not requestAnimationFrame: it stops while the window is hidden, and Chromium was seen to stop
    // calling it mid-form while nothing else on the page asked for frames.
    const step = setTimeout(() => setDrawn(stepEnd(boxes, shown)), 0);
    return () => clearTimeout(step);
  }, [boxes, shown]);
  return shown;
}
