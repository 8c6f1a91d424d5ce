import { describe, expect, it } from 'vitest';
import {
  AreaOrderError,
  buildOrder,
  defineCoreArea,
  type AreaServiceKey,
  type ServiceKey,
  type Unbuildable,
  type Unprovided,
} from '../../electron/core/area.js';
import { coreAreas } from '../../electron/core/areas.js';

/**
 * The order the core builds its areas in: each after the areas providing what it needs, otherwise in
 * list order; a service nobody provides, two owners of one service, or areas waiting on each other
 * stop the start with a message naming them.
 */
function area(id: string, needs: ServiceKey[] = [], provides: AreaServiceKey[] = []) {
  return { id, needs, provides };
}
const ids = (areas: readonly { id: string }[]) => areas.map((a) => a.id);
/** The start-up error buildOrder throws, for its message. */
function refusal(areas: readonly ReturnType<typeof area>[]): AreaOrderError {
  try {
    buildOrder(areas);
  } catch (error) {
    if (error instanceof AreaOrderError) return error;
    throw error;
  }
  throw new Error('buildOrder accepted the list');
}

describe('the order the core builds its areas in', () => {
  it('keeps the list order when no area waits on a later one', () => {
    const list = [area('app', ['log']), area('returns', ['drafts'], ['outbox']), area('today', ['outbox', 'clock'])];
    expect(ids(buildOrder(list))).toEqual(['app', 'returns', 'today']);
  });

  it('builds a provider before the areas that need it, wherever the list puts it', () => {
    const list = [area('today', ['outbox', 'stock']), area('app'), area('stock', ['inventory'], ['stock']), area('returns', ['api'], ['outbox'])];
    expect(ids(buildOrder(list))).toEqual(['app', 'stock', 'returns', 'today']);
  });

  it('breaks ties by list order, a provider needing another included', () => {
    const list = [area('z'), area('reader', ['stock']), area('stock', ['outbox'], ['stock']), area('a'), area('returns', [], ['outbox'])];
    expect(ids(buildOrder(list))).toEqual(['z', 'a', 'returns', 'stock', 'reader']);
  });

  it('builds the real list with each provider before the areas that need it, whatever the list order', () => {
    for (const list of [coreAreas, [...coreAreas].reverse()]) {
      const order = ids(buildOrder(list));
      expect(order).toHaveLength(coreAreas.length);
      expect(order.indexOf('today')).toBeGreaterThan(order.indexOf('returns'));
      expect(order.indexOf('today')).toBeGreaterThan(order.indexOf('stock'));
    }
  });

  it('refuses a service no area of the list provides, naming the area and the service', () => {
    const error = refusal([area('app'), area('today', ['clock', 'outbox'])]);
    expect(error.message).toBe('area "today" needs "outbox", which no area provides');
  });

  it('refuses the real list without returns: Today needs its outbox', () => {
    const withoutReturns = coreAreas.filter((a) => a.id !== 'returns');
    expect(() => buildOrder(withoutReturns)).toThrow('area "today" needs "outbox", which no area provides');
  });

  it('refuses areas that wait on each other, naming the loop', () => {
    const error = refusal([area('app'), area('returns', ['stock'], ['outbox']), area('stock', ['outbox'], ['stock']), area('today', ['stock'])]);
    expect(error.message).toBe('areas wait on each other: "returns" needs "stock" from "stock", "stock" needs "outbox" from "returns"');
  });

  it('names the loop, not the area waiting on it', () => {
    const error = refusal([area('today', ['stock']), area('stock', ['stock'], ['stock'])]);
    expect(error.message).toBe('areas wait on each other: "stock" needs "stock" from "stock"');
  });

  it('refuses two owners of one service, naming both', () => {
    expect(() => buildOrder([area('returns', [], ['outbox']), area('copy', [], ['outbox'])])).toThrow(
      'areas "returns" and "copy" both provide "outbox"; a service has one owner',
    );
  });

  it('refuses an area offering a service of the core', () => {
    expect(() => buildOrder([{ id: 'rogue', needs: [], provides: ['clock' as AreaServiceKey] }])).toThrow(
      'area "rogue" provides "clock", which is not a service an area can provide',
    );
  });
});

describe('a list the compiler refuses', () => {
  const reader = defineCoreArea({ id: 'reader', channels: {}, needs: ['outbox', 'clock'], create: () => ({ handlers: {} }) });
  const outbox = defineCoreArea({
    id: 'outbox',
    channels: {},
    needs: ['drafts'],
    provides: ['outbox'],
    create: () => ({ handlers: {}, services: { outbox: { list: async () => [] } } }),
  });
  const returns = defineCoreArea({
    id: 'returns',
    channels: {},
    needs: ['stock'],
    provides: ['outbox'],
    create: () => ({ handlers: {}, services: { outbox: { list: async () => [] } } }),
  });
  const stock = defineCoreArea({
    id: 'stock',
    channels: {},
    needs: ['outbox'],
    provides: ['stock'],
    create: () => ({ handlers: {}, services: { stock: { summary: async () => ({}) as never } } }),
  });

  it('names a service no area provides, and the areas caught in a cycle', () => {
    // Each `Record<…> = {}` compiles only when the set is empty: the compiler's message names what is missing.
    // @ts-expect-error: "outbox" is needed and nobody provides it.
    const unprovided: Record<Unprovided<[typeof reader]>, string> = {};
    // @ts-expect-error: returns and stock wait on each other, and reader on them.
    const stuck: Record<Unbuildable<[typeof reader, typeof returns, typeof stock]>, string> = {};
    // With the outbox's provider in the list, both sets are empty and the same lines compile.
    const provided: Record<Unprovided<[typeof reader, typeof outbox]>, string> = {};
    const buildable: Record<Unbuildable<[typeof reader, typeof outbox]>, string> = {};
    expect([unprovided, stuck, provided, buildable]).toEqual([{}, {}, {}, {}]);
    // The same lists at start-up.
    expect(() => buildOrder([reader])).toThrow(AreaOrderError);
    expect(() => buildOrder([reader, returns, stock])).toThrow('areas wait on each other');
    expect(ids(buildOrder([reader, outbox]))).toEqual(['outbox', 'reader']);
  });

  it('gives create only the services it names, and holds it to those it provides', () => {
    const narrow = defineCoreArea({
      id: 'narrow',
      channels: {},
      needs: ['clock'],
      provides: ['stock'],
      // @ts-expect-error: it provides "stock", so create must return it.
      create: (services) => {
        // @ts-expect-error: settings is not among its needs.
        void services.settings;
        return { handlers: {} };
      },
    });
    // What it declares is what orders it: an area needing stock is built after it.
    expect(ids(buildOrder([area('tiles', ['stock']), narrow]))).toEqual(['narrow', 'tiles']);
  });
});
