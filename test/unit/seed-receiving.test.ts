import { describe, expect, it } from 'vitest';
import { generateData } from '../../emulator/data/generate.js';

/**
 * The seeded receiving orders say what their boxes are: a desk shows "Everything in one box" beside
 * the box list, and a clerk believes both.
 */
describe('seeded receiving orders', () => {
  it.each([20261121, 7, 99])('packaging agrees with the boxes (seed %i)', (seed) => {
    const data = generateData({ seed, inventoryItems: 240, receivingOrders: 64, now: new Date('2026-11-21T09:30:00Z') });
    const wrong = data.receivingOrders
      .filter((o) =>
        o.box_packaging_type === 'EverythingInOneBox'
          ? o.boxes.length !== 1
          : o.box_packaging_type === 'OneSkuPerBox'
            ? o.boxes.some((b) => new Set(b.box_items.map((i) => i.inventory_id)).size !== 1)
            : false,
      )
      .map((o) => `${o.id}: ${o.box_packaging_type}, ${o.boxes.length} boxes`);
    expect(wrong).toEqual([]);
  });
});
