import { describe, expect, it } from 'vitest';
import { createScanRouter, toScanQuery, visibleControls, type ScanQuery } from '../../shared/scan/router.js';

describe('scan router', () => {
  const wro = (id: string) => ({ label: `WRO ${id}`, href: `#/receiving/${id}` });

  it('answers one, several or none, in registration order, one entry per address', async () => {
    const router = createScanRouter<ScanQuery>();
    router.register('receiving.wro', (q) => (/^\d+$/.test(q.text) ? [wro(q.text)] : []));
    router.register('receiving.po', (q) => (q.text === 'PO-1' ? [wro('7'), wro('8')] : []));
    router.register('inventory.item', (q) =>
      q.text === '5012' ? [{ label: 'Item 5012', detail: 'SKU-5012', href: '#/inventory/items/5012' }, wro('5012')] : [],
    );

    expect(await router.route(toScanQuery({ text: '77', raw: '77', symbology: null }))).toMatchObject({
      kind: 'one',
      candidate: { href: '#/receiving/77', resolver: 'receiving.wro' },
    });
    const several = await router.route(toScanQuery({ text: '5012', raw: '5012', symbology: null }));
    expect(several.kind).toBe('several');
    expect(several.candidates.map((c) => [c.resolver, c.href])).toEqual([
      ['receiving.wro', '#/receiving/5012'],
      ['inventory.item', '#/inventory/items/5012'],
    ]);
    expect(await router.route(toScanQuery({ text: 'nope', raw: 'nope', symbology: null }))).toEqual({ kind: 'none', candidates: [], failures: [] });
  });

  it('keeps answering when one resolver fails, and names it', async () => {
    const router = createScanRouter<ScanQuery>();
    router.register('broken', async () => {
      throw new Error('service unavailable');
    });
    router.register('receiving.wro', async (q) => [wro(q.text)]);
    const out = await router.route(toScanQuery({ text: '9', raw: '9', symbology: null }));
    expect(out).toMatchObject({ kind: 'one', failures: [{ resolver: 'broken', message: 'service unavailable' }] });
  });

  it('unregisters only the resolver it registered', async () => {
    const router = createScanRouter<string>();
    const off = router.register('a', () => [wro('1')]);
    router.register('a', () => [wro('2')]);
    off();
    expect(router.resolverIds()).toEqual(['a']);
    expect((await router.route('x')).candidates[0]!.href).toBe('#/receiving/2');
  });

  it('hands resolvers the GS1 reading of the scan', () => {
    const q = toScanQuery({ text: '0109506000134352\x1d10L1\r', raw: ']d20109506000134352\x1d10L1\r', symbology: 'GS1 DataMatrix' });
    expect(q.text).toBe('0109506000134352\x1d10L1');
    expect(q.gs1).toMatchObject({ ok: true, gtin14: '09506000134352', lot: 'L1' });
  });

  it('shows control characters by name', () => {
    expect(visibleControls('[)>\x1e06\x1dP1\x1e\x04\r\n\t\x00\x7f')).toBe('[)>⟨RS⟩06⟨GS⟩P1⟨RS⟩⟨EOT⟩⟨CR⟩⟨LF⟩⟨HT⟩⟨NUL⟩⟨DEL⟩');
    expect(visibleControls('plain')).toBe('plain');
  });
});
