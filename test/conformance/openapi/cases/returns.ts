import { randomUUID } from 'node:crypto';
import type { CaseContext, ConformanceCase } from '../harness.js';

/** Returns: list, create, get, update, cancel. */
const VERSIONS = ['2025-07', '2026-01'] as const;

const returnBody = (ctx: CaseContext) => ({
  reference_id: `RMA-${randomUUID().slice(0, 18)}`,
  fulfillment_center: { id: ctx.ids.fulfillmentCenterId },
  inventory: [{ id: ctx.ids.inventoryId, quantity: 2, requested_action: 'Restock' }],
  tracking_number: '1Z999AA10123456784',
});

const newReturn = async (ctx: CaseContext): Promise<number> => (await ctx.ok<{ id: number }>('POST', '/2026-01/return', { body: returnBody(ctx) })).id;

export const cases: ConformanceCase[] = VERSIONS.flatMap((v): ConformanceCase[] => [
  {
    version: v,
    method: 'GET',
    template: `/${v}/return`,
    expectStatus: 200,
    name: 'first page, more pages follow',
    request: () => ({ path: `/${v}/return`, query: { Limit: 5 } }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/return`,
    expectStatus: 200,
    name: 'filtered, oldest first',
    request: () => ({ path: `/${v}/return`, query: { Status: 'AwaitingArrival', SortOrder: 'Asc', Limit: 10 } }),
  },
  { version: v, method: 'GET', template: `/${v}/return/{id}`, expectStatus: 200, request: (ctx) => ({ path: `/${v}/return/${ctx.ids.returnId}` }) },
  { version: v, method: 'GET', template: `/${v}/return/{id}`, expectStatus: 404, name: 'unknown id', request: () => ({ path: `/${v}/return/999999999` }) },
  { version: v, method: 'POST', template: `/${v}/return`, expectStatus: 201, request: (ctx) => ({ path: `/${v}/return`, body: returnBody(ctx) }) },
  {
    version: v,
    method: 'POST',
    template: `/${v}/return`,
    expectStatus: 422,
    name: 'reference id already used',
    request: async (ctx) => {
      const body = returnBody(ctx);
      await ctx.ok('POST', '/2026-01/return', { body });
      return { path: `/${v}/return`, body };
    },
  },
  {
    version: v,
    method: 'PUT',
    template: `/${v}/return/{id}`,
    expectStatus: 200,
    request: async (ctx) => ({ path: `/${v}/return/${await newReturn(ctx)}`, body: { ...returnBody(ctx), tracking_number: '9400100000000000000000' } }),
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/return/{id}:cancel`,
    expectStatus: 200,
    request: async (ctx) => ({ path: `/${v}/return/${await newReturn(ctx)}:cancel` }),
  },
]);

/** Rules of spec 3 (only a return awaiting arrival may change) under the published error shapes. */
cases.push(
  ...VERSIONS.flatMap((v): ConformanceCase[] => [
    {
      version: v,
      method: 'PUT',
      template: `/${v}/return/{id}`,
      expectStatus: 422,
      name: 'return no longer awaiting arrival',
      request: async (ctx) => {
        const id = await newReturn(ctx);
        await ctx.ok('POST', `/2026-01/return/${id}:cancel`);
        return { path: `/${v}/return/${id}`, body: returnBody(ctx) };
      },
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/return`,
      expectStatus: 422,
      name: 'a digital item',
      request: async (ctx) => ({
        path: `/${v}/return`,
        body: { ...returnBody(ctx), inventory: [{ id: await digitalItem(ctx), quantity: 1, requested_action: 'Default' }] },
      }),
    },
  ]),
);

async function digitalItem(ctx: CaseContext): Promise<number> {
  return ctx.once('digital item', async () => {
    const page = await ctx.ok<{ items: { inventory_id: number; variant: { is_digital: boolean } }[] }>('GET', '/2026-01/inventory', {
      query: { IsDigital: true, PageSize: 1 },
    });
    return page.items[0]!.inventory_id;
  });
}

cases.push(
  ...VERSIONS.map((v): ConformanceCase => ({
    version: v,
    method: 'POST',
    template: `/${v}/return/{id}:cancel`,
    expectStatus: 400,
    name: 'already cancelled',
    request: async (ctx) => {
      const id = await newReturn(ctx);
      await ctx.ok('POST', `/2026-01/return/${id}:cancel`);
      return { path: `/${v}/return/${id}:cancel` };
    },
  })),
);
