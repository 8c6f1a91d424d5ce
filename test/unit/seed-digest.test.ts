import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateData } from '../../emulator/data/generate.js';

/**
 * The seeded warehouse, byte for byte: tests, demos and saved emulator states rely on "same seed,
 * same data", so a refactor of the generator must leave this digest alone. A deliberate change to
 * what is seeded updates it here, in the same commit, saying why.
 */
describe('seeded data digest', () => {
  it('is unchanged for the default seed', () => {
    const data = generateData({ seed: 20261121, inventoryItems: 240, receivingOrders: 64, now: new Date('2026-11-21T09:30:00Z') });
    expect(createHash('sha256').update(JSON.stringify(data)).digest('hex')).toBe('3f17914fcd31ed7478db4431ba2007105a5eb36608b8278d587290f6f241282f');
  });
});
