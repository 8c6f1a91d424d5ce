import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toScanQuery } from '../../../shared/scan/router';
import type { ScanCodeKind } from '../../../shared/scan/plan';
import { routeScan, scanResolvers, type PlannedScan, type ScanResolverEntry } from '../../../renderer/src/scan/resolvers';

/**
 * The scan router with resolvers that record being asked: which are asked for a code of each shape,
 * the local one first, and the rest not at all once a local match ends the scan.
 */
const removers: (() => void)[] = [];
// The resolvers take their time on a fake clock, so the local one still answers after the others start.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  for (const remove of removers.splice(0)) remove();
});

function resolverAsked(workspace: string, id: string, looksFor: ScanCodeKind[], answer: (q: PlannedScan) => string[], log: string[], local = false): void {
  const entry: ScanResolverEntry = {
    id,
    looksFor,
    ...(local ? { local } : {}),
    resolve: async (q) => {
      log.push(`${workspace}.${id}`);
      await new Promise((r) => setTimeout(r, local ? 5 : 1));
      if (local) log.push(`${workspace}.${id} answered`);
      return answer(q).map((href) => ({ label: href, href }));
    },
  };
  removers.push(scanResolvers.add(workspace, entry));
}

function desk(log: string[], items: Record<string, string>, wros: Record<string, string>) {
  resolverAsked('receiving', 'wro', ['record-id'], (q) => (wros[q.text] ? [wros[q.text]!] : []), log);
  resolverAsked('receiving', 'po', ['purchase-order'], () => [], log);
  resolverAsked('inventory', 'item', ['item-code'], (q) => (items[q.text] ? [items[q.text]!] : []), log, true);
  resolverAsked('returns', 'return', ['return-reference', 'carrier-tracking'], () => [], log);
  resolverAsked('unidentified', 'receipt', ['receipt-barcode', 'carrier-tracking'], () => [], log);
}
const scan = (text: string) => toScanQuery({ text, raw: text, symbology: null });

/** Routes the scan, running the resolvers' time on the fake clock until it has its outcome. */
async function routed(query: ReturnType<typeof toScanQuery>): ReturnType<typeof routeScan> {
  const outcome = routeScan(query);
  await vi.runAllTimersAsync();
  return await outcome;
}

describe('routeScan asks only what the plan allows, local first', () => {
  it('an item code the cache knows opens the item and asks nothing else', async () => {
    const log: string[] = [];
    desk(log, { '4006381333931': '#/inventory/items/7' }, {});
    const outcome = await routed(scan('4006381333931'));
    expect(outcome).toMatchObject({ kind: 'one', candidate: { href: '#/inventory/items/7', resolver: 'inventory.item' } });
    expect(log).toEqual(['inventory.item', 'inventory.item answered']);
  });

  it('a code the cache does not know goes on to the lookups its shape allows, after the cache answered', async () => {
    const log: string[] = [];
    desk(log, {}, {});
    expect((await routed(scan('1Z123456789'))).kind).toBe('none');
    expect(log).toEqual(['inventory.item', 'inventory.item answered', 'receiving.po', 'returns.return', 'unidentified.receipt']);
  });

  it('digits that are an item’s inventory id and a WRO id offer both, in registration order, asked all at once', async () => {
    const log: string[] = [];
    desk(log, { '5012': '#/inventory/items/5012' }, { '5012': '#/receiving/5012' });
    const outcome = await routed(scan('5012'));
    expect(outcome.kind).toBe('several');
    expect(outcome.candidates.map((c) => c.href)).toEqual(['#/receiving/5012', '#/inventory/items/5012']);
    // No receipt lookup for a short code (no carrier number or receipt barcode is under 8 characters);
    // an item match could not end it, so nothing waited for the cache's answer.
    expect(log.at(-1)).toBe('inventory.item answered');
    expect(log.slice(0, -1).sort()).toEqual(['inventory.item', 'receiving.po', 'receiving.wro', 'returns.return']);
  });

  it('a GS1 element string with a GTIN is the item cache’s alone, found or not', async () => {
    const log: string[] = [];
    desk(log, {}, {});
    const outcome = await routed(toScanQuery({ text: '0109506000134352\x1d10LOT', raw: ']C10109506000134352\x1d10LOT', symbology: 'GS1-128' }));
    expect(outcome.kind).toBe('none');
    expect(log).toEqual(['inventory.item', 'inventory.item answered']);
  });

  it('a local resolver that fails is reported and the others are still asked', async () => {
    const log: string[] = [];
    removers.push(
      scanResolvers.add('inventory', {
        id: 'item',
        looksFor: ['item-code'],
        local: true,
        resolve: () => {
          throw new Error('cache not loaded');
        },
      }),
    );
    resolverAsked('receiving', 'po', ['purchase-order'], (q) => (q.text === 'PO-1' ? ['#/receiving/9'] : []), log);
    const outcome = await routed(scan('PO-1'));
    expect(outcome).toMatchObject({
      kind: 'one',
      candidate: { href: '#/receiving/9' },
      failures: [{ resolver: 'inventory.item', message: 'cache not loaded' }],
    });
  });
});
