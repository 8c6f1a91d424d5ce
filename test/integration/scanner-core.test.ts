import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelOutput } from '../../shared/ipc/contract.js';
import { DEFAULT_SCANNER_SETTINGS } from '../../shared/schemas/scanner.js';
import { createTestCore, signIn } from '../support/test-core.js';

describe('scanner settings and the receiving lookups scans use, through the real core', () => {
  let t: Awaited<ReturnType<typeof createTestCore>>;
  beforeAll(async () => {
    t = await createTestCore();
    await signIn(t);
  });
  afterAll(async () => t.dispose());

  it('keeps calibrated thresholds and the mute choice across a restart, and refuses impossible ones', async () => {
    expect(await t.core.dispatch('scanner.settings.get', {})).toEqual({ ok: true, value: DEFAULT_SCANNER_SETTINGS });
    const saved = await t.core.dispatch('scanner.settings.set', { maxGapMs: 24, minLength: 5, calibratedAt: '2026-11-22T02:40:00.000Z', muted: true });
    expect(saved).toMatchObject({ ok: true, value: { maxGapMs: 24, minLength: 5, muted: true, decode: 'auto' } });
    const bad = await t.core.dispatch('scanner.settings.set', { maxGapMs: 0 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    await t.core.close();
    const again = await createTestCore({ dataDir: t.dataDir });
    try {
      expect(await again.core.dispatch('scanner.settings.get', {})).toMatchObject({ ok: true, value: { maxGapMs: 24, minLength: 5, muted: true } });
    } finally {
      await again.dispose(false);
    }
    t = await createTestCore({ dataDir: t.dataDir });
    await signIn(t);
  });

  it('lists receiving orders by purchase order number, and refuses a number with a comma', async () => {
    const list = async (input: object) => {
      const r = await t.core.dispatch('receiving.list', { page: 1, limit: 50, ...input });
      if (!r.ok) throw new Error(r.error.message);
      return (r.value as ChannelOutput<'receiving.list'>).items;
    };
    const withPo = (await list({})).find((w) => w.purchase_order_number !== null)!;
    const found = await list({ po: withPo.purchase_order_number! });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((w) => w.purchase_order_number === withPo.purchase_order_number)).toBe(true);
    expect(found.map((w) => w.id)).toContain(withPo.id);
    expect(await t.core.dispatch('receiving.list', { page: 1, limit: 50, po: 'PO-1,PO-2' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });
});
