import { describe, expect, it } from 'vitest';
import { emptyWroForm, emptyWroItem, type WroFormBox } from '../../shared/schemas/wro-form.js';
import { LINES_PER_STEP, stepEnd } from '../../areas/receiving/ui/create/drawnBoxes.js';

const box = (lines: number): WroFormBox => ({ ...emptyWroForm().boxes[0]!, box_items: Array.from({ length: lines }, () => emptyWroItem()) });

describe('drawing a receiving order a step at a time', () => {
  it('draws the usual form, and one box added to it, in one step', () => {
    expect(stepEnd([box(3), box(12)], 0)).toBe(2);
    expect(stepEnd([box(3), box(12), box(0)], 2)).toBe(3);
  });

  it('splits 200 boxes of 10 lines into steps of at most the step’s lines, covering every box once', () => {
    const boxes = Array.from({ length: 200 }, () => box(10));
    const ends: number[] = [];
    for (let at = 0; at < boxes.length; at = stepEnd(boxes, at)) ends.push(stepEnd(boxes, at));
    expect(ends.at(-1)).toBe(200);
    expect(ends.length).toBeGreaterThanOrEqual(Math.ceil(2000 / LINES_PER_STEP));
    const sizes = ends.map((end, k) => (end - (ends[k - 1] ?? 0)) * 10);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(LINES_PER_STEP);
  });

  it('draws a box larger than a step on its own, never none', () => {
    const boxes = [box(500), box(1), box(1)];
    expect(stepEnd(boxes, 0)).toBe(1);
    expect(stepEnd(boxes, 1)).toBe(3);
    expect(stepEnd(boxes, 3)).toBe(3);
  });
});
