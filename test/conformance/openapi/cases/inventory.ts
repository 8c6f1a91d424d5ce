import type { ConformanceCase } from '../harness.js';

/** Inventory, inventory levels (with locations and lots) and, from 2026-01, inventory history. */
const VERSIONS = ['2025-07', '2026-01'] as const;

export const cases: ConformanceCase[] = [
  ...VERSIONS.flatMap((v): ConformanceCase[] => [
    {
      version: v,
      method: 'GET',
      template: `/${v}/inventory`,
      expectStatus: 200,
      name: 'first page of many',
      request: () => ({ path: `/${v}/inventory`, query: { PageSize: 20 } }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/inventory`,
      expectStatus: 200,
      name: 'search, sorted descending',
      request: (ctx) => ({ path: `/${v}/inventory`, query: { SearchBy: ctx.ids.sku.slice(0, 4), SortBy: '-name', PageSize: 10 } }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/inventory/{inventoryId}`,
      expectStatus: 200,
      request: (ctx) => ({ path: `/${v}/inventory/${ctx.ids.inventoryId}` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/inventory/{inventoryId}`,
      expectStatus: 404,
      name: 'unknown id',
      request: () => ({ path: `/${v}/inventory/999999999` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/inventory-level`,
      expectStatus: 200,
      request: () => ({ path: `/${v}/inventory-level`, query: { PageSize: 20 } }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/inventory-level/{inventoryId}`,
      expectStatus: 200,
      request: (ctx) => ({ path: `/${v}/inventory-level/${ctx.ids.inventoryId}` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/inventory-level/{inventoryId}`,
      expectStatus: 404,
      name: 'unknown id',
      request: () => ({ path: `/${v}/inventory-level/999999999` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/inventory-level/locations`,
      expectStatus: 200,
      request: () => ({ path: `/${v}/inventory-level/locations`, query: { PageSize: 20 } }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/inventory-level/lots`,
      expectStatus: 200,
      request: () => ({ path: `/${v}/inventory-level/lots`, query: { PageSize: 20 } }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/inventory-level/{inventoryId}/locations`,
      expectStatus: 200,
      request: (ctx) => ({ path: `/${v}/inventory-level/${ctx.ids.inventoryId}/locations` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/inventory-level/{inventoryId}/lots`,
      expectStatus: 200,
      request: (ctx) => ({ path: `/${v}/inventory-level/${ctx.ids.lotInventoryId}/lots` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/inventory-level/{inventoryId}/lots`,
      expectStatus: 404,
      name: 'unknown id',
      request: () => ({ path: `/${v}/inventory-level/999999999/lots` }),
    },
  ]),
  {
    version: '2026-01',
    method: 'POST',
    template: '/2026-01/inventory/history:query',
    expectStatus: 200,
    name: 'one facility, all categories',
    request: (ctx) => ({ path: '/2026-01/inventory/history:query', body: { facility_id: ctx.ids.fulfillmentCenterId } }),
  },
  {
    version: '2026-01',
    method: 'POST',
    template: '/2026-01/inventory/history:query',
    expectStatus: 200,
    name: 'one item, picks only, from a cursor',
    request: async (ctx) => {
      const first = await ctx.ok<{ data: { inventory_audit_event_id: number }[] }>('POST', '/2026-01/inventory/history:query', {
        body: { facility_id: ctx.ids.fulfillmentCenterId },
      });
      return {
        path: '/2026-01/inventory/history:query',
        body: {
          facility_id: ctx.ids.fulfillmentCenterId,
          inventory_ids: [ctx.ids.inventoryId],
          event_category: 'OrderPicked',
          cursor: first.data[0]?.inventory_audit_event_id ?? null,
        },
      };
    },
  },
];

cases.push(
  ...VERSIONS.map((v): ConformanceCase => ({
    version: v,
    method: 'GET',
    template: `/${v}/inventory`,
    expectStatus: 400,
    name: 'unknown sort field',
    request: () => ({ path: `/${v}/inventory`, query: { SortBy: 'colour' } }),
  })),
  {
    version: '2026-01',
    method: 'GET',
    template: '/2026-01/inventory-level/{inventoryId}/locations',
    expectStatus: 404,
    name: 'unknown id',
    request: () => ({ path: '/2026-01/inventory-level/999999999/locations' }),
  },
);
